"""Write the compatibility fixtures of one release (run once per release, kept as tests).

For every conformance configuration of every game: a seeded game played by the random bot,
saved as its game record, its state document at the middle and at the end, and what a
replay must reproduce there (legal actions, scores, winners). ``test_saved_documents.py``
loads them with the current engine. Usage: ``python tests/compat/make_fixtures.py DIR``."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import spieltisch


def play(game: Any, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    state = game.new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    states = []
    while not state.is_over():
        actors = state.actors()
        seat = actors[rng.randrange(len(actors))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
        states.append(state.clone())
    mid = states[len(states) // 2]
    return {
        "record": state.record().to_json(),
        "middle": {
            "move": len(states) // 2 + 1,
            "state": mid.to_json(),
            "actors": list(mid.actors()),
            "legal": {str(s): [a.to_json() for a in mid.legal_actions(s)] for s in mid.actors()},
        },
        "end": {
            "state": state.to_json(),
            "scores": state.scores(),
            "winners": state.winners(),
            "returns": state.returns(),
        },
    }


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for game in spieltisch.games():
        for n, case in enumerate(game.conformance_cases()):
            doc = play(game, case.players, dict(case.options), seed=1000 + n)
            doc["label"] = case.label
            path = out / f"{game.id}-{n}.json"
            path.write_text(json.dumps(doc, sort_keys=True, separators=(",", ":")) + "\n")
            print(path, len(doc["record"]["moves"]), "moves")


if __name__ == "__main__":
    main(Path(sys.argv[1]))


def write_table_db(fixtures: Path, db_path: Path) -> None:
    """A web-table database as this release stores it: one table per game with the first
    half of its first fixture's moves (a running game), seats human."""
    from spieltisch.server.store import HUMAN, Store

    store = Store.open(f"sqlite:///{db_path}")
    for game in spieltisch.games():
        record = json.loads((fixtures / f"{game.id}-0.json").read_text())["record"]
        moves = record["moves"][: len(record["moves"]) // 2]
        table = store.create_table(
            game.id,
            record["players"],
            record["seed"],
            game.new_game(record["players"], record["seed"], record["options"]).options,
            [(HUMAN, None)] * record["players"],
        )
        rows = [(table.id, n, m["seat"], m["action"], float(n)) for n, m in enumerate(moves)]
        store.append_moves(rows)
    store.engine.dispose()
