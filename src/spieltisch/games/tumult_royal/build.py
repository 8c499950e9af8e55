"""Phase 4, the build turns (TR-R15 to TR-R22): in rank order each player builds on free
fields, paying goods, then ends the turn; after the last turn the round closes (phases 5 to
7)."""

from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from ...engine.game import JSON
from ...engine.i18n import N_
from .actions import END_TURN, Face, TumultAction, build, not_an_action, well_formed
from .crown import close_round
from .payments import Cost, payment_refusal, payments
from .refusal import Refusal, SeatRef, Term, Value
from .table import BUILD, BUILT_NOTHING, COULD_NOT, POOL, Table


def build_fields(table: Table, seat: int) -> list[tuple[int, Cost]]:
    """TR-R16 to TR-R18: (field, cost per good) for every field ``seat`` may build on."""
    rules, owner, codes, n4 = table.rules, table.owner, table.codes, table.land.n4
    terrains, reserve = rules.terrains, table.reserve[seat]
    m = rules.nonadjacent_cost_multiplier
    out = []
    for f, code in enumerate(codes):
        if not code or owner[f] >= 0:
            continue
        terrain = terrains[code]
        if terrain.capacity > reserve:
            continue  # TR-R17
        for n in n4[f]:
            if owner[n] == seat:
                out.append((f, terrain.cost))
                break
        else:
            if terrain.nonadjacent_allowed:
                c = terrain.cost
                out.append((f, (c[0] * m, c[1] * m, c[2] * m)))
    return out


def field_of(table: Table, action: TumultAction, rule: str) -> int | Refusal:
    """The field an action names, or why there is no such field."""
    f = action.field
    land = table.land
    if (
        type(f) is not tuple
        or len(f) != 2
        or type(f[0]) is not int
        or type(f[1]) is not int
        or not (0 <= f[0] < land.height and 0 <= f[1] < land.width)
    ):
        return Refusal(
            N_("There is no such field: the landscape has rows 0-{rows} and columns 0-{cols}."),
            rule,
            rows=land.height - 1,
            cols=land.width - 1,
        )
    return f[0] * land.width + f[1]


def occupied(table: Table, seat: int, f: int, rule: str) -> Refusal | None:
    """TR-S7, TR-R16: a field to put statues on is free and on a face-up tile."""
    r, c = table.land.rc(f)
    if table.owner[f] == seat:
        return Refusal(N_("Field ({r},{c}) already holds your statues."), rule, r=r, c=c)
    if table.owner[f] >= 0:
        return Refusal(
            N_("Field ({r},{c}) is already taken by {player}."),
            rule,
            r=r,
            c=c,
            player=SeatRef(table.owner[f]),
        )
    if not table.terrain(f):
        return Refusal(
            N_(
                "Field ({r},{c}) lies on a face-down landscape tile: nothing can be put "
                "there until the tile is turned face up."
            ),
            rule,
            r=r,
            c=c,
        )
    return None


class Building(Phase):
    """A build turn (TR-R15): any number of builds, then ``end_turn``."""

    kind = BUILD

    def legal(self, state: Any, seat: int) -> list[Action]:
        table: Table = state
        out: list[Action] = []
        by_cost: dict[Cost, list[tuple[Face, ...]]] = {}
        for field, cost in build_fields(table, seat):
            options = by_cost.get(cost)
            if options is None:
                options = by_cost[cost] = payments(table, seat, cost)
            rc = table.land.rc(field)
            out.extend([build(rc, p) for p in options])
        out.append(END_TURN)
        return out

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        if not well_formed(action):
            return not_an_action(action)
        assert isinstance(action, TumultAction)
        if action.kind == "end_turn":
            return None
        if action.kind != "build":
            return Refusal(
                N_(
                    "The tax robbery is over: in your build turn you build on a field or end "
                    "the turn."
                ),
                "TR-R15",
            )
        return build_refusal(state, seat, action)

    def apply(self, state: Any, seat: int, action: Action) -> None:
        table: Table = state
        assert isinstance(action, TumultAction)
        if action.kind == "build":
            build_on(table, seat, action)
        else:
            end_turn(table, seat)
        table.decide()


