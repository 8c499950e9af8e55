"""``spieltisch screenshots``: the README's pictures of the web table, taken in Chromium.

This module is also the one place that drives a browser against a real server: the browser
tests (``tests/browser``) start their server, find and launch Chromium and create their
tables through the same functions.

How a picture is made: per game a table whose seat 0 is the human in the picture and whose
other seats are heuristic bots, written with its moves into a temporary SQLite database
(every seat's moves, seat 0's too, chosen by the heuristic bot with a seeded generator)
until the board is some way into the game and seat 0 alone has a decision with highlighted
targets; then a ``spieltisch serve`` process on a free loopback port replays the tables, and
seat 0's page is taken in headless Chromium. The moves are written before the server starts
because the server seeds its own bots with the table's random id: this way the same seed
gives the same picture every time, and the page still shows the bot seats as bots.

Playwright comes with the ``test`` extra, not with the base install; Chromium is Debian's
(``apt-get install chromium``) or any Chromium named with ``--chromium``.
"""

from __future__ import annotations

import random
import shutil
import struct
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from ..engine.manifest import Scene
from ..engine.registry import manifests
from .console import err, fail, out, reports_errors

PHONE = (390, 844)  # a common phone's CSS viewport (iPhone 12 to 15)
DESKTOP = (1400, 900)
INSTALL_PLAYWRIGHT = "pip install -e '.[test]' (or pip install playwright)"
INSTALL_CHROMIUM = "apt-get install chromium, or name one with --chromium PATH"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
PAGE_TIMEOUT_MS = 30_000
TARGETS = "#board .pickable, #board .placeable"  # what the player may click on the board

Progress = Callable[[str], None]


class BrowserMissing(RuntimeError):
    """Playwright or Chromium is not installed; the message says what to install."""


# -- the browser ---------------------------------------------------------------------------
def find_chromium(explicit: str | Path | None = None) -> str | None:
    """The Chromium to drive: ``explicit`` if given (``None`` if it does not exist), else the
    first Chromium on ``PATH``, else Debian's ``/usr/bin/chromium`` if present."""
    if explicit is not None:
        path = Path(explicit)
        return str(path) if path.is_file() else shutil.which(str(explicit))
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


def missing_browser(chromium: str | Path | None = None) -> str | None:
    """Why no browser can be driven here (what to install), or ``None`` if one can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return f"Playwright is not installed: {INSTALL_PLAYWRIGHT}"
    if find_chromium(chromium) is None:
        where = f" at {chromium}" if chromium is not None else ""
        return f"Chromium is not installed{where}: {INSTALL_CHROMIUM}"
    return None


@contextmanager
def open_browser(chromium: str | Path | None = None) -> Iterator[Any]:
    """A headless Chromium driven by Playwright (its sync API), closed on exit.

    Raises ``BrowserMissing`` naming what to install when Playwright or Chromium is absent."""
    reason = missing_browser(chromium)
    if reason is not None:
        raise BrowserMissing(reason)
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    executable = find_chromium(chromium)
    with sync_playwright() as p:
        try:
            # --no-sandbox: root in containers and CI has no user namespaces for the sandbox
            browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        except PlaywrightError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BrowserMissing(
                f"Chromium at {executable} did not start ({first}): {INSTALL_CHROMIUM}"
            ) from exc
        try:
            yield browser
        finally:
            browser.close()


# -- the server and its tables -------------------------------------------------------------
@contextmanager
def running_server(db: str | Path | None = None) -> Iterator[str]:
    """The base URL of a ``spieltisch serve`` process on a free loopback port, stopped on
    exit; its database is ``db`` (a SQLite file) or a temporary one."""
    from ..analysis.bench_server import ServerProcess, free_port

    with tempfile.TemporaryDirectory(prefix="spieltisch-shots-") as tmp:
        path = Path(db) if db is not None else Path(tmp) / "tables.db"
        with ServerProcess(free_port(), f"sqlite:///{path}") as server:
            yield server.url


def http(method: str, url: str, body: Any = None) -> Any:
    """One JSON request to the server (the standard library: httpx is a test extra); a
    refused request is a ``RuntimeError`` with the server's reason."""
    import urllib.error

    from ..analysis.bench_server import http_json

    try:
        return http_json(method, url, body)
    except urllib.error.HTTPError as exc:
        reason = exc.read().decode("utf-8", "replace")[:500]
        raise RuntimeError(f"{method} {url}: HTTP {exc.code} {reason}") from exc


