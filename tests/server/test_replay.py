"""Replays in the browser (issue 15, item 5): a finished table step by step from its spectator
link, public or any seat's view; nothing of a running game; records imported as tables."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import spieltisch
from spieltisch.analysis.tournament import play_bot_game
from spieltisch.engine.errors import RecordError
from spieltisch.engine.game import Game, State
from spieltisch.engine.record import GameRecord
from spieltisch.server import board
from spieltisch.server.replay import CHECKPOINT_EVERY, Replay, import_record
from spieltisch.server.store import Store

KC = "kingdoms-of-crusaders"


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def _finished_table(client: Any, seed: int = 5) -> dict[str, Any]:
    """A two-player Kingdoms table played to its end by bots through the server."""
    made: dict[str, Any] = client.post(
        "/api/tables",
        json={
            "game": KC,
            "players": 2,
            "seed": seed,
            "seats": [{"kind": "bot", "bot": "heuristic"}] * 2,
        },
    ).json()
    end = time.monotonic() + 60
    while client.get(f"/api/tables/{made['table']}").json()["status"] != "over":
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.05)
    return made


def _states(client: Any, table_id: str) -> list[State]:
    """The table's state after each number of moves, rebuilt independently from the log."""
    manager = client.app.state.manager
    record = manager.tables[table_id].record
    game: Game = spieltisch.game(record.game)
    moves, _events = manager.store.history(table_id)
    state = game.new_game(record.players, record.seed, record.options)
    out = [state.clone()]
    for move in moves:
        state.apply(move.seat, game.action_from_json(move.action))
        out.append(state.clone())
    return out


@pytest.fixture
def finished(client: Any) -> dict[str, Any]:
    return _finished_table(client)


def test_the_replay_names_seats_moves_and_movers(client: Any, finished: dict[str, Any]) -> None:
    spectator = _token(finished["spectator_link"])
    info = client.get(f"/api/replay/{spectator}").json()
    moves, _ = client.app.state.manager.store.history(finished["table"])
    assert info["game"] == KC and info["players"] == 2
    assert info["moves"] == len(moves) > 10
    assert info["movers"] == [None, *(m.seat for m in moves)]
    assert [s["name"] for s in info["seats"]] == ["Player 1", "Player 2"]
    assert info["over"] and info["seat_views"]
    table = client.app.state.manager.tables[finished["table"]]
    assert info["winners"] == table.winners()
    rounds: dict[int, int] = {}  # the first step of each round (Game.round_of; maybe none)
    for n, state in enumerate(_states(client, finished["table"])):
        number = state.game.round_of(state)
        if number is not None:
            rounds.setdefault(number, n)
    assert info["rounds"] == [{"round": r, "step": n} for r, n in rounds.items()]
    german = client.get(f"/api/replay/{spectator}?lang=de").json()
    assert german["seats"][0]["name"] == "Spieler 1"


def test_each_step_is_the_state_after_that_many_moves(
    client: Any, finished: dict[str, Any]
) -> None:
    spectator = _token(finished["spectator_link"])
    states = _states(client, finished["table"])
    game = spieltisch.game(KC)
    last = len(states) - 1
    movers = client.get(f"/api/replay/{spectator}").json()["movers"]
    for n in [0, 1, 2, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, last]:
        for seat in (None, 0, 1):
            query = "public" if seat is None else str(seat)
            got = client.get(f"/api/replay/{spectator}/step/{n}?seat={query}").json()
            state = states[n]
            assert got["step"] == n and got["seat"] == seat
            assert got["svg"] == board.render_svg(KC, state.view(seat), "en", [])
            log = state.log(seat)
            assert got["log"] == [game.describe(e, seat, "en") for e in log]
            assert got["log_keys"] == board.log_keys(KC, log)
            # the step's own events: what this move added to the log
            before = len(states[n - 1].log(seat)) if n else 0
            assert got["marked"] == list(range(before, len(log)))
            assert got["recent"] == board.recent_keys(got["log_keys"], got["marked"])
            assert got["mover"] == movers[n]
            assert got["round"] == game.round_of(state)
            assert got["over"] == (n == last)
    end = client.get(f"/api/replay/{spectator}/step/{last}").json()
    assert end["winners"] == client.app.state.manager.tables[finished["table"]].winners()


def test_steps_are_the_same_backwards_forwards_and_from_a_fresh_replay(
    client: Any, finished: dict[str, Any]
) -> None:
    table = client.app.state.manager.tables[finished["table"]]
    moves, _ = client.app.state.manager.store.history(table.id)
    walked = Replay.build(table, moves)
    order = [*range(len(moves), -1, -1), *range(0, len(moves) + 1, 3)]
    seen = {n: walked.step(n, None, "en") for n in order}
    for n in (0, 7, CHECKPOINT_EVERY, len(moves)):
        assert Replay.build(table, moves).step(n, None, "en") == seen[n]


