"""One game at this terminal: humans type the number of an action (or, in a game with
typed moves such as Medina, the move itself: ``grey 4 5``), bots answer through ``bots.act``
(so they see only a resampled state, DESIGN.md §4).

Input comes from a ``read(prompt)`` function (``Console.input`` by default), so the whole
game can be driven through stdin. Bad input never changes the game; end of input and ``quit``
end it through ``GameAbandoned``."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape

from .. import bots
from ..engine.action import Action
from ..engine.errors import IllegalAction, SpieltischError
from ..engine.game import JSON, Game, State
from . import renderers, show
from .config import HUMAN
from .messages import messages

COMMANDS = {
    "help": "help",
    "h": "help",
    "?": "help",
    "hilfe": "help",
    "log": "log",
    "protokoll": "log",
    "board": "board",
    "b": "board",
    "brett": "board",
    "tisch": "board",
    "list": "list",
    "liste": "list",
    "hint": "hint",
    "tipp": "hint",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
    "ende": "quit",
}
_INTEGER = re.compile(r"[+-]?\d+")


class GameAbandoned(Exception):
    """The game stopped before its end: ``reason`` is ``quit``, ``eof`` or ``interrupt``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadChoice(Exception):
    """Input that is neither an action number nor a command: ``key`` names the message."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(key, text)
        self.key = key
        self.text = text


def parse_choice(text: str, count: int, typed: bool = False) -> int | str:
    """A 0-based action index for ``1``..``count``, or a command name; raises ``BadChoice``.
    With ``typed``, other text comes back as it is (a typed move, read by the game)."""
    word = text.strip().lower()
    if not word:
        raise BadChoice("empty", text)
    if word in COMMANDS:
        return COMMANDS[word]
    if not _INTEGER.fullmatch(word):
        if typed:
            return text.strip()
        raise BadChoice("not_number", text.strip())
    number = int(word)
    if not 1 <= number <= count:
        raise BadChoice("out_of_range", str(number))
    return number - 1


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own RNG in a terminal game, reproducible from the game's seed."""
    return random.Random(f"spieltisch/play/{seed}/{seat}")


