"""The tower (ZK-T1..ZK-T9), its options (ZK-O6..ZK-O8) and its hidden shelves (ZK-H3, ZK-H6)."""

from __future__ import annotations

import json
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.engine.chance import Chance
from spieltisch.engine.errors import OptionError, StateFormatError
from spieltisch.games.zeichen_des_kreuzes.tower import (
    COLOURS,
    GREEN,
    ScriptedTower,
    ThrowRecord,
    Tower,
    TowerA,
    TowerB,
    colour_name,
    make_tower,
    parse_tower_params,
    tally,
    tower_from_json,
)

ZK_T9_PASS = {1: 0.65, 3: 0.69, 5: 0.72, 8: 0.76, 12: 0.81}
ZK_T9_WIN = {  # (own, green): P(X wins), empty tower, tie_rule defender
    (1, 2): 0.07, (1, 3): 0.02, (1, 5): 0.00,
    (2, 2): 0.28, (2, 3): 0.11, (2, 5): 0.01,
    (3, 2): 0.59, (3, 3): 0.31, (3, 5): 0.05,
    (4, 2): 0.82, (4, 3): 0.60, (4, 5): 0.15,
    (5, 2): 0.93, (5, 3): 0.81, (5, 5): 0.35,
    (6, 2): 0.98, (6, 3): 0.92, (6, 5): 0.60,
    (8, 2): 1.00, (8, 3): 0.99, (8, 5): 0.92,
}  # fmt: skip


def towers(seed: int) -> list[Tower]:
    """One tower of every kind that draws chance (ZK-T3, ZK-T4, ZK-O8)."""
    return [
        TowerB(Chance(seed)),
        TowerB(Chance(seed), shelf_memory="resample"),
        TowerA(Chance(seed)),
    ]


def cubes_inside(tower: Tower) -> list[int]:
    obj = tower.to_json()
    if "shelves" in obj:
        return obj["shelves"][0] + obj["shelves"][1]
    return list(obj["inside"])


def long_run(tower: Tower, throws: int, burn_in: int = 200) -> tuple[list[int], float]:
    """ZK-T9's long run: fights of 3 green + 3..7 own cubes, tray removed, never emptied.
    Returns the content after each throw and the share on the upper shelf (Model B)."""
    sizes, upper = [], 0
    for i in range(burn_in + throws):
        own = 3 + tower.chance.below("fight", 5)
        tower.throw([0] * own + [GREEN] * 3)
        if i >= burn_in:
            sizes.append(tower.total())
            if isinstance(tower, TowerB):
                upper += len(tower.shelves[0])
    return sizes, upper / max(1, sum(sizes))


# -- ZK-T9: the reference statistics ------------------------------------------------------


def test_zk_t9_model_b_empty_tower_pass_probabilities() -> None:
    tower = TowerB(Chance(11))
    for n, ref in ZK_T9_PASS.items():
        out = 0
        for _ in range(4000):
            tower.empty()
            out += len(tower.throw([0] * n))
        assert abs(out / (4000 * n) - ref) < 0.03, (n, out / (4000 * n), ref)


def test_zk_t9_model_b_long_run_content_and_upper_share() -> None:
    sizes, upper = long_run(TowerB(Chance(12)), 8000)
    assert abs(statistics.mean(sizes) - 4.9) < 0.3
    assert abs(statistics.pstdev(sizes) - 2.2) < 0.3
    assert abs(upper - 0.50) < 0.04


def test_zk_o8_resample_shelf_memory_barely_changes_the_long_run() -> None:
    sizes, _ = long_run(TowerB(Chance(13), shelf_memory="resample"), 8000)
    assert abs(statistics.mean(sizes) - 4.9) < 0.3


def test_zk_t9_model_b_win_probabilities_with_an_empty_tower() -> None:
    """ZK-T9 table with ZK-C7/ZK-C8 (tie_rule defender: X wins only if A > Gt)."""
    tower = TowerB(Chance(14))
    for (own, green), ref in ZK_T9_WIN.items():
        wins = 0
        for _ in range(1500):
            tower.empty()
            tray = tower.throw([0] * own + [GREEN] * green)
            wins += tray.count(0) > tray.count(GREEN)
        assert abs(wins / 1500 - ref) < 0.04, (own, green, wins / 1500, ref)


