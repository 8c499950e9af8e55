"""Settings of the whole test suite."""

from __future__ import annotations

import os

# the tests play faster than any person from one address: no rate limits, except where a
# test sets its own (tests/server/test_rate_limits.py); the servers tests start inherit it
os.environ.setdefault("SPIELTISCH_RATE_LIMITS", "off")
