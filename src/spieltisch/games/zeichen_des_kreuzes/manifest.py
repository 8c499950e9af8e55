"""What the table finds about Im Zeichen des Kreuzes besides its rules
(``engine.manifest``); installed as the entry point ``im-zeichen-des-kreuzes``.
``spieltisch tower-stats`` reproduces its tower's calibration table (ZK-T9)."""

from ...engine.manifest import GameManifest, Scene, Tool

MANIFEST = GameManifest(
    package="spieltisch.games.zeichen_des_kreuzes",
    text="text",
    picture="svg",
    scene=Scene(players=3, seed=5, min_moves=40),
    tools=(
        Tool(
            "tower-stats",
            "tower_stats",
            "Reproduce the tower's calibration table (ZK-T9) by simulation (Im Zeichen des "
            "Kreuzes).",
        ),
    ),
)
