"""Writes ``release1_db.json``: the rows a server of the first release (before schema
versions, commit 7c67963) stored for a few tables, for ``test_migrations.py``.

Run it with that release on the path, e.g.::

    git worktree add /tmp/r1 7c67963
    PYTHONPATH=/tmp/r1/src python tests/server/data/make_release1_db.py

It plays, through the HTTP API: a finished table of The Kingdoms of Crusaders between two
bots, a Medina table of a human and a bot left in the middle, and an Im Zeichen des Kreuzes
table whose human seat a bot took over; then it dumps every row of every table."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, select

from spieltisch.server.app import create_app

OUT = Path(__file__).with_name("release1_db.json")


def main() -> None:
    path = Path(tempfile.mkdtemp()) / "release1.db"
    url = f"sqlite:///{path}"
    with TestClient(create_app(url)) as client:
        bots = [{"kind": "bot", "bot": "heuristic"}] * 2
        kc = client.post(
            "/api/tables", json={"game": "kingdoms-of-crusaders", "seats": bots, "seed": 11}
        ).json()
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
        md = client.post(
            "/api/tables",
            json={
                "game": "medina",
                "players": 2,
                "options": {"edition": 2},
                "seats": seats,
                "seed": 5,
            },
        ).json()
        assert "seats" in md, md
        token = md["seats"][0]["link"].rsplit("/", 1)[1]
        for _ in range(6):  # the human's first moves; the bot answers each
            view = client.get(f"/api/seat/{token}").json()
            if view["actors"] != [0]:
                time.sleep(0.2)
                continue
            client.post(
                f"/api/seat/{token}/act",
                json={"expected_version": view["version"], "action": view["legal"][0]},
            )
        zk = client.post(
            "/api/tables",
            json={
                "game": "im-zeichen-des-kreuzes",
                "players": 2,
                "seats": seats,
                "seed": 3,
                "settings": {"zombie_after_s": 0.5},
            },
        ).json()
        time.sleep(3)  # the human of ZK stays away: a bot takes the seat over
        for _ in range(100):  # let the bots finish their turns
            if client.get(f"/api/tables/{kc['table']}").json()["status"] == "over":
                break
            time.sleep(0.2)
        del zk
    engine = create_engine(url)
    everything = MetaData()
    everything.reflect(engine)
    rows: dict[str, list[dict[str, object]]] = {}
    with engine.connect() as conn:
        for name, table in everything.tables.items():
            rows[name] = [dict(r._mapping) for r in conn.execute(select(table))]
    OUT.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print({name: len(r) for name, r in rows.items()})


if __name__ == "__main__":
    main()
