"""The two HTML pages: the lobby and a table (for a seat or a spectator). Plain HTML with a
small hand-written script each, no build step (DESIGN.md §6)."""

from __future__ import annotations

from html import escape

_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/style.css">
</head>
"""


def lobby() -> str:
    """Create a table (game, players, options, who sits where) and see the tables."""
    return (
        _HEAD.format(title="Spieltisch")
        + """<body class="lobby">
<header><h1>Spieltisch</h1>
<nav><button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button></nav></header>
<main>
<section id="create"><h2 data-t="new_table">New table</h2>
<form id="create-form">
<label><span data-t="game">Game</span> <select name="game" id="game"></select></label>
<label><span data-t="players">Players</span> <select name="players" id="players"></select></label>
<fieldset id="seats"><legend data-t="seats">Seats</legend></fieldset>
<details><summary data-t="options">Options</summary><div id="options"></div></details>
<button type="submit" id="create-button" data-t="create">Create table</button>
</form>
<div id="created" hidden></div>
<p id="error" class="error" role="alert"></p>
</section>
<section id="tables-section"><h2 data-t="tables">Tables</h2>
<div class="scroll-x"><table id="tables"><thead><tr><th data-t="game">Game</th>
<th data-t="players">Players</th><th data-t="status">Status</th><th data-t="moves">Moves</th>
<th></th></tr></thead><tbody></tbody></table></div></section>
</main>
<script src="/static/lobby.js"></script>
</body></html>
"""
    )


def table_page(token: str) -> str:
    """A seat's (or a spectator's) table; the script connects with ``token``."""
    return (
        _HEAD.format(title="Spieltisch")
        + f"""<body class="table" data-token="{escape(token, quote=True)}">
<header><h1 id="title">Spieltisch</h1>
<div id="status" aria-live="polite"></div>
<nav><button type="button" id="sound" data-t-label="sound" aria-pressed="false">♪</button>
<button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>
<a href="/" data-t="lobby">Lobby</a></nav></header>
<main>
<section id="board-area">
<div id="board-tools" role="toolbar">
<button type="button" id="zoom-out" data-t-label="zoom_out">−</button>
<button type="button" id="zoom-in" data-t-label="zoom_in">+</button>
<button type="button" id="zoom-one" data-t-label="zoom_one">1:1</button>
<button type="button" id="zoom-fit" data-t-label="zoom_fit">⤢</button>
<span id="prompt" aria-live="polite"></span>
</div>
<div id="board"></div>
<div id="popup" role="dialog" hidden></div>
</section>
<aside>
<section id="turn"></section>
<div id="clock" hidden aria-live="off"><svg class="sand" viewBox="0 0 40 62" width="30" height="46"
 aria-hidden="true"><path d="M6 3h28M6 59h28M9 3c0 16 11 20 11 28S9 43 9 59M31 3c0 16-11 20-11
 28s11 12 11 28" fill="none" stroke="#5d4037" stroke-width="2.5"/><clipPath id="glass"><path
 d="M9 3c0 16 11 20 11 28S9 43 9 59h22c0-16-11-20-11-28s11-12 11-28z"/></clipPath><g
 clip-path="url(#glass)" fill="#e0a030"><rect class="sand-top" x="6" y="6" width="28"
 height="22"/><rect class="sand-bottom" x="6" y="56" width="28" height="0"/></g></svg>
<span class="sand-left"></span></div>
<section id="choices"><h2 data-t="your_move">Your move</h2>
<div id="buttons"></div>
<details id="all-moves" hidden><summary><span data-t="all_moves">All moves</span>
(<span id="all-count"></span>)</summary><div id="all-list"></div></details></section>
<p id="error" class="error" role="alert"></p>
<section id="result" hidden></section>
<section id="players"><h2 data-t="players">Players</h2><ul id="seat-list"></ul></section>
<section id="log-section"><h2 data-t="log">Log</h2><ol id="log"></ol></section>
</aside>
</main>
<div id="tip" role="tooltip" hidden></div>
<script src="/static/board.js"></script>
<script src="/static/table.js"></script>
</body></html>
"""
    )
