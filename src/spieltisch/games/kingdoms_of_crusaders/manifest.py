"""What the table finds about The Kingdoms of Crusaders besides its rules
(``engine.manifest``); installed as the entry point ``kingdoms-of-crusaders``."""

from ...engine.manifest import GameManifest, Scene

MANIFEST = GameManifest(
    package="spieltisch.games.kingdoms_of_crusaders",
    text="text",
    picture="svg",
    scene=Scene(players=2, seed=5, min_moves=14),
)
