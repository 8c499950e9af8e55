"""What the table finds about Medina besides its rules (``engine.manifest``); installed as
the entry point ``medina``. Its 500-700 moves are typed (``grey 4 5``), not numbered."""

from ...engine.manifest import GameManifest, Scene

MANIFEST = GameManifest(
    package="spieltisch.games.medina",
    text="text",
    typed_moves="typed_moves",
    picture="svg",
    scene=Scene(players=3, seed=5, min_moves=18),
)
