"""The replay page (``/replay/<spectator token>``): a finished game's board at any step, its log
up to that step and a control bar (step slider, back and forward, play and pause, speed, jump
to a round, view as). Plain HTML with a hand-written script (``static/replay.js``) that reuses
the table page's board (``board.js``: zoom and pan, the marks of a step's pieces) without
moves; and the page that explains why a link opens no replay."""

from __future__ import annotations

from html import escape

from .pages import _HEAD, scripts

# the replay's own layout; the rest (board, log, players, phone order) is the table page's
_STYLE = """<style>
.replay #replay-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem;
                      margin-bottom: 0.4rem; }
.replay #replay-bar button { min-width: 2.75rem; min-height: 2.75rem; display: inline-flex;
                             align-items: center; justify-content: center; padding: 0.2rem; }
.replay #replay-bar button svg { fill: #3b2f2f; }
.replay #play[aria-pressed="true"] { background: #ffe0a0; }
.replay #slider { flex: 1 1 10rem; min-width: 8rem; height: 2.2rem; accent-color: #8a5a2b; }
.replay #step-count { font-weight: bold; font-variant-numeric: tabular-nums; min-width: 5.5rem;
                      text-align: center; }
.replay #replay-options { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 1rem;
                          margin-bottom: 0.4rem; }
.replay #replay-options label { display: inline-flex; align-items: center; gap: 0.35rem; }
.replay #replay-options select { min-height: 2.2rem; }
.replay #replay-options label[hidden] { display: none; }
.replay #board-tools { margin: 0 0 0 auto; }
.replay #board { max-height: calc(100vh - 12rem); }
.replay #step-text { font-weight: bold; margin: 0 0 0.3rem; }
.replay #step-round { margin: 0 0 0.3rem; color: #5d4037; }
.replay #winners { font-weight: bold; color: #1b5e20; margin: 0.3rem 0; }
.replay #log li.step-event { background: #fff1c7; border-left: 4px solid #e0a030;
                             padding-left: 0.35rem; font-weight: bold; }
.replay #players li.mover { font-weight: bold; }
.replay #players li.mover::before { content: "▶ "; color: #e0a030; }
.replay-refused main { max-width: 40rem; }
.replay-refused .refusal { font-size: 1.1rem; }
@media (max-width: 700px) {
  .replay #step-info { order: 1; }
  .replay #board { max-height: 62vh; }
  .replay #step-count { min-width: 4.5rem; }
  .replay #slider { flex-basis: 100%; order: 9; }
}
</style>
"""


def _icon(path: str) -> str:
    """A control's symbol drawn as SVG (no font needed for ⏮ ⏭ ⏸)."""
    return (
        '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">'
        f'<path d="{path}"/></svg>'
    )


FIRST = _icon("M3 4h2v12H3zM11 4v12L5 10zM18 4v12l-6-6z")
BACK = _icon("M4 4h2v12H4zM15 4v12L7 10z")
PLAY = _icon("M6 4v12l10-6z")
PAUSE = _icon("M5 4h4v12H5zM11 4h4v12h-4z")
FORWARD = _icon("M5 4v12l8-6zM14 4h2v12h-2z")
LAST = _icon("M2 4v12l6-6zM9 4v12l6-6zM15 4h2v12h-2z")

_LANGS = """<button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>"""


def page(token: str) -> str:
    """The replay of the table whose spectator link is ``token``; the script loads it."""
    link = escape(token, quote=True)
    return (
        _HEAD.format(title="Spieltisch")
        + _STYLE
        + f'<body class="table replay" data-token="{link}">\n'
        + _header(link)
        + "<main>\n"
        + '<section id="board-area">\n'
        + _CONTROLS
        + _OPTIONS
        + '<div id="board"></div>\n'
        + '<div id="popup" role="dialog" hidden></div>\n'
        + '<section id="analysis-section" hidden></section>\n'  # static/analysis.js
        + "</section>\n"
        + _SIDE
        + "</main>\n"
        + '<div id="tip" role="tooltip" hidden></div>\n'
        + scripts(*_SCRIPTS)
    )


