"""Research interfaces: the games as PettingZoo, OpenSpiel and Gymnasium environments.

Install the optional packages first: ``pip install -e '.[research]'`` (numpy, gymnasium,
pettingzoo, open-spiel). The submodules are imported one by one, each needing only its own
libraries, and all built on a game's numeric ``Encoding`` (``spieltisch.engine.encoding``):

* ``spieltisch.research.pettingzoo`` -- ``env(game_id, players, options, seed)``: an AEC
  environment (and ``parallel_env``) for every game with an encoding;
* ``spieltisch.research.openspiel`` -- importing it registers every game with an encoding
  as ``python_spieltisch_<id>`` for ``pyspiel.load_game``;
* ``spieltisch.research.gym`` -- ``SingleAgentEnv``: one seat learns, the others are bots;
* ``spieltisch.research.explicit_chance`` -- a step played with chosen chance outcomes
  (the OpenSpiel chance nodes) and ``replay_explicit``; standard library only.

This package itself imports nothing beyond the standard library, so that ``import
spieltisch.research`` works without the extra; numpy, pettingzoo, gymnasium and pyspiel
are imported only inside its submodules (nowhere else in spieltisch).
"""

from __future__ import annotations

INSTALL_HINT = "pip install -e '.[research]'"


def missing_extra(exc: ImportError, what: str) -> ImportError:
    """The error raised when an optional research package is not installed."""
    name = exc.name or str(exc)
    return ImportError(
        f"{what} needs the optional package {name!r}, which is not installed. "
        f"Install the research extra: {INSTALL_HINT}"
    )


__all__ = ["INSTALL_HINT", "missing_extra"]
