"""What the game page gets to make moves on the board (docs/board-interface.md): the moves
aligned with the legal actions, the pieces of each log line, and the other players' last
moves since the reader's own."""

from __future__ import annotations

from typing import Any

from spieltisch.server import board

from .test_app import create, token_of

GAMES = ["kingdoms-of-crusaders", "medina", "tumult-royal", "im-zeichen-des-kreuzes"]


def test_recent_starts_after_the_readers_own_last_move() -> None:
    marks = {0: (4, 6), 1: (6, 9)}  # log events before and after each seat's last move
    assert board.recent_start(marks, 0) == 6  # what seat 1 did since (and what followed)
    assert board.recent_start(marks, 1) == 9
    assert board.recent_start(marks, 2) == 0  # never moved: everything
    assert board.recent_start(marks, None) == 4  # a spectator: every seat's last move
    assert board.recent_start({}, None) == board.recent_start({}, 0) == 0


def test_recent_keys_join_the_keys_of_the_events_once_each() -> None:
    keys = [["card:K1", "territory:1"], [], ["card:K2", "territory:1"]]
    assert board.recent_keys(keys, [0, 1, 2]) == ["card:K1", "territory:1", "card:K2"]
    assert board.recent_keys(keys, []) == []


def test_every_update_carries_moves_log_keys_and_recent(client: Any) -> None:
    for game in GAMES:
        players = 3 if game in ("medina", "im-zeichen-des-kreuzes") else 2
        made = create(client, game=game, seats=[{"kind": "human"}] * players, seed=4)
        for seat in made["seats"]:
            data = client.get(f"/api/seat/{token_of(seat['link'])}").json()
            assert len(data["moves"]) == len(data["legal"]) == len(data["labels"])
            assert len(data["log_keys"]) == len(data["log"])
            assert isinstance(data["recent"], list)
            for move in data["moves"]:
                assert set(move) <= {"pick", "place", "button", "art"}
                for key in ("pick", "place"):
                    if move.get(key) is not None:
                        assert f'data-{key}="{move[key]}"' in data["svg"], (game, move)
        spectator = client.get(f"/api/seat/{token_of(made['spectator_link'])}").json()
        assert spectator["moves"] == [] and spectator["legal"] == []


def test_the_other_players_move_is_recent_for_the_reader_not_for_the_mover(client: Any) -> None:
    made = create(client, seats=[{"kind": "human"}] * 2, seed=21)
    tokens = [token_of(s["link"]) for s in made["seats"]]
    updates = [client.get(f"/api/seat/{t}").json() for t in tokens]
    mover = 0 if updates[0]["legal"] else 1
    play = next(a for a in updates[mover]["legal"] if a["type"] == "play")
    r = client.post(
        f"/api/seat/{tokens[mover]}/act",
        json={"expected_version": updates[mover]["version"], "action": play},
    )
    assert r.status_code == 200, r.text
    card = f"card:{play['card']}"
    other = client.get(f"/api/seat/{tokens[1 - mover]}").json()
    assert card in other["recent"]  # the other player's play (and the card drawn since)
    assert card not in client.get(f"/api/seat/{tokens[mover]}").json()["recent"]
    spectator = client.get(f"/api/seat/{token_of(made['spectator_link'])}").json()
    assert card in spectator["recent"]
