"""The options of Im Zeichen des Kreuzes (rules section 9, ZK-O1 to ZK-O12): each with its
rule, values, default and the words players read."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine.i18n import N_
from ...engine.options import Option, data_option
from .edition_data import parse_components
from .papal import PAPAL_REWARD_MODES
from .tower import MODELS, SHELF_MEMORIES, parse_tower_params


def _knight_assignment(value: Any, players: int) -> Any:
    """ZK-O3: ``random`` or one distinct knight id per seat (a list or "K_BOH,K_GOT")."""
    if value == "random":
        return "random"
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("must be 'random' or a list of knight ids, one per seat (ZK-O3)")
    if len(value) != players or len(set(value)) != len(value):
        raise ValueError(f"must name {players} distinct knights, one per seat (ZK-O3)")
    return list(value)


def _start_player(value: Any, players: int) -> Any:
    """ZK-O4: ``random`` or a seat."""
    if value == "random":
        return "random"
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"must be 'random' or a seat 0..{players - 1} (ZK-O4)")
    return value


def _turn_limit(value: Any, players: int) -> Any:
    """ZK-O10: an integer >= 1 or ``none``."""
    if value == "none":
        return "none"
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError("must be an integer >= 1 or 'none' (ZK-O10)")
    return value


def _tower_params(value: Any, players: int) -> Any:
    params = parse_tower_params(value)
    return params or "default"


OPTIONS = (
    Option(
        "knight_assignment",
        "random",
        "Which knight each seat plays: random, or knight ids by seat such as "
        "K_BOH,K_GOT,K_RAI (ZK-S2, ZK-O3).",
        validate=_knight_assignment,
        values="random, or one knight id per seat",
        label=N_("Knights"),
        summary=N_("Which knight each player leads: drawn at random, or chosen seat by seat."),
        value_labels=(
            ("random", N_("a random knight for each player")),
            ("K_BOH,K_GOT,K_RAI", N_("Bohemund, Gottfried, Raimund (seat by seat)")),
        ),
        source="reconstructed",
    ),
    Option(
        "start_player",
        "random",
        "The seat that takes the first turn (ZK-S3, ZK-O4).",
        validate=_start_player,
        values="random, or a seat number",
        label=N_("Start player"),
        summary=N_("Who takes the first turn."),
        value_labels=(
            ("random", N_("drawn at random")),
            (0, N_("Player 1")),
            (1, N_("Player 2")),
            (2, N_("Player 3")),
            (3, N_("Player 4")),
            (4, N_("Player 5")),
        ),
        source="reconstructed",
    ),
    Option(
        "tie_rule",
        "defender",
        "Who wins a fight when the counts are equal, in every fight (ZK-C8, ZK-O5).",
        choices=("defender", "attacker"),
        label=N_("Ties in a fight"),
        summary=N_(
            "Who wins a fight when as many of your cubes as green cubes fall out of the tower."
        ),
        value_labels=(
            ("defender", N_("the defender (the green side) wins")),
            ("attacker", N_("the attacker wins")),
        ),
        source="reconstructed",
    ),
    Option(
        "tower_model",
        "B",
        "The cube tower: B = two shelves with flushing (calibrated), A = independent "
        "release (ZK-T3, ZK-T4, ZK-O6).",
        choices=MODELS,
        label=N_("Cube tower"),
        summary=N_(
            "How the digital tower holds cubes back and lets them fall out in later fights."
        ),
        value_labels=(
            ("B", N_("two shelves, calibrated to the real tower")),
            ("A", N_("each cube falls independently")),
        ),
        source="reconstructed",
    ),
    Option(
        "tower_params",
        "default",
        "Tower parameters: default, or KEY=VALUE pairs; model B: s0, K, d; model A: "
        "p_new, p_old (ZK-O7).",
        validate=_tower_params,
        values="default, or KEY=VALUE pairs such as s0=0.19,K=25,d=0.065",
        label=N_("Tower parameters"),
        summary=N_("Fine-tune the tower's probabilities (for experiments)."),
        value_labels=(("default", N_("the calibrated values")),),
        source="digital",
    ),
    Option(
        "tower_shelf_memory",
        "persistent",
        "Model B only: persistent shelves, or resample them before every throw (ZK-O8).",
        choices=SHELF_MEMORIES,
        label=N_("Tower shelves"),
        summary=N_(
            "Whether the tower's shelves keep their cubes in place between throws or are "
            "shaken up before each throw."
        ),
        value_labels=(
            ("persistent", N_("cubes stay where they lodged")),
            ("resample", N_("shaken up before every throw")),
        ),
        source="digital",
    ),
    Option(
        "papal_reward",
        "lost_siege",
        "When the Pope pays the attacker of sieges 1-3 (3 / 2 / 1 treasure): lost_siege = as a "
        "consolation when the siege is lost (the seed's reading), declaration = on declaring, "
        "whatever the outcome (spec version 1) (ZK-J2, ZK-O12).",
        choices=PAPAL_REWARD_MODES,
        label=N_("Papal reward"),
        summary=N_(
            "When the Pope pays the attacker of the first three sieges of Jerusalem "
            "(3, 2, 1 treasure)."
        ),
        value_labels=(
            ("lost_siege", N_("as a consolation when the siege is lost")),
            ("declaration", N_("on declaring the siege, whatever its outcome")),
        ),
        source="seed",
    ),
    Option(
        "exhaustion_winner",
        "none",
        "Who wins when the deck runs out twice: nobody, or the most Muslim cities with "
        "army and treasure as tie-breaks (ZK-W4, ZK-O9).",
        choices=("none", "most_muslim_cities"),
        label=N_("Winner when the deck runs out"),
        summary=N_(
            "Who wins when the draw pile runs out for the second time without Jerusalem "
            "having fallen."
        ),
        value_labels=(
            ("none", N_("nobody wins")),
            ("most_muslim_cities", N_("most Muslim cities plundered (then army, treasure)")),
        ),
        source="sourced",
    ),
    Option(
        "turn_limit",
        1000,
        "Safety net for simulations: the game ends after this many turns, as when the "
        "deck runs out (ZK-W3, ZK-O10).",
        validate=_turn_limit,
        values="an integer >= 1, or none",
        label=N_("Turn limit"),
        summary=N_(
            "A safety net for simulations: the game ends after this many turns, as when "
            "the deck runs out."
        ),
        value_labels=((1000, N_("1000 turns")), ("none", N_("no limit"))),
        source="digital",
    ),
    replace(
        data_option(
            "edition_data",
            "Map, knights, tiles and cards (rules 2.7, ZK-O11): 'default' or a data object "
            "in the format of data/components.json; --edition FILE loads one (.json, or a "
            "map .txt).",
            parse_components,
        ),
        label=N_("Board and cards"),
        summary=N_(
            "The map, the knights' tableaus, the city tiles and the deck: the reconstructed "
            "set, or the real values loaded from a file."
        ),
        value_labels=(("default", N_("the reconstructed board and deck")),),
        source="reconstructed",
    ),
)
