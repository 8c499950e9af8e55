"""The words of Tumult Royal's board picture (``svg.py``): headings, status lines, button
captions and the tooltips (``data-tip``) of every slot, tile, field, statue, rank, chronicle
field and the crown.

The words come from the game's catalogs (``locale/*.po``, English text as the message id);
the picture's modules look them up by key, so the table is built once per language (the
picture is drawn for every seat after every move)."""

from __future__ import annotations

from functools import lru_cache

from ...engine.i18n import Catalog
from .names import catalog


@lru_cache(maxsize=8)
def words(lang: str) -> dict[str, str]:
    """The words in ``lang`` as the catalogs read it (``de-AT`` is German; others English)."""
    _ = catalog(lang)
    return {**_status(_), **_pool(_), **_castles(_), **_landscape(_)}


def _status(_: Catalog) -> dict[str, str]:
    """The heading, whose turn, the demand and the end."""
    return {
        "title": _("Tumult Royal"),
        "round": _("Round {n} of {N}"),
        "phase_setup_start_statues": _("start statues"),
        "phase_grab": _("tax robbery"),
        "phase_build": _("building"),
        "phase_game_over": _("game over"),
        "tick": _("tick {t} of {T}"),
        "choosing": _("choosing: {names}"),
        "all_chosen": _("everyone has chosen"),
        "start_turn": _("{name} places a start statue on a meadow"),
        "build_turn": _("{name} builds"),
        "over": _("Game over: {reason}"),
        "reason_25th statue": _("all statues placed"),
        "reason_threshold": _("the chronicle's end check"),
        "reason_round limit": _("the last round is played"),
        "winner": _("winner {names}"),
        "winners": _("winners {names}"),
        "spectator": _("spectator"),
        "demand": _("The people need"),
        "demand_tip": _(
            "The people need {d} units of {good}: if fewer are left in the pool after the grab, "
            "they riot and the greediest player loses {loss} followers."
        ),
        "demand_unknown_tip": _(
            "Zocker variant: the people's need of {good} is spun just before its tumult check."
        ),
    }


def _pool(_: Catalog) -> dict[str, str]:
    """The set-aside tiles, the pool's slots, the hand and the grab's choices."""
    return {
        "aside": _("{k} set aside"),
        "zocker": _("Zocker variant"),
        "zocker_tip": _(
            "Zocker variant: nobody knows the needs while grabbing; each is spun just before "
            "its good's tumult check."
        ),
        "aside_tip": _("{k} tiles set aside face down this round: nobody may take them."),
        "pool": _("The people's goods"),
        "pool_open": _("The people's pool after the grab"),
        "pool_hint_peek": _("Click a face-down tile to peek at it"),
        "pool_hint_hold": _("Keep the tile in your hand or put it back"),
        "pool_hint_wait": _("Your choice is made: waiting for the tick"),
        "pool_hint_watch": _("Each tick every player peeks, keeps or puts back one tile"),
        "pool_hint_done": _("You are done grabbing this round"),
        "left": _("{good}: {n} left, need {d}"),
        "slot_down": _("Slot {s}: a face-down tile."),
        "slot_peek": " " + _("Click to peek at it (one tick)."),
        "slot_memory": " " + _("You saw it: {face}."),
        "slot_held": _("Slot {s}: {name} holds this tile."),
        "slot_held_face": _("Slot {s}: {name} holds this tile: {face}."),
        "slot_taken": _("Slot {s}: kept by {name}."),
        "slot_taken_face": _("Slot {s}: kept by {name}: {face}."),
        "slot_chosen": " " + _("Your choice this tick."),
        "hand": _("Your hand"),
        "hand_empty": _("empty"),
        "hand_tip": _("The tile in your hand, from slot {s}: {face}. Only you see it."),
        "keep": _("Keep"),
        "put_back": _("Put back"),
        "keep_tip": _("Keep {face}: it goes face down into your castle; you cannot give it back."),
        "put_back_tip": _("Put {face} back face down into slot {s}."),
        "my_choice": _("Your choice: {a}"),
        "act_peek": _("peek at slot {s}"),
        "act_keep": _("keep"),
        "act_put_back": _("put back"),
        "act_done": _("done"),
        "act_wait": _("wait"),
    }


