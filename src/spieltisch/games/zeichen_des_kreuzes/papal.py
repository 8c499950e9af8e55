"""The Pope's reward for the first three sieges of Jerusalem (ZK-J2, ZK-J11, ZK-O12).

The seed pays it as a consolation to an attacker who loses ("Verliert der Angreifer ...
gibt es vom Papst jedoch noch eine Belohnung"); spec version 1 paid it on declaring. The
option ``papal_reward`` chooses; the state pays, the view, renderers and bots read the
amounts from here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PAPAL_REWARD = (3, 2, 1)  # ZK-J2: treasure for sieges no. 1, 2, 3
LOST_SIEGE, ON_DECLARATION = "lost_siege", "declaration"
PAPAL_REWARD_MODES = (LOST_SIEGE, ON_DECLARATION)  # the default first


def papal_reward(siege_number: int) -> int:
    """ZK-J2: the Pope's treasure for siege number ``siege_number`` (none from the 4th)."""
    return PAPAL_REWARD[siege_number - 1] if 1 <= siege_number <= len(PAPAL_REWARD) else 0


def reward_if_lost(options: Mapping[str, Any], siege_number: int) -> int:
    """What losing siege ``siege_number`` pays under ``options`` (0 when it was paid on
    declaring, ZK-J11)."""
    return papal_reward(siege_number) if options["papal_reward"] == LOST_SIEGE else 0
