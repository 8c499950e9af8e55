"""Group commit: the moves of every table are stored by one writer, many in one transaction.

A move's caller hears back only after the transaction that stores it has committed; a
move that lost its version to another is refused (``StaleVersion``) and nothing of it is
stored."""

from __future__ import annotations

import asyncio
from typing import Any

from .store import StaleVersion, Store, TableSummary


class MoveWriter:
    """Group commit: moves wait in a queue and one transaction stores every move waiting,
    so that one flush to disk acknowledges many moves when many tables play at once. A
    move's caller hears back only after the transaction has committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[
            tuple[
                tuple[str, int, int, dict[str, Any], float],
                TableSummary | None,
                int | None,
                asyncio.Future[int],
            ]
        ] = []
        self._task: asyncio.Task[None] | None = None

    async def append(
        self,
        table_id: str,
        version: int,
        seat: int,
        action: dict[str, Any],
        at: float,
        summary: TableSummary | None = None,
        fence: int | None = None,
    ) -> int:
        """The new version once the move is committed; raises ``StaleVersion`` (also when
        ``fence``, the owner's token, is not the table's any more: ``server/cluster.py``).
        ``summary``: the table's status and seats to move after the move."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[int] = loop.create_future()
        self._waiting.append(((table_id, version, seat, action, at), summary, fence, done))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._write())
        return await done

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                results = await asyncio.to_thread(
                    self.store.append_moves,
                    [move for move, _, _, _ in batch],
                    [summary for _, summary, _, _ in batch],
                    [fence for _, _, fence, _ in batch],
                )
            except Exception as exc:  # nothing of the batch was stored
                for _, _, _, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                continue
            for (move, _, _, done), version in zip(batch, results, strict=True):
                if done.done():
                    continue
                if version is None:
                    done.set_exception(StaleVersion(move[0]))
                else:
                    done.set_result(version)
