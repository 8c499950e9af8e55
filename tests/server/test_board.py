"""What the game page gets to make moves on the board (docs/board-interface.md): the moves
aligned with the legal actions, the pieces of each log line, and the other players' last
moves since the reader's own."""

from __future__ import annotations

from typing import Any

from spieltisch.server import board

from .test_app import create, token_of

GAMES = ["kingdoms-of-crusaders", "medina", "tumult-royal", "im-zeichen-des-kreuzes"]


def test_recent_events_are_those_after_the_readers_own_last_move() -> None:
    events = [
        {"type": "start"},
        {"type": "play", "seat": 0},
        {"type": "play", "seat": 1},
        {"type": "decide", "territory": 2},
        {"type": "play", "seat": 0},
        {"type": "play", "seat": 1},
        {"type": "draw", "seat": 1},
    ]
    assert board.recent_events(events, 0) == [5, 6]
    assert board.recent_events(events, 1) == []
    assert board.recent_events(events, 2) == list(range(7))  # never moved: everything
    # a spectator: the last turn of each seat (a turn's events together: play, then draw),
    # with what the game did in between
    assert board.recent_events(events, None) == [3, 4, 5, 6]
    assert board.recent_events([], None) == []


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
