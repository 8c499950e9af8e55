"""The attack of issue 18 again, against a real ``spieltisch serve`` process on loopback with
its default rate limits, and what the server answers now.

    .venv/bin/python tools/web/abuse.py [--out abuse.json]

1. one client creates 500 tables as fast as it can;
2. it opens 1,500 WebSockets to one seat while two players play another table, whose
   moves' times are measured (and measured again without the flood);
3. the lobby's list with those tables; a binary frame and lookalike versions;
4. the server's memory (VmRSS) before and after.

It prints one JSON object (and writes it with ``--out``)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import tempfile
import time
import urllib.error
from pathlib import Path
from typing import Any

import websockets

from spieltisch.analysis.server_process import (
    ServerProcess,
    free_port,
    http_json,
    play_first_moves,
)

KC = "kingdoms-of-crusaders"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def status_of(method: str, url: str, body: Any = None) -> tuple[int, Any]:
    try:
        return 200, http_json(method, url, body)
    except urllib.error.HTTPError as exc:
        return exc.code, {"retry_after": exc.headers.get("Retry-After")}


def create_tables(base: str, n: int) -> dict[str, Any]:
    start = time.perf_counter()
    codes: dict[int, int] = {}
    retry = None
    for _ in range(n):
        code, body = status_of("POST", f"{base}/api/tables", {"game": KC})
        codes[code] = codes.get(code, 0) + 1
        if code == 429:
            retry = body["retry_after"]
    return {
        "asked": n,
        "answers": codes,
        "seconds": round(time.perf_counter() - start, 2),
        "retry_after": retry,
    }


async def flood(ws_url: str, n: int) -> dict[str, int]:
    ended: dict[str, int] = {}
    sockets = []
    gate = asyncio.Semaphore(50)

    async def one() -> None:
        async with gate:
            try:
                ws = await websockets.connect(ws_url, max_size=None)
            except Exception as exc:  # refused at the handshake
                key = type(exc).__name__
                ended[key] = ended.get(key, 0) + 1
                return
            sockets.append(ws)
            with contextlib.suppress(websockets.exceptions.ConnectionClosed):
                await ws.recv()

    await asyncio.gather(*(one() for _ in range(n)))
    await asyncio.sleep(0.5)
    for ws in sockets:
        key = "open" if ws.close_code is None else f"closed {ws.close_code}"
        ended[key] = ended.get(key, 0) + 1
    await asyncio.gather(*(ws.close() for ws in sockets))
    return ended


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "moves": len(times),
        "p50_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 1),
        "max_ms": round(ordered[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out: dict[str, Any] = {}
    # the server's default rate limits ("": SPIELTISCH_RATE_LIMITS unset)
    with (
        tempfile.TemporaryDirectory() as tmp,
        ServerProcess(free_port(), f"sqlite:///{tmp}/t.db", rate_limits="") as server,
    ):
        base = server.url
        out["rss_start_mb"] = round(rss_mb(server.pid), 1)
        flooded = http_json("POST", f"{base}/api/tables", {"game": KC, "seed": 1})
        played = http_json("POST", f"{base}/api/tables", {"game": KC, "seed": 2})
        tokens = [s["link"].rsplit("/", 1)[1] for s in played["seats"]]
        out["create_500_tables"] = create_tables(base, 500)
        target = flooded["seats"][0]["link"].rsplit("/", 1)[1]

        async def scenario() -> None:
            out["moves_quiet"] = summary(await play_first_moves(base, tokens, 20, pause_s=0.1))
            ws_url = base.replace("http", "ws") + f"/ws/{target}"
            task = asyncio.create_task(flood(ws_url, 1500))
            out["moves_during_flood"] = summary(
                await play_first_moves(base, tokens, 20, pause_s=0.1)
            )
            out["flood_1500_sockets"] = await task

        asyncio.run(scenario())
        out["rss_after_flood_mb"] = round(rss_mb(server.pid), 1)
        page = http_json("GET", f"{base}/api/tables?status=running")
        out["lobby_page"] = {"tables": len(page["tables"]), "bytes": len(json.dumps(page))}
        code, _ = status_of(
            "POST", f"{base}/api/seat/{tokens[0]}/act", {"expected_version": "0", "action": {}}
        )
        out["expected_version_string"] = code

        async def binary() -> str:
            async with websockets.connect(base.replace("http", "ws") + f"/ws/{tokens[0]}") as ws:
                await ws.recv()
                await ws.send(b"\x00\x01")
                reply = json.loads(await ws.recv())
                await ws.send(json.dumps({"type": "refresh"}))
                again = json.loads(await ws.recv())
                return f"{reply['type']}: {reply['error']}; then {again['type']}"

        try:
            out["binary_frame"] = asyncio.run(binary())
        except Exception as exc:  # refused by the connection limit after the flood
            out["binary_frame"] = f"not tried: {exc}"
    text = json.dumps(out, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
