"""The two HTML pages: the lobby and a table (for a seat or a spectator). Plain HTML with a
small hand-written script each, no build step (DESIGN.md §6)."""

from __future__ import annotations

import json
from functools import cache
from html import escape

from ..engine.i18n import LANGUAGES, translator


@cache
def _messages() -> str:
    """The page's catalogs (``locale/*.po`` of this package) for the scripts, as JSON in a
    ``<script>`` element (``</`` escaped so that no text can close it)."""
    catalogs = {
        lang: {
            msgid: strings[0]
            for (_ctx, msgid), strings in translator(__package__, lang).messages.items()
            if strings[0]
        }
        for lang in LANGUAGES
        if lang != "en"
    }
    text = json.dumps(catalogs, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script id="messages" type="application/json">{text}</script>\n'


def scripts(*names: str) -> str:
    """The end of a page: its catalogs, the session and words scripts every page runs
    first, then the page's own scripts (files only: the pages run no inline script)."""
    tags = "".join(
        f'<script src="/static/{n}"></script>\n' for n in ("session.js", "messages.js", *names)
    )
    return _messages() + tags + "</body></html>\n"


_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' \
viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%238a7a66'/%3E%3C/svg%3E">
</head>
"""


_RULES_PANEL = """<div id="rules-panel" role="dialog" aria-labelledby="rules-title" hidden>
<div class="rules-bar"><h2 id="rules-title" data-t="Rules">Rules</h2>
<button type="button" id="rules-close" data-t-label="Close the rules">×</button></div>
<form id="rules-find" role="search"><label><span data-t="Look up a rule">Look up a rule</span>
<input id="rules-id" placeholder="KC-R15" size="9" autocomplete="off"></label>
<button type="submit" data-t="Open">Open</button></form>
<div id="rules-tabs" role="tablist">
<button type="button" role="tab" data-tab="summary" data-t="Summary">Summary</button>
<button type="button" role="tab" data-tab="options" data-t="Options"
 id="rules-tab-options">Options</button>
<button type="button" role="tab" data-tab="index" data-t="All rules">All rules</button></div>
<div id="rules-body"></div>
</div>
"""


def rules_page(game_id: str, name: str) -> str:
    """A game's rules on a page of their own (the lobby links to it)."""
    return (
        _HEAD.format(title=f"{escape(name)} · Spieltisch")
        + f"""<body class="rules-page" data-game="{escape(game_id, quote=True)}">
<header><h1>{escape(name)}</h1>
<nav><button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>
<a href="/" data-t="Lobby">Lobby</a></nav></header>
<main>
"""
        + _RULES_PANEL
        + """</main>
"""
        + scripts("rules.js", "rules_page.js")
    )


def lobby() -> str:
    """Create a table (game, players, options, who sits where) and see the tables."""
    return (
        _HEAD.format(title="Spieltisch")
        + '<body class="lobby">\n'
        + title_bar("Spieltisch", '<a href="/ratings" data-t="Leaderboard">Leaderboard</a>')
        + """<main>
<section id="create"><h2 data-t="New table">New table</h2>
<form id="create-form">
<label><span data-t="Game">Game</span> <select name="game" id="game"></select></label>
<label><span data-t="Players">Players</span> <select name="players" id="players"></select></label>
<fieldset id="seats"><legend data-t="Seats">Seats</legend></fieldset>
<details><summary data-t="Options">Options</summary><div id="options"></div></details>
<label id="rated-choice" hidden><input type="checkbox" id="rated">
<span data-t="Rated: the result changes the ratings">Rated: the result changes the ratings</span>
</label>
<button type="submit" id="create-button" data-t="Create table">Create table</button>
</form>
<div id="created" hidden></div>
<p id="error" class="error" role="alert"></p>
</section>
<section id="learn"><h2 data-t="Learn to play">Learn to play</h2>
<p data-t="A guided first game against bots, step by step.">
A guided first game against bots, step by step.</p>
<ul id="tutorials"></ul>
<p id="learn-error" class="error" role="alert"></p></section>
<section id="mine-section" hidden><h2 data-t="My games">My games</h2>
<div class="scroll-x"><table id="mine-tables"><thead><tr><th data-t="Game">Game</th>
<th data-t="Players">Players</th><th data-t="Status">Status</th><th></th></tr></thead>
<tbody></tbody></table></div>
<p id="mine-empty" data-t="No games yet.">No games yet.</p></section>
<section id="tables-section"><h2 data-t="Open tables">Open tables</h2>
<div class="scroll-x"><table id="open-tables"><thead><tr><th data-t="Game">Game</th>
<th data-t="Players">Players</th><th data-t="Moves">Moves</th><th></th></tr></thead>
<tbody></tbody></table></div>
<p id="open-empty" data-t="No table waits for players.">No table waits for players.</p>
<button type="button" id="open-more" data-t="More" hidden>More</button>
<p id="tables-error" class="error" role="alert"></p>
<h2 data-t="Running">Running</h2>
<div class="scroll-x"><table id="running-tables"><thead><tr><th data-t="Game">Game</th>
<th data-t="Players">Players</th><th data-t="Moves">Moves</th><th></th></tr></thead>
<tbody></tbody></table></div>
<p id="running-empty" data-t="No listed game is running.">No listed game is running.</p>
<button type="button" id="running-more" data-t="More" hidden>More</button></section>
</main>
"""
        + scripts("lobby.js")
    )


def account_page() -> str:
    """Sign in or create an account; signed in: change the password, sign out, delete."""
    return (
        _HEAD.format(title="Account · Spieltisch")
        + """<body class="account-page">
<header><h1 data-t="Account">Account</h1>
<nav><button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>
<a href="/" data-t="Lobby">Lobby</a></nav></header>
<main>
<div id="signed-out" hidden>
<section><h2 data-t="Sign in">Sign in</h2>
<form id="signin-form">
<label><span data-t="Player name">Player name</span>
<input name="name" autocomplete="username" required maxlength="20"></label>
<label><span data-t="Password">Password</span>
<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" data-t="Sign in">Sign in</button>
<p id="signin-error" class="error" role="alert"></p>
</form></section>
<section><h2 data-t="New account">New account</h2>
<p><span data-t="Guests can play by link without an account.">
Guests can play by link without an account.</span>
<span data-t="An account keeps your games and your rating.">
An account keeps your games and your rating.</span>
<span data-t="Only you can play a seat your account has taken.">
Only you can play a seat your account has taken.</span></p>
<form id="signup-form">
<label><span data-t="Player name">Player name</span>
<input name="name" autocomplete="username" required minlength="3" maxlength="20">
</label>
<label><span data-t="Password (at least 8 characters)">Password (at least 8 characters)</span>
<input name="password" type="password" autocomplete="new-password" required minlength="8">
</label>
<label><span data-t="Password again">Password again</span>
<input name="repeat" type="password" autocomplete="new-password" required minlength="8">
</label>
<button type="submit" data-t="Create account">Create account</button>
<p id="signup-error" class="error" role="alert"></p>
</form></section>
</div>
<div id="signed-in" hidden>
<section><h2><span data-t="Signed in as">Signed in as</span> <span id="who"></span></h2>
<button type="button" id="signout" data-t="Sign out">Sign out</button></section>
<section><h2 data-t="Change password">Change password</h2>
<form id="password-form">
<label><span data-t="Password now">Password now</span>
<input name="current" type="password" autocomplete="current-password" required></label>
<label><span data-t="New password">New password</span>
<input name="new" type="password" autocomplete="new-password" required minlength="8"></label>
<button type="submit" data-t="Change password">Change password</button>
<p id="password-error" class="error" role="alert"></p>
</form></section>
<section><h2 data-t="Delete account">Delete account</h2>
<p><span data-t="Your finished games stay, under “deleted player”.">
Your finished games stay, under “deleted player”.</span>
<span data-t="Your name becomes free.">Your name becomes free.</span></p>
<form id="delete-form">
<label><span data-t="Password">Password</span>
<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" class="danger" data-t="Delete my account">Delete my account</button>
<p id="delete-error" class="error" role="alert"></p>
</form></section>
</div>
</main>
"""
        + scripts("account.js")
    )


def title_bar(heading: str, link: str) -> str:
    """The title bar of the lobby's pages: the heading, the languages, ``link`` (to the
    lobby, the leaderboard) and the account with the signed-in name (``session.js``)."""
    return f"""<header><h1>{heading}</h1>
<nav><button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>
{link}
<a href="/account" id="account-link"><span data-t="Account">Account</span>
<span id="account-name"></span></a></nav></header>
"""


def _nav_page(body_class: str, title: str, heading: str, main: str, script: str) -> str:
    """A page of the lobby's family: its title bar (languages, lobby, account), ``main``,
    and its script."""
    return (
        _HEAD.format(title=f"{escape(title)} · Spieltisch")
        + f'<body class="{body_class}">\n'
        + title_bar(heading, '<a href="/" data-t="Lobby">Lobby</a>')
        + f"""<main>
{main}
</main>
"""
        + scripts(script)
    )


def ratings_page() -> str:
    """A game's leaderboard (the game chosen on the page)."""
    return _nav_page(
        "ratings-page",
        "Leaderboard",
        '<span data-t="Leaderboard">Leaderboard</span>',
        """<label><span data-t="Game">Game</span> <select id="ratings-game"></select></label>
<div class="scroll-x"><table id="leaderboard"><thead><tr><th>#</th>
<th data-t="Player">Player</th><th data-t="Rating">Rating</th><th>μ</th><th>σ</th>
<th data-t="Games">Games</th></tr></thead><tbody></tbody></table></div>
<p id="leaderboard-empty" data-t="Nobody has played this game rated yet." hidden>
Nobody has played this game rated yet.</p>
<p data-t="The rating is OpenSkill's μ − 3σ: the player is very likely at least this good.">
The rating is OpenSkill's μ − 3σ: the player is very likely at least this good.</p>""",
        "players.js",
    )


def player_page(name: str) -> str:
    """A player's ratings, rating history and finished games."""
    return _nav_page(
        "player-page",
        name,
        f'<span id="player-name">{escape(name)}</span>',
        """<p id="player-error" class="error" role="alert"></p>
<section><h2 data-t="Ratings">Ratings</h2>
<div class="scroll-x"><table id="player-ratings"><thead><tr><th data-t="Game">Game</th>
<th data-t="Rating">Rating</th><th>μ</th><th>σ</th><th data-t="Games">Games</th></tr></thead>
<tbody></tbody></table></div>
<p id="ratings-empty" data-t="No rated games yet." hidden>No rated games yet.</p></section>
<section><h2 data-t="Rating history">Rating history</h2>
<div id="history-chart"></div>
<div class="scroll-x"><table id="player-history"><thead><tr><th data-t="Game">Game</th>
<th data-t="Place">Place</th><th data-t="Rating">Rating</th></tr></thead><tbody></tbody>
</table></div></section>
<section><h2 data-t="Finished games">Finished games</h2>
<div class="scroll-x"><table id="player-games"><thead><tr><th data-t="Game">Game</th>
<th data-t="Players">Players</th><th data-t="Result">Result</th><th></th></tr></thead>
<tbody></tbody></table></div></section>""",
        "players.js",
    )


# the table page's title bar: status, the Rules button, sound, languages, the lobby
_TABLE_HEADER = """<header><h1 id="title">Spieltisch</h1>
<div id="status" aria-live="polite"></div>
<nav><button type="button" id="rules-button" data-t="Rules"
 aria-controls="rules-panel">Rules</button>
<button type="button" id="sound" data-t-label="Sound when it is your turn"
 aria-pressed="false">♪</button>
<button type="button" data-lang="en">English</button>
<button type="button" data-lang="de">Deutsch</button>
<a href="/" data-t="Lobby">Lobby</a></nav></header>
"""

# the board with its zoom tools and the prompt, and the popup of a place's moves
_BOARD_AREA = """<section id="board-area">
<div id="board-tools" role="toolbar">
<button type="button" id="zoom-out" data-t-label="Zoom out">−</button>
<button type="button" id="zoom-in" data-t-label="Zoom in">+</button>
<button type="button" id="zoom-one" data-t-label="1:1">1:1</button>
<button type="button" id="zoom-fit" data-t-label="Whole board">⤢</button>
<span id="prompt" aria-live="polite"></span>
</div>
<div id="board"></div>
<div id="popup" role="dialog" hidden></div>
</section>
"""

# the clock of a timed table: an hourglass and the time left
_HOURGLASS = """\
<div id="clock" hidden aria-live="off"><svg class="sand" viewBox="0 0 40 62" width="30" height="46"
 aria-hidden="true"><path d="M6 3h28M6 59h28M9 3c0 16 11 20 11 28S9 43 9 59M31 3c0 16-11 20-11
 28s11 12 11 28" fill="none" stroke="#5d4037" stroke-width="2.5"/><clipPath id="glass"><path
 d="M9 3c0 16 11 20 11 28S9 43 9 59h22c0-16-11-20-11-28s11-12 11-28z"/></clipPath><g
 clip-path="url(#glass)" fill="#e0a030"><rect class="sand-top" x="6" y="6" width="28"
 height="22"/><rect class="sand-bottom" x="6" y="56" width="28" height="0"/></g></svg>
<span class="sand-left"></span></div>
"""

# the side column: the guide, whose turn it is, the clock, the moves, the result, the
# players and the log
_SIDE = (
    """<aside>
<section id="coach" hidden aria-live="polite"></section>
<section id="turn"></section>
<p id="thinking" aria-live="polite" hidden></p>
<p id="watch-again" hidden><a href="/" data-t="Watch again">Watch again</a></p>
"""
    + _HOURGLASS
    + """<section id="choices"><h2 data-t="Your move">Your move</h2>
<div id="buttons"></div>
<div id="hint" hidden><button type="button" id="hint-button"
 data-t="Suggest a move">Suggest a move</button>
<p id="hint-text" aria-live="polite"></p></div>
<details id="all-moves" hidden><summary><span data-t="All moves">All moves</span>
(<span id="all-count"></span>)</summary><div id="all-list"></div></details></section>
<p id="error" class="error" role="alert"></p>
<p id="seat-access" hidden></p>
<div id="rematch" hidden></div>
<section id="result" hidden></section>
<section id="players"><h2 data-t="Players">Players</h2><ul id="seat-list"></ul></section>
<section id="log-section"><h2 data-t="Log">Log</h2><ol id="log"></ol></section>
</aside>
"""
)

# the table page's scripts, in the order they build on each other
_TABLE_SCRIPTS = (
    "rules.js",
    "board.js",
    "tutorial.js",
    "rematch.js",
    "result.js",
    "bots.js",
    "table.js",
)


def table_page(token: str) -> str:
    """A seat's (or a spectator's) table; the script connects with ``token``."""
    return (
        _HEAD.format(title="Spieltisch")
        + f'<body class="table" data-token="{escape(token, quote=True)}">\n'
        + _TABLE_HEADER
        + "<main>\n"
        + _BOARD_AREA
        + _SIDE
        + "</main>\n"
        + '<div id="tip" role="tooltip" hidden></div>\n'
        + _RULES_PANEL
        + scripts(*_TABLE_SCRIPTS)
    )