def test_a_step_applies_at_most_a_checkpoints_worth_of_moves(
    client: Any, finished: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = client.app.state.manager.tables[finished["table"]]
    moves, _ = client.app.state.manager.store.history(table.id)
    replay = Replay.build(table, moves)
    assert sorted(replay.checkpoints) == list(range(0, len(moves) + 1, CHECKPOINT_EVERY))
    applied = 0
    decode = replay.game.action_from_json

    def counted(obj: Any) -> Any:
        nonlocal applied
        applied += 1
        return decode(obj)

    monkeypatch.setattr(replay.game, "action_from_json", counted)
    for n in (len(moves) - 1, 3, CHECKPOINT_EVERY + 2, 1):
        applied = 0
        replay.step(n, None, "en")
        # the state before the step (for its own events) and the step itself
        assert applied <= 2 * CHECKPOINT_EVERY, (n, applied)
    applied = 0
    replay.step(2, None, "en")  # one on from the state built last
    assert applied <= 2


def test_rounds_list_the_first_step_of_each(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = spieltisch.game(KC)
    monkeypatch.setattr(type(game), "round_of", lambda self, state: 1 + state.move_count // 10)
    made = _finished_table(client, seed=9)
    spectator = _token(made["spectator_link"])
    info = client.get(f"/api/replay/{spectator}").json()
    assert info["rounds"] == [
        {"round": 1 + n // 10, "step": n} for n in range(0, info["moves"] + 1, 10)
    ]
    assert client.get(f"/api/replay/{spectator}/step/23").json()["round"] == 3


def test_the_public_view_never_holds_a_seats_secrets(client: Any, finished: dict[str, Any]) -> None:
    spectator = _token(finished["spectator_link"])
    states = _states(client, finished["table"])
    checked = 0
    for n, state in enumerate(states):
        public = json.dumps(client.get(f"/api/replay/{spectator}/step/{n}").json())
        for seat in range(state.players):
            for fact in state.private_facts(seat):
                assert fact not in public, f"step {n}: the public view shows {fact!r} of {seat}"
                checked += 1
        # a seat's view after the end shows its own hand, and no other seat's
        mine = json.dumps(client.get(f"/api/replay/{spectator}/step/{n}?seat=0").json())
        for fact in state.private_facts(1):
            assert fact not in mine, f"step {n}: seat 0 sees {fact!r} of seat 1"
    assert checked > 0  # Kingdoms keeps hands hidden: there was something to leak


def test_a_running_game_has_no_replay(client: Any) -> None:
    made = client.post("/api/tables", json={"game": KC, "players": 2, "seed": 1}).json()
    spectator = _token(made["spectator_link"])
    for path in (f"/api/replay/{spectator}", f"/api/replay/{spectator}/step/0"):
        r = client.get(path)
        assert r.status_code == 403
        assert r.json()["error"] == "the game is still running; replays open when it has ended"
    page = client.get(f"/replay/{spectator}")
    assert page.status_code == 403
    assert "The game is still running; replays open when it has ended." in page.text
    assert f'href="/watch/{spectator}"' in page.text


def test_a_replay_needs_the_spectator_link(client: Any, finished: dict[str, Any]) -> None:
    made = client.post("/api/tables", json={"game": KC, "players": 2, "seed": 1}).json()
    seat = _token(made["seats"][0]["link"])
    r = client.get(f"/api/replay/{seat}")
    assert r.status_code == 403 and "spectator link" in r.json()["error"]
    assert client.get(f"/replay/{seat}").status_code == 403
    assert client.get("/api/replay/nothing-here").status_code == 404
    page = client.get("/replay/nothing-here")
    assert page.status_code == 404 and "This link belongs to no table." in page.text
    spectator = _token(finished["spectator_link"])
    page = client.get(f"/replay/{spectator}")
    assert page.status_code == 200
    assert f'data-token="{spectator}"' in page.text and "/static/replay.js" in page.text
    assert client.get("/static/replay.js").status_code == 200


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("step/99", "step 99 is past the end"),
        ("step/x", "step must be a whole number"),
        ("step/-1", "step must be a whole number"),
        ("step/0?seat=2", "no seat '2'"),
        ("step/0?seat=me", "no seat 'me'"),
    ],
)
def test_bad_steps_and_seats_are_named(
    client: Any, finished: dict[str, Any], query: str, words: str
) -> None:
    spectator = _token(finished["spectator_link"])
    r = client.get(f"/api/replay/{spectator}/{query}")
    assert r.status_code == 400
    assert words in r.json()["error"]


# -- records imported as tables (spieltisch replay --web) ------------------------------------
@pytest.fixture
def record() -> GameRecord:
    return play_bot_game(spieltisch.game(KC), ["heuristic", "heuristic"], seed=4).record()


def test_a_finished_record_replays_like_its_table(client: Any, record: GameRecord) -> None:
    store: Store = client.app.state.manager.store
    table = import_record(store, record)
    assert table.version == len(record.moves)
    assert [s.kind for s in table.seats] == ["human", "human"]
    info = client.get(f"/api/replay/{table.spectator_token}").json()
    assert info["moves"] == len(record.moves) and info["over"] and info["seat_views"]
    assert info["movers"][1:] == [seat for seat, _ in record.moves]
    step = client.get(f"/api/replay/{table.spectator_token}/step/{len(record.moves)}?seat=1")
    assert step.status_code == 200 and step.json()["over"]


def test_an_unfinished_record_opens_early_with_the_public_view_only(
    client: Any, record: GameRecord
) -> None:
    store: Store = client.app.state.manager.store
    record.moves = record.moves[:12]
    table = import_record(store, record)
    spectator = table.spectator_token
    assert client.get(f"/api/replay/{spectator}").status_code == 403  # a running game
    client.app.state.replays.open_early.add(table.id)
    info = client.get(f"/api/replay/{spectator}").json()
    assert info["moves"] == 12 and not info["over"] and not info["seat_views"]
    assert "winners" not in info
    assert client.get(f"/api/replay/{spectator}/step/12").json()["over"] is False
    r = client.get(f"/api/replay/{spectator}/step/3?seat=0")
    assert r.status_code == 403 and "seat views open when the game has ended" in r.json()["error"]


def test_a_record_that_does_not_replay_is_refused_and_nothing_is_stored(
    client: Any, record: GameRecord
) -> None:
    store: Store = client.app.state.manager.store
    seat, action = record.moves[5]
    record.moves[5] = (1 - seat, action)  # the wrong seat moves
    with pytest.raises(RecordError, match="move 5"):
        import_record(store, record)
    assert store.table_ids() == []
