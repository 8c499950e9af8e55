"""One module per schema version, oldest first (``down_revision`` links them)."""
