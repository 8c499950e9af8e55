"""The game registry: ``spieltisch.game(id)`` and ``spieltisch.games()``.

Games are found only through the entry points of the group ``spieltisch.games``
(``engine.manifest``): the four built-in games are installed that way by spieltisch's own
``pyproject.toml``, any other package the same way. A manifest is loaded when first asked
for and a game's rules when its ``Game`` is; an entry point that fails to load raises
``GameLoadError`` naming its package for that game only, and ``games()`` leaves it out
with a warning. ``register`` adds a ``Game`` object made by hand (tests)."""

from __future__ import annotations

import warnings
from importlib.metadata import EntryPoint, entry_points

from .errors import UnknownGame
from .game import Game
from .manifest import GROUP, GameLoadError, GameManifest

_by_hand: dict[str, GameManifest] = {}  # register()
_loaded: dict[str, GameManifest] = {}  # manifests loaded from entry points
_games: dict[str, Game] = {}  # checked Game objects, by id
_entry_points: dict[str, list[EntryPoint]] | None = None

REINSTALL = "pip install -e . in the spieltisch folder"


def _installed() -> dict[str, list[EntryPoint]]:
    """The entry points of the group by game id (read once per process)."""
    global _entry_points
    if _entry_points is None:
        found: dict[str, list[EntryPoint]] = {}
        for ep in entry_points(group=GROUP):
            same = found.setdefault(ep.name, [])
            if all(other.value != ep.value for other in same):
                same.append(ep)
        _entry_points = found
    return _entry_points


def _source(ep: EntryPoint) -> str:
    dist = ep.dist.name if ep.dist is not None else "an unknown distribution"
    return f"package {dist} ({ep.value})"


def ids() -> list[str]:
    """The ids of every installed or registered game, sorted; nothing is loaded."""
    return sorted(set(_installed()) | set(_by_hand))


def distribution(game_id: str) -> str | None:
    """The name of the distribution (what ``pip`` installs) that installs the game:
    ``spieltisch`` for the built-in games; ``None`` for a game registered by hand."""
    if game_id in _by_hand:
        return None
    eps = _installed().get(game_id)
    if not eps:
        raise UnknownGame(f"no game {game_id!r}; known games: {', '.join(ids())}")
    dist = eps[0].dist
    return None if dist is None else dist.name


def manifest(game_id: str) -> GameManifest:
    """The manifest of the game ``game_id`` (its rules are not imported)."""
    found = _by_hand.get(game_id) or _loaded.get(game_id)
    if found is not None:
        return found
    eps = _installed().get(game_id)
    if not eps:
        known = ", ".join(ids())
        hint = f"known games: {known}" if known else f"no game is installed ({REINSTALL})"
        raise UnknownGame(f"no game {game_id!r}; {hint}")
    if len(eps) > 1:
        raise GameLoadError(
            f"two packages install a game {game_id!r}: " + " and ".join(_source(ep) for ep in eps)
        )
    ep = eps[0]
    try:
        loaded = ep.load()
    except Exception as exc:
        raise GameLoadError(
            f"the game {game_id!r} of {_source(ep)} could not be loaded: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    if not isinstance(loaded, GameManifest):
        raise GameLoadError(
            f"the entry point of game {game_id!r} in {_source(ep)} is a "
            f"{type(loaded).__name__}, not a GameManifest"
        )
    _loaded[game_id] = loaded
    return loaded


def manifest_of(game: Game) -> GameManifest:
    """The manifest of a ``Game`` object: its installed one, or for a game that is neither
    installed nor registered (a game under test handed to an adapter) one without modules."""
    if game.id in _by_hand or game.id in _installed():
        return manifest(game.id)
    return GameManifest.of(game)


def manifests() -> dict[str, GameManifest]:
    """The manifest of every game that loads, by id (broken ones are left out with a
    warning naming their package)."""
    out: dict[str, GameManifest] = {}
    for game_id in ids():
        try:
            out[game_id] = manifest(game_id)
        except GameLoadError as exc:
            warnings.warn(str(exc), RuntimeWarning, stacklevel=2)
    return out


def game(game_id: str) -> Game:
    """The game registered under ``game_id``."""
    found = _games.get(game_id)
    if found is not None:
        return found
    loaded = manifest(game_id).game
    if loaded.id != game_id:
        raise GameLoadError(
            f"the entry point {game_id!r} of package {manifest(game_id).package} gives the "
            f"game {loaded.id!r}: the entry point must be named by the game's id"
        )
    _games[game_id] = loaded
    return loaded


def games() -> list[Game]:
    """Every game that loads, in id order; a broken one is left out with a warning naming
    its package (``game(id)`` raises its error)."""
    out = []
    for game_id in ids():
        try:
            out.append(game(game_id))
        except GameLoadError as exc:
            warnings.warn(str(exc), RuntimeWarning, stacklevel=2)
    return out


def broken() -> dict[str, str]:
    """The installed games that do not load, with the reason (for ``spieltisch games``)."""
    out: dict[str, str] = {}
    for game_id in ids():
        try:
            game(game_id)
        except GameLoadError as exc:
            out[game_id] = str(exc)
    return out


def register(game: Game) -> Game:
    """Register a ``Game`` object made by hand under ``game.id`` (idempotent for the same
    object); an installed game of that id is shadowed."""
    existing = _by_hand.get(game.id)
    if existing is not None and existing.game is not game:
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _by_hand[game.id] = GameManifest.of(game)
    _games[game.id] = game
    return game