def test_zk_t9_model_a_long_run_mean_content() -> None:
    sizes, _ = long_run(TowerA(Chance(15)), 8000)
    assert abs(statistics.mean(sizes) - 8.0) < 0.4


def test_zk_t4_model_a_anchors_p_new_and_p_old() -> None:
    """ZK-T4 (anchor S14): a new cube comes out with 2/3, a cube inside with 1/3."""
    tower = TowerA(Chance(16))
    new_out = new_total = old_total = old_out = 0
    for _ in range(6000):
        before = tower.total()
        tray = tower.throw([GREEN] * 4)
        old_out += tray.count(0)
        new_out += tray.count(GREEN)
        new_total += 4
        old_total += before
        tower = _recolour(tower)
    assert abs(new_out / new_total - 2 / 3) < 0.02
    assert abs(old_out / old_total - 1 / 3) < 0.02


def _recolour(tower: Tower) -> Tower:
    """Give every cube inside colour 0 (Model A never looks at colours)."""
    obj = tower.to_json()
    obj["inside"] = [0] * len(obj["inside"])
    return tower_from_json(obj, tower.chance)


# -- ZK-T3, ZK-T4, ZK-O8: the pseudocode, draw by draw ------------------------------------


def test_zk_t3_throw_b_follows_the_pseudocode_draw_by_draw() -> None:
    chance = Chance(0)
    tower = TowerB(chance)
    chance.script(
        "tower",
        [GREEN, 0],  # shuffle(falling)
        0.1,  # upper: G lodges (p = 0.19)
        0.185,  # upper: X passes (p = 0.19 * (1 - 1/25) = 0.1824: len counted after G lodged)
        0.06,  # upper: resident G is released (r = 1 - 0.935 = 0.065)
        0.18,  # lower: X lodges (p = 0.19)
        0.9,  # lower: G passes
        0.5,  # lower: resident X stays
    )
    assert tower.throw([0, GREEN]) == [GREEN]
    assert tower.shelves == [[], [0]]
    assert tower.counts() == {0: 1}
    assert "script" not in chance.to_json()  # exactly these draws, no more (ZK-T7)


def test_zk_t3_a_passing_cube_knocks_loose_more_when_more_pass() -> None:
    tower = tower_from_json(
        {"model": "B", "params": {"s0": 0.19, "K": 25, "d": 0.065}, "shelves": [[1], []]},
        Chance(0),
    )
    # three cubes pass the upper shelf: r = 1 - 0.935 ** 3 = 0.1826...
    tower.chance.script("tower", [0, 0, 0], 0.5, 0.5, 0.5, 0.18, 0.9, 0.9, 0.9, 0.9)
    assert sorted(tower.throw([0, 0, 0])) == [0, 0, 0, 1]
    assert tower.total() == 0


def test_zk_t4_throw_a_follows_the_pseudocode_draw_by_draw() -> None:
    chance = Chance(0)
    tower = tower_from_json(
        {"model": "A", "params": {"p_new": 2 / 3, "p_old": 1 / 3}, "inside": [0]}, chance
    )
    chance.script("tower", 0.2, [GREEN, 1], 0.7, 0.6)  # old first, then shuffle, then new
    assert tower.throw([1, GREEN]) == [0, 1]
    assert tower.counts() == {GREEN: 1}
    assert "script" not in chance.to_json()


def test_zk_o8_resample_redistributes_at_the_start_of_every_throw() -> None:
    chance = Chance(0)
    tower = TowerB(chance, shelf_memory="resample")
    tower.shelves = [[0], [1]]
    tower._recount([0, 1])
    # shuffle(all cubes, upper then lower), u() < 0.5 per cube, then THROW_B of nothing
    chance.script("tower", [1, 0], 0.7, 0.2, [], 0.01, 0.01)
    assert tower.throw([]) == []  # nothing passes, so r = 0 and nobody is released
    assert tower.shelves == [[0], [1]]
    assert "script" not in chance.to_json()


# -- ZK-T1: conservation ------------------------------------------------------------------

