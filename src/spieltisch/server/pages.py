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
<nav><button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>
<a href="/" data-t="lobby">Lobby</a></nav></header>
<main>
<section id="board-area"><div id="board"></div></section>
<aside>
<section id="turn"></section>
<div id="clock" hidden aria-live="off"></div>
<section id="choices"><h2 data-t="your_move">Your move</h2><div id="buttons"></div></section>
<p id="error" class="error" role="alert"></p>
<section id="result" hidden></section>
<section id="log-section"><h2 data-t="log">Log</h2><ol id="log"></ol></section>
</aside>
</main>
<script src="/static/table.js"></script>
</body></html>
"""
    )
