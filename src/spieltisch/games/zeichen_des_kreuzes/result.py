"""The end of a game of Im Zeichen des Kreuzes as the result screen shows it (issue 15), and
the standing over the game for its chart.

There are no points: the knight who takes Jerusalem wins alone (ZK-W1); when the draw pile
runs out twice (ZK-W2) or the turn limit is reached (ZK-W3), nobody wins, or with
``exhaustion_winner=most_muslim_cities`` the most Muslim cities, then the larger army, then
more treasure (ZK-W4). The breakdown shows what led there for each knight: the cities
plundered, the fights won, the sieges led, the army, the treasure, the motivation and the
way left to Jerusalem; the last column is ``scores()`` (ZK-W5: 1 shared among the winners).

The chart measures the way covered towards Jerusalem: the share of the knight's way from his
home city that lies behind him (fewest steps, 8 neighbours, any terrain: ZK-R14), from
public pawn positions only. Rounds: every player's turn once (turn 1 to N is round 1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.i18n import Catalog
from ...engine.result import ResultSheet
from .catalog import catalog
from .names import seat_name

if TYPE_CHECKING:
    from .state import ZkState


def result_sheet(state: ZkState, lang: str = "en") -> ResultSheet:
    _ = catalog(lang)
    columns = [
        _("Knight"),
        _("Muslim cities"),
        _("Christian cities"),
        _("Fights won"),
        _("Sieges"),
        _("Army"),
        _("Treasure"),
        _("Motivation"),
        _("Steps to Jerusalem"),
        _("Win"),
    ]
    fights = [[0, 0] for _seat in range(state.players)]  # won, fought
    sieges = [0] * state.players
    for event in state.log(None):
        if event["type"] == "fight_result":
            fights[event["seat"]][0] += 1 if event["won"] else 0
            fights[event["seat"]][1] += 1
        elif event["type"] == "siege":
            sieges[event["seat"]] += 1
    scores = state.scores()
    rows: list[list[Any]] = []
    for seat in range(state.players):
        rows.append(
            [
                state.comp.knight(state.knights[seat]).name,
                len(state.green_tiles[seat]),
                len(state.red_tiles[seat]),
                _("{won} of {fought}").format(won=fights[seat][0], fought=fights[seat][1]),
                sieges[seat],
                state.army[seat],
                state.treasure[seat],
                state.motivation[seat],
                _steps_left(state, seat),
                _share(scores[seat]),
            ]
        )
    return ResultSheet(
        columns=columns,
        rows=rows,
        tie_breaks=_tie_breaks(state, _),
        ending=_ending(state, _),
        notes=_notes(state, _),
    )


def _share(score: float) -> float | int:
    """1 or 0 as whole numbers; a shared win as its fraction (1/2, 1/3 ...), exactly as
    ``scores()`` gives it."""
    return int(score) if score == int(score) else score


def _player(state: ZkState, seat: int, _: Catalog) -> str:
    knight = state.comp.knight(state.knights[seat]).name
    return _("{player} ({knight})").format(player=seat_name(seat, None, _.lang), knight=knight)


def _players(state: ZkState, seats: list[int], _: Catalog) -> str:
    names = [seat_name(s, None, _.lang) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _ending(state: ZkState, _: Catalog) -> str | None:
    reason = state.ending()
    if reason == "jerusalem":
        winner = state.winner_seats[0]
        text = _("{player} took Jerusalem in siege no. {k}")
        return text.format(player=_player(state, winner, _), k=state.sieges)
    if reason == "deck":
        return _("The draw pile ran out for the second time, in turn {n}").format(n=state.turn)
    if reason == "turn_limit":
        return _("The turn limit was reached: {n} turns").format(n=state.turn)
    return None


def _tie_breaks(state: ZkState, _: Catalog) -> str:
    if state.options["exhaustion_winner"] == "none":
        text = _(
            "Only the knight who takes Jerusalem wins. If the draw pile runs out twice first, "
            "nobody wins: there are no tie-breaks."
        )
        return str(text)
    text = _(
        "The knight who takes Jerusalem wins alone. If the draw pile runs out twice first, "
        "the most plundered Muslim cities win; a tie goes to the larger army, then to more "
        "treasure, and players still tied share the win."
    )
    decided = _decided(state, _)
    return text if decided is None else f"{text} {decided}"


def _decided(state: ZkState, _: Catalog) -> str | None:
    """Which tie-break of ZK-W4 decided this game, if one did."""
    if not state.is_over() or state.ending() == "jerusalem" or not state.winner_seats:
        return None
    keys = state.ranking_keys()
    best = max(keys)
    for depth, sentence in (
        (1, None),
        (2, _("In this game the larger army decided between {players}.")),
        (3, _("In this game more treasure decided between {players}.")),
    ):
        tied = [s for s in range(state.players) if keys[s][: depth - 1] == best[: depth - 1]]
        leaders = [s for s in tied if keys[s][:depth] == best[:depth]]
        if len(leaders) == 1:
            return None if sentence is None else sentence.format(players=_players(state, tied, _))
    text = _("In this game {players} are equal in all three and share the win.")
    return text.format(players=_players(state, list(state.winner_seats), _))


def _notes(state: ZkState, _: Catalog) -> list[str]:
    rounds = round_of(state)
    notes = [
        _("Length of the game: {turns} in {rounds}").format(
            turns=_.ngettext("{n} turn", "{n} turns", state.turn).format(n=state.turn),
            rounds=_.ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
        )
    ]
    if state.ending() != "jerusalem":
        notes.append(
            _.ngettext(
                "Jerusalem did not fall: {g} green cubes defend it after {k} siege.",
                "Jerusalem did not fall: {g} green cubes defend it after {k} sieges.",
                state.sieges,
            ).format(g=state.garrison, k=state.sieges)
        )
        if state.is_over() and not state.winner_seats:
            notes.append(_("Nobody wins."))
    return notes


# -- the standing over the game -----------------------------------------------------------
def _steps_left(state: ZkState, seat: int) -> int:
    """The fewest steps from the pawn to Jerusalem: with a card of every terrain any
    neighbour can be entered, so the grid distance (8 neighbours)."""
    board = state.comp.board
    x, y = board.xy(state.pawn[seat])
    jx, jy = board.xy(board.jerusalem.cell)
    return max(abs(x - jx), abs(y - jy))


def progress(state: ZkState) -> list[float]:
    """Per seat, the share (in %) of the way from the knight's home city to Jerusalem that
    lies behind him; 100 on Jerusalem, 0 at home or farther."""
    board = state.comp.board
    jx, jy = board.xy(board.jerusalem.cell)
    out = []
    for seat in range(state.players):
        hx, hy = board.xy(state.comp.knight(state.knights[seat]).start_cell)
        home = max(abs(hx - jx), abs(hy - jy))
        left = _steps_left(state, seat)
        out.append(100.0 if home == 0 else round(max(0.0, 100.0 * (home - left) / home), 1))
    return out


def progress_label(lang: str = "en") -> str:
    _ = catalog(lang)
    return _("Way to Jerusalem covered (%)")


def round_of(state: ZkState) -> int:
    """The round (1-based): every player takes one turn per round."""
    return (state.turn - 1) // state.players + 1