operations = st.lists(
    st.one_of(
        st.lists(st.integers(0, COLOURS - 1), max_size=12),
        st.just("empty"),
    ),
    max_size=25,
)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.integers(0, 2**32), operations)
def test_zk_t1_conservation_for_the_random_towers(seed: int, ops: list[list[int] | str]) -> None:
    for tower in towers(seed):
        for op in ops:
            before = tally(cubes_inside(tower))
            assert [tower.count(c) for c in range(COLOURS)] == before
            assert tower.total() == sum(before)
            if op == "empty":
                out = tower.empty()
                assert tally(out) == before  # ZK-T5: everything comes out
                assert tower.total() == 0 and tower.counts() == {}
                continue
            assert isinstance(op, list)
            tray = tower.throw(op)
            after = [before[c] + tally(op)[c] - tally(tray)[c] for c in range(COLOURS)]
            assert all(n >= 0 for n in after)  # the tray is a sub-multiset of contents + thrown
            assert [tower.count(c) for c in range(COLOURS)] == after
            assert tower.counts() == {c: n for c, n in enumerate(after) if n}
            assert tally(cubes_inside(tower)) == after


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.data())
def test_zk_t1_zk_t8_conservation_for_the_scripted_tower(data: st.DataObject) -> None:
    tower = ScriptedTower(contents={0: 2, GREEN: 1})
    for _ in range(data.draw(st.integers(0, 10))):
        if data.draw(st.booleans(), "empty?") and tower.total():
            before = tower.counts()
            assert tally(tower.empty()) == [before.get(c, 0) for c in range(COLOURS)]
            assert tower.total() == 0
            continue
        thrown = data.draw(st.lists(st.integers(0, COLOURS - 1), max_size=8), "thrown")
        pool = [c for c, n in tower.counts().items() for _ in range(n)] + thrown
        chosen = data.draw(st.sets(st.integers(0, max(0, len(pool) - 1))), "tray") if pool else []
        tray = sorted(pool[i] for i in chosen)
        before = [tower.count(c) for c in range(COLOURS)]
        tower.add_trays(tray)
        assert tower.throw(thrown) == tray
        assert [tower.count(c) for c in range(COLOURS)] == [
            before[c] + tally(thrown)[c] - tally(tray)[c] for c in range(COLOURS)
        ]


# -- ZK-T7: reproducibility, clones, persistence ------------------------------------------


def _play(tower: Tower, rounds: int = 40) -> list[list[int]]:
    trays = []
    for i in range(rounds):
        if i % 13 == 12:
            trays.append(sorted(tower.empty()))
        else:
            trays.append(tower.throw([i % 5] * (1 + i % 6) + [GREEN] * 3))
    return trays


def test_zk_t7_same_seed_same_trays() -> None:
    for a, b in zip(towers(5), towers(5), strict=True):
        assert _play(a) == _play(b)
    b_trays, a_trays = _play(TowerB(Chance(5))), _play(TowerB(Chance(6)))
    assert b_trays != a_trays


def test_zk_t7_clone_is_independent_and_behaves_the_same() -> None:
    for tower in towers(7):
        _play(tower, 10)
        copy = tower.clone(tower.chance.clone())
        snapshot = copy.to_json()
        assert copy.chance is not tower.chance
        assert _play(tower) == _play(copy)
        kept = copy.to_json()
        tower.throw([0, 0, 0])
        tower.empty()
        assert copy.to_json() == kept and tower.total() == 0
        fresh = tower_from_json(snapshot, Chance(1))
        assert fresh.to_json() == snapshot


def test_zk_t7_json_round_trip_gives_identical_future_behaviour() -> None:
    scripted = ScriptedTower([[0], {"G": 1, "P1": 1}], contents={0: 2, GREEN: 1})
    for tower in [*towers(9), scripted]:
        if tower is not scripted:
            _play(tower, 15)
        obj = json.loads(json.dumps(tower.to_json()))
        again = tower_from_json(obj, tower.chance.clone())
        assert again.to_json() == tower.to_json()
        assert again.counts() == tower.counts()
        rounds = 2 if tower is scripted else 40
        assert _play(again, rounds) == _play(tower, rounds)


