"""What the table finds about Tumult Royal besides its rules (``engine.manifest``);
installed as the entry point ``tumult-royal``. ``spieltisch calibrate tumult-royal`` is its
calibration report of the reconstructed numbers."""

from ...engine.manifest import GameManifest, Scene, Tool

MANIFEST = GameManifest(
    package="spieltisch.games.tumult_royal",
    text="text",
    picture="svg",
    # a grab tick of 10 minutes: the picture is taken before the clock moves on
    scene=Scene(players=3, seed=5, min_moves=40, options={"tick_ms": 600_000}),
    tools=(
        Tool(
            "calibrate",
            "calibrate",
            "Measure game length, tumults, statues and end conditions with bots (Tumult Royal).",
        ),
    ),
)
