"""Log events as plain-language sentences (one per event, seat-aware); German ones come
from ``describe_de``."""

from __future__ import annotations

from typing import Any

from .components import EVENT_NAMES, shown_components
from .describe_de import describe_event_de
from .names import card_text, place, seat_name
from .text import card_of

JSON = dict[str, Any]

FIGHT_NAMES = {
    "unit_fleet": "a fleet",
    "unit_army": "a Muslim army",
    "plunder_muslim": "the defenders of a Muslim city",
    "plunder_christian": "the defenders of a Christian city",
    "ambush": "an ambush",
    "jerusalem_round": "the garrison of Jerusalem",
}


def _name(seat: Any, viewer: int | None) -> str:
    """``you`` for the reader, else ``Player 3`` for seat 2 (one naming everywhere)."""
    return seat_name(seat, viewer, "en")


def _who(seat: Any, viewer: int | None) -> str:
    return _name(seat, viewer).capitalize() if seat == viewer else _name(seat, viewer)


def _does(seat: Any, viewer: int | None, verb: str, capital: bool = True) -> str:
    """Subject and verb that agree: "You win", "Player 3 wins"."""
    if seat == viewer and viewer is not None:
        return f"{'You' if capital else 'you'} {verb}"
    return f"{_name(seat, viewer)} {verb}s"


