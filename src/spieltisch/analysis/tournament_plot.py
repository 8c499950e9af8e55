"""A round robin as a PNG: the rating table with its uncertainty beside the pairings' win
rates with their 95% intervals — or, for a curve (``--curve``), the win rate against the
reference by seconds per decision on a log axis beside the ratings.

matplotlib draws without a display (the Agg backend); every text is 9 pt or larger."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .round_robin_results import RoundRobinResult, Side, curve

FONT = 10  # body text; ticks 9
FAIR = "#777777"
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend (files only, no window)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update(
        {
            "font.size": FONT,
            "axes.titlesize": FONT + 2,
            "axes.labelsize": FONT,
            "xtick.labelsize": FONT - 1,
            "ytick.labelsize": FONT - 1,
            "legend.fontsize": FONT - 1,
        }
    )
    return plt


def plot(result: RoundRobinResult, path: Path) -> None:
    """Write the tournament's figure to ``path`` (PNG)."""
    plt = pyplot()
    rows = len(result.spec.names())
    pairs = len(result.pairings()) * (1 if result.spec.players == 2 else 2)
    height = max(4.0, 1.6 + 0.45 * max(rows, pairs))
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, height), width_ratios=(1.2, 1))
    if result.spec.reference is not None:
        _curve(left, result)
    else:
        _pairings(left, result)
    _ratings(right, result)
    spec = result.spec
    fig.suptitle(
        f"{spec.game}, {spec.players} players: {spec.games} games per pairing, seed {spec.seed}",
        fontsize=FONT + 3,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=120, format="png")
    plt.close(fig)


def _interval(side: Side) -> tuple[list[float], list[float]]:
    low, high = side.ci95
    return [side.win_rate - low], [high - side.win_rate]


def _pairings(ax: Any, result: RoundRobinResult) -> None:
    """One row per pairing at 2 players (the first bot's rate; the second's is the rest);
    at more players one row per lone bot: "A alone vs 2× B"."""
    players = result.spec.players
    rows: list[tuple[str, Side]] = []
    for pairing in result.pairings():
        a, b = pairing.sides
        if players == 2:
            rows.append((f"{pairing.a} vs {pairing.b}", a))
        else:
            crowd = players - 1
            rows.append((f"{pairing.a} alone vs {crowd}× {pairing.b}", a))
            rows.append((f"{pairing.b} alone vs {crowd}× {pairing.a}", b))
    for y, (_, side) in enumerate(rows):
        ax.errorbar(side.win_rate, y, xerr=_interval(side), fmt="o", color=COLOURS[0], capsize=4)
        ax.annotate(  # above the point, kept off the axis' ends
            f"{side.win_rate:.0%} (n={side.games})",
            (min(max(side.win_rate, 0.08), 0.92), y),
            xytext=(0, 7),
            textcoords="offset points",
            ha="center",
            fontsize=FONT - 1,
        )
    if players > 2:  # a line between pairings
        for y in range(1, len(rows) // 2):
            ax.axhline(2 * y - 0.5, color=FAIR, linewidth=0.6)
    ax.axvline(
        result.fair_share, color=FAIR, linestyle="--", label=f"fair share {result.fair_share:.0%}"
    )
    ax.set_yticks(range(len(rows)), [label for label, _ in rows])
    ax.set_ylim(len(rows) - 0.5, -0.7)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(_percent())
    first = "bot named first" if players == 2 else "lone bot"
    ax.set_xlabel(f"win rate of the {first} (ties share), 95% Wilson interval")
    ax.set_title("Pairings")
    _legend_below(ax)
    ax.grid(axis="x", alpha=0.3)


def _curve(ax: Any, result: RoundRobinResult) -> None:
    """Win rate against the reference by measured seconds per decision; the budgets of
    one level (``hard@100it``, ``hard@1000it``) joined by a line of their own colour."""
    points = curve(result)
    levels = list(dict.fromkeys(p.bot.partition("@")[0] for p in points))
    for number, level in enumerate(levels):
        mine = [p for p in points if p.bot.partition("@")[0] == level]
        colour = COLOURS[number % len(COLOURS)]
        xs = [max(p.seconds, 1e-6) for p in mine]  # a log axis has no 0
        ys = [p.side.win_rate for p in mine]
        ax.plot(xs, ys, color=colour, alpha=0.5)
        for x, point in zip(xs, mine, strict=True):
            ax.errorbar(
                x,
                point.side.win_rate,
                yerr=_interval(point.side),
                fmt="o",
                color=colour,
                capsize=4,
                label=level if point is mine[0] else None,
            )
            ax.annotate(  # the budget above the interval; the level is in the legend
                point.bot.partition("@")[2] or point.bot,
                (x, point.side.ci95[1]),
                xytext=(0, 4),
                textcoords="offset points",
                ha="center",
                fontsize=FONT - 1,
            )
    ax.axhline(
        result.fair_share, color=FAIR, linestyle="--", label=f"fair share {result.fair_share:.0%}"
    )
    reference = result.spec.reference
    assert reference is not None
    own = result.thinking()[reference].cpu_per_decision
    if own > 0:
        ax.axvline(own, color=FAIR, linestyle=":", label=f"{reference}'s own time")
    ax.set_xscale("log")
    ax.set_ylim(0, 1.08)  # room for the labels above a 100% interval
    ax.yaxis.set_major_formatter(_percent())
    clocks = " / ".join(sorted({p.clock for p in points}))
    ax.set_xlabel(f"seconds per decision, measured ({clocks} time, log scale)")
    ax.set_ylabel(f"win rate against {reference} (95% interval)")
    ax.set_title(f"Strength against thinking time, reference {reference}")
    _legend_below(ax)
    ax.grid(alpha=0.3, which="both")


def _ratings(ax: Any, result: RoundRobinResult) -> None:
    """Each bot's mean with ±2σ, and its ordinal (μ − 3σ) by which the table is ranked."""
    table = result.ratings()
    for y, (_, rating) in enumerate(table):
        ax.errorbar(
            rating.mu,
            y,
            xerr=2 * rating.sigma,
            fmt="o",
            color=COLOURS[1],
            capsize=4,
            label="μ ± 2σ" if y == 0 else None,
        )
        ax.plot(
            rating.ordinal,
            y,
            marker="|",
            markersize=14,
            color="black",
            label="ordinal μ − 3σ" if y == 0 else None,
        )
    ax.set_yticks(range(len(table)), [f"{name} ({r.games} games)" for name, r in table])
    ax.set_ylim(len(table) - 0.5, -0.7)
    ax.set_xlabel("OpenSkill rating (Plackett–Luce)")
    ax.set_title("Ratings, best first")
    _legend_below(ax)
    ax.grid(axis="x", alpha=0.3)


def _legend_below(ax: Any) -> None:
    """The legend under the axis' label, where it hides no point."""
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=3, frameon=False)


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)