def test_zk_t7_clone_rebinds_the_chance() -> None:
    tower = TowerB(Chance(3))
    mine = Chance(3)
    copy = tower.clone(mine)
    assert copy.chance is mine and tower.chance is not mine
    copy.chance = Chance(4)  # the game state rebinds it on clone: a public attribute
    assert copy.throw([0]) is not None


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        (["B"], "object"),
        ({"model": "C"}, "model"),
        ({"model": "B", "params": {"s0": 0.19}, "shelves": [[], []]}, "params"),
        ({"model": "B", "params": {"s0": 2, "K": 25, "d": 0.065}, "shelves": [[], []]}, "s0"),
        ({"model": "B", "params": {"s0": 0.1, "K": 25, "d": 0.065}, "shelves": [[]]}, "shelves"),
        ({"model": "B", "params": {"s0": 0.1, "K": 25, "d": 0.1}, "shelves": [[7], []]}, "7"),
        ({"model": "A", "params": {"p_new": 0.5, "p_old": 0.5}, "inside": "00"}, "inside"),
        ({"model": "scripted", "inside": [], "script": [[-1]]}, "script"),
        ({"model": "B", "params": {"s0": 0.1, "K": 25, "d": 0.1}, "shelves": [[], []],
          "shelf_memory": "forgetful"}, "tower_shelf_memory"),
    ],
)  # fmt: skip
def test_zk_t7_malformed_tower_json_is_rejected(obj: object, words: str) -> None:
    with pytest.raises(StateFormatError, match=words):
        tower_from_json(obj, Chance(0))


# -- ZK-H3, ZK-H6 step 4: the hidden shelves ----------------------------------------------


def test_zk_h6_resample_keeps_counts_and_forgets_the_shelves() -> None:
    tower = TowerB(Chance(21))
    _play(tower, 30)
    counts = tower.counts()
    assert tower.total() > 0
    seen = set()
    for i in range(30):
        tower.resample_hidden(random.Random(i))
        assert tower.counts() == counts and tally(cubes_inside(tower)) == tally(
            c for c, n in counts.items() for _ in range(n)
        )
        seen.add(json.dumps(tower.shelves))
    assert len(seen) > 10  # shelves and order really are re-dealt
    # the result depends on the public counts and the rng only (ZK-H3: nobody knows shelves)
    other = TowerB(Chance(0))
    other.shelves = [[], [c for c, n in counts.items() for _ in range(n)]]
    other._recount(other.shelves[1])
    tower.resample_hidden(random.Random(99))
    other.resample_hidden(random.Random(99))
    assert other.shelves == tower.shelves


def test_zk_h6_upper_shelf_with_probability_one_half() -> None:
    tower = TowerB(Chance(0))
    tower.shelves = [[0] * 200, []]
    tower._recount(tower.shelves[0])
    tower.resample_hidden(random.Random(1))
    assert 70 < len(tower.shelves[0]) < 130


def test_zk_h6_nothing_to_resample_for_model_a_and_resample_memory() -> None:
    for tower in (TowerA(Chance(2)), TowerB(Chance(2), shelf_memory="resample")):
        _play(tower, 20)
        before = tower.to_json()
        tower.resample_hidden(random.Random(3))
        assert tower.to_json() == before


# -- ZK-T8: the scripted tower ------------------------------------------------------------


def test_zk_t8_scripted_tower_returns_prescribed_trays() -> None:
    tower = ScriptedTower([{0: 4, GREEN: 2, 2: 1}, [GREEN, 2]], contents={0: 2, GREEN: 1, 2: 2})
    assert tower.throw([0] * 5 + [GREEN] * 3) == [0, 0, 0, 0, 2, GREEN, GREEN]  # ZK-X1
    assert tower.counts() == {0: 3, 2: 1, GREEN: 2}
    assert tower.throw([]) == [GREEN, 2]  # a list tray keeps its order
    assert tower.counts() == {0: 3, GREEN: 1}


