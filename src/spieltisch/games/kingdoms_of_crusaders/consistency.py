"""Can this position happen? The checks ``Game.from_position`` and ``Game.state_from_json``
share: every card accounted for once, counts within the rules, decisions the rules would have
made, and a turn order that can happen. Each failure raises ``PositionError`` naming the
problem and the rule. Seats are named as the players read them: P1 is seat 0.

What is checked (the rules in brackets):

* **Cards**: every card of the pool is in exactly one place: the deck, a hand or the table
  (KC-R2, KC-R8). Play numbers are exactly 1 to the play counter, increasing within an army
  (KC-R16).
* **Hands**: 5 cards each; the seat to play holds 6 once it has drawn (KC-R9, KC-R14, KC-E1).
* **Decisions**: markers 1 to the number of decided territories, in the order of the plays
  that decided them (KC-R32); no card after a territory's decision (KC-R31); a completion
  when every player has 4 cards there, won by the strongest army (KC-R23); a claim by a
  complete army (KC-R25) that was valid at that play (KC-R27), only with claims on
  (KC-R30); under ``auto`` at the first play after which it was valid (KC-R28); under
  ``manual`` by the seat whose turn it was (KC-R29); the early end at the first moment the
  winners were certain (KC-R34).
* **Turns**: the first player made play 1 (KC-R10); seats take turns clockwise, and a seat
  skipped between two plays had nowhere to play then and never plays again (KC-R13, KC-R17).
* **Now**: nothing the resolution step would decide is left undecided (KC-R28); the game is
  over exactly when the rules end it (KC-R33, KC-R34); the seat to act is the one whose turn
  it is, and a claim phase happens only under ``manual`` (KC-R29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import PositionError
from .army import KEY, index_of_masks
from .deck import CARDS_PER_TERRITORY, HAND_SIZE, TERRITORIES
from .document import Decided
from .phases import CLAIM, OVER, PLAY
from .proof import find_refutation
from .resolution import completion_winner
from .standing import winners_fixed

if TYPE_CHECKING:
    from .state import KingdomsState


def seat(p: int) -> str:
    """A seat as the players read it: ``P1`` for seat 0."""
    return f"P{p + 1}"


def check_position(state: KingdomsState) -> None:
    """Raise ``PositionError`` naming the first inconsistency of ``state`` (module doc)."""
    _check_cards(state)
    seq = _check_play_numbers(state)
    _check_hands(state)
    _check_decisions(state, seq)
    _check_order(state, seq)
    _check_turns(state, seq)
    _check_now(state, seq)


# -- cards, play numbers and hands -------------------------------------------------------
def _check_cards(state: KingdomsState) -> None:
    ids = state.pool.ids
    seen: dict[int, str] = {}

    def see(card: int, place: str) -> None:
        if card in seen:
            raise PositionError(f"card {ids[card]} appears twice: {seen[card]} and {place}")
        seen[card] = place

    for card in state.deck:
        see(card, "the deck")
    for p, hand in enumerate(state.hands):
        for card in hand:
            see(card, f"the hand of {seat(p)}")
    for p, row in enumerate(state.table):
        for t, army in enumerate(row):
            for card, _ in army:
                see(card, f"territory {t + 1} of {seat(p)}")
    missing = [ids[c] for c in range(len(ids)) if c not in seen]
    if missing:
        raise PositionError(
            f"{len(missing)} card(s) of the pool are nowhere (deck, hands, table): "
            + " ".join(missing[:10])
            + (" ..." if len(missing) > 10 else "")
        )


def _check_play_numbers(state: KingdomsState) -> list[int]:
    """Play numbers 1..play_counter, each once (KC-R16); returns the seat of each play
    (index 0 unused)."""
    counter = state.play_counter
    seq = [-1] * (counter + 1)
    for p, row in enumerate(state.table):
        for t, army in enumerate(row):
            if [n for _, n in army] != sorted(n for _, n in army):
                raise PositionError(
                    f"the cards of {seat(p)} in territory {t + 1} are not in play order"
                )
            for card, n in army:
                if n > counter or seq[n] >= 0:
                    raise PositionError(
                        f"card {state.pool.ids[card]} has a bad or repeated play number {n}: "
                        f"play numbers must be exactly 1..play_counter ({counter}) (KC-R16)"
                    )
                seq[n] = p
    if counter and min(seq[1:]) < 0:
        missing = [n for n in range(1, counter + 1) if seq[n] < 0]
        raise PositionError(
            f"play numbers must be exactly 1..play_counter ({counter}); no card has play "
            f"number {missing[0]} (KC-R16)"
        )
    return seq


def _check_hands(state: KingdomsState) -> None:
    for p, hand in enumerate(state.hands):
        drawing = state.phase == PLAY and p == state.active
        if len(hand) != HAND_SIZE and not (drawing and len(hand) == HAND_SIZE + 1):
            raise PositionError(
                f"{seat(p)} holds {len(hand)} cards; a hand holds {HAND_SIZE}"
                + (f", {HAND_SIZE + 1} after the draw" if drawing else "")
                + " (KC-R9, KC-R14, KC-E1)"
            )
    if state.drawn >= 0 and (
        state.phase != PLAY
        or state.drawn not in state.hands[state.active]
        or len(state.hands[state.active]) != HAND_SIZE + 1
    ):
        raise PositionError(
            "the drawn card must be in the active seat's hand, drawn this turn (KC-R14)"
        )


# -- decisions ---------------------------------------------------------------------------
def _decisions(state: KingdomsState) -> list[tuple[int, Decided]]:
    """``(territory 0-4, decision)`` in the order of their markers."""
    out = [(t, d) for t, d in enumerate(state.decided) if d is not None]
    return sorted(out, key=lambda td: td[1][1])


def _check_decisions(state: KingdomsState, seq: list[int]) -> None:
    decisions = _decisions(state)
    if [d[1] for _, d in decisions] != list(range(1, len(decisions) + 1)):
        raise PositionError("markers must be exactly 1..number of decided territories (KC-R32)")
    for t, d in decisions:
        winner, _, method, play = d
        if play > state.play_counter:
            raise PositionError(
                f"territory {t + 1} was decided at play {play}, but only "
                f"{state.play_counter} plays were made"
            )
        for p in range(state.players):
            late = [n for _, n in state.table[p][t] if n > play]
            if late:
                raise PositionError(
                    f"territory {t + 1} was decided at play {play}, but {seat(p)} played there "
                    f"at play {late[0]}: a decided territory is closed (KC-R31)"
                )
        if method == "completion":
            _check_completion(state, t, winner, play)
        else:
            _check_claim(state, seq, t, winner, play)
        if state.auto and play > 1 and _claimant_at(state, t, play - 1) is not None:
            raise PositionError(
                f"territory {t + 1}: a claim on it was valid after play {play - 1} already, so "
                f"claims = auto decided it then (KC-R28)"
            )


def _check_completion(state: KingdomsState, t: int, winner: int, play: int) -> None:
    for p in range(state.players):
        if state.comp[p][t] == 0:
            raise PositionError(
                f"territory {t + 1} was decided by completion, but {seat(p)} has only "
                f"{len(state.table[p][t])} cards there (KC-R23)"
            )
    last = max(state.comp[p][t] for p in range(state.players))
    if play != last:
        raise PositionError(
            f"territory {t + 1} was completed at play {last}, so it was decided then, not at "
            f"play {play} (KC-R28)"
        )
    best = completion_winner(state, t)
    if winner != best:
        raise PositionError(
            f"territory {t + 1} goes to {seat(best)} by completion, not to {seat(winner)} "
            "(KC-R22, KC-R23)"
        )


def _check_claim(state: KingdomsState, seq: list[int], t: int, winner: int, play: int) -> None:
    where = f"territory {t + 1} was claimed by {seat(winner)} at play {play}"
    if not (state.auto or state.manual):
        raise PositionError(f"{where}, but claims are off (KC-R30)")
    if not 0 < state.comp[winner][t] <= play:
        raise PositionError(f"{where} without a complete army there (KC-R25)")
    if all(state.comp[p][t] for p in range(state.players)):
        raise PositionError(
            f"{where}, but every player completed it, so it was decided by completion (KC-R28)"
        )
    if not _claim_valid_at(state, t, winner, play):
        raise PositionError(f"{where}, but that claim was not valid then (KC-R27)")
    if state.manual and winner != seq[play]:
        # a claim phase after another seat's play is a pass turn (KC-R29, KC-E19)
        if play < state.play_counter:
            allowed = _between(seq[play], seq[play + 1], state.players)
        elif state.phase != OVER:
            allowed = [*_between(seq[play], state.active, state.players), state.active]
        else:
            allowed = list(range(state.players))
        if winner not in allowed or _free_territory(state, winner, play) is not None:
            raise PositionError(f"{where}, but it was not {seat(winner)}'s claim phase (KC-R29)")


def _claim_valid_at(state: KingdomsState, t: int, claimant: int, play: int) -> bool:
    """KC-R27 on the table as it was right after play ``play`` (the unseen pool then
    included every card played later)."""
    masks = state.pool.masks
    unseen = list(state.pool.mask_histogram)
    symbols = list(state.pool.symbol_counts)
    for row in state.table:
        for placed in row:
            for card, n in placed:
                if n <= play:
                    unseen[masks[card]] -= 1
                    for s in range(5):
                        symbols[s] -= masks[card] >> s & 1
    armies = [[(c, n) for c, n in state.table[p][t] if n <= play] for p in range(state.players)]
    if len(armies[claimant]) != CARDS_PER_TERRITORY:
        return False
    key = KEY[index_of_masks([masks[c] for c, _ in armies[claimant]])]
    done = armies[claimant][3][1]
    for o, army in enumerate(armies):
        if o == claimant:
            continue
        theirs = index_of_masks([masks[c] for c, _ in army])
        if len(army) == CARDS_PER_TERRITORY:
            if KEY[theirs] > key or (KEY[theirs] == key and army[3][1] < done):
                return False
        elif find_refutation(theirs, 4 - len(army), key, unseen, symbols) is not None:
            return False
    return True


def _claimant_at(state: KingdomsState, t: int, play: int) -> int | None:
    """A seat whose claim on ``t`` was valid right after play ``play``, if any."""
    for p in range(state.players):
        if 0 < state.comp[p][t] <= play and _claim_valid_at(state, t, p, play):
            return p
    return None


def _check_order(state: KingdomsState, seq: list[int]) -> None:
    """Markers follow the plays that decided them; one play's decisions go in territory
    order (the resolution step), a manual claim after them (KC-R28, KC-R32); with
    ``stop_when_decided`` the game ends at the first moment the winners are certain."""
    decisions = _decisions(state)
    markers: list[list[int]] = [[] for _ in range(state.players)]
    stop = state.options["stop_when_decided"]
    for k, (t, d) in enumerate(decisions):
        if k:
            prev_t, prev = decisions[k - 1]
            claims_after = state.manual and d[2] == "claim"
            if prev[3] > d[3] or (prev[3] == d[3] and prev_t > t and not claims_after):
                raise PositionError(
                    f"marker {d[1]} (territory {t + 1}, play {d[3]}) cannot follow marker "
                    f"{prev[1]} (territory {prev_t + 1}, play {prev[3]}) (KC-R28, KC-R32)"
                )
            if prev[3] == d[3] and state.manual and prev[2] == "claim" and d[2] != "claim":
                raise PositionError(
                    f"territory {t + 1} was completed at play {d[3]}, before any claim after "
                    "that play (KC-R17, KC-R28)"
                )
        markers[d[0]].append(d[1])
        last = k + 1 == len(decisions)
        checkpoint = state.manual or last or decisions[k + 1][1][3] > d[3]
        ended = last and state.phase == OVER
        if stop and checkpoint and not ended and winners_fixed(markers) is not None:
            raise PositionError(
                f"after marker {d[1]} the winners were certain, so the game ended there "
                "(stop_when_decided, KC-R34)"
            )


# -- turns -------------------------------------------------------------------------------
def _between(a: int, b: int, players: int) -> list[int]:
    """The seats after ``a`` and before ``b`` clockwise (all others when ``a == b``)."""
    out = []
    s = (a + 1) % players
    while s != b:
        out.append(s)
        s = (s + 1) % players
    return out


def _free_territory(state: KingdomsState, p: int, play: int) -> int | None:
    """A territory (0-4) ``p`` could still play into right after play ``play`` (it was
    open then and ``p`` had fewer than 4 cards there), if any (KC-R12). Territories
    decided at that very play count as closed: the decision may have come first."""
    for t in range(TERRITORIES):
        d = state.decided[t]
        if d is not None and d[3] <= play:
            continue
        if sum(1 for _, n in state.table[p][t] if n <= play) < CARDS_PER_TERRITORY:
            return t
    return None


def _check_turns(state: KingdomsState, seq: list[int]) -> None:
    """Play 1 is the first player's (KC-R10); between two plays the seats in between
    passed, which they do only with nowhere to play, and then for good (KC-R13, KC-R17)."""
    if state.play_counter and seq[1] != state.first_player:
        raise PositionError(
            f"play 1 was made by {seat(seq[1])}, but {seat(state.first_player)} took the "
            "first turn (KC-R10)"
        )
    last_play = {p: n for n, p in enumerate(seq) if n}
    for n in range(1, state.play_counter):
        for q in _between(seq[n], seq[n + 1], state.players):
            where = (
                f"{seat(q)} passed between play {n} ({seat(seq[n])}) and play {n + 1} "
                f"({seat(seq[n + 1])})"
            )
            t = _free_territory(state, q, n)
            if t is not None:
                raise PositionError(
                    f"{where}, but could still play into territory {t + 1} (KC-R13, KC-R17)"
                )
            if last_play.get(q, 0) > n:
                raise PositionError(
                    f"{where}, but played again at play {last_play[q]}: a player who passes "
                    "has nowhere to play for the rest of the game (KC-R13, KC-E2)"
                )


def _check_now(state: KingdomsState, seq: list[int]) -> None:
    """The present: the end where the rules put it, nothing left for the resolution step,
    and the seat to act whose turn it is (KC-R17, KC-R28, KC-R29, KC-R33, KC-R34)."""
    open_ = [t for t in range(TERRITORIES) if state.decided[t] is None]
    if state.phase == OVER:
        last = max((d[3] for d in state.decided if d is not None), default=-1)
        if last != state.play_counter:
            raise PositionError(
                "the game is over, but its last decision did not come after the last play "
                "(KC-R33, KC-R34)"
            )
        if open_ and not (
            state.options["stop_when_decided"] and winners_fixed(state.markers) is not None
        ):
            raise PositionError(
                "the game is over, but territories "
                + ", ".join(str(t + 1) for t in open_)
                + " are undecided and the winners are not certain (KC-R33, KC-R34)"
            )
        return
    if not open_:
        raise PositionError("every territory is decided, so the game is over (KC-R33)")
    for t in open_:
        if state.full[t] == state.players:
            raise PositionError(
                f"every player has 4 cards in territory {t + 1}, so it was decided by "
                "completion (KC-R28)"
            )
        if state.auto and _claimant_at(state, t, state.play_counter) is not None:
            raise PositionError(
                f"a claim on territory {t + 1} is valid, so claims = auto decided it (KC-R28)"
            )
    _check_active(state, seq)


def _check_active(state: KingdomsState, seq: list[int]) -> None:
    """The seat to act: the first player before any play; otherwise the seat after the
    last player, the seats between having passed, or the last player in its claim phase."""
    active, counter = state.active, state.play_counter
    if counter == 0:
        if active != state.first_player or state.phase != PLAY:
            raise PositionError(
                f"no card has been played, so {seat(state.first_player)}, the first player, is "
                "to play (KC-R10)"
            )
        return
    if state.phase == CLAIM and not state.manual:
        raise PositionError("a claim phase happens only with claims = manual (KC-R29)")
    last = seq[counter]
    passed = (
        [] if state.phase == CLAIM and active == last else _between(last, active, state.players)
    )
    if state.phase == CLAIM and active != last:
        passed.append(active)  # a claim phase on a pass turn (KC-E19)
    for q in passed:
        t = _free_territory(state, q, counter)
        if t is not None:
            raise PositionError(
                f"it is {seat(active)}'s turn after play {counter} ({seat(last)}), so "
                f"{seat(q)} passed, but {seat(q)} could still play into territory {t + 1} "
                "(KC-R13, KC-R17)"
            )
    if len(state.hands[active]) > HAND_SIZE and not state.available(active):
        raise PositionError(
            f"{seat(active)} has drawn, but has nowhere to play: it would have passed (KC-R13)"
        )
