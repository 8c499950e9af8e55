"""The words of Medina's board picture in English and German: status lines, captions of the
supply tray and the moves, and the tips (``data-tip``) of every square and piece.

Only the picture uses these; the terminal has its own (``text.py``)."""

from __future__ import annotations

from typing import Any

from ...engine.picture import lang_of, seat_name

COLOUR_NAMES = {
    "en": {
        "grey": "grey",
        "black": "black",
        "purple": "purple",
        "brown": "brown",
        "orange": "orange",
    },
    "de": {
        "grey": "grau",
        "black": "schwarz",
        "purple": "lila",
        "brown": "braun",
        "orange": "orange",
    },
}
SIDE_NAMES = {
    "en": {"top": "top", "bottom": "bottom", "left": "left", "right": "right"},
    "de": {"top": "oben", "bottom": "unten", "left": "links", "right": "rechts"},
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Medina",
        "edition": "edition {n}, {p} players",
        "spectator": "spectator view",
        "to_start": "{name} places the start merchant",
        "to_place": "{name} to place: piece {k} of {q}",
        "over": "Game over",
        "winners": "Game over. Winner: {names}",
        "tray": "Your supply: pick a piece, then a lit square",
        "tray_wait": "Your supply ({name} is placing)",
        "tray_over": "Your supply (left over)",
        "item_roof": "roof",
        "item_neutral_roof": "neutral",
        "item_stable": "stable",
        "item_merchant": "merchant",
        "item_wall": "wall",
        "item_tea": "tea",
        "item_start_merchant": "start",
        "tip_building_item": "{colour} buildings: {n} in your supply (palace tile of {colour}: "
        "{value}). A building joins the unfinished {colour} palace, or founds a new one "
        "with a free square all round.",
        "tip_retired_item": "{colour} has retired: every player owns a palace of it, the "
        "remaining {colour} buildings left the game.",
        "tip_roof_item": "Roofs: {n} left. A roof claims an unroofed palace of a colour you do "
        "not own yet.",
        "tip_neutral_roof_item": "Neutral roofs: {n} left. A neutral roof closes a palace for "
        "nobody.",
        "tip_stable_item": "Stables: {n} left. A stable goes next to a building and enlarges "
        "its palace.",
        "tip_merchant_item": "Merchants: {n} left. A merchant extends the merchant line at one "
        "of its ends.",
        "tip_wall_item": "Walls: {n} left. A wall grows a tower's chain along the edge.",
        "tip_tea_item": "Tea tiles: {n}. Discard one instead of your second piece.",
        "tip_start_item": "The start merchant: place it on an inner square; the merchant line "
        "starts there.",
        "playable": " Pick it, then click a lit square.",
        "square": "Square ({x},{y})",
        "ring_square": "Wall square ({x},{y}), side: {side}",
        "bonus": "Bonus square ({x},{y}): a building or stable here scores +{n} for its palace",
        "zone": "Square ({x},{y}) by the well: no building or stable here",
        "well": "The well ({x},{y}): no building or stable on the 8 squares around it; the "
        "marked bonus squares score +{n}",
        "palace": "Palace #{id} ({colour}), size {size}",
        "owner": "owned by {name}",
        "neutral_owner": "neutral roof (nobody)",
        "neutral_short": "neutral roof",
        "unclaimed": "no roof yet",
        "incomplete": "unfinished: {colour} buildings must join it",
        "closed": "closed: it cannot grow",
        "points": "{total} ({parts})",
        "parts_well": "well +{n}",
        "holds_palace_tile": "holds the {colour} palace tile ({n})",
        "holds_tower_tile": "holds tower tile {n}",
        "building": "Building at ({x},{y})",
        "stable": "Stable at ({x},{y})",
        "merchant": "Merchant at ({x},{y})",
        "line_end": "an end of the merchant line: a new merchant goes next to an end",
        "wall": "Wall at ({x},{y}): chain of tower {tower}, side {side}, {n}",
        "tower": "Tower {n}: its tile is worth {pts}",
        "tower_held": "held by palace #{id} {owner}",
        "tower_free": "not held yet: the first roofed palace touching a wall of its chains "
        "takes it",
        "tower_merchants": "{n} on its tile for the first holder",
        "palace_tiles": "Palace tiles",
        "tower_tiles": "Tower tiles",
        "tile_palace": "Palace tile {colour}: {n} for the owner of the largest roofed "
        "{colour} palace",
        "tile_holder": "held by palace #{id} {owner}",
        "of_seat": "of {name}",
        "of_neutral": "with a neutral roof",
        "tile_free": "not held yet",
        "nobody": "nobody",
        "points_short": "{n} pts",
        "merchants_short": "{n} merch.",
        "tower_short": "Tower {n}",
        "standings": "Players",
        "col_roofs": "Roofs",
        "col_neutral": "Neutral",
        "col_stables": "Stables",
        "col_merchants": "Merchants",
        "col_walls": "Walls",
        "col_tea": "Tea",
        "col_palaces": "Palaces",
        "col_tiles": "Tiles",
        "col_score": "Score",
        "hidden_note": "? = behind the player's screen",
        "scores": "Scores",
        "score_line": "{name}: {parts} = {total}",
        "score_rule": "A roofed palace scores its pieces and the walls and merchants touching "
        "it{well}; tiles score their value.",
        "score_rule_well": ", +4 per bonus square",
        "score_palace": "#{id} {colour} {points}",
        "score_tiles": "tiles {n}",
        "no_palace": "no palace",
        "tea_pool": "Tea pool: {n}",
        "tip_tea_pool": "Tea pool: {n} tiles. Roofs on purple palaces take tea (3, 2, 1).",
        "retired": "Retired colours: {names}",
        "legend": "Legend",
        "lg_building": "building (dots = tile value)",
        "lg_roof": "roof: owner's mark, palace no.",
        "lg_stable": "stable",
        "lg_merchant": "merchant",
        "lg_end": "line end",
        "lg_wall": "wall (tower no.)",
        "lg_tower": "tower",
        "lg_well": "well",
        "lg_bonus": "bonus square",
        "btn_new": "{colour}: new palace",
        "btn_join": "{colour}: palace #{id}",
        "btn_roof": "Roof palace #{id}",
        "btn_neutral_roof": "Neutral roof #{id}",
        "btn_stable": "Stable for #{id}",
        "btn_merchant": "Merchant at ({x},{y})",
        "btn_wall": "Wall of tower {tower}",
        "btn_start": "Start merchant ({x},{y})",
        "btn_tea": "Discard a tea tile",
        "btn_at": "at ({x},{y})",
    },
    "de": {
        "title": "Medina",
        "edition": "{n}. Edition, {p} Spieler",
        "spectator": "Zuschauersicht",
        "to_start": "{name} setzt den Startkaufmann",
        "to_place": "{name} setzt: Teil {k} von {q}",
        "over": "Spielende",
        "winners": "Spielende. Sieger: {names}",
        "tray": "Dein Vorrat: wähle ein Teil, dann ein helles Feld",
        "tray_wait": "Dein Vorrat ({name} setzt gerade)",
        "tray_over": "Dein Vorrat (übrig)",
        "item_roof": "Dach",
        "item_neutral_roof": "neutral",
        "item_stable": "Stall",
        "item_merchant": "Kaufmann",
        "item_wall": "Mauer",
        "item_tea": "Tee",
        "item_start_merchant": "Start",
        "tip_building_item": "Gebäude {colour}: {n} in deinem Vorrat (Palastkarte {colour}: "
        "{value}). Ein Gebäude schließt an den unfertigen Palast ({colour}) an oder "
        "gründet einen neuen mit freiem Feld ringsum.",
        "tip_retired_item": "{colour} ist ausgeschieden: jeder besitzt einen Palast ({colour}), "
        "die übrigen Gebäude dieser Farbe sind aus dem Spiel.",
        "tip_roof_item": "Dächer: noch {n}. Ein Dach nimmt einen Palast ohne Dach in Besitz, "
        "in einer Farbe, die du noch nicht besitzt.",
        "tip_neutral_roof_item": "Neutrale Dächer: noch {n}. Ein neutrales Dach schließt einen "
        "Palast für niemanden ab.",
        "tip_stable_item": "Ställe: noch {n}. Ein Stall kommt neben ein Gebäude und vergrößert "
        "dessen Palast.",
        "tip_merchant_item": "Kaufleute: noch {n}. Ein Kaufmann verlängert die Kaufmannskette "
        "an einem ihrer Enden.",
        "tip_wall_item": "Mauern: noch {n}. Eine Mauer verlängert die Kette eines Turms am Rand.",
        "tip_tea_item": "Teeplättchen: {n}. Wirf eines ab statt deines zweiten Teils.",
        "tip_start_item": "Der Startkaufmann: setze ihn auf ein inneres Feld; dort beginnt die "
        "Kaufmannskette.",
        "playable": " Wähle es, dann klicke ein helles Feld.",
        "square": "Feld ({x},{y})",
        "ring_square": "Mauerfeld ({x},{y}), Seite: {side}",
        "bonus": "Bonusfeld ({x},{y}): ein Gebäude oder Stall hier bringt seinem Palast +{n}",
        "zone": "Feld ({x},{y}) am Brunnen: hier kein Gebäude und kein Stall",
        "well": "Der Brunnen ({x},{y}): kein Gebäude und kein Stall auf den 8 Feldern ringsum; "
        "die markierten Bonusfelder bringen +{n}",
        "palace": "Palast #{id} ({colour}), Größe {size}",
        "owner": "gehört {name}",
        "neutral_owner": "neutrales Dach (niemand)",
        "neutral_short": "neutral",
        "unclaimed": "noch ohne Dach",
        "incomplete": "unfertig: Gebäude ({colour}) müssen hier anschließen",
        "closed": "abgeschlossen: er kann nicht mehr wachsen",
        "points": "{total} ({parts})",
        "parts_well": "Brunnen +{n}",
        "holds_palace_tile": "hat die Palastkarte {colour} ({n})",
        "holds_tower_tile": "hat die Turmkarte {n}",
        "building": "Gebäude auf ({x},{y})",
        "stable": "Stall auf ({x},{y})",
        "merchant": "Kaufmann auf ({x},{y})",
        "line_end": "ein Ende der Kaufmannskette: ein neuer Kaufmann kommt neben ein Ende",
        "wall": "Mauer auf ({x},{y}): Kette von Turm {tower}, Seite {side}, {n}",
        "tower": "Turm {n}: seine Karte ist {pts} wert",
        "tower_held": "gehalten von Palast #{id} {owner}",
        "tower_free": "noch frei: der erste Palast mit Dach an einer Mauer seiner Ketten "
        "bekommt ihn",
        "tower_merchants": "{n} auf seiner Karte für den ersten Halter",
        "palace_tiles": "Palastkarten",
        "tower_tiles": "Turmkarten",
        "tile_palace": "Palastkarte {colour}: {n} für den Besitzer des größten "
        "Palasts ({colour}) mit Dach",
        "tile_holder": "bei Palast #{id} {owner}",
        "of_seat": "von {name}",
        "of_neutral": "mit neutralem Dach",
        "tile_free": "noch frei",
        "nobody": "niemand",
        "points_short": "{n} P.",
        "merchants_short": "{n} Kaufl.",
        "tower_short": "Turm {n}",
        "standings": "Spieler",
        "col_roofs": "Dächer",
        "col_neutral": "Neutral",
        "col_stables": "Ställe",
        "col_merchants": "Kaufleute",
        "col_walls": "Mauern",
        "col_tea": "Tee",
        "col_palaces": "Paläste",
        "col_tiles": "Karten",
        "col_score": "Punkte",
        "hidden_note": "? = hinter dem Sichtschirm",
        "scores": "Punkte",
        "score_line": "{name}: {parts} = {total}",
        "score_rule": "Ein Palast mit Dach zählt seine Teile und die Mauern und Kaufleute an "
        "ihm{well}; Karten zählen ihren Wert.",
        "score_rule_well": ", +4 je Bonusfeld",
        "score_palace": "#{id} {colour} {points}",
        "score_tiles": "Karten {n}",
        "no_palace": "kein Palast",
        "tea_pool": "Teevorrat: {n}",
        "tip_tea_pool": "Teevorrat: {n} Plättchen. Dächer auf lila Palästen bringen Tee (3, 2, 1).",
        "retired": "Ausgeschiedene Farben: {names}",
        "legend": "Legende",
        "lg_building": "Gebäude (Punkte = Kartenwert)",
        "lg_roof": "Dach: Zeichen des Besitzers, Palast-Nr.",
        "lg_stable": "Stall",
        "lg_merchant": "Kaufmann",
        "lg_end": "Kettenende",
        "lg_wall": "Mauer (Turm-Nr.)",
        "lg_tower": "Turm",
        "lg_well": "Brunnen",
        "lg_bonus": "Bonusfeld",
        "btn_new": "{colour}: neuer Palast",
        "btn_join": "{colour}: Palast #{id}",
        "btn_roof": "Dach auf Palast #{id}",
        "btn_neutral_roof": "Neutrales Dach #{id}",
        "btn_stable": "Stall an #{id}",
        "btn_merchant": "Kaufmann auf ({x},{y})",
        "btn_wall": "Mauer von Turm {tower}",
        "btn_start": "Startkaufmann ({x},{y})",
        "btn_tea": "Teeplättchen abwerfen",
        "btn_at": "auf ({x},{y})",
    },
}


