"""The example game of ``examples/goofspiel``: a package of its own, installed beside
spieltisch, that spieltisch finds through its entry point only. It appears in ``spieltisch
games``, plays in the terminal and at the web table, and passes the research adapters'
checks; the invariant suite plays it with the four games (``tests/test_invariants.py``).

Without it installed, the first test fails saying how to install it and the others skip."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.engine import registry

INSTALL = "pip install -e examples/goofspiel"
GAME = "toy-goofspiel"
ROOT = Path(__file__).resolve().parents[1]
try:
    import spieltisch_goofspiel  # noqa: F401

    INSTALLED = True
except ImportError:
    INSTALLED = False
needs_example = pytest.mark.skipif(not INSTALLED, reason=f"not installed: {INSTALL}")


def test_the_example_game_is_installed() -> None:
    if not INSTALLED:
        pytest.fail(f"the example game is not installed: run {INSTALL}")
    assert GAME in registry.ids(), f"reinstall it to register its entry point: {INSTALL}"


@needs_example
def test_it_is_found_through_its_entry_point_only() -> None:
    assert registry.distribution(GAME) == "spieltisch-goofspiel"
    manifest = registry.manifest(GAME)
    assert manifest.package == "spieltisch_goofspiel"
    assert spieltisch.game(GAME).package == manifest.package
    assert spieltisch.game(GAME) in spieltisch.games()
    # nothing in spieltisch names it: adding it needed no change there
    for path in (ROOT / "src" / "spieltisch").rglob("*"):
        if path.suffix in (".py", ".toml", ".json", ".md", ".js", ".html"):
            assert "goofspiel" not in path.read_text("utf-8").lower(), path


@needs_example
def test_it_is_listed_by_spieltisch_games() -> None:
    from tests.cli.conftest import run

    result = run(["games"])
    assert result.exit_code == 0, result.output
    assert GAME in result.output and "Toy Goofspiel" in result.output


@needs_example
def test_it_plays_in_the_terminal_against_its_heuristic_bot() -> None:
    from tests.cli.conftest import ONES, run

    result = run(["play", GAME, "--seats", "you,heuristic", "--seed", "4"], ONES)
    assert result.exit_code == 0, result.output
    assert "is up (" in result.output  # its terminal renderer (text.py)
    assert "Bid 1" in result.output  # its menu captions (Game.action_label)
    assert "The prizes are out" in result.output


@needs_example
def test_it_plays_at_the_web_table(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from spieltisch.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        games = {g["id"] for g in client.get("/api/games").json()}
        assert GAME in games
        seats = [{"kind": "human"}, {"kind": "human"}]
        r = client.post("/api/tables", json={"game": GAME, "seats": seats, "seed": 5})
        assert r.status_code == 201, r.text
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in r.json()["seats"]]
        rng = random.Random(5)
        for _ in range(20):
            data = client.get(f"/api/seat/{tokens[0]}").json()
            if data["over"]:
                break
            assert "Toy Goofspiel" in data["svg"] and 'data-place="card:' in data["svg"]
            for seat in data["actors"]:
                mine = client.get(f"/api/seat/{tokens[seat]}").json()
                assert len(mine["moves"]) == len(mine["legal"])  # each is a click on a card
                action = rng.choice(mine["legal"])
                move = {"expected_version": mine["version"], "action": action}
                r = client.post(f"/api/seat/{tokens[seat]}/act", json=move)
                assert r.status_code == 200, r.text
        data = client.get(f"/api/seat/{tokens[1]}").json()
        assert data["over"] and len(data["returns"]) == 2
        assert any("Prize" in line for line in data["log"])  # Game.describe
        refused = client.post(
            f"/api/seat/{tokens[0]}/act",
            json={"expected_version": data["version"], "action": {"type": "bid", "card": 9}},
        )
        assert refused.status_code >= 400


@needs_example
def test_it_passes_the_research_adapters_checks() -> None:
    pytest.importorskip("pettingzoo", reason="the research extra is not installed")
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from spieltisch.research import openspiel
    from spieltisch.research.gym import ENV_ID
    from tests.research.checks import run_pettingzoo_checks

    run_pettingzoo_checks(GAME, 3, {}, cycles=20)
    env = gymnasium.make(ENV_ID, game_id=GAME, players=2, seat=1, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    name = openspiel.short_name(spieltisch.game(GAME))
    assert name in openspiel.registered()  # our registration of every game with an encoding
    pyspiel.random_sim_test(
        pyspiel.load_game(name, {"players": 2, "seed": 3}),
        num_sims=3,
        serialize=True,
        verbose=False,
    )


def _loaded(games: list[Any]) -> list[str]:
    return [g.id for g in games]


def test_an_entry_point_that_fails_names_its_package_and_spares_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from importlib.metadata import EntryPoint

    from spieltisch.engine.manifest import GROUP, GameLoadError

    broken = EntryPoint("broken-game", "no_such_package.manifest:MANIFEST", GROUP)
    installed = {k: list(v) for k, v in registry._installed().items()}
    monkeypatch.setattr(registry, "_entry_points", {**installed, "broken-game": [broken]})
    with pytest.raises(GameLoadError, match="'broken-game'.*no_such_package"):
        spieltisch.game("broken-game")
    with pytest.warns(RuntimeWarning, match="no_such_package"):
        loaded = _loaded(spieltisch.games())
    assert "medina" in loaded and "broken-game" not in loaded
    assert "no_such_package" in registry.broken()["broken-game"]
    with pytest.raises(spieltisch.engine.UnknownGame, match="no game 'chess'.*medina"):
        spieltisch.game("chess")
