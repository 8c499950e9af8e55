"""Toy Goofspiel: the example game of Spieltisch, installed as a plugin package.

Spieltisch finds it through the entry point ``toy-goofspiel`` in this package's
``pyproject.toml``, which names ``manifest.MANIFEST``. Importing the package imports no
rules, so that listing the installed games stays cheap: ``game.GOOFSPIEL`` is the game."""