def _header(link: str) -> str:
    """The title bar: the page's status, languages, back to the table and to the lobby."""
    return f"""<header><h1 id="title">Spieltisch</h1>
<div id="status" aria-live="polite" data-t="Replay">Replay</div>
<nav>{_LANGS}
<a href="/watch/{link}" data-t="Table">Table</a>
<a href="/" data-t="Lobby">Lobby</a></nav></header>
"""


# the control bar: to the start, back, play and pause, forward, to the end, the step slider
_CONTROLS = f"""<div id="replay-bar" role="toolbar" data-t-label="Replay controls">
<button type="button" id="first" data-t-label="To the start (Home)">{FIRST}</button>
<button type="button" id="back" data-t-label="One step back (←)">{BACK}</button>
<button type="button" id="play" aria-pressed="false" data-t-label="Play (Space)"
 data-play="{escape(PLAY, quote=True)}" data-pause="{escape(PAUSE, quote=True)}">{PLAY}</button>
<button type="button" id="forward" data-t-label="One step forward (→)">{FORWARD}</button>
<button type="button" id="last" data-t-label="To the end (End)">{LAST}</button>
<input type="range" id="slider" min="0" max="0" value="0" step="1" data-t-label="Step">
<output id="step-count" for="slider">0 / 0</output>
</div>
"""

# speed, round, whose view, and the board's zoom tools
_OPTIONS = """<div id="replay-options">
<label><span data-t="Speed">Speed</span> <select id="speed">
<option value="1600">0.5×</option><option value="800" selected>1×</option>
<option value="400">2×</option><option value="200">4×</option></select></label>
<label id="round-box" hidden><span data-t="Jump to round">Jump to round</span>
<select id="round"></select></label>
<label><span data-t="View as">View as</span> <select id="view"></select></label>
<div id="board-tools" role="toolbar">
<button type="button" id="zoom-out" data-t-label="Zoom out">−</button>
<button type="button" id="zoom-in" data-t-label="Zoom in">+</button>
<button type="button" id="zoom-one" data-t-label="1:1">1:1</button>
<button type="button" id="zoom-fit" data-t-label="Whole board">⤢</button>
</div>
</div>
"""

# the side column: the step, the winners, the players and the log up to the step
_SIDE = """<aside>
<section id="step-info" aria-live="polite"><p id="step-text"></p><p id="step-round"></p>
<p id="winners" hidden></p><p id="view-note" hidden
 data-t="Seat views open when the game has ended.">Seat views open when the game has ended.</p>
</section>
<p id="error" class="error" role="alert"></p>
<section id="players"><h2 data-t="Players">Players</h2><ul id="seat-list"></ul></section>
<section id="log-section"><h2 data-t="Log">Log</h2><ol id="log"></ol></section>
</aside>
"""

_SCRIPTS = ("board.js", "replay.js")


# why a link opens no replay, in the page's words (translated like every page text; each
# data-t on one line, where the catalog tool finds it)
_REASONS = {
    "running": """<p class="refusal"
 data-t="The game is still running; replays open when it has ended.">The game is still
running; replays open when it has ended.</p>""",
    "seat": """<p class="refusal"
 data-t="A replay opens with the table's spectator link, not with a seat's link.">A replay
opens with the table's spectator link, not with a seat's link.</p>""",
    "unknown": """<p class="refusal"
 data-t="This link belongs to no table.">This link belongs to no table.</p>""",
}


def refused(reason: str, token: str) -> str:
    """The page for a link that opens no replay: ``reason`` is ``running`` (with a link to
    watch the game live), ``seat`` or ``unknown``."""
    link = escape(token, quote=True)
    live = (
        f'<p><a href="/watch/{link}" data-t="Watch the game live">Watch the game live</a></p>'
        if reason == "running"
        else ""
    )
    return (
        _HEAD.format(title="Spieltisch")
        + _STYLE
        + f"""<body class="replay-refused">
<header><h1 data-t="Replay">Replay</h1>
<nav>{_LANGS}
<a href="/" data-t="Lobby">Lobby</a></nav></header>
<main>
{_REASONS[reason]}
{live}
</main>
"""
        + scripts("replay.js")
    )