class TerminalSession:
    """Runs one game: bots move at once, humans are asked until they give a legal number."""

    def __init__(
        self,
        console: Console,
        game: Game,
        state: State,
        seats: Sequence[str],
        lang: str = "en",
        read: Callable[[str], str] | None = None,
        hint_bot: str = "hard",
    ) -> None:
        self.console = console
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.lang = lang
        self.msg = messages(lang)
        self.read = read or console.input
        self.bots = {
            seat: bots.make(name, game) for seat, name in enumerate(seats) if name != HUMAN
        }
        self.rngs = {seat: bot_rng(state.seed, seat) for seat in self.bots}
        self.humans = [seat for seat, name in enumerate(seats) if name == HUMAN]
        self.shown: dict[int | None, int] = {}  # per seat (None: spectator): events shown
        self.last_human: int | None = None
        self.typed = renderers.typed_moves(game.id)  # None: a numbered menu
        self.hint_bot = hint_bot  # the bot whose choice ``hint`` shows (tests: a budget)

    @property
    def viewer(self) -> int | None:
        """Whose eyes the final table is shown through: the first human, else a spectator."""
        return self.humans[0] if self.humans else None

    def run(self) -> None:
        """Play until the game is over; raises ``GameAbandoned`` if a human stops it."""
        while not self.state.is_over():
            seat = self.state.actors()[0]
            bot = self.bots.get(seat)
            if bot is None:
                self.human_turn(seat)
            else:
                self.state.apply(seat, bots.act(bot, self.state, seat, self.rngs[seat]))

    # -- a human's turn ------------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            self._handover(seat)
        self.last_human = seat
        self.show_news(seat)
        legal = self.state.legal_actions(seat)
        self.show_turn(seat, legal)
        while True:
            action = self._ask(seat, legal)
            if action is None:
                continue
            try:
                self.state.apply(seat, action)
            except IllegalAction as exc:  # the menu lists legal actions only; be safe anyway
                self._warn(self.msg["rejected"].format(reason=exc.reason))
                continue
            # the news shown next time starts with this move and what it caused
            return

    def _ask(self, seat: int, legal: Sequence[Action]) -> Action | None:
        """One line of input: the chosen action, or ``None`` after a command or bad input."""
        count = len(legal)
        key = "prompt" if self.typed is None else "prompt_typed"
        text = self._read(self.msg[key].format(n=count))
        try:
            choice = parse_choice(text, count, typed=self.typed is not None)
        except BadChoice as bad:
            problem = "empty_typed" if bad.key == "empty" and self.typed else bad.key
            self._warn(self.msg[problem].format(text=bad.text, n=count))
            return None
        if isinstance(choice, int):
            return legal[choice]
        if choice == "quit":
            raise GameAbandoned("quit")
        if choice == "help":
            self._help(seat, legal)
        elif choice == "log":
            show.log(
                self.console,
                self.game,
                self.state.log(seat),
                seat,
                self.msg["full_log"],
                self.lang,
            )
        elif choice == "board":
            self.show_turn(seat, legal)
        elif choice == "list":
            self.console.print(self._menu(seat, legal), soft_wrap=True)
        elif choice == "hint":
            self._hint(seat, legal)
        else:
            return self._typed(seat, legal, choice)
        return None

    def _help(self, seat: int, legal: Sequence[Action]) -> None:
        self.console.print(self.msg["help" if self.typed is None else "help_typed"])
        if self.typed is not None:
            view = self.state.view(seat)
            moves = [a.to_json() for a in legal]
            self.console.print(escape(self.typed.move_help(moves, view, self.lang)))

    def _hint(self, seat: int, legal: Sequence[Action]) -> None:
        """The hard bot's move for ``seat`` and its estimated win chance, searched from the
        seat's own view (a re-dealt world); the game does not change."""
        bot = bots.make(self.hint_bot, self.game)
        assert isinstance(bot, bots.SearchBot)
        rng = random.Random(f"spieltisch/hint/{self.state.seed}/{self.state.move_count}/{seat}")
        self.console.print(f"[dim]{escape(self.msg['hint_wait'])}[/dim]")
        result = bot.search(self.state.resample(seat, rng), seat, rng)
        best = result.best if result.best is not None and result.best in legal else legal[0]
        label = self.game.action_label(best, self.state.view(seat), self.lang)
        chance = round(result.win_chance * 100)
        key = "hint" if self.typed is None else "hint_typed"
        text = self.msg[key].format(n=legal.index(best) + 1, move=label, chance=chance)
        self.console.print(f"[bold magenta]{escape(text)}[/bold magenta]")

    def _typed(self, seat: int, legal: Sequence[Action], text: str) -> Action | None:
        """A typed move: the one legal action it names, a choice among several, or a clear
        error (an illegal move is tried on the engine only to learn why; nothing changes)."""
        assert self.typed is not None
        view = self.state.view(seat)
        found = self.typed.match_move(text, [a.to_json() for a in legal], view, self.lang)
        if found.error is not None:
            self._warn(found.error)
            return None
        matches: list[int] = found.matches
        if len(matches) == 1:
            return legal[matches[0]]
        if matches:
            return self._which(text, [legal[i] for i in matches], view)
        try:
            action = self.game.action_from_json(found.wanted)
        except SpieltischError as exc:
            self._warn(self.msg["illegal"].format(what=found.what, reason=str(exc)))
            return None
        # the engine is the judge, and says why in the reader's language with the rule
        refusal = self.game.why_illegal(self.state, seat, action, self.lang)
        if refusal is None:
            return action
        why = refusal.reason + (f" ({refusal.rule})" if refusal.rule else "")
        self._warn(self.msg["illegal"].format(what=found.what, reason=why))
        return None

    def _which(self, text: str, options: Sequence[Action], view: JSON) -> Action | None:
        """Several legal moves fit the words: a short numbered list to choose from."""
        self.console.print(escape(self.msg["which"].format(text=text)))
        for n, action in enumerate(options, start=1):
            label = self.game.action_label(action, view, self.lang)
            self.console.print(f"  [bold]{n})[/bold] {escape(label)}")
        answer = self._read(self.msg["which_prompt"].format(n=len(options))).strip()
        if _INTEGER.fullmatch(answer) and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        self._warn(self.msg["which_none"])
        return None

    def _read(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise GameAbandoned("eof") from None
        except KeyboardInterrupt:
            raise GameAbandoned("interrupt") from None

    def _warn(self, text: str) -> None:
        self.console.print(f"[yellow]{escape(text)}[/yellow]")

    def _handover(self, seat: int) -> None:
        """Hot seat: the next human should not see the previous one's hand."""
        if self.console.is_terminal:
            self.console.clear()
        name = show.player_name(seat, self.lang)
        self._read(self.msg["handover"].format(name=name) + " ")
        if self.console.is_terminal:
            self.console.clear()

    # -- output --------------------------------------------------------------------------
    def show_news(self, seat: int | None) -> None:
        """The log since ``seat`` last looked (everything, for a spectator's first look)."""
        events = self.state.log(seat)
        show.log(
            self.console,
            self.game,
            events[self.shown.get(seat, 0) :],
            seat,
            self.msg["since"],
            self.lang,
        )
        self.shown[seat] = len(events)

    def show_turn(self, seat: int, legal: Sequence[Action]) -> None:
        view = self.state.view(seat)
        self.console.print()
        self.console.print(renderers.render_view(self.game.id, view, self.lang), soft_wrap=True)
        self.console.rule(
            f"[bold]{escape(self.msg['turn'].format(name=show.player_name(seat, self.lang)))}"
            "[/bold]",
            align="left",
        )
        if self.typed is None:
            self.console.print(self._menu(seat, legal), soft_wrap=True)
        else:
            moves = [a.to_json() for a in legal]
            self.console.print(escape(self.typed.move_help(moves, view, self.lang)))

    def _menu(self, seat: int, legal: Sequence[Action]) -> str:
        """The numbered list of every legal action."""
        view = self.state.view(seat)
        return renderers.render_actions(
            self.game.id,
            [a.to_json() for a in legal],
            [self.game.action_label(a, view, self.lang) for a in legal],
            view,
            self.lang,
        )