def build_refusal(table: Table, seat: int, action: TumultAction) -> Refusal | None:
    """TR-R16 to TR-R19: why ``seat`` may not make this build, or ``None``."""
    f = field_of(table, action, "TR-R16")
    if isinstance(f, Refusal):
        return f
    refusal = occupied(table, seat, f, "TR-R16")
    if refusal is not None:
        return refusal
    terrain = table.rules.terrains[table.terrain(f)]
    r, c = table.land.rc(f)
    here: dict[str, Value] = {"terrain": Term("terrain", terrain.name), "r": r, "c": c}
    if terrain.capacity > table.reserve[seat]:
        return Refusal(
            N_("{terrain} ({r},{c}) takes {n} statues, but you have only {k} left."),
            "TR-R17",
            n=terrain.capacity,
            k=table.reserve[seat],
            **here,
        )
    cost = dict(build_fields(table, seat)).get(f)
    if cost is None:
        return Refusal(
            N_(
                "{terrain} ({r},{c}) is not next to any of your statues: apart from them "
                "you may build only a meadow or a forest, at double cost."
            ),
            "TR-R18",
            **here,
        )
    if action.payment not in payments(table, seat, cost):
        return payment_refusal(table, seat, cost, action.payment, terrain.cost != cost, here)
    return None


def build_on(table: Table, seat: int, action: TumultAction) -> None:
    """TR-R20: the payment goes to the pool (the matching tiles with the lowest ids,
    TR-R2), surplus units become followers, the statues go onto the field."""
    assert action.field is not None
    f = table.land.field(*action.field)
    terrain = table.rules.terrains[table.terrain(f)]
    cost = dict(build_fields(table, seat))[f]
    tiles, goods = table.tiles, table.rules.goods
    paid: list[int] = []
    held = table.holdings(seat)
    for good_name, value in action.payment:
        g = goods.index(good_name)
        t = min(
            (t for t in held if tiles[t].good == g and tiles[t].value == value and t not in paid),
            key=lambda t: tiles[t].id,
        )
        paid.append(t)
    units = [0, 0, 0]
    for t in paid:
        table.loc[t] = POOL
        table.carried[t] = False
        units[tiles[t].good] += tiles[t].value
    surplus = sum(u - c for u, c in zip(units, cost, strict=True))
    table.followers[seat] += surplus * table.rules.surplus_followers_per_unit
    table.put_statues(seat, f, terrain.capacity)
    table.built = True
    event: JSON = {
        "type": "build",
        "seat": seat,
        "field": list(action.field),
        "terrain": terrain.name,
        "statues": terrain.capacity,
        "payment": [list(p) for p in action.payment],
        "surplus": surplus,
    }
    table.events.append(event)
    if table.reserve[seat] == 0:
        table.finish(seat, "25th statue")  # TR-V1


def has_legal_build(table: Table, seat: int) -> bool:
    """Whether ``seat`` could build anything now (a field and a valid payment). A valid
    payment exists iff the held units of every good reach the cost: any covering set of
    tiles holds a minimal one (TR-R19), so no payment needs to be listed."""
    units = [0, 0, 0]
    tiles = table.tiles
    for t, where in enumerate(table.loc):
        if where == seat:
            units[tiles[t].good] += tiles[t].value
    b, m, t = units
    return any(
        b >= cost[0] and m >= cost[1] and t >= cost[2] for _, cost in build_fields(table, seat)
    )


def consoled(table: Table, seat: int) -> bool:
    """TR-R21: whether ending the build turn now gives ``seat`` the consolation. A turn
    without a build changes nothing, so "no legal build at the start of the turn" is
    judged on the position now."""
    if table.built:
        return False
    if table.options["consolation"] == BUILT_NOTHING:
        return True
    return not has_legal_build(table, seat)


def end_turn(table: Table, seat: int) -> None:
    """TR-R21, TR-R15: the consolation, then the next builder or the end of the round."""
    if consoled(table, seat):
        bonus = table.rules.no_build_bonus
        table.followers[seat] += bonus
        event: JSON = {"type": "no_build", "seat": seat, "bonus": bonus}
        if table.options["consolation"] == COULD_NOT:
            event["could_not"] = True
        table.events.append(event)
    table.events.append({"type": "end_turn", "seat": seat})
    table.turn += 1
    table.built = False
    if table.turn == table.players:
        close_round(table)