NOUNS = {
    "en": {
        "point": ("point", "points"),
        "piece": ("piece", "pieces"),
        "wall": ("wall", "walls"),
        "merchant": ("merchant", "merchants"),
    },
    "de": {
        "point": ("Punkt", "Punkte"),
        "piece": ("Teil", "Teile"),
        "wall": ("Mauer", "Mauern"),
        "merchant": ("Kaufmann", "Kaufleute"),
    },
}


def count(n: int, noun: str, lang: str) -> str:
    """``1 point``, ``2 points`` (``1 Punkt``, ``2 Punkte``)."""
    one, many = NOUNS[lang_of(lang)][noun]
    return f"{n} {one if n == 1 else many}"


def words(lang: str) -> dict[str, str]:
    return WORDS[lang_of(lang)]


def colour_name(colour: str, lang: str) -> str:
    return COLOUR_NAMES[lang_of(lang)].get(colour, colour)


def side_name(side: str, lang: str) -> str:
    return SIDE_NAMES[lang_of(lang)].get(side, side)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def owner_name(owner: Any, lang: str, viewer: int | None) -> str:
    """A palace owner as the picture names it: a seat's name, neutral, or nobody."""
    w = words(lang)
    if owner == "neutral":
        return w["neutral_owner"]
    if isinstance(owner, int):
        return seat_name(owner, lang, viewer)
    return w["nobody"]


def holder_text(palace: Any, owner: Any, lang: str, viewer: int | None, key: str) -> str:
    """``held by palace #6 of Player 1 (you)`` (``key`` names the sentence: a tile's or a
    tower's holder)."""
    w = words(lang)
    if isinstance(owner, int):
        whose = w["of_seat"].format(name=seat_name(owner, lang, viewer))
    else:
        whose = w["of_neutral"] if owner == "neutral" else ""
    return w[key].format(id=palace, owner=whose).rstrip()


def points_text(points: dict[str, Any], lang: str) -> str:
    """A palace's points as ``7 points (4 pieces, 2 walls, 1 merchant)`` (MD-R60)."""
    w = words(lang)
    parts = [count(int(points["components"]), "piece", lang)]
    if points.get("walls"):
        parts.append(count(int(points["walls"]), "wall", lang))
    if points.get("merchants"):
        parts.append(count(int(points["merchants"]), "merchant", lang))
    if points.get("well"):
        parts.append(w["parts_well"].format(n=points["well"]))
    return w["points"].format(
        total=count(int(points["total"]), "point", lang), parts=", ".join(parts)
    )
