"""Determinism: the same seed and actions give the same state on every run and under every
PYTHONHASHSEED; JSON round trips and replays reproduce states exactly (KC-R9, KC-R10)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spieltisch.engine.record import GameRecord, replay

from .helpers import GAME, random_game, steps

CASES = [(2, 11, {}), (3, 12, {"claims": "manual"}), (4, 13, {"claims": "off"})]

SCRIPT = """
import hashlib, json, random, sys
import spieltisch
game = spieltisch.game("kingdoms-of-crusaders")
out = []
for players, seed, options in json.loads(sys.argv[1]):
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.actors()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    text = json.dumps(state.to_json(), sort_keys=True)
    out.append(hashlib.sha256(text.encode()).hexdigest())
print(json.dumps(out))
"""


def _digest(state: object) -> str:
    text = json.dumps(state.to_json(), sort_keys=True)  # type: ignore[attr-defined]
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_same_seed_and_actions_give_identical_states(
    players: int, seed: int, options: dict[str, str]
) -> None:
    one = random_game(players, seed, dict(options))
    two = random_game(players, seed, dict(options))
    assert one.to_json() == two.to_json()
    assert one.view(None) == two.view(None)
    other = random_game(players, seed + 1, dict(options))
    assert other.to_json() != one.to_json()


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_record_replays_and_json_round_trips_are_exact(
    players: int, seed: int, options: dict[str, str]
) -> None:
    final = random_game(players, seed, dict(options))
    record = GameRecord.from_json(json.loads(json.dumps(final.record().to_json())))
    assert replay(record).to_json() == final.to_json()
    for i, (state, seat, action) in enumerate(steps(players, seed, dict(options))):
        if i % 5:
            continue
        doc = json.loads(json.dumps(state.to_json()))
        loaded = GAME.state_from_json(doc)
        assert loaded.to_json() == state.to_json()
        for s in [*range(players), None]:
            assert loaded.view(s) == state.view(s)
        # both continue identically, including the next draw from the deck
        a, b = state.clone(), loaded
        a.apply(seat, action)
        b.apply(seat, action)
        assert a.to_json() == b.to_json()


def test_results_do_not_depend_on_the_hash_seed() -> None:
    expected = [_digest(random_game(p, s, dict(o))) for p, s, o in CASES]
    repo = Path(__file__).resolve().parents[3]
    for hash_seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        src = str(repo / "src")
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        result = subprocess.run(
            [sys.executable, "-c", SCRIPT, json.dumps(CASES)],
            capture_output=True,
            text=True,
            env=env,
            cwd=repo,
            timeout=120,
            check=True,
        )
        assert json.loads(result.stdout) == expected, result.stderr
