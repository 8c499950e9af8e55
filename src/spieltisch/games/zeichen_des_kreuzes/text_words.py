"""The terminal's words (``text``), read from the game's catalog once per language: the
renderers run for every seat after every move."""

from __future__ import annotations

from functools import lru_cache

from ...engine.i18n import Catalog, lang_of
from .catalog import catalog


@lru_cache(maxsize=16)
def labels(lang: str) -> dict[str, str]:
    """The terminal's words in ``lang`` (``de``, else English), from the catalog."""
    return _labels(lang_of(lang))


@lru_cache(maxsize=4)
def _labels(lang: str) -> dict[str, str]:
    _ = catalog(lang)
    return {"lang": _.lang, **_table_words(_), **_fight_and_action_words(_)}


def _table_words(_: Catalog) -> dict[str, str]:
    """The header, the decision, the map, the cities, the units, the tower, the deck and the
    players."""
    return {
        "title": "Im Zeichen des Kreuzes",
        "you_are": _("you are [bold]{name}[/bold] ({knight})"),
        "spectator": _("spectator view"),
        "player": _("Player {n}"),
        "you": _("You"),
        "turn": _("Turn {n}"),
        "active": _("active: {name}"),
        "phase": _("phase: {p}"),
        "phase_card": _("cards"),
        "phase_city": _("city"),
        "phase_discard": _("discard and draw"),
        "phase_over": _("game over"),
        "decision": _("Decision"),
        "decides": _("{what} ({name})"),
        "d_cards": _("play cards or end the card phase"),
        "d_city": _("city action"),
        "d_discard": _("discard, then draw"),
        "d_second_step": _("second step"),
        "d_symbol": _("symbol move of a {unit}"),
        "unit_army": _.pgettext("symbol move", "Muslim army"),
        "unit_fleet": _.pgettext("symbol move", "fleet"),
        "unit_ship": _.pgettext("symbol move", "fleet"),
        "d_truce": _("Truce or fight"),
        "d_empty": _("empty the tower?"),
        "d_commit": _("commit troops"),
        "d_attack": _("attacker commits troops in secret"),
        "d_defend": _("commit the garrison"),
        "d_retreat": _("retreat"),
        "d_continue": _("continue the siege?"),
        "d_over": _("none"),
        "two_step": _("two-step card: {card}"),
        "map": _("Map"),
        "legend": _(
            "~ sea · . plain · ^ mountain · C red city · M green city · K Candia · J Jerusalem · "
            "lower case: plundered · F fleet · A Muslim army · 1-5 pawn of Player 1-5 · + several "
            "pawns"
        ),
        "cities": _("Cities"),
        "cities_legend": _("cell (x,y), tile value once plundered and by whom; ? face down"),
        "face_down": _("face-down tiles: red {red} · green {green}"),
        "units": _("Neutral units"),
        "removed": _("removed"),
        "tower": _("Tower"),
        "tower_empty": _("empty"),
        "garrison": _("Jerusalem garrison: {n}"),
        "sieges": _("sieges so far: {n}"),
        "deck": _("Deck"),
        "draw_pile": _("draw pile {n}"),
        "discard_top": _("discard {n}, top: {card}"),
        "discard_none": _("discard empty"),
        "exhaustions": _("exhaustions {n}/2"),
        "seats": _("Players"),
        "knight": _("knight"),
        "army": _("army {n}"),
        "supply": _("supply {n}"),
        "in_tower": _("tower {n}"),
        "treasure": _("treasure {n}"),
        "motivation": _("motivation"),
        "draws": _("draws {n}"),
        "markers": _("markers {n}"),
        "hand_size": _("hand {n}"),
        "tiles": _("tiles red {red} · green {green}"),
        "pawn": _("at {cell}"),
        "eligible": _("may besiege Jerusalem"),
        "hand": _("Your hand"),
        "empty": _("empty"),
        "none": _("none"),
    }


def _fight_and_action_words(_: Catalog) -> dict[str, str]:
    """The hand, the fight, the end of the game, terrains and the action menu."""
    return {
        "fight": _.pgettext("heading", "Fight"),
        "f_unit_fleet": _("a fleet"),
        "f_unit_army": _("a Muslim army"),
        "f_plunder_muslim": _("the defenders of a Muslim city"),
        "f_plunder_christian": _("the defenders of a Christian city"),
        "f_ambush": _("an ambush"),
        "f_jerusalem_round": _("the garrison of Jerusalem"),
        "fight_line": _("{fighter} against {foe} on {cell} ({terrain})"),
        "enemy": _("enemy cubes {n}"),
        "lance": _("Holy Lance {card}"),
        "round": _("siege no. {s}, round {r}, garrison commanded by {d}"),
        "if_lost": _("if lost, the Pope pays {n} treasure"),
        "committed": _("attacker committed: {yes}"),
        "yes": _("yes"),
        "no": _("no"),
        "my_commitment": _("your commitment: {n}"),
        "over": _("Game over ({reason})."),
        "reason_jerusalem": _("Jerusalem has fallen"),
        "reason_deck": _("the deck ran out twice"),
        "reason_turn_limit": _("turn limit"),
        "no_winner": _("No winner."),
        "t_sea": _.pgettext("terrain", "sea"),
        "t_plain": _.pgettext("terrain", "plain"),
        "t_mountain": _.pgettext("terrain", "mountain"),
        "act_move": _("Move with {card}:"),
        "act_event": _("Play {card}:"),
        "act_step": _("Second step:"),
        "act_move_unit": _("Move {unit}:"),
        "act_retreat": _("Retreat to:"),
        "act_commit": _("Commit troops:"),
        "act_commit_lance": _("Commit troops with the Holy Lance {card}:"),
        "act_defend": _("Commit the garrison:"),
        "act_recruit": _("Recruit (treasure → troops):"),
        "act_discard": _("Discard:"),
        "act_end_cards": _("end the card phase"),
        "act_stop_steps": _("forgo the second step"),
        "act_no_unit_move": _("do not move a neutral unit"),
        "act_truce": _("play Truce {card}"),
        "act_fight": _("fight"),
        "act_empty_tower": _("empty the tower with a purple marker"),
        "act_empty_tower_card": _("empty the tower with Tower shaking {card}"),
        "act_keep_tower": _("do not empty the tower"),
        "act_pray": _("pray (motivation +2)"),
        "act_plunder": _("plunder the city"),
        "act_siege": _("besiege Jerusalem"),
        "act_pass": _("no city action"),
        "act_continue_siege": _("another round of the siege"),
        "act_stop_siege": _("end the siege"),
        "act_end_discard": _("end discarding and draw"),
        "against": _("against {name}"),
        "no_step": _("(no step)"),
    }
