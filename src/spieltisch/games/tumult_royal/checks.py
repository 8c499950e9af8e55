"""Whether a table can be a position of Tumult Royal: every component accounted for once,
every count within the rules, a turn order that can happen. ``Game.from_position`` and
``Game.state_from_json`` both refuse a table that fails, with ``PositionError`` naming the
first problem found (TR-D1 to TR-D13, TR-S*, TR-G*, TR-R*). A table where only automatic
steps are due (a tick everyone has chosen for, a grab out of ticks, every turn taken)
passes: ``TumultState.normalize`` runs those steps."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.errors import PositionError
from .grab import choices
from .table import ASIDE, BUILD, ENDINGS, GRAB, OVER, PHASES, POOL, START, Table


def check(table: Table) -> None:
    """Raise ``PositionError`` naming the first inconsistency of ``table``."""
    _shapes(table)
    _landscape(table)
    _statues(table)
    _tiles(table)
    _turn(table)
    if table.phase == START:
        _start(table)
    elif table.phase == GRAB:
        _grab(table)
    elif table.phase == BUILD:
        _build(table)
    else:
        _over(table)


def _fail(message: str) -> PositionError:
    return PositionError(message)


def _ints(name: str, values: Sequence[object], length: int, low: int, high: int) -> None:
    if not isinstance(values, list):
        raise _fail(f"{name} must be a list")
    if len(values) != length:
        raise _fail(f"{name} has {len(values)} entries, not {length}")
    for v in values:
        if type(v) is not int or not low <= v <= high:
            raise _fail(f"{name} has {v!r}; every entry is a whole number {low} to {high}")


def _flags(name: str, values: Sequence[object], length: int) -> None:
    if not isinstance(values, list) or len(values) != length:
        raise _fail(f"{name} must be {length} true/false entries")
    if any(type(v) is not bool for v in values):
        raise _fail(f"{name} must be {length} true/false entries")


def _shapes(table: Table) -> None:
    """Every list has its length and its entries their range."""
    players, ntiles = table.players, len(table.tiles)
    big = 10**9
    _ints("followers", table.followers, players, 0, big)
    _ints("reserve", table.reserve, players, 0, table.rules.statues_per_player)
    _flags("grace", table.grace, players)
    _flags("done", table.done, players)
    _ints("loc", table.loc, ntiles, ASIDE, players - 1)
    _flags("carried", table.carried, ntiles)
    _ints("tick and turn", [table.tick, table.turn], 2, 0, big)
    _slot_lists(table)
    _ints("rank", table.rank, players, 0, players - 1)
    if sorted(table.rank) != list(range(players)):
        raise _fail(f"the ranks {table.rank} are not every seat 0 to {players - 1} once (TR-D4)")
    if table.phase not in PHASES:
        raise _fail(f"unknown phase {table.phase!r}; one of {', '.join(PHASES)}")
    if type(table.round) is not int or not 0 <= table.round <= table.rules.max_rounds:
        raise _fail(f"round {table.round!r} is not 0 to {table.rules.max_rounds} (TR-R31)")
    if (table.round == 0) != (table.phase == START):
        raise _fail("round 0 is the placing of the start statues, and only that (TR-S8)")
    spun = (0, *table.rules.spinner_values)
    if len(table.demand) != 3 or any(d not in spun for d in table.demand):
        raise _fail(f"demand {table.demand}: per good 0 (not spun) or a spinner value (TR-D11)")
    if table.end_reason not in ("", *ENDINGS) or (table.end_reason != "") != (table.phase == OVER):
        raise _fail(f"a game that is over names how it ended ({', '.join(ENDINGS)}); none else")
    for p, slots in enumerate(table.memory):
        _ints(f"the memory of seat {p}", slots, len(slots), 0, len(table.slot_tile) - 1)
        if sorted(set(slots)) != slots:
            raise _fail(f"the memory of seat {p} must be distinct slots, ascending (TR-G12)")
    if len(table.memory) != players:
        raise _fail(f"memory has {len(table.memory)} entries, not {players}")


def _slot_lists(table: Table) -> None:
    """The slots, hands, the seats choosing in this tick and the last tick's choices."""
    players, ntiles = table.players, len(table.tiles)
    if not isinstance(table.slot_tile, list):
        raise _fail("slot_tile must be a list")
    n = len(table.slot_tile)
    _ints("slot_tile", table.slot_tile, n, 0, ntiles - 1)
    _ints("slot_holder", table.slot_holder, n, -1, players - 1)
    _ints("slot_taker", table.slot_taker, n, -1, players - 1)
    _ints("hand", table.hand, players, -1, n - 1)
    if not isinstance(table.tick_seats, list):
        raise _fail("the seats choosing in this tick must be a list")
    _ints("the seats choosing", table.tick_seats, len(table.tick_seats), 0, players - 1)
    if not isinstance(table.last_tick, list):
        raise _fail("the last tick must be a list of choices")
    for entry in table.last_tick:
        seat, action, slot = entry.get("seat"), entry.get("action"), entry.get("slot", 0)
        if (
            type(seat) is not int
            or not 0 <= seat < players
            or action not in ("peek", "keep", "put_back", "done", "wait")
            or type(slot) is not int
            or not 0 <= slot < max(n, 1)
            or type(entry.get("won", False)) is not bool
        ):
            raise _fail(f"the last tick's choice {entry} is not a seat's choice (TR-G11)")


