"""Guided first games ("Learn to play"): a game's ``tutorial.json`` is a fixed deal against
bots, played move by move, with the words that explain each step in every language.

The script lists every move of the guided part in order, the bots' moves included, so
that the deal and the bots' answers are the same every time. The learner's steps say what
to look at and why, name the move to make (the page highlights it), and what follows if
the learner makes another legal move instead (the page then offers to take it back).
After the script the game goes on freely against the table's bots.

Format (JSON)::

    {"players": 2, "seed": 7, "options": {...}, "learner": 0, "bot": "heuristic",
     "title": {"en": "...", "de": "..."}, "intro": {"en": "...", "de": "..."},
     "steps": [{"seat": 0, "action": {...}, "say": {"en": "...", "de": "..."},
                "look": ["territory:3"], "rules": ["KC-R15"],
                "otherwise": {"en": "...", "de": "..."}},
               {"seat": 1, "action": {...}, "say": {...}}, ...],
     "outro": {"en": "...", "de": "..."}}

``say`` of a learner's step is shown before the move; of a bot's step, after it. ``look``
names picture keys (``data-key``/``data-pick``/``data-place``) to point at, ``rules`` the
rule ids the step teaches.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, MalformedAction, SpieltischError
from .i18n import LANGUAGES

if TYPE_CHECKING:
    from .game import Game, State


class TutorialError(SpieltischError):
    """A tutorial script that is malformed or does not play (names the step)."""


@dataclass(frozen=True)
class Step:
    seat: int
    action: dict[str, Any]
    say: dict[str, str] = field(default_factory=dict)
    look: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    otherwise: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Tutorial:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    learner: int
    bot: str
    title: dict[str, str]
    intro: dict[str, str]
    steps: tuple[Step, ...]
    outro: dict[str, str]

    def words(self, texts: dict[str, str], lang: str) -> str:
        return texts.get(lang) or texts.get("en", "")

    def learner_steps(self) -> list[int]:
        return [i for i, s in enumerate(self.steps) if s.seat == self.learner]

    def new_game(self, game: Game) -> State:
        return game.new_game(self.players, self.seed, self.options)

    def deviation(self, moves: list[tuple[int, dict[str, Any]]]) -> int | None:
        """The index of the first played move that is not the script's, if any."""
        for i, (seat, action) in enumerate(moves[: len(self.steps)]):
            step = self.steps[i]
            if seat != step.seat or action != step.action:
                return i
        return None


def _texts(obj: Any, where: str, required: bool = True) -> dict[str, str]:
    if obj is None and not required:
        return {}
    if not isinstance(obj, dict) or any(not isinstance(obj.get(lang), str) for lang in LANGUAGES):
        raise TutorialError(f"{where} must give a text for each of {', '.join(LANGUAGES)}")
    return {lang: obj[lang] for lang in LANGUAGES}


def parse(game: Game, obj: Any) -> Tutorial:
    """A tutorial read from its JSON; raises ``TutorialError`` naming the problem."""
    if not isinstance(obj, dict):
        raise TutorialError("a tutorial must be a JSON object")
    steps = []
    raw_steps = obj.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise TutorialError("a tutorial needs a non-empty list of steps")
    learner = obj.get("learner", 0)
    for i, raw in enumerate(raw_steps):
        if not isinstance(raw, dict) or not isinstance(raw.get("seat"), int):
            raise TutorialError(f"step {i} must be an object with an integer 'seat'")
        if not isinstance(raw.get("action"), dict):
            raise TutorialError(f"step {i} needs the action's JSON")
        mine = raw["seat"] == learner
        steps.append(
            Step(
                seat=raw["seat"],
                action=raw["action"],
                say=_texts(raw.get("say"), f"step {i}: 'say'", required=mine),
                look=tuple(raw.get("look", ())),
                rules=tuple(raw.get("rules", ())),
                otherwise=_texts(raw.get("otherwise"), f"step {i}: 'otherwise'", required=mine),
            )
        )
    return Tutorial(
        game=game.id,
        players=int(obj.get("players", game.default_players)),
        seed=int(obj.get("seed", 0)),
        options=dict(obj.get("options", {})),
        learner=int(learner),
        bot=str(obj.get("bot", "heuristic")),
        title=_texts(obj.get("title"), "'title'"),
        intro=_texts(obj.get("intro"), "'intro'"),
        steps=tuple(steps),
        outro=_texts(obj.get("outro"), "'outro'"),
    )


@cache
def tutorial(game: Game) -> Tutorial | None:
    """The game's tutorial (``tutorial.json`` beside its rules), ``None`` if it has none."""
    package = game.package
    path = resources.files(package).joinpath("tutorial.json")
    if not path.is_file():
        return None
    try:
        obj = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise TutorialError(f"{game.id} tutorial.json: {exc}") from None
    return parse(game, obj)


def play_script(game: Game, script: Tutorial, upto: int | None = None) -> State:
    """The position after the script's first ``upto`` steps (all of them by default);
    raises ``TutorialError`` at the first step that is not a legal move of its seat."""
    state = script.new_game(game)
    for i, step in enumerate(script.steps[:upto]):
        try:
            action = game.action_from_json(step.action)
            state.apply(step.seat, action)
        except (IllegalAction, MalformedAction) as exc:
            raise TutorialError(f"{game.id} tutorial step {i} (seat {step.seat}): {exc}") from None
    return state
