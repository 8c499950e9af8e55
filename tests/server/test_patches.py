"""Updates as patches (``server/patches.py``): a patch applied to the message it names gives
exactly the next full update, for every game, seat and spectator, to the end of a game; and
over a WebSocket a connection that asked for patches sees what a plain one sees."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from spieltisch.analysis import patch_client
from spieltisch.analysis.patch_client import apply_patch, cut
from spieltisch.engine.registry import game as lookup_game
from spieltisch.server.live_table import LiveTable
from spieltisch.server.patches import SVG_CUT, Sent, make_patch
from spieltisch.server.store import HUMAN, SeatRecord, TableRecord

from .test_app import create, token_of

# each game at a player count its default options allow, and the moves played: to the end,
# but for the long crusade race (its start and middle, the pictures are 4 x 200 KB)
GAMES = [
    ("kingdoms-of-crusaders", 2, 400),
    ("medina", 3, 400),
    ("tumult-royal", 3, 400),
    ("im-zeichen-des-kreuzes", 3, 60),
]


def live_table(game_id: str, players: int, seed: int) -> LiveTable:
    game = lookup_game(game_id)
    state = game.new_game(players, seed, {})
    record = TableRecord(
        id="t1",
        game=game_id,
        players=players,
        seed=seed,
        options=dict(state.options),
        settings={},
        spectator_token="spectate",
        created=time.time(),
        version=0,
        seats=[SeatRecord(seat=i, kind=HUMAN, bot=None, token=f"seat{i}") for i in range(players)],
    )
    return LiveTable(record, game, state)


def test_a_picture_is_cut_into_pieces_that_join_back() -> None:
    assert patch_client.SVG_CUT == SVG_CUT  # the client cuts where the server does
    svg = '<svg>\n<g a="1">x</g>\n<text>y</text>\n<g b="2"><g c="3"/></g>\n</svg>\n'
    assert SVG_CUT.join(cut(svg)) == svg
    assert len(cut(svg)) == 3
    assert cut("") == [""]


def test_a_patch_names_unchanged_pieces_as_runs() -> None:
    old = Sent(1, {"type": "update", "a": 1, "b": [1]}, [b"h", b"p1", b"p2", b"p3", b"t"])
    new = Sent(2, {"type": "update", "a": 1, "c": 3}, [b"h", b"p1", b"new", b"p3", b"t"])
    patch = make_patch(old, new)
    assert patch["set"] == {"c": 3} and patch["drop"] == ["b"]
    assert patch["seq"] == 2 and patch["base"] == 1
    assert patch["svg"] == [[0, 2], "new", [3, 2]]
    # a client keeps the pieces as text
    client = ["h", "p1", "p2", "p3", "t"]
    payload, pieces = apply_patch({**old.payload, "svg": SVG_CUT.join(client)}, client, patch)
    assert pieces == ["h", "p1", "new", "p3", "t"]
    assert payload == {**new.whole(), "seq": 2}
    assert new.whole()["svg"] == SVG_CUT.join(pieces)


@pytest.mark.parametrize(("game_id", "players", "moves"), GAMES)
def test_patches_rebuild_every_update_to_the_end_of_a_game(
    game_id: str, players: int, moves: int
) -> None:
    """Each seat and a spectator, every move of a random game until it ends (the result
    screen appears, the legal moves go): patch applied to the previous message == the
    next full message."""
    table = live_table(game_id, players, seed=11)
    rng = random.Random(game_id)
    seats: list[int | None] = [*range(players), None]
    have: dict[int | None, tuple[dict[str, Any], list[str]]] = {}
    sizes = []
    for _ in range(moves):
        for seat in seats:
            new, old = table.message(seat, "en")
            if old is None:
                have[seat] = (new.whole(), cut(new.whole()["svg"]))
                continue
            patch = make_patch(old, new)
            json.dumps(patch)  # it goes over the wire as JSON
            have[seat] = apply_patch(*have[seat], patch)
            assert have[seat][0] == new.whole()
            sizes.append((len(json.dumps(patch)), len(json.dumps(new.whole()))))
        if table.is_over():
            break
        actor = table.state.actors()[0]
        action = rng.choice(table.state.legal_actions(actor))
        table.state.apply(actor, action)
        table.record.version += 1
        table.after_move(actor, time.time())
    if moves == 400:
        assert table.is_over(), "the random game should end within 400 moves"
        assert have[None][0]["over"] and "result" in have[None][0]
    # a patch is much smaller than the update it stands for
    assert sum(p for p, _ in sizes) < 0.7 * sum(f for _, f in sizes)


def test_an_unchanged_update_patches_to_almost_nothing() -> None:
    table = live_table("kingdoms-of-crusaders", 2, seed=3)
    first, _ = table.message(0, "en")
    second, old = table.message(0, "en")
    assert old is first
    patch = make_patch(first, second)
    assert "svg" not in patch and patch["set"] == {} and "drop" not in patch


def test_a_patch_connection_sees_what_a_plain_one_sees(client: Any) -> None:
    """Two connections of one seat, one asking for patches: after each move of the other
    seat the patched one rebuilds exactly the plain one's update; ``refresh`` gives a
    whole update again."""
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=4)
    t0, t1 = (token_of(s["link"]) for s in made["seats"])
    with (
        client.websocket_connect(f"/ws/{t0}?patch=1") as patched,
        client.websocket_connect(f"/ws/{t0}") as plain,
        client.websocket_connect(f"/ws/{t1}?patch=1") as other,
    ):
        first = patched.receive_json()
        assert first["type"] == "update"
        have = (first, cut(first["svg"]))
        plain.receive_json()
        other_update = other.receive_json()
        latest = {0: first, 1: other_update}
        other_pieces = cut(other_update["svg"])
        kinds = []
        for step in range(6):
            mover = latest[0]["actors"][0]
            ws = patched if mover == 0 else other
            act = {"type": "act", "id": step, "expected_version": latest[mover]["version"]}
            ws.send_text(json.dumps(act | {"action": latest[mover]["legal"][0]}))
            # the patched connection of seat 0 and the plain one get the same update
            got = patched.receive_json()
            while got["type"] == "ack":
                got = patched.receive_json()
            kinds.append(got["type"])
            whole = plain.receive_json()
            while whole["type"] != "update":
                whole = plain.receive_json()
            if got["type"] == "patch":
                assert got["base"] == have[0]["seq"]
                have = apply_patch(have[0], have[1], got)
            else:
                have = (got, cut(got["svg"]))
            assert have[0] == whole
            latest[0] = whole
            message = other.receive_json()
            while message["type"] == "ack":
                message = other.receive_json()
            if message["type"] == "patch":
                latest[1], other_pieces = apply_patch(latest[1], other_pieces, message)
            else:
                latest[1], other_pieces = message, cut(message["svg"])
            assert latest[1]["version"] == whole["version"]
        assert kinds == ["patch"] * 6
        patched.send_text(json.dumps({"type": "refresh"}))
        again = patched.receive_json()
        while again["type"] == "ack":  # of the last move (sent after its update)
            again = patched.receive_json()
        assert again["type"] == "update" and again["version"] == latest[0]["version"]
