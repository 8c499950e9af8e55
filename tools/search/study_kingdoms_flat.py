"""How much The Kingdoms of Crusaders' flat search can gain over the heuristic, and where
the gain ends (docs/games/kingdoms-of-crusaders-search.md → "Where the flat search ends").

``collect`` plays seeded heuristic-against-heuristic games (2 players) and, at every
``--every``-th decision, plays each distinct play (KC-E24: same symbols, same territory
count once) in ``--worlds`` re-deals from the deciding seat's view, each followed by the
shipped rollout (16 plays of the heuristic, then the evaluation), as the flat search does
but without dropping any play. It writes every play's value in every world.

``analyse`` reads such files and replays selection rules on them: a rule sees ``k`` of the
worlds, and its choice is scored on the others (disjoint, so the score is unbiased) as the
gain in win chance over the heuristic's own play, in points per decision, with the rule's
cost in rollouts. Each decision is split ``--splits`` times at random.

``hand`` measures what the opponent's last play says about its hand: the heuristic
(``normal``) holding a re-dealt hand plus the card it played must have made that play.
It prints the share of re-deals that pass and how many of the 5 true cards they hold.

    .venv/bin/python tools/search/study_kingdoms_flat.py collect --worlds 32 --out all.json
    .venv/bin/python tools/search/study_kingdoms_flat.py analyse all.json
    .venv/bin/python tools/search/study_kingdoms_flat.py hand --seeds 0 3

The heuristic reads only what its seat may see, so it is asked on the true state; the
search gets the true state and reads it only through ``resample``, as at the table."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import Any

from spieltisch.bots.search.flat import FlatSearch
from spieltisch.engine.action import Action
from spieltisch.engine.registry import game as lookup
from spieltisch.engine.state import State
from spieltisch.games.kingdoms_of_crusaders.actions import PLAY, Move
from spieltisch.games.kingdoms_of_crusaders.heuristic import HeuristicBot, _Evaluation
from spieltisch.games.kingdoms_of_crusaders.state import KingdomsState

Decision = dict[str, Any]


# -- collect -------------------------------------------------------------------------------
class EveryPlay(FlatSearch):
    """The shipped flat search with its candidates given (every distinct play) and none
    ever dropped, so that every play has a value in every world."""

    def __init__(self, state: KingdomsState, seat: int, plays: list[Action], seed: int) -> None:
        super().__init__(state.game.search_hooks(), state, seat, random.Random(seed))
        self.plays = plays

    def _choose_candidates(self, world: State) -> None:
        self.candidates = list(self.plays)
        self.alive = list(range(len(self.plays)))
        self.samples = [[] for _ in self.plays]
        self.totals = [[0.0] * world.players for _ in self.plays]

    def _prune(self) -> None:
        pass


def wide_values(state: KingdomsState, seat: int, worlds: int, seed: int) -> Decision:
    """Every distinct play at ``state``, best first by the heuristic, and its value for
    ``seat`` in each of ``worlds`` shared re-deals."""
    plays = [a for a in state.legal_actions(seat) if isinstance(a, Move) and a.kind == PLAY]
    scored = _Evaluation(state, seat, HeuristicBot.params).scores(plays)
    order = sorted(scored.values(), key=lambda av: -av[1])  # stable: the heuristic's first
    search = EveryPlay(state, seat, [a for a, _ in order], seed)
    search.run(iterations=worlds)
    return {
        "plays": [repr(a) for a, _ in order],
        "heuristic_values": [v for _, v in order],
        "values": search.samples,
    }


def collect_game(job: tuple[int, int, int]) -> list[Decision]:
    seed, worlds, every = job
    state = lookup("kingdoms-of-crusaders").new_game(2, seed=seed)
    assert isinstance(state, KingdomsState)
    bot = HeuristicBot()
    rng = random.Random(seed)
    out = []
    ply = 0
    while not state.is_over():
        seat = state.actors()[0]
        action = bot.choose(state, seat, rng)
        if ply % every == seed % every and isinstance(action, Move) and action.kind == PLAY:
            decision = wide_values(state, seat, worlds, seed * 1000 + ply)
            if len(decision["plays"]) > 1:
                decision.update(seed=seed, ply=ply, seat=seat)
                out.append(decision)
        state._apply(seat, action)
        ply += 1
    return out


def collect(args: argparse.Namespace) -> None:
    jobs = [(s, args.worlds, args.every) for s in range(*args.seeds)]
    decisions: list[Decision] = []
    with Pool(args.processes) as pool:
        for found in pool.imap_unordered(collect_game, jobs):
            decisions.extend(found)
            print(f"{len(decisions)} decisions", file=sys.stderr, flush=True)
    with open(args.out, "w") as f:
        json.dump(decisions, f)


# -- analyse -------------------------------------------------------------------------------
# a rule: (decision, the worlds it may look at) -> (its play, rollouts it spent)
Rule = Callable[[Decision, Sequence[int]], tuple[int, int]]


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def best_of(decision: Decision, worlds: Sequence[int], plays: Sequence[int]) -> int:
    """The play of ``plays`` with the highest mean over ``worlds`` (the first on ties)."""
    values = decision["values"]
    return max(plays, key=lambda c: (sum(values[c][w] for w in worlds), -c))


def top(k: int, worlds: int) -> Rule:
    """The flat search without dropping: the heuristic's ``k`` best, ``worlds`` worlds."""

    def rule(d: Decision, seen: Sequence[int]) -> tuple[int, int]:
        plays = range(min(k, len(d["values"])))
        return best_of(d, seen[:worlds], plays), worlds * len(plays)

    return rule


