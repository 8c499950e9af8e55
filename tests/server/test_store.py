"""The move log: group commit of many tables' moves in one transaction, and the fencing
tokens of the processes that own tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.server.store import HUMAN, Fenced, Store


def _store(tmp_path: Path) -> Store:
    return Store.open(f"sqlite:///{tmp_path / 'log.db'}")


def test_one_transaction_stores_the_moves_of_several_tables(tmp_path: Path) -> None:
    store = _store(tmp_path)
    a = store.create_table("medina", 3, 1, {}, [(HUMAN, None)] * 3)
    b = store.create_table("medina", 3, 2, {}, [(HUMAN, None)] * 3)
    got = store.append_moves(
        [
            (a.id, 0, 0, {"type": "x"}, 1.0),
            (b.id, 0, 1, {"type": "y"}, 1.5),
            (a.id, 1, 1, {"type": "z"}, 2.0),
        ]
    )
    assert got == [1, 1, 2]  # each table counts its own versions
    moves, _ = store.history(a.id)
    assert [(m.seat, m.action, m.at) for m in moves] == [
        (0, {"type": "x"}, 1.0),
        (1, {"type": "z"}, 2.0),
    ]
    assert store.table(a.id).version == 2 and store.table(b.id).version == 1  # type: ignore[union-attr]


def test_a_stale_move_in_a_batch_changes_nothing_and_the_others_are_stored(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    a = store.create_table("medina", 3, 1, {}, [(HUMAN, None)] * 3)
    store.append_moves([(a.id, 0, 0, {"n": 1}, 1.0)])
    got = store.append_moves([(a.id, 0, 2, {"n": "late"}, 2.0), (a.id, 1, 1, {"n": 2}, 3.0)])
    assert got == [None, 2]
    moves, _ = store.history(a.id)
    assert [m.action for m in moves] == [{"n": 1}, {"n": 2}]


def test_only_the_owner_with_the_newest_token_writes_a_table(tmp_path: Path) -> None:
    """Issue 19: a process takes a table with a fencing token; once another has taken it
    with a newer one, the first one's moves and events are refused and nothing of them is
    stored (``server/cluster.py``)."""
    store = _store(tmp_path)
    record = store.create_table("medina", 3, 1, {}, [(HUMAN, None)] * 3)
    assert store.take_table(record.id, 1)
    assert store.append_moves([(record.id, 0, 0, {"type": "x"}, 1.0)], fences=[1]) == [1]
    assert store.take_table(record.id, 2)  # another process takes the table over
    assert not store.take_table(record.id, 1)  # the first cannot take it back
    assert store.append_moves([(record.id, 1, 1, {"type": "y"}, 2.0)], fences=[1]) == [None]
    with pytest.raises(Fenced):
        store.append_event(record.id, 1, 1, "away", 2.0, fence=1)
    assert store.append_moves([(record.id, 1, 1, {"type": "y"}, 2.0)], fences=[2]) == [2]
    store.append_event(record.id, 2, 1, "away", 3.0, fence=2)
    moves, events = store.history(record.id)
    assert [m.action for m in moves] == [{"type": "x"}, {"type": "y"}]
    assert [e.kind for e in events] == ["away"]
