"""Rules at hand: each game's player summary, its options in words and the text of every
rule id, in the reader's language, for the Rules panel of the table page, the rules page
and the lobby (``GET /api/rules/...``, ``GET /rules/<game>``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from ..engine.errors import SpieltischError
from ..engine.game import Game
from ..engine.i18n import lang_of, translator
from ..engine.options import Option
from ..engine.registry import game as lookup_game
from ..engine.rulebook import RULE_ID, rulebook
from . import pages
from .markdown import inline, to_html
from .wire import TableError


def _game(game_id: str) -> Game:
    try:
        return lookup_game(game_id)
    except SpieltischError as exc:
        raise TableError(str(exc), 404) from None


def _plain(value: Any) -> Any:
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def option_info(game: Game, option: Option, lang: str) -> dict[str, Any]:
    """One option for players: its name, what it does, its values in words, its source."""
    _ = translator(game.package, lang).gettext
    return {
        "name": option.name,
        "label": _(option.label) if option.label else option.name,
        "summary": _(option.summary) if option.summary else option.doc,
        "doc": option.doc,
        "source": option.source or None,
        "default": _plain(option.default),
        "choices": None if option.choices is None else [_plain(c) for c in option.choices],
        "values": option.describe_values(),
        "value_labels": [
            {"value": _plain(value), "label": _(words)} for value, words in option.value_labels
        ],
        "presets": [_plain(p) for p in option.presets],
    }


def options_info(game: Game, lang: str) -> list[dict[str, Any]]:
    return [option_info(game, o, lang) for o in game.options]


@cache
def summary_html(game_id: str, lang: str) -> str:
    """The game's player summary (``rules.<lang>.md``, English ``rules.md``) as HTML."""
    game = lookup_game(game_id)
    files = resources.files(game.package)
    name = "rules.de.md" if lang == "de" and files.joinpath("rules.de.md").is_file() else "rules.md"
    return to_html(files.joinpath(name).read_text("utf-8"), heading_base=1)


@cache
def rule_index(game_id: str, lang: str) -> list[dict[str, Any]]:
    """Every rule id of the game by section of its rulebook, for the panel's index."""
    book = rulebook(lookup_game(game_id).package, lang)
    sections: list[dict[str, Any]] = []
    for rule in book.rules.values():
        if not sections or sections[-1]["section"] != rule.section:
            sections.append({"section": rule.section, "rules": []})
        sections[-1]["rules"].append(rule.id)
    return sections


def rule_text(game_id: str, rule_id: str, lang: str) -> dict[str, Any]:
    game = _game(game_id)
    if not RULE_ID.fullmatch(rule_id):
        raise TableError(f"{rule_id!r} is not a rule id (rule ids look like KC-R15)", 400)
    rule = rulebook(game.package, lang).get(rule_id)
    if rule is None:
        raise TableError(f"{game.name} has no rule {rule_id}", 404)
    return {
        "game": game.id,
        "id": rule.id,
        "section": inline(rule.section),
        "html": to_html(rule.text),
    }


def router(errors: Callable[..., dict[int | str, dict[str, Any]]]) -> APIRouter:
    """The routes; ``errors(*statuses)`` documents their refusals (``app._errors``)."""
    api = APIRouter()

    @api.get(
        "/api/rules/{game_id}",
        summary="A game's rules summary, options and rule index",
        responses=errors(404),
    )
    async def api_rules(game_id: str, lang: str = "en") -> dict[str, Any]:
        game = _game(game_id)
        lang = lang_of(lang)
        return {
            "game": game.id,
            "name": game.name,
            "summary": summary_html(game.id, lang),
            "options": options_info(game, lang),
            "index": rule_index(game.id, lang),
        }

    @api.get(
        "/api/rules/{game_id}/rule/{rule_id}",
        summary="The text of one rule",
        responses=errors(404),
    )
    async def api_rule(game_id: str, rule_id: str, lang: str = "en") -> dict[str, Any]:
        return rule_text(game_id, rule_id, lang_of(lang))

    @api.get("/rules/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def rules_page(game_id: str) -> str:
        game = _game(game_id)
        return pages.rules_page(game.id, game.name)

    return api
