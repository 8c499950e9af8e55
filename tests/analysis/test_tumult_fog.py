"""The 3-player layouts of face-down tiles compared by the calibration report (TR-D8,
TR-D10, rules R6/R7)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.main import app
from spieltisch.cli.tools import RichToolContext
from spieltisch.games.tumult_royal import fog_layouts as fog

CONTEXT = RichToolContext(spieltisch.game("tumult-royal"), "spieltisch calibrate tumult-royal")


def test_every_candidate_puts_half_the_tiles_face_down_and_reveals_them_after_2_and_4() -> None:
    """TR-D8: 3 of 6 tiles with 3 players; TR-D10: two reveals, after rounds 2 and 4."""
    for layout in fog.CANDIDATES:
        parsed = layout.parsed()
        assert len(parsed.face_down) == 3, layout.name
        assert sorted(parsed.reveal_after_round) == [2, 4], layout.name
        revealed = [t for tiles in parsed.reveal_after_round.values() for t in tiles]
        assert sorted(revealed) == sorted(parsed.face_down), layout.name
    pictures = {layout.picture() for layout in fog.CANDIDATES}
    assert len(pictures) == len(fog.CANDIDATES)  # no candidate twice


def test_exactly_one_candidate_is_the_ruleset_default() -> None:
    assert [c.name for c in fog.CANDIDATES if c.is_default()] == ["left column, then top right"]
    assert fog.CANDIDATES[0].picture() == "■2 □ ■4 / ■2 □ □"
    assert fog.REFERENCE.picture() == "■2 □ ■4 / ■2 □ ■4"  # reconstructed-1: 4 of 6
    assert not fog.REFERENCE.is_default()


def test_the_same_seeds_for_every_layout_and_a_verdict() -> None:
    results = fog.compare_layouts(CONTEXT, 2, seed=3, bots="random")
    assert [r.layout for r in results] == list(fog.LAYOUTS)
    for res in results:
        assert [g.seed for g in res.report.games] == [3, 4]
    text = fog.fog_markdown(results)
    assert text.startswith("## 3 players: which tiles start face down")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "■" in line]
    assert len(rows) == len(fog.LAYOUTS)
    assert sum("**yes**" in row for row in rows) == 1 and "(reference)" in rows[-1]
    best = max((r for r in results if r.candidate), key=fog.FogResult.merit)
    if best.chosen:
        assert "is the best by this rule" in text
    else:
        assert f"the data should use *{best.layout.name}*" in text


def test_cli_adds_the_comparison_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    args = ["calibrate", "tumult-royal", "--games", "2", "--players", "3", "--bots", "random"]
    result = CliRunner().invoke(app, [*args, "--jobs", "1", "--fog-layouts", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "--fog-layouts" in text.splitlines()[2]  # the command that made the report
    assert text.index("## 3 players: which tiles") < text.index("## Verdict")
