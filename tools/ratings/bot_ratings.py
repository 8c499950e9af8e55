"""Writes ``src/spieltisch/server/bot_ratings.json``: the fixed ratings bots play rated
tables with (``server/ratings.py``), from the JSON of ``spieltisch tournament`` runs.

    .venv/bin/python tools/ratings/bot_ratings.py results/kc.json [more.json ...]

Each file is one game's tournament (``--out``); its bots' OpenSkill ratings (mu, sigma)
become that game's levels' ratings. A level of a game that no file rates keeps none, and a
bot of that level plays at OpenSkill's starting rating. Bots with a budget (``hard@16it``)
are left out: only the levels as the table plays them are calibrated."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

OUT = Path(__file__).parents[2] / "src" / "spieltisch" / "server" / "bot_ratings.json"
LEVELS = ("easy", "normal", "hard", "expert")


def merge(files: list[Path], current: dict[str, object]) -> dict[str, object]:
    games: dict[str, dict[str, object]] = dict(current.get("games", {}))  # type: ignore[arg-type]
    sources: dict[str, str] = dict(current.get("sources", {}))  # type: ignore[arg-type]
    for path in files:
        run = json.loads(path.read_text("utf-8"))
        levels = {
            r["bot"]: {"mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3)}
            for r in run["ratings"]
            if r["bot"] in LEVELS
        }
        games[run["game"]] = levels
        sources[run["game"]] = (
            f"spieltisch tournament {run['game']} --bots {','.join(run['bots'])} "
            f"--games {run['games_per_pairing']} --seed {run['seed']}"
        )
    return {"games": games, "sources": sources}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    current = json.loads(OUT.read_text("utf-8")) if OUT.exists() else {}
    OUT.write_text(json.dumps(merge(args.files, current), indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