def screened(screen: int, finalists: int, kept: int, worlds: int) -> Rule:
    """Every play in ``screen`` worlds; the heuristic's ``kept`` best and the screen's best
    of the rest go on to ``worlds`` worlds in all."""

    def rule(d: Decision, seen: Sequence[int]) -> tuple[int, int]:
        n = len(d["values"])
        values = d["values"]
        rest = sorted(range(kept, n), key=lambda c: (-sum(values[c][w] for w in seen[:screen]), c))
        chosen = list(range(min(kept, n))) + rest[: max(0, finalists - kept)]
        cost = n * screen + len(chosen) * (worlds - screen)
        return best_of(d, seen[:worlds], chosen), cost

    return rule


def gain(
    decisions: Sequence[Decision],
    rule: Rule,
    seen: int,
    splits: int,
    seed: int = 1,
    held_out: int | None = None,
) -> tuple[float, float]:
    """The rule's mean gain over the heuristic's play (index 0), in points of win chance per
    decision, scored on the worlds it did not see (the last ``held_out`` of each shuffle,
    or all it did not see); and its mean cost in rollouts."""
    rng = random.Random(seed)
    total = cost = 0.0
    n = 0
    for d in decisions:
        values = d["values"]
        worlds = list(range(len(values[0])))
        scored = len(worlds) - seen if held_out is None else held_out
        if seen + scored > len(worlds):
            raise ValueError(
                f"{seen} seen and {scored} held-out worlds need more than {len(worlds)}"
            )
        for _ in range(splits):
            rng.shuffle(worlds)
            play, spent = rule(d, worlds[:seen])
            held = worlds[len(worlds) - scored :]
            total += _mean([values[play][w] - values[0][w] for w in held])
            cost += spent
            n += 1
    return 100 * total / n, cost / n


def fit_ceiling(points: dict[int, float]) -> tuple[float, float]:
    """Least squares of ``gain(k) = ceiling - slope / k`` over the worlds ``k`` a rule saw:
    what choosing among the same plays would gain with endless worlds, and how fast the
    gain approaches it (a rule's choice errs by noise that shrinks as ``1 / k``)."""
    if len(points) < 2:
        raise ValueError("the fit needs the gain at two or more world counts")
    xs = [1.0 / k for k in points]
    ys = list(points.values())
    mx, my = _mean(xs), _mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )
    return my - slope * mx, -slope


def rank_of_best(decisions: Sequence[Decision]) -> dict[str, int]:
    """Where the play with the best mean over all worlds stands in the heuristic's order."""
    ranks: dict[str, int] = {}
    for d in decisions:
        values = d["values"]
        best = max(range(len(values)), key=lambda c: _mean(values[c]))
        label = str(best + 1) if best < 6 else "7-10" if best < 10 else "11+"
        ranks[label] = ranks.get(label, 0) + 1
    return ranks


