"""Cross-check of Medina's legal actions against a slow reference written from the rules.

The reference below rebuilds every position from scratch from ``state.to_json()["data"]``
(pieces and palaces only; no incremental structure of the engine is used) and applies the
rules directly: MD-R7 (expansion squares), MD-R8 (incomplete palaces), MD-R9 (free start
squares), MD-R22-R24 and MD-R37 (buildings), MD-R26 and MD-R21 (roof targets at their
canonical cell), MD-R53 (neutral roofs), MD-R29 (stables), MD-R10/R32/R33 (merchants),
MD-R34 (walls), MD-R14 (start merchant), MD-R58 (tea discard), MD-R59
(``last_player_must_roof``) and MD-R16 (has a legal placement), in the MD-R21 order.

Positions come from seeded random play of both editions and every player count, sampled at
many depths up to the end of the game."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

import spieltisch
from spieltisch.games.medina.notation import format_position

GAME = spieltisch.game("medina")
COLOURS = {1: ("grey", "black", "brown", "orange"), 2: ("grey", "purple", "brown", "orange")}
# supply slots (the engine's public ledger order): buildings per colour 0-3, then these
ROOFS, NEUTRAL_ROOFS, STABLES, MERCHANTS, WALLS = 4, 5, 6, 7, 8


# -- the reference ---------------------------------------------------------------------------
@dataclass
class Position:
    """What the reference knows: the board rebuilt from the pieces, nothing incremental."""

    width: int
    height: int
    edition: int
    players: int
    options: dict[str, Any]
    content: dict[tuple[int, int], str]  # building/stable/merchant/wall/tower/well
    palace_of: dict[tuple[int, int], int]  # component cell -> palace id
    colour_of: dict[int, int]  # palace id -> colour index
    owner_of: dict[int, Any]  # palace id -> None, "neutral" or seat
    buildings_of: dict[int, list[tuple[int, int]]]
    well_zone: set[tuple[int, int]]
    supply: list[list[int]]
    tea: list[int]
    phase: str
    active: int
    quota: int
    turn_placements: int
    last_kind: str | None
    memo: dict[Any, Any] = field(default_factory=dict)  # per position only, never reused

    def cached(self, key: Any, compute: Any) -> Any:
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    # geometry (MD-D1, MD-D2, MD-D7)
    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def is_city(self, c: tuple[int, int]) -> bool:
        x, y = c
        return 1 <= x <= self.width - 2 and 1 <= y <= self.height - 2

    def is_inner(self, c: tuple[int, int]) -> bool:
        x, y = c
        return 2 <= x <= self.width - 3 and 2 <= y <= self.height - 3

    def is_wall_cell(self, c: tuple[int, int]) -> bool:
        x, y = c
        edge_x, edge_y = x in (0, self.width - 1), y in (0, self.height - 1)
        return self.on_board(x, y) and (edge_x or edge_y) and not (edge_x and edge_y)

    def n4(self, c: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = c
        return [
            (x + dx, y + dy)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if self.on_board(x + dx, y + dy)
        ]

    def n8(self, c: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = c
        return [
            (x + dx, y + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx or dy) and self.on_board(x + dx, y + dy)
        ]

    def cells(self) -> list[tuple[int, int]]:
        """Every cell, row-major (MD-D1)."""
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def empty_city(self, c: tuple[int, int]) -> bool:
        return self.is_city(c) and c not in self.content

    # terms
    def is_component(self, c: tuple[int, int]) -> bool:
        return self.content.get(c) in ("building", "stable")

    def owns(self, seat: int, colour: int) -> bool:
        """MD-R6."""
        return any(o == seat and self.colour_of[p] == colour for p, o in self.owner_of.items())

    def retired(self, colour: int) -> bool:
        """MD-R36: every seat owns the colour."""
        return all(self.owns(s, colour) for s in range(self.players))

    def expansion_squares(self, p: int) -> list[tuple[int, int]]:
        """MD-R7 (a)-(d)."""
        return list(self.cached(("exp", p), lambda: self._expansion_squares(p)))

    def _expansion_squares(self, p: int) -> list[tuple[int, int]]:
        out = []
        # only a neighbour of one of P's cells can qualify; (b) is still checked below
        near = {d for b in self.buildings_of[p] for d in self.n4(b)}
        for c in sorted(near, key=lambda c: (c[1], c[0])):
            if not self.empty_city(c):  # (a)
                continue
            if not any(
                self.content.get(d) == "building" and self.palace_of[d] == p for d in self.n4(c)
            ):  # (b)
                continue
            if any(self.is_component(d) and self.palace_of[d] != p for d in self.n8(c)):  # (c)
                continue
            if c in self.well_zone:  # (d)
                continue
            out.append(c)
        return out

    def incomplete(self, colour: int) -> int | None:
        """MD-R8: the unclaimed palace of this colour with an expansion square, if any."""
        found: int | None = self.cached(("incomplete", colour), lambda: self._incomplete(colour))
        return found

    def _incomplete(self, colour: int) -> int | None:
        found = [
            p
            for p in sorted(self.colour_of)
            if self.colour_of[p] == colour
            and self.owner_of[p] is None
            and self.expansion_squares(p)
        ]
        assert len(found) <= 1, f"two incomplete palaces of colour {colour} (MD-R8)"
        return found[0] if found else None

    def free_start_squares(self) -> list[tuple[int, int]]:
        return list(self.cached("free_start_squares", self._free_start_squares))

    def _free_start_squares(self) -> list[tuple[int, int]]:
        """MD-R9."""
        return [
            c
            for c in self.cells()
            if self.empty_city(c)
            and not any(self.is_component(d) for d in self.n8(c))
            and c not in self.well_zone
        ]

    def building_cells(self, colour: int) -> list[tuple[int, int]]:
        """MD-R22-R24, MD-R37."""
        if self.retired(colour):
            return []
        p = self.incomplete(colour)
        return self.expansion_squares(p) if p is not None else self.free_start_squares()

    def canonical(self, p: int) -> tuple[int, int]:
        """MD-R21: the row-major smallest building cell."""
        return min(self.buildings_of[p], key=lambda c: (c[1], c[0]))

    def unclaimed(self) -> list[int]:
        return [p for p in sorted(self.owner_of) if self.owner_of[p] is None]

    def roof_targets(self, seat: int) -> list[tuple[int, int]]:
        """MD-R26: unclaimed palaces of colours the seat does not own."""
        cells = [
            self.canonical(p) for p in self.unclaimed() if not self.owns(seat, self.colour_of[p])
        ]
        return sorted(cells, key=lambda c: (c[1], c[0]))

    def neutral_roof_targets(self) -> list[tuple[int, int]]:
        """MD-R53: every unclaimed palace."""
        return sorted((self.canonical(p) for p in self.unclaimed()), key=lambda c: (c[1], c[0]))

    def stable_cells(self) -> list[tuple[int, int]]:
        return list(self.cached("stable_cells", self._stable_cells))

    def _stable_cells(self) -> list[tuple[int, int]]:
        """MD-R29: expansion squares of any palace, claimed or not."""
        out: set[tuple[int, int]] = set()
        for p in self.colour_of:
            out.update(self.expansion_squares(p))
        return sorted(out, key=lambda c: (c[1], c[0]))

    def merchant_cells(self) -> list[tuple[int, int]]:
        return list(self.cached("merchant_cells", self._merchant_cells))

    def _merchant_cells(self) -> list[tuple[int, int]]:
        """MD-R10, MD-R32, MD-R33."""

        def merchants_next_to(c: tuple[int, int]) -> list[tuple[int, int]]:
            return [d for d in self.n4(c) if self.content.get(d) == "merchant"]

        extension, isolated = [], []
        for c in self.cells():
            if not self.empty_city(c):
                continue
            near = merchants_next_to(c)
            if not near:
                isolated.append(c)
            elif len(near) == 1 and len(merchants_next_to(near[0])) <= 1:
                extension.append(c)
        return extension or isolated

    def wall_cells(self) -> list[tuple[int, int]]:
        return list(self.cached("wall_cells", self._wall_cells))

    def _wall_cells(self) -> list[tuple[int, int]]:
        """MD-R34: an empty wall cell next to exactly one wall or tower."""
        return [
            c
            for c in self.cells()
            if self.is_wall_cell(c)
            and c not in self.content
            and sum(1 for d in self.n4(c) if self.content.get(d) in ("wall", "tower")) == 1
        ]

    def placements(self, seat: int) -> list[tuple[str, str, tuple[int, int]]]:
        """Every legal placement of ``seat``, in the MD-R21 order (kind, colour, cell)."""
        return list(self.cached(("placements", seat), lambda: self._placements(seat)))

    def _placements(self, seat: int) -> list[tuple[str, str, tuple[int, int]]]:
        s = self.supply[seat]
        out: list[tuple[str, str, tuple[int, int]]] = []
        for colour in range(4):
            if s[colour]:
                name = COLOURS[self.edition][colour]
                out += [("build", name, c) for c in self.building_cells(colour)]
        if s[ROOFS]:
            out += [("roof", "", c) for c in self.roof_targets(seat)]
        if s[NEUTRAL_ROOFS]:
            out += [("neutral_roof", "", c) for c in self.neutral_roof_targets()]
        if s[STABLES]:
            out += [("stable", "", c) for c in self.stable_cells()]
        if s[MERCHANTS]:
            out += [("merchant", "", c) for c in self.merchant_cells()]
        if s[WALLS]:
            out += [("wall", "", c) for c in self.wall_cells()]
        return out

    def has_placement(self, seat: int) -> bool:
        """MD-R16."""
        return bool(self.placements(seat))

    def must_roof(self, seat: int) -> bool:
        """MD-R59 (a)-(c), only for the second action of a quota-2 turn."""
        return (
            bool(self.options["last_player_must_roof"])
            and self.quota == 2
            and self.turn_placements == 1
            and self.last_kind != "roof"
            and bool(self.supply[seat][ROOFS])
            and bool(self.roof_targets(seat))
            and not any(self.has_placement(o) for o in range(self.players) if o != seat)
        )

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.phase == "over" or seat != self.active:
            return []
        if self.phase == "start_merchant":  # MD-R14
            anywhere = self.options["start_merchant_anywhere"]
            return [
                {"type": "start_merchant", "cell": list(c)}
                for c in self.cells()
                if self.is_city(c) and (anywhere or self.is_inner(c))
            ]
        if self.must_roof(seat):
            places = [("roof", "", c) for c in self.roof_targets(seat)]
        else:
            places = self.placements(seat)
        out: list[dict[str, Any]] = []
        for kind, colour, c in places:
            action: dict[str, Any] = {"type": kind}
            if kind == "build":
                action["colour"] = colour
            action["cell"] = list(c)
            out.append(action)
        if (
            self.edition == 2
            and self.quota == 2
            and self.turn_placements == 1
            and self.tea[seat] > 0
            and out
            and not self.must_roof(seat)
        ):  # MD-R58
            out.append({"type": "discard_tea"})
        return out


def reference_position(state: Any) -> Position:
    doc = state.to_json()
    data, options = doc["data"], doc["options"]
    edition, players = int(options["edition"]), int(doc["players"])
    width, height = (16, 12) if edition == 2 and players == 2 else (18, 13)
    content: dict[tuple[int, int], str] = {
        (0, 0): "tower",
        (width - 1, 0): "tower",
        (0, height - 1): "tower",
        (width - 1, height - 1): "tower",
    }
    palace_of: dict[tuple[int, int], int] = {}
    buildings_of: dict[int, list[tuple[int, int]]] = {}
    colours = COLOURS[edition]
    colour_of = {p["id"]: colours.index(p["colour"]) for p in data["palaces"]}
    owner_of = {p["id"]: p["owner"] for p in data["palaces"]}
    well_zone: set[tuple[int, int]] = set()
    if data["well"] is not None:
        wx, wy = data["well"]
        content[(wx, wy)] = "well"
        well_zone = {(wx + dx, wy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    for _, kind, (x, y), extra in data["pieces"]:
        c = (x, y)
        if kind in ("building", "stable"):
            assert c not in content
            content[c] = kind
            palace_of[c] = extra
            if kind == "building":
                buildings_of.setdefault(extra, []).append(c)
        elif kind in ("merchant", "wall"):
            assert c not in content
            content[c] = kind
    pieces = data["pieces"]
    return Position(
        width=width,
        height=height,
        edition=edition,
        players=players,
        options=options,
        content=content,
        palace_of=palace_of,
        colour_of=colour_of,
        owner_of=owner_of,
        buildings_of=buildings_of,
        well_zone=well_zone,
        supply=data["supply"],
        tea=data["tea"],
        phase=data["phase"],
        active=data["active"],
        quota=data["quota"],
        turn_placements=data["turn_placements"],
        last_kind=pieces[-1][1] if pieces else None,
    )


# -- the sample ------------------------------------------------------------------------------
CONFIGS = [
    (1, 3, {}),
    (1, 4, {}),
    (1, 3, {"start_merchant_anywhere": True}),
    (2, 2, {}),
    (2, 3, {}),
    (2, 4, {}),
    (2, 2, {"last_player_must_roof": True}),
    (2, 3, {"last_player_must_roof": True}),
    (2, 4, {"last_player_must_roof": True}),
    (1, 3, {"last_player_must_roof": True}),
]
GAMES_PER_CONFIG = 4


@functools.cache
def sampled_positions(index: int) -> list[Any]:
    """Seeded random games played to the end; a position every few steps (the step varies
    per game so that every depth is hit), plus the last 30 positions of each
    game (where blocked colours, exhausted supplies and passes happen)."""
    edition, players, options = CONFIGS[index]
    out = []
    for g in range(GAMES_PER_CONFIG):
        seed = 1000 * edition + 100 * players + 10 * len(options) + g
        rng = random.Random(seed)
        state = GAME.new_game(players, seed, {"edition": edition, **options})
        history = []
        every = 5 + g
        step = 0
        while not state.is_over():
            if step % every == g % every:
                out.append(state.clone())
            history.append(state.clone())
            seat = state.active
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
        out.extend(history[-30:])
        out.append(state)
    return out


def _label(case: tuple[int, int, dict[str, Any]]) -> str:
    edition, players, options = case
    extra = "".join(f"-{k}" for k in options)
    return f"ed{edition}-{players}p{extra}"


def _check(state: Any) -> None:
    """Assert that the engine agrees with the reference in ``state``."""
    ref = reference_position(state)
    for seat in range(state.players):
        assert state.has_placement(seat) == ref.has_placement(seat), (
            f"has_placement({seat}) differs from the reference (MD-R16)\n{format_position(state)}"
        )
        got = [a.to_json() for a in state.legal_actions(seat)]
        want = ref.legal_actions(seat)
        if got != want:
            extra = [a for a in got if a not in want]
            missing = [a for a in want if a not in got]
            pytest.fail(
                f"legal_actions({seat}) differ from the reference\n"
                f"engine only: {extra}\nreference only: {missing}\n"
                f"same set, different order: {not extra and not missing}\n"
                f"{format_position(state)}"
            )


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[_label(c) for c in CONFIGS])
def test_legal_actions_match_reference(index: int) -> None:
    positions = sampled_positions(index)
    assert len(positions) >= 40
    depths = {len(p.to_json()["data"]["pieces"]) for p in positions}
    assert len(depths) >= 30, "positions should come from many different depths"
    for state in positions:
        _check(state)


def test_sample_covers_the_interesting_cases() -> None:
    """The sample reaches the start phase, late games with retired or blocked colours, a
    restarted merchant line, tea discards and forced roofs (MD-R59)."""
    seen = {
        "positions": 0,
        "start": 0,
        "over": 0,
        "retired": 0,
        "blocked": 0,
        "restart": 0,
        "discard": 0,
        "must_roof": 0,
    }
    for index in range(len(CONFIGS)):
        for state in sampled_positions(index):
            seen["positions"] += 1
            ref = reference_position(state)
            seen["start"] += ref.phase == "start_merchant"
            seen["over"] += ref.phase == "over"
            seen["retired"] += any(ref.retired(c) for c in range(4))
            seen["blocked"] += any(
                ref.incomplete(c) is None and not ref.free_start_squares() for c in range(4)
            )
            has_merchants = any(k == "merchant" for k in ref.content.values())
            cells = ref.merchant_cells()
            seen["restart"] += (
                has_merchants
                and bool(cells)
                and all(not any(ref.content.get(d) == "merchant" for d in ref.n4(c)) for c in cells)
            )
            if ref.phase == "turn":
                seen["must_roof"] += ref.must_roof(ref.active)
                seen["discard"] += any(
                    a["type"] == "discard_tea" for a in ref.legal_actions(ref.active)
                )
    assert seen["positions"] >= 200, seen
    for key, count in seen.items():
        assert count > 0, f"no sampled position covers {key!r}: {seen}"


LAST_ROOF_CASES = [(1, 3), (1, 4), (2, 2), (2, 3), (2, 4)]


@functools.cache
def last_player_positions() -> list[Any]:
    """Positions where MD-R59 may apply: the second action of a quota-2 turn while no other
    seat can place (selected with the engine's ``has_placement``, itself cross-checked)."""
    out = []
    for edition, players in LAST_ROOF_CASES:
        for g in range(60):
            seed = 7000 + 100 * edition + 10 * players + g
            rng = random.Random(seed)
            options = {"edition": edition, "last_player_must_roof": True}
            state = GAME.new_game(players, seed, options)
            while not state.is_over():
                seat = state.active
                if (
                    state.phase == "turn"
                    and state.quota == 2
                    and state.turn_placements == 1
                    and not any(state.has_placement(o) for o in range(players) if o != seat)
                ):
                    out.append(state.clone())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def test_last_player_must_roof_positions_match_reference() -> None:
    positions = last_player_positions()
    forced = 0
    for state in positions:
        _check(state)
        ref = reference_position(state)
        forced += ref.must_roof(ref.active)
    assert forced >= 5, f"only {forced} positions where MD-R59 forces a roof"
