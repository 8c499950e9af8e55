"""The words of Im Zeichen des Kreuzes' board picture (``svg.py``), from the game's
catalogs: headings, tips of the map's pieces and panels, and the short captions of the
moves made with buttons (the full sentences are the game's ``action_label``). Words that
count something are ``counted`` (one or many)."""

from __future__ import annotations

from functools import lru_cache

from ...engine.i18n import Catalog, lang_of
from .catalog import catalog


@lru_cache(maxsize=16)
def words(lang: str) -> dict[str, str]:
    """The picture's words in ``lang`` (``de``, else English)."""
    return _words(lang_of(lang))


def counted(lang: str, key: str, n: int) -> str:
    """The words of ``key`` for a count of ``n`` (``{n}`` left to fill)."""
    _ = catalog(lang)
    if key == "deck_tip":
        return _.ngettext(
            "Draw pile: {n} card. When it runs out the first time the discards are shuffled "
            "into a new pile; the second time the game ends ({e}/2 so far).",
            "Draw pile: {n} cards. When it runs out the first time the discards are shuffled "
            "into a new pile; the second time the game ends ({e}/2 so far).",
            n,
        )
    if key == "discard_tip":
        return _.ngettext(
            "Discard pile: {n} card, face up; it is shown.",
            "Discard pile: {n} cards, face up; the top one is shown.",
            n,
        )
    if key == "amount_tip_commit":
        return _.ngettext("Commit {n} troop", "Commit {n} troops", n)
    if key == "amount_tip_defend":
        return _.ngettext("Defend with {n} green cube", "Defend with {n} green cubes", n)
    if key == "marker_tip":
        return _.ngettext(
            "{name}: motivation {m}, draws {d} card", "{name}: motivation {m}, draws {d} cards", n
        )
    if key == "winners":
        return _.ngettext("winner {names}", "winners {names}", n)
    return words(lang)[key]


@lru_cache(maxsize=4)
def _words(lang: str) -> dict[str, str]:
    """One table per language, read from the catalog once (the picture is drawn for every
    seat after every move)."""
    _ = catalog(lang)
    return {**_table_words(_), **_road_words(_), **_tip_and_button_words(_)}


def _table_words(_: Catalog) -> dict[str, str]:
    """The header, the legend and the players' table."""
    return {
        "title": "Im Zeichen des Kreuzes",
        "turn": _("Turn {n}"),
        "hand": _("Your hand ({n} of 5)"),
        "to_act": _("{name} to act"),
        "decision": _("{phase}: {what}"),
        "decider": _("{what} ({name})"),
        "over": _("Game over: {reason}"),
        "no_winner": _("no winner"),
        "spectator": _("spectator"),
        "phase_card": _("Card phase"),
        "phase_city": _("City phase"),
        "phase_discard": _("Discard phase"),
        "legend_red": _("Christian city (red tile)"),
        "legend_green": _("Muslim city (green tile)"),
        "legend_jerusalem": _("Jerusalem"),
        "legend_fleet": _("fleet"),
        "legend_army": _.pgettext("legend", "Muslim army"),
        "legend_knight": _("knight"),
        "hand_hint": _("Pick a card, then one of its lit cells."),
        "discard_hint": _("Pick a card to discard it."),
        "deck": _("Draw pile"),
        "discard": _("Discard pile"),
        "discard_empty": _("empty"),
        "tower": _("Tower"),
        "tower_tip": _(
            "The cube tower: cubes thrown in may stay inside and fall out in a later throw. Inside"
            " now: {cubes}. Every cube that falls out counts in the fight."
        ),
        "cubes_tip": _("{colour} cubes in the tower: {n}"),
        "green": _("green"),
        "jerusalem": _("Jerusalem"),
        "garrison": _("garrison {n}"),
        "garrison_tip": _(
            "Jerusalem's garrison: {n} green cubes. A siege round won when it is 0 takes the city "
            "and wins the game."
        ),
        "sieges": _("sieges so far: {n}"),
        "papal_next": _("next siege, if lost: the Pope pays {n}"),
        "papal_paid": _("the Pope pays {n} on declaring the next siege"),
        "papal_none": _("no papal reward from the 4th siege on"),
        "fight": _.pgettext("heading", "Fight"),
        "fight_line": _("{fighter} against {foe}"),
        "fight_where": _("on {place} ({terrain}) · enemy cubes {n}"),
        "lance": _("Holy Lance played: +1"),
        "round": _("siege no. {s}, round {r}, garrison commanded by {d}"),
        "if_lost": _("if lost, the Pope pays {n} treasure"),
        "committed": _("attacker committed: {yes}"),
        "my_commitment": _("your commitment: {n}"),
        "yes": _("yes"),
        "no": _("no"),
        "amount_commit": _("Commit troops: pick how many"),
        "amount_attack": _("Commit troops in secret (5 or more)"),
        "amount_lance": _("With the Holy Lance: pick the lance card first, then the number"),
        "amount_defend": _("Commit the garrison: how many green cubes"),
        "amount_recruit": _("Recruit: how much treasure to pay (1 treasure = 2 troops)"),
        "amount_tip_recruit": _("Pay {n} treasure for {t} troops"),
        "motivation": _(
            "Motivation (draws per turn: 0-1 → 1 card, 2-3 → 2, 4+ → 3; a siege needs 6+)"
        ),
        "motivation_tip": _(
            "Motivation 0-20. Draws per turn: 1 card below 2, 2 cards below 4, else 3; besieging "
            "Jerusalem needs 6 or more."
        ),
        "seats": _("Knights"),
        "col_knight": _("knight"),
        "col_army": _("army"),
        "col_supply": _("supply"),
        "col_tower": _("tower"),
        "col_treasure": _("treasure"),
        "col_markers": _("markers"),
        "col_hand": _("hand"),
        "col_red": _("red tiles"),
        "col_green": _("green tiles"),
    }