def analyse(args: argparse.Namespace) -> None:
    decisions: list[Decision] = []
    for path in args.files:
        with open(path) as f:
            decisions.extend(json.load(f))
    worlds = min(len(d["values"][0]) for d in decisions)
    seen = min(16, worlds // 2)
    plays = _mean([len(d["values"]) for d in decisions])
    print(f"{len(decisions)} decisions, {worlds} worlds, {plays:.1f} distinct plays each")
    print(f"rules see {seen} worlds and are scored on the others ({args.splits} splits)\n")
    print("| rule | gain, points per decision | rollouts |")
    print("|---|---|---|")
    rules: list[tuple[str, Rule]] = [
        (f"heuristic's best {k}, {seen} worlds", top(k, seen)) for k in (3, 6, 10, 15, 99)
    ]
    rules += [
        (
            f"all screened in {s}, {f} go on (heuristic's {kept}), {seen} worlds",
            screened(s, f, kept, seen),
        )
        for s, f, kept in ((2, 6, 2), (3, 6, 2), (3, 8, 2))
    ]
    for name, rule in rules:
        points, cost = gain(decisions, rule, seen, args.splits)
        print(f"| {name} | {points:+.2f} | {cost:.0f} |")
    # the ceiling: every play, seen in k worlds, always scored on the same number of
    # held-out worlds, so the gains differ only in how well the choice was made
    held = max(1, worlds // 4)
    counts = [k for k in (8, 12, 16, 20, 24) if k + held <= worlds]
    print(f"\nevery play, scored on {held} held-out worlds:")
    print("| worlds seen | gain, points per decision | heuristic's best 6 |")
    print("|---|---|---|")
    every: dict[int, float] = {}
    six: dict[int, float] = {}
    for k in counts:
        every[k], _ = gain(decisions, top(99, k), k, args.splits, held_out=held)
        six[k], _ = gain(decisions, top(6, k), k, args.splits, held_out=held)
        print(f"| {k} | {every[k]:+.2f} | {six[k]:+.2f} |")
    if len(every) >= 2:
        for name, points in (("every play", every), ("the heuristic's best 6", six)):
            ceiling, slope = fit_ceiling(points)
            print(f"{name}: gain(k) = {ceiling:+.2f} - {slope:.1f} / k")
    print("\nrank of the best play (mean over all worlds) in the heuristic's order:")
    print(sorted(rank_of_best(decisions).items(), key=lambda kv: kv[0]))


# -- hand ----------------------------------------------------------------------------------
def hand(args: argparse.Namespace) -> None:
    """Seat 0's decisions: how re-deals of seat 1's hand fare against seat 1's last play."""
    g = lookup("kingdoms-of-crusaders")
    bot = HeuristicBot()
    passed = tried = 0
    overlap_all = overlap_passed = 0
    for seed in range(*args.seeds):
        state = g.new_game(2, seed=seed)
        assert isinstance(state, KingdomsState)
        rng = random.Random(seed)
        last: tuple[KingdomsState, Move] | None = None  # seat 1's last decision and play
        decision = 0
        while not state.is_over():
            seat = state.actors()[0]
            action = bot.choose(state, seat, rng)
            is_play = isinstance(action, Move) and action.kind == PLAY
            if seat == 0 and is_play and last is not None:
                before, played = last
                card = state.pool.index[played.card]
                masks = state.pool.masks
                truth = set(state.hands[1])
                for i in range(args.redeals):
                    world = state.resample(0, random.Random(hash((seed, decision, i))))
                    guess = world.hands[1]
                    then = before.clone()
                    # seat 1 drew before it played: its hand then was this one and the card
                    then.hands[1] = sorted([*guess, card])
                    then.drawn = then.hands[1][0]
                    answer = bot.choose(then, 1, rng)
                    same = (
                        isinstance(answer, Move)
                        and answer.territory == played.territory
                        and masks[state.pool.index[answer.card]] == masks[card]
                    )
                    common = len(set(guess) & truth)
                    tried += 1
                    overlap_all += common
                    if same:
                        passed += 1
                        overlap_passed += common
                decision += 1
            if seat == 1 and is_play:
                assert isinstance(action, Move)
                last = (state.clone(), action)
            state._apply(seat, action)
    print(
        f"{tried} re-deals: {passed / tried:.1%} would have made the last play; true cards "
        f"held: {overlap_all / tried:.2f} of 5 in all re-deals, "
        f"{overlap_passed / max(passed, 1):.2f} in those"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--seeds", type=int, nargs=2, default=(200, 230), metavar=("FROM", "TO"))
    c.add_argument("--worlds", type=int, default=32)
    c.add_argument("--every", type=int, default=4, help="every n-th decision of a game")
    c.add_argument("--processes", type=int, default=2)
    c.add_argument("--out", required=True)
    a = sub.add_parser("analyse")
    a.add_argument("files", nargs="+")
    a.add_argument("--splits", type=int, default=20)
    h = sub.add_parser("hand")
    h.add_argument("--seeds", type=int, nargs=2, default=(0, 3), metavar=("FROM", "TO"))
    h.add_argument("--redeals", type=int, default=150)
    args = parser.parse_args()
    {"collect": collect, "analyse": analyse, "hand": hand}[args.command](args)


if __name__ == "__main__":
    main()