def _seats(seats: list[Any], viewer: int | None) -> str:
    """ "you, Player 2 and Player 4" """
    names = [_name(s, viewer) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cell(xy: Any) -> str:
    """A cell as players name it: the city there (``Constantinople``), else ``(x,y)``."""
    return place(xy, "en")


def _cubes(counts: Any, viewer: int | None) -> str:
    """Cubes by colour: ``3 green, 2 yours, 1 of Player 2``."""
    if not counts:
        return "nothing"
    parts = []
    for colour, n in sorted(counts.items()):
        if colour == "G":
            parts.append(f"{n} green")
        elif colour[1:].isdigit() and int(colour[1:]) == viewer:
            parts.append(f"{n} yours")
        elif colour[1:].isdigit():
            parts.append(f"{n} of {_name(int(colour[1:]), None)}")
        else:
            parts.append(f"{n} {colour}")
    return ", ".join(parts)


def _card(event: JSON) -> str:
    """``Plain + army (ZK002)``: the card as players call it, and its code."""
    code = event.get("card")
    if not isinstance(code, str):
        return "a card"
    return code if card_of(code) is None else card_text(code, "en")


def _unit(index: Any) -> str:
    units = shown_components().units
    if isinstance(index, int) and 0 <= index < len(units):
        return units[index].name or units[index].id
    return "a neutral unit"


def _city(index: Any) -> str:
    cities = shown_components().board.cities
    if isinstance(index, int) and 0 <= index < len(cities):
        return cities[index].name
    return "a city"


def describe_event(event: JSON, seat: int | None, lang: str = "en") -> str:
    """``event`` as ``seat`` reads it, in German for ``lang == "de"``, else in English."""
    if lang == "de":
        german = describe_event_de(event, seat)
        if german is not None:
            return german
    kind = event.get("kind")
    who = _who(event.get("seat"), seat)
    if kind == "setup":
        aside = event.get("set_aside") or []
        knights = ", ".join(event.get("knights", []))
        text = f"Knights: {knights}; {_does(event.get('start_player'), seat, 'start', False)}."
        if aside:
            cards = (
                "1 immediate card was" if len(aside) == 1 else f"{len(aside)} immediate cards were"
            )
            text += f" {cards} set aside at the deal and shuffled back."
        return text
    if kind == "turn":
        active = "you are" if event.get("seat") == seat else f"{_name(event.get('seat'), seat)} is"
        return f"Turn {event.get('turn')}: {active} active."
    if kind == "move":
        return f"{who} played {_card(event)} and stepped to {_cell(event.get('to'))}."
    if kind == "event":
        name = EVENT_NAMES.get(str(event.get("event")), "an event")
        extra = ""
        if "to" in event:
            extra = f", stepping to {_cell(event['to'])}"
        if "target" in event:
            extra = f" against {_name(event['target'], seat)}"
        return f"{who} played {name}{extra}."
    if kind == "step":
        return f"{who} took a second step to {_cell(event.get('to'))}."
    if kind == "move_unit":
        return f"{who} moved {_unit(event.get('unit'))} to {_cell(event.get('to'))}."
    if kind == "fight":
        foe = FIGHT_NAMES.get(str(event.get("type")), "an enemy")
        fighter = _does(event.get("fighter"), seat, "fight")
        return f"{fighter} {foe} at {_cell(event.get('cell'))}."
    if kind == "truce":
        return f"{who} played a Truce: the fight is cancelled."
    if kind == "no_troops":
        return f"{who} had no troops: the fight is lost without a throw."
    if kind == "empty_tower":
        how = "with Tower shaking" if event.get("card") else "with a purple marker"
        return f"{who} emptied the tower {how}: {_cubes(event.get('cubes'), seat)} came out."
    if kind == "lance":
        return f"{who} raised the Holy Lance (+1 in this fight)."
    if kind == "committed":
        return f"{who} committed troops in secret."
    if kind == "reveal":
        return f"Revealed: the attacker commits {event.get('a')}, the garrison {event.get('d')}."
    if kind == "throw":
        thrown, tray = _cubes(event.get("thrown"), seat), _cubes(event.get("tray"), seat)
        after = _cubes(event.get("after"), seat)
        return f"Tower: {thrown} thrown in, {tray} came out; inside now {after}."
    if kind == "fight_result":
        if event.get("won"):
            return f"{who} won the fight."
        return f"{who} lost the fight."
    if kind == "unit_removed":
        return f"{_unit(event.get('unit'))} was beaten on its start cell and leaves the game."
    if kind == "plundered":
        return f"{who} plundered {_city(event.get('city'))}: a tile worth {event.get('value')}."
    if kind == "retreat":
        return f"{who} retreated to {_cell(event.get('to'))}."
    if kind == "pray":
        return f"{who} prayed (motivation +2)."
    if kind == "recruit":
        return f"{who} paid {event.get('treasure')} treasure for {event.get('troops')} troops."
    if kind == "pass":
        return f"{who} took no city action."
    if kind == "siege":
        text = f"{who} besieged Jerusalem (siege no. {event.get('number')})"
        if "reward" in event:  # papal_reward = declaration
            return f"{text}; the Pope pays {event.get('reward')} treasure."
        if event.get("if_lost"):
            return f"{text}; should it be lost, the Pope pays {event.get('if_lost')} treasure."
        return f"{text}."
    if kind == "papal_reward":
        return (
            f"The Pope consoles {_name(event.get('seat'), seat)} for the lost "
            f"siege no. {event.get('number')}: +{event.get('reward')} treasure."
        )
    if kind == "siege_round":
        commands = _does(event.get("defender"), seat, "command", False)
        return f"Siege round {event.get('round')}: {commands} the garrison."
    if kind == "siege_ends":
        return "The siege ends."
    if kind == "jerusalem_falls":
        return f"Jerusalem falls! {_does(event.get('seat'), seat, 'win')} the game."
    if kind == "discard":
        return f"{who} discarded {_card(event)}."
    if kind == "draw":
        if "card" in event:
            return f"{who} drew {_card(event)}."
        return f"{who} drew a card."
    if kind == "immediate":
        name = EVENT_NAMES.get(str(event.get("event")), "an event")
        hit = event.get("hit") or []
        extra = f" (it hits {_seats(hit, seat)})" if hit else ""
        return f"{who} drew {name}, resolved at once{extra}."
    if kind == "exhausted":
        if event.get("count") == 1:
            return "The draw pile is exhausted: the discards are shuffled into a new pile."
        return "The draw pile is exhausted a second time: the game ends after this turn."
    if kind == "end_cards":
        return f"{who} ended the card phase."
    if kind == "game_over":
        winners = event.get("winners") or []
        if not winners:
            return "The game is over without a winner."
        title = "winner" if len(winners) == 1 else "winners"
        return f"The game is over; {title}: {_seats(winners, seat)}."
    return str(event)
