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
from spieltisch.analysis.patch_client import Follower, apply_patch, cut
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
    pages = {seat: Follower() for seat in seats}
    sizes = []
    back = 0  # runs taken from the message before the base
    for _ in range(moves):
        for seat in seats:
            new, old = table.message(seat, "en")
            whole = new.whole()
            if old is None:
                assert pages[seat].receive(whole) == whole
                continue
            one_back = make_patch(old, new)
            patch = make_patch(old, new, old.prev)
            json.dumps(patch)  # it goes over the wire as JSON
            assert pages[seat].receive(patch) == whole
            back += sum(1 for item in patch.get("svg", []) if isinstance(item, list) and item[2:])
            sizes.append(
                (len(json.dumps(patch)), len(json.dumps(one_back)), len(json.dumps(whole)))
            )
        if table.is_over():
            break
        actor = table.state.actors()[0]
        action = rng.choice(table.state.legal_actions(actor))
        table.state.apply(actor, action)
        table.record.version += 1
        table.after_move(actor, time.time())
    if moves == 400:
        assert table.is_over(), "the random game should end within 400 moves"
        last = pages[None].latest
        assert last is not None and last["over"] and "result" in last
    # a patch is much smaller than the update it stands for, and reaching two messages back
    # makes it hardly larger (the field that names the older message) where little comes back
    assert sum(p for p, _, _ in sizes) < 0.7 * sum(f for _, _, f in sizes)
    assert sum(p for p, _, _ in sizes) <= 1.01 * sum(o for _, o, _ in sizes)
    if game_id == "kingdoms-of-crusaders":  # the seats take turns: their marks come back
        assert back > 0
        assert sum(p for p, _, _ in sizes) < 0.75 * sum(o for _, o, _ in sizes)


def test_a_patch_takes_pieces_from_the_message_before_its_base() -> None:
    """Pieces that went and came back are taken from the message before the base (runs
    ``[first, count, 1]``), as the same objects; a client without that message (it got a
    whole update since) refuses the patch and asks for a refresh."""
    first = Sent(1, {"type": "update", "turn": "mine", "seq": 1}, [b"h", b"mine", b"t"])
    second = Sent(2, {"type": "update", "turn": "yours", "seq": 2}, [b"h", b"yours", b"t"])
    third = Sent(3, {"type": "update", "turn": "mine", "seq": 3}, [b"h", b"mine", b"t"])
    wholes = [first.whole(), second.whole(), third.whole()]
    first_patch = make_patch(first, second)
    second.follows(first)
    third.follows(second)
    assert second.prev is first and third.prev is second and first.prev is None
    assert first.payload == {}  # only its pieces are read now
    patch = make_patch(second, third, second.prev)
    # a run goes on in the older message while its pieces follow there
    assert patch["older"] == 1 and patch["svg"] == [[0, 1], [1, 2, 1]]
    assert third.pieces[1] is first.pieces[1]  # shared, not a second copy
    page = Follower()
    page.receive(wholes[0])
    assert page.receive(first_patch) == wholes[1]
    assert page.receive(patch) == wholes[2]
    fresh = Follower()  # it got the second message whole: it lacks the first
    fresh.receive(wholes[1])
    assert fresh.receive(patch) is None
    with pytest.raises(ValueError, match="lacks"):
        apply_patch(wholes[1], cut(wholes[1]["svg"]), patch)


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
        page, other_page = Follower(), Follower()
        page.receive(first)
        plain.receive_json()
        other_update = other.receive_json()
        other_page.receive(other_update)
        latest = {0: first, 1: other_update}
        kinds = []
        older = 0

        def play(step: int) -> None:
            nonlocal older
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
            older += "older" in got
            assert page.receive(got) == whole
            latest[0] = whole
            message = other.receive_json()
            while message["type"] == "ack":
                message = other.receive_json()
            rebuilt = other_page.receive(message)
            assert rebuilt is not None and rebuilt["version"] == whole["version"]
            latest[1] = rebuilt

        for step in range(6):
            play(step)
        assert kinds == ["patch"] * 6
        assert older > 0  # seat 0's turn came back: pieces from two messages back
        patched.send_text(json.dumps({"type": "refresh"}))
        again = patched.receive_json()
        while again["type"] == "ack":  # of the last move (sent after its update)
            again = patched.receive_json()
        assert again["type"] == "update" and again["version"] == latest[0]["version"]
        page.receive(again)
        for step in range(6, 9):  # after a whole update the patches start afresh
            play(step)
        # the refreshed update was its own: the next is whole too, then patches again
        assert kinds == ["patch"] * 6 + ["update"] + ["patch"] * 2