def _landscape(table: Table) -> None:
    """TR-S5: every design once; TR-D8, TR-D10, TR-R27: the fog of the round."""
    rules, land = table.rules, table.land
    if sorted(table.designs) != sorted(rules.landscape_tiles):
        raise _fail("the landscape must use every design " + ", ".join(rules.landscape_tiles))
    _flags("face_up", table.face_up, len(land.positions))
    down = {land.position_index(tr, tc) for tr, tc in land.face_down_after(table.round - 1)}
    after = {land.position_index(tr, tc) for tr, tc in land.face_down_after(table.round)}
    actual = {i for i, up in enumerate(table.face_up) if not up}
    if actual != down and not (table.phase == OVER and actual == after):
        names = " ".join(str(table.land.positions[i]) for i in sorted(down)) or "none"
        raise _fail(f"in round {table.round} the face-down tile positions are {names} (TR-R27)")


def _statues(table: Table) -> None:
    """TR-D3: 25 statues per seat, on the landscape, on the chronicle or in reserve."""
    rules, land = table.rules, table.land
    last = -1
    on_board = [0] * table.players
    for f, seat, n in table.board:
        r, c = land.rc(f) if 0 <= f < land.size else (f, 0)
        if not last < f < land.size or not 0 <= seat < table.players:
            raise _fail(f"board entry {(f, seat, n)}: fields in order, once each, seats 0 to P-1")
        last = f
        code = table.codes[f]
        if not code:
            raise _fail(f"statues on field ({r},{c}), which lies on a face-down tile (TR-R16)")
        capacity = rules.terrains[code].capacity
        if n != capacity and not (n == 1 and code == rules.start_terrain):
            raise _fail(f"field ({r},{c}) holds {n} statues; a build places {capacity} (TR-R17)")
        on_board[seat] += n
    if len(table.chronicle) not in (table.round - 1, table.round) or (
        table.phase != OVER and len(table.chronicle) != max(0, table.round - 1)
    ):
        raise _fail(
            f"the chronicle has {len(table.chronicle)} fields filled in round {table.round}"
        )
    on_chronicle = [0] * table.players
    for i, (king, n) in enumerate(table.chronicle):
        if not 0 <= king < table.players or not 1 <= n <= rules.chronicle_statues[i]:
            raise _fail(f"chronicle field {i + 1}: seat {king}, {n} statues (TR-R25)")
        on_chronicle[king] += n
    for seat in range(table.players):
        total = on_board[seat] + on_chronicle[seat] + table.reserve[seat]
        if total != rules.statues_per_player:
            raise _fail(
                f"seat {seat} has {total} statues ({on_board[seat]} on the landscape, "
                f"{on_chronicle[seat]} on the chronicle, {table.reserve[seat]} in reserve), "
                f"not {rules.statues_per_player} (TR-D3)"
            )
    empty = [s for s in range(table.players) if table.reserve[s] == 0]
    if (table.winner >= 0 or empty) and (empty != [table.winner] or table.end_reason != ENDINGS[0]):
        raise _fail("a seat whose reserve is empty has won at once, and only then (TR-V1)")


def _tiles(table: Table) -> None:
    """TR-G2, TR-R29: the set-aside list and the carried tiles agree with the tiles."""
    aside = [t for t, where in enumerate(table.loc) if where == ASIDE]
    if table.aside != aside:
        raise _fail("the set-aside list must be the set-aside tiles, ascending (TR-G2)")
    carried = [t for t, c in enumerate(table.carried) if c]
    if carried and not table.options["keep_goods"]:
        raise _fail("tiles are carried into a round only with the option keep_goods (TR-R29)")
    if any(table.loc[t] < 0 for t in carried):
        raise _fail("a carried tile is held by a seat (TR-R29)")


def _turn(table: Table) -> None:
    """The seat to act exists; the grab's fields exist only in the grab."""
    # a turn counter at P: every turn of the phase is taken (``normalize`` goes on)
    if table.phase in (START, BUILD) and not 0 <= table.turn <= table.players:
        raise _fail(f"turn {table.turn} is not a seat's turn 0 to {table.players - 1}")
    if table.phase != GRAB and (table.pending or table.tick_seats):
        raise _fail("choices of a grab tick outside the grab (TR-G6)")
    if table.built and table.phase != BUILD:
        raise _fail("only a build turn can have built (TR-R21)")
    if table.revealed != (table.phase in (BUILD, OVER)):
        raise _fail("the tiles are face up from the tumult check to the round's end (TR-R7)")
    if table.round == 1 and any(table.grace):
        raise _fail("nobody has grace in round 1 (TR-D5)")


