"""The command-line interface: ``spieltisch play | simulate | replay | rules | games | bench``.

Each command lives in its own module and only formats; the work is done by the engine, the
bots and ``spieltisch.analysis``."""