def test_zk_t8_scripted_tower_raises_on_an_impossible_tray() -> None:
    tower = ScriptedTower([{"P0": 3}], contents={0: 1})
    with pytest.raises(ValueError, match="sub-multiset"):
        tower.throw([0])
    assert tower.counts() == {0: 1} and len(tower.script) == 1  # nothing changed
    assert tower.throw([0, 0]) == [0, 0, 0]
    with pytest.raises(ValueError, match="no tray left"):
        tower.throw([0])
    with pytest.raises(ValueError):
        ScriptedTower([{"X": 1}])


# -- ZK-O6, ZK-O7, ZK-O8: options ---------------------------------------------------------


def test_zk_o6_o7_make_tower_defaults() -> None:
    b = make_tower("B", {}, "persistent", Chance(0))
    assert isinstance(b, TowerB) and (b.s0, b.K, b.d) == (0.19, 25, 0.065)
    a = make_tower("A", parse_tower_params("default"), "persistent", Chance(0))
    assert isinstance(a, TowerA) and (a.p_new, a.p_old) == (2 / 3, 1 / 3)
    assert isinstance(b, Tower) and isinstance(a, Tower) and isinstance(ScriptedTower(), Tower)
    c = make_tower("B", parse_tower_params("s0=0.2, K=30"), "resample", Chance(0))
    assert isinstance(c, TowerB) and (c.s0, c.K, c.d, c.shelf_memory) == (
        0.2,
        30,
        0.065,
        "resample",
    )
    assert b.model == "B" and a.model == "A" and b.total() == 0  # ZK-T2: empty at setup


def test_zk_o7_parse_tower_params() -> None:
    assert parse_tower_params("default") == {} and parse_tower_params(None) == {}
    assert parse_tower_params("s0=0.2,K=25") == {"s0": 0.2, "K": 25}
    assert parse_tower_params("p_new=2/3") == {"p_new": 2 / 3}
    assert parse_tower_params({"d": 0.1}) == {"d": 0.1}


@pytest.mark.parametrize(
    ("model", "params", "memory", "words"),
    [
        ("B", {"p_new": 0.5}, "persistent", ("p_new", "ZK-O7")),
        ("A", {"s0": 0.5}, "persistent", ("s0", "ZK-O7")),
        ("B", {"s0": 1.5}, "persistent", ("s0", "ZK-O7")),
        ("B", {"K": 0}, "persistent", ("K", "ZK-O7")),
        ("B", {"d": -0.1}, "persistent", ("d", "ZK-O7")),
        ("A", {"p_old": "x"}, "persistent", ("p_old", "ZK-O7")),
        ("B", {"d": True}, "persistent", ("d", "ZK-O7")),
        ("C", {}, "persistent", ("tower_model", "ZK-O6")),
        ("B", {}, "sometimes", ("tower_shelf_memory", "ZK-O8")),
        ("A", {}, "resample", ("tower_shelf_memory", "ZK-O8")),
    ],
)
def test_zk_o6_o7_o8_bad_options_name_the_key(
    model: str, params: dict[str, object], memory: str, words: tuple[str, ...]
) -> None:
    with pytest.raises(OptionError) as info:
        make_tower(model, params, memory, Chance(0))
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize("text", ["s0", "=1", "s0=abc", "s0=1/0", "K=2,,d=0.1"])
def test_zk_o7_unreadable_tower_params_are_rejected(text: str) -> None:
    with pytest.raises(OptionError, match="tower_params"):
        parse_tower_params(text)


# -- ZK-T6: the throw log -----------------------------------------------------------------


def test_zk_t6_throw_record_by_colour_name() -> None:
    tower = ScriptedTower([{0: 4, GREEN: 2, 2: 1}], contents={0: 2, GREEN: 1, 2: 2})
    thrown = [0] * 5 + [GREEN] * 3
    record = ThrowRecord.of(thrown, tower.throw(thrown), tower)
    assert record.to_json() == {  # ZK-X1
        "thrown": {"P0": 5, "G": 3},
        "tray": {"P0": 4, "P2": 1, "G": 2},
        "after": {"P0": 3, "P2": 1, "G": 2},
    }
    assert ThrowRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    with pytest.raises(StateFormatError):
        ThrowRecord.from_json({"thrown": {"P9": 1}, "tray": {}, "after": {}})
    assert [colour_name(c) for c in range(COLOURS)] == ["P0", "P1", "P2", "P3", "P4", "G"]
