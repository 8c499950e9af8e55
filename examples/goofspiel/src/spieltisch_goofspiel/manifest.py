"""What Spieltisch finds about Toy Goofspiel (``spieltisch.engine.manifest``).

The rules' facts (id, name, players, options, state, bots, encoding) come from the ``Game``
object named here; the manifest adds the modules beside the rules. ``rules.md`` and
``rulebook.en.md`` are found in this package by their names."""

from spieltisch.engine.manifest import GameManifest

MANIFEST = GameManifest(
    package="spieltisch_goofspiel",
    game_object="game:GOOFSPIEL",  # module:attribute, loaded on first use
    text="text",  # the terminal renderer
    picture="svg",  # the picture at the web table
    # no typed_moves (five cards make a short menu), no screenshot scene, no own commands
)