def create_table(
    url: str,
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    bots: Sequence[str | None] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Create a table through the API; ``bots[i]`` is seat i's bot (``None``: a human seat),
    by default seat 0 human and the heuristic bot everywhere else; ``settings`` are the
    table's clock and zombie mode. Returns the API answer (``seats`` with their links,
    ``spectator_link``)."""
    kinds = list(bots) if bots is not None else [None] + ["heuristic"] * (players - 1)
    seats = [{"kind": "human"} if b is None else {"kind": "bot", "bot": b} for b in kinds]
    body: dict[str, Any] = {
        "game": game,
        "players": players,
        "seed": seed,
        "seats": seats,
        "options": options or {},
    }
    if settings is not None:
        body["settings"] = settings
    made: dict[str, Any] = http("POST", url + "/api/tables", body)
    return made


def scenes() -> dict[str, Scene]:
    """The scene of every game whose manifest has one (``engine.manifest.Scene``), by id."""
    return {gid: m.scene for gid, m in manifests().items() if m.scene is not None}


MAX_EXTRA_MOVES = 2000  # after min_moves, until the human has a decision with targets


def seed_scene(db_url: str, game_id: str, scene: Scene, lang: str = "en") -> str:
    """Write the table of ``game_id``'s ``scene`` into the database at ``db_url`` (before the
    server starts): seat 0 human, the others the heuristic bot, and its moves, every seat's
    chosen by the heuristic bot with a seeded generator, until seat 0 alone must act on a
    decision with highlighted targets, after at least ``scene.min_moves`` moves. Returns
    seat 0's token.

    The server replays the log at start-up and finds no bot to move, so the picture is the
    same every time (its own bots are seeded with the table's random id)."""
    from ..server.store import BOT, HUMAN

    kinds: list[tuple[str, str | None]] = [(HUMAN, None)]
    kinds += [(BOT, "heuristic")] * (scene.players - 1)
    token = _write_table(
        db_url,
        game_id,
        scene.players,
        scene.seed,
        dict(scene.options),
        kinds,
        scene.min_moves,
        alone=True,
        limit=scene.min_moves + MAX_EXTRA_MOVES,
        lang=lang,
    )
    if token is None:
        raise RuntimeError(f"{game_id}: no decision with targets for seat 0 (seed {scene.seed})")
    return token


def seed_position(
    db_url: str, game_id: str, players: int, seed: int, min_moves: int, options: Any = None
) -> str | None:
    """A table of human seats only (nobody moves on the server by itself), written with
    heuristic moves into the database at ``db_url`` until seat 0 must act on a decision
    with targets on the board, after at least ``min_moves`` moves; seat 0's token, or
    ``None`` if the game ended first. The browser tests measure the page in such
    positions, early, halfway and late in each game."""
    from ..server.store import HUMAN

    kinds: list[tuple[str, str | None]] = [(HUMAN, None)] * players
    return _write_table(db_url, game_id, players, seed, options or {}, kinds, min_moves)


def _write_table(
    db_url: str,
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    kinds: list[tuple[str, str | None]],
    min_moves: int,
    alone: bool = False,
    limit: int | None = None,
    lang: str = "en",
) -> str | None:
    """A table written into the database with heuristic moves for every seat until seat 0
    must act (``alone``: as the only actor) on a decision with targets on the board, after
    at least ``min_moves`` moves (and at most ``limit``); seat 0's token, or ``None``."""
    from .. import bots
    from ..engine.registry import game as lookup_game
    from ..server.board import board_moves
    from ..server.store import Store

    game = lookup_game(game_id)
    store = Store.open(db_url)
    try:
        state = game.new_game(players, seed, dict(options))
        # a table stores its resolved options, as the server does (an option missing from
        # a stored table is one added since: Game.upgrade_options)
        record = store.create_table(game_id, players, seed, dict(state.options), kinds)
        bot = bots.make("heuristic", game)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over() and (limit is None or moves < limit):
            actors = list(state.actors())
            if moves >= min_moves and (actors == [0] if alone else 0 in actors):
                legal = [a.to_json() for a in state.legal_actions(0)]
                on_board = board_moves(game.id, state.view(0), legal, lang)
                if any(m.get("pick") or m.get("place") for m in on_board):
                    return record.seats[0].token
            action = bots.act(bot, state, actors[0], rng)
            store.append_move(record.id, moves, actors[0], action.to_json())
            state.apply(actors[0], action)
            moves += 1
    finally:
        store.engine.dispose()
    return None


def capture(
    browser: Any,
    link: str,
    path: Path,
    size: tuple[int, int],
    lang: str = "en",
    touch: bool = False,
) -> None:
    """Open ``link`` at the viewport ``size`` (CSS pixels, scale 1; ``touch``: as a phone,
    with a touch screen) and save the visible page as PNG once the picture shows its
    highlighted targets."""
    from playwright.sync_api import Error as PlaywrightError

    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        device_scale_factor=1,
        is_mobile=touch,
        has_touch=touch,
    )
    try:
        # the page keeps its language in localStorage; start it in the one asked for
        context.add_init_script(f"localStorage.setItem('spieltisch-lang', {lang!r})")
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector(TARGETS, timeout=PAGE_TIMEOUT_MS)
        page.evaluate("() => document.fonts.ready")
        page.screenshot(path=str(path))
    except PlaywrightError as exc:  # e.g. a timeout: the page never showed the targets
        raise RuntimeError(f"{link}: {str(exc).strip().splitlines()[0]}") from exc
    finally:
        context.close()


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG file (from its IHDR chunk); ``ValueError`` if not a PNG."""
    head = path.read_bytes()[:24]
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG file")
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def take_screenshots(
    out_dir: Path,
    size: tuple[int, int] = DESKTOP,
    phone: bool = False,
    games: Sequence[str] | None = None,
    chromium: str | Path | None = None,
    lang: str = "en",
    progress: Progress | None = None,
) -> list[Path]:
    """Write ``<game>.png`` at ``size`` (and ``<game>-phone.png`` at 390×844 with
    ``phone``) for every game with a scene in its manifest (or those of ``games``) into
    ``out_dir``; the files written."""
    known = scenes()
    chosen = [(gid, scene) for gid, scene in known.items() if games is None or gid in games]
    unknown = sorted(set(games or ()) - set(known))
    if unknown:
        raise ValueError(f"no picture for {', '.join(unknown)}; games: {', '.join(known)}")
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with (
        open_browser(chromium) as browser,
        tempfile.TemporaryDirectory(prefix="spieltisch-shots-") as tmp,
    ):
        db = Path(tmp) / "tables.db"
        tokens = [seed_scene(f"sqlite:///{db}", gid, scene, lang) for gid, scene in chosen]
        with running_server(db) as url:
            for (gid, _scene), token in zip(chosen, tokens, strict=True):
                shots = [(out_dir / f"{gid}.png", size, False)]
                if phone:
                    shots.append((out_dir / f"{gid}-phone.png", PHONE, True))
                for path, viewport, touch in shots:
                    capture(browser, f"{url}/play/{token}", path, viewport, lang, touch)
                    written.append(path)
                    if progress is not None:
                        progress(f"{path} ({viewport[0]}×{viewport[1]})")
    return written


# -- the command ---------------------------------------------------------------------------
@reports_errors
def screenshots(
    out_dir: Annotated[
        Path, typer.Option("--out", help="Folder for the PNG files (created if missing).")
    ] = Path("docs/screenshots"),
    width: Annotated[int, typer.Option(min=200, max=4000, help="Viewport width.")] = DESKTOP[0],
    height: Annotated[int, typer.Option(min=200, max=4000, help="Viewport height.")] = DESKTOP[1],
    phone: Annotated[
        bool,
        typer.Option(
            "--phone",
            help=f"Also take GAME-phone.png at phone width ({PHONE[0]}×{PHONE[1]}).",
        ),
    ] = False,
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game", help="Only this game (repeatable); default: every game with a scene."
        ),
    ] = None,
    chromium: Annotated[
        Path | None,
        typer.Option(help="The Chromium executable (default: chromium on PATH)."),
    ] = None,
    lang: Annotated[str, typer.Option(help="Language of the pages: en or de.")] = "en",
) -> None:
    """Take the README's pictures of the web table: one table per game against bots (fixed
    seeds, so the pictures repeat), seat 0's page in headless Chromium, GAME.png per game."""
    if lang not in ("en", "de"):
        fail(f"unknown language {lang!r}: en or de")
    if out_dir.exists() and not out_dir.is_dir():
        fail(f"{out_dir} is not a folder")
    log = err()
    try:
        written = take_screenshots(
            out_dir,
            (width, height),
            phone=phone,
            games=game or None,  # Typer gives an empty list for no --game
            chromium=chromium,
            lang=lang,
            progress=lambda message: log.print(f"[dim]{escape(message)}[/dim]"),
        )
    except (BrowserMissing, ValueError) as exc:
        fail(str(exc))
    except RuntimeError as exc:
        fail(f"the pictures could not be taken: {exc}")
    out().print(f"{len(written)} pictures written to {escape(str(out_dir))}")