def _road_words(_: Catalog) -> dict[str, str]:
    """The units' panel, the road to victory and the ranking."""
    return {
        "units": _("Neutral units"),
        "removed": _("removed"),
        "at": _("at {place}"),
        "progress": _("Toward victory"),
        "win_rule": _(
            "Jerusalem falls when a siege round is won with its garrison at 0: that knight wins at"
            " once."
        ),
        "siege_rule": _(
            "A siege needs {r} green tiles (Muslim cities), motivation {m}+ and army {a}+, on "
            "Jerusalem."
        ),
        "seat_progress": _("green tiles {g}/{r} · motivation {m} ({mm}+) · army {a} ({aa}+)"),
        "deck_rule": _("The game also ends when the deck runs out twice ({e}/2 so far):"),
        "no_winner_rule": _("then nobody wins."),
        "cities_rule": _("then the most green tiles win; ties: army, then treasure."),
        "ranking": _("{n}. {name}: green tiles {g} · army {a} · treasure {t}"),
    }


def _tip_and_button_words(_: Catalog) -> dict[str, str]:
    """The cities' and pieces' tips and the buttons."""
    return {
        "city_red": _("Christian city"),
        "city_crete": _("Candia (Crete)"),
        "city_green": _("Muslim city"),
        "jerusalem_kind": _("the Holy City"),
        "opt_red": _("Options: pray, recruit, plunder (2 green cubes defend)."),
        "opt_crete": _("Options: pray, recruit; never plundered."),
        "opt_green": _(
            "Options: plunder (3 green cubes defend); the green tile counts toward a siege."
        ),
        "opt_jerusalem": _("Option: a siege, with {r} green tiles, motivation 6+ and army 5+."),
        "opt_closed": _("Plundered: no options left."),
        "tile_down": _("Its tile lies face down."),
        "tile_held": _("Plundered by {name}: tile worth {v}."),
        "cell_tip": _("({x},{y}) {terrain}"),
        "unit_tip": _(
            "{name} at {place}: 3 green cubes fight whoever meets it; beaten on its start cell it "
            "leaves the game, else it returns there."
        ),
        "knight_tip": _(
            "{name}: {knight} · army {a} · motivation {m} · treasure {t} · green tiles {g}"
        ),
        "here": _("Move here: {place}"),
        "you_here": _("you"),
        "b_end_cards": _("End the card phase"),
        "b_stop_steps": _("No second step"),
        "b_no_unit_move": _("Move no unit"),
        "b_truce": _("Play Truce ({code})"),
        "b_fight": _.pgettext("button", "Fight"),
        "b_empty_tower": _("Empty the tower (marker, {n} left)"),
        "b_empty_tower_card": _("Empty with Tower shaking ({code})"),
        "b_keep_tower": _("Keep the tower"),
        "b_pray": _("Pray (motivation +2)"),
        "b_plunder": _("Plunder {city}"),
        "b_siege": _("Besiege Jerusalem"),
        "b_pass": _("No city action"),
        "b_continue_siege": _("Another siege round"),
        "b_stop_siege": _("End the siege"),
        "b_discard": _("Discard this card"),
        "b_end_discard": _.pgettext("short button", "End discarding and draw"),
        "b_play": _("Play this card"),
        "b_against": _("Ambush {name}"),
        "b_commit": _("Commit {n}"),
        "b_defend": _("Defend with {n}"),
        "b_recruit": _("Recruit for {n}"),
    }