def _castles(_: Catalog) -> dict[str, str]:
    """The castles: ranks, grace, the crown, kept and carried tiles."""
    return {
        "castle_tip": _("The castle of {name}: the goods tiles {name} holds."),
        "castle_tip_own": _("Your castle: the goods tiles you hold."),
        "grace_tip": _("Grace: {name} counts 1 unit less of each good in the next tumult check."),
        "crown_tip": _(
            "The crown: {name} is King (rank 1), pays {tax} followers after the build phase and "
            "places statues on the chronicle."
        ),
        "rank": _("rank {r}"),
        "rank_tip": _(
            "Rank {r} of {n}: builds in turn {nth} of the build phase; ties in a tumult punish "
            "the better rank."
        ),
        "holding": _("holds slot {s}"),
        "done": _("done"),
        "winner_mark": _("★ wins the game"),
        "choosing_one": _("choosing…"),
        "chosen_one": _("has chosen"),
        "last_peek": _("peeked slot {s}"),
        "last_lost": _("lost slot {s} in a draw"),
        "last_keep": _("kept slot {s}"),
        "last_put_back": _("put back slot {s}"),
        "last_wait": _("waited"),
        "tile_tip": _("{face}, from slot {s}"),
        "tile_back_tip": _("A face-down tile {name} kept from slot {s}"),
        "tile_carried_tip": _("{face}, kept from an earlier round"),
        "units": _("in all"),
    }


def _landscape(_: Catalog) -> dict[str, str]:
    """The landscape, the chronicle, the standing and the buttons."""
    return {
        "landscape": _("The landscape"),
        "landscape_hint_start": _("Click a free meadow for your start statue"),
        "landscape_hint_build": _("Click a field to build on it"),
        "t_M": _("Meadow"),
        "t_F": _("Forest"),
        "t_H": _("Mountain"),
        "t_V": _("Village"),
        "t_C": _("Castle"),
        "field_tip": _("{terrain} ({r},{c}), {cap}: costs {cost}."),
        "field_far": " " + _("Not next to your statues: {cost}."),
        "field_near": " " + _("Only next to your own statues."),
        "field_yours": " " + _("For you now: {cost}."),
        "field_yours_far": " " + _("For you now: {cost} (not next to your statues)."),
        "field_pays": " " + _("Click to build: {n} ways to pay."),
        "field_pays_one": " " + _("Click to build here."),
        "field_start": " " + _("Click to put your start statue here."),
        "statue_tip": _("{terrain} ({r},{c}): {cap} of {name}"),
        "fog_tip": _("A face-down landscape tile: it turns face up after round {k}."),
        "fog_never": _("A face-down landscape tile."),
        "fog_label": _("face up after round {k}"),
        "chronicle": _("The King's Chronicle"),
        "chronicle_tip": _("Round {k}: the King places {n} on the chronicle."),
        "chronicle_check": " "
        + _("Then the game ends if the most and fewest statues placed differ by more than {t}."),
        "chronicle_done": _("Round {k}: {name} as King placed {n} here."),
        "standing": _("Standing"),
        "col_placed": _("placed"),
        "col_parts": _("land + chronicle"),
        "col_followers": _("followers"),
        "col_rank": _("rank"),
        "standing_rule": _("Most statues placed wins, then more followers, then the better rank."),
        "instant": _("Placing all {n} statues wins at once (fewest left: {r})."),
        "spread": _("Spread of statues placed: {d} (most {hi}, fewest {lo})."),
        "end_check": _("The game ends after round {k}'s chronicle if the spread is over {t}."),
        "no_check": _("No end check left: the game ends after round {k}."),
        "pay_with": _("First choose how to pay {good}:"),
        "pay_chip_tip": _("Pay {good} with {tiles}; then click the field."),
        "btn_start": _("Start statue here"),
        "btn_done": _("Done grabbing"),
        "btn_wait": _("Wait a tick"),
        "btn_keep": _("Keep {face}"),
        "btn_put_back": _("Put back {face}"),
        "btn_end_turn": _("End build turn"),
        "surplus": " (+{n})",
        "nothing": _("nothing"),
    }