def _start(table: Table) -> None:
    """TR-S7: the seats before the one to act have placed one start statue each."""
    order = table.start_order()
    placed = {seat: n for _, seat, n in table.board}
    if sorted(placed) != sorted(order[: table.turn]) or len(table.board) != table.turn:
        before = ", ".join(map(str, order[: table.turn])) or "none"
        raise _fail(f"seats {before} have placed their start statue, no other (TR-S7)")
    if any(where != POOL for where in table.loc) or table.slot_tile or table.chronicle:
        raise _fail("before round 1 every goods tile is in the pool (TR-S3)")
    if any(table.demand) or table.tick or table.last_tick:
        raise _fail("before round 1 nothing is spun or grabbed (TR-S8)")


def _grab(table: Table) -> None:
    """TR-G2 to TR-G9: slots, hands, memories and choices of a grab in progress."""
    players, n = table.players, len(table.slot_tile)
    if table.turn != players:
        raise _fail(f"in the grab the turn counter is {players} (every turn is taken)")
    _slots(table)
    for p in range(players):
        s = table.hand[p]
        if s >= 0 and (s >= n or table.slot_holder[s] != p or table.done[p]):
            raise _fail(f"seat {p} holds slot {s} in hand, but the slot says otherwise (TR-G5)")
        kept = [k for k in range(n) if table.slot_taker[k] == p]
        if any(k not in table.memory[p] for k in [*kept, *([s] if s >= 0 else [])]):
            raise _fail(f"seat {p} has held slots it does not remember (TR-G12)")
    for k, holder in enumerate(table.slot_holder):
        if holder >= 0 and table.hand[holder] != k:
            raise _fail(f"slot {k} is held by seat {holder}, whose hand is elsewhere (TR-G5)")
    if not 0 <= table.tick <= table.options["grab_ticks"]:
        raise _fail(f"tick {table.tick}: a grab lasts {table.options['grab_ticks']} ticks (TR-G9)")
    if table.tick_seats != [p for p in range(players) if not table.done[p]]:
        raise _fail("the seats choosing in a tick are those not done (TR-G6)")
    for p, action in table.pending.items():
        if p not in table.tick_seats or action not in choices(table, p):
            raise _fail(f"seat {p} cannot have chosen {action} in this tick (TR-G6)")
    standard = table.options["variant"] == "standard"
    if (standard and (not table.demand[0] or len(set(table.demand)) != 1)) or (
        not standard and any(table.demand)
    ):
        raise _fail(f"demand {table.demand} in the grab of the {table.options['variant']} game")
    if table.round > 1:
        least = min(table.placed(s) for s in range(players))
        if table.grace != [table.placed(s) == least for s in range(players)]:
            raise _fail("grace goes to exactly the seats with the fewest statues (TR-R28)")


def _slots(table: Table) -> None:
    """TR-G2, TR-G3, TR-G4: every tile not set aside and not carried lies in one slot."""
    n = len(table.slot_tile)
    if len(table.slot_holder) != n or len(table.slot_taker) != n:
        raise _fail("every slot has a holder and a taker entry (-1 for none)")
    free = sorted(t for t, w in enumerate(table.loc) if w != ASIDE and not table.carried[t])
    if sorted(table.slot_tile) != free:
        raise _fail("every goods tile not set aside or carried lies in exactly one slot (TR-G3)")
    k = table.rules.set_aside_per_player * table.players
    if len(table.aside) != min(k, len(table.aside) + n):
        raise _fail(f"{len(table.aside)} tiles set aside; the rules set {k} aside (TR-G2)")
    for s, t in enumerate(table.slot_tile):
        holder, taker = table.slot_holder[s], table.slot_taker[s]
        if not -1 <= holder < table.players or not -1 <= taker < table.players:
            raise _fail(f"slot {s}: no seat {max(holder, taker)}")
        if (holder >= 0 and taker >= 0) or table.loc[t] != (taker if taker >= 0 else POOL):
            raise _fail(f"slot {s} is kept by seat {taker} or lies in the pool (TR-G4)")


def _build(table: Table) -> None:
    """TR-R15: after the tumult check, one seat after another in rank order."""
    if any(not d for d in table.demand):
        raise _fail("every good's demand is known in the build phase (TR-R4, TR-R8)")
    if any(h >= 0 for h in table.hand) or not all(table.done):
        raise _fail("hands are empty and every seat is done after the grab (TR-G9)")
    _slot_record(table)


def _over(table: Table) -> None:
    if any(h >= 0 for h in table.hand):
        raise _fail("hands are empty when the game is over (TR-G9)")
    _slot_record(table)


def _slot_record(table: Table) -> None:
    """After the grab the slots are its record: distinct tiles, nobody holding one."""
    n = len(table.slot_tile)
    if len(table.slot_holder) != n or len(table.slot_taker) != n:
        raise _fail("every slot has a holder and a taker entry (-1 for none)")
    if len(set(table.slot_tile)) != n or any(
        not 0 <= t < len(table.tiles) for t in table.slot_tile
    ):
        raise _fail("the slots hold distinct goods tiles (TR-G3)")
    if any(h != -1 for h in table.slot_holder):
        raise _fail("no slot is held in hand after the grab (TR-G9)")
    if any(not -1 <= p < table.players for p in table.slot_taker):
        raise _fail("a slot is kept by a seat of the game or by nobody")
