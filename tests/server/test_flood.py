"""A bounded load test on loopback (issue 18, item 4): a real server process, 1,000
WebSocket connections opened to one seat while two players play another table. The seat
keeps only its newest few connections (each new one closes the oldest), every move at the
other table is acknowledged and reaches its players, and the server's memory does not
keep the flood. The time those moves took is reported by ``spieltisch bench-server``'s
runs in the closing notes, not asserted here (speed lives in benchmarks)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import websockets  # uvicorn[standard]'s WebSocket library, a dependency of the server

from spieltisch.analysis.server_process import (
    ServerProcess,
    free_port,
    http_json,
    play_first_moves,
    raise_fd_limit,
)
from spieltisch.server.live import SEAT_CONNECTIONS, TOO_MANY

from .test_result import run

KC = "kingdoms-of-crusaders"
FLOOD = 1000
AT_ONCE = 50  # connections being opened at a time


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _flood(ws_url: str) -> dict[str, int]:
    """Open ``FLOOD`` connections to one seat; each reads its update and then waits to be
    closed. Returns how they ended."""
    ended = {"closed_oldest": 0, "other": 0, "open": 0}
    sockets: list[Any] = []
    gate = asyncio.Semaphore(AT_ONCE)

    async def one() -> None:
        async with gate:
            ws = await websockets.connect(ws_url, max_size=None)
            sockets.append(ws)
            # its first update; newer ones may have come first and closed it, the oldest
            with contextlib.suppress(websockets.exceptions.ConnectionClosed):
                await ws.recv()

    await asyncio.gather(*(one() for _ in range(FLOOD)))
    await asyncio.sleep(0.5)  # the closes of the oldest reach their sockets
    for ws in sockets:
        if ws.close_code is None:
            ended["open"] += 1
        elif ws.close_code == TOO_MANY:
            ended["closed_oldest"] += 1
        else:
            ended["other"] += 1
    await asyncio.gather(*(ws.close() for ws in sockets))
    return ended


def test_a_thousand_connections_to_one_seat_leave_its_newest_few_and_others_play_on(
    db_url: str,
) -> None:
    # rate limits as configured, but enough connections from one address for the test
    limits = "sockets=100000/minute,moves=100000/minute"
    raise_fd_limit(FLOOD + 1024)  # the flood's sockets, here and in the server
    with ServerProcess(free_port(), db_url, rate_limits=limits) as server:
        base = server.url
        flooded = http_json("POST", f"{base}/api/tables", {"game": KC, "seed": 1})
        played = http_json("POST", f"{base}/api/tables", {"game": KC, "seed": 2})
        target = flooded["seats"][0]["link"].rsplit("/", 1)[1]
        tokens = [s["link"].rsplit("/", 1)[1] for s in played["seats"]]
        before = _rss_kb(server.pid)

        async def scenario() -> tuple[dict[str, int], int]:
            ws_url = base.replace("http", "ws") + f"/ws/{target}"
            flood = asyncio.create_task(_flood(ws_url))
            moves = len(await play_first_moves(base, tokens, 30))
            return await flood, moves

        ended, moves = run(scenario())  # in a thread of its own (see test_result.run)
        after = _rss_kb(server.pid)
        assert moves == 30  # every move of the other table was acknowledged
        assert ended["open"] == SEAT_CONNECTIONS
        assert ended["closed_oldest"] == FLOOD - SEAT_CONNECTIONS and ended["other"] == 0
        # the flood is gone from the server's memory with its sockets (a bound far
        # above the few MB it takes, far below the 170 MB the flood once kept)
        assert after - before < 60_000, (before, after)
        view = http_json("GET", f"{base}/api/seat/{tokens[0]}")
        assert view["version"] == 30
        print(json.dumps({"rss_before_kb": before, "rss_after_kb": after, **ended}))
