"""The game's log: every event that happened, oldest first, each a JSON object whose ``type``
names it (``move``, ``fight``, ``throw``, ...; ``describe`` turns one into a sentence).

Search clones a state at every step, and a game logs hundreds of events, so a clone shares
the list with its original: whichever appends first past the shared part copies it
(copy-on-write). The log a state shows is always its own first ``n`` events."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

JSON = dict[str, Any]


class EventLog:
    """The events of one state (the first ``n`` of a list it may share with clones)."""

    __slots__ = ("_events", "_n")

    def __init__(self, events: list[JSON] | None = None) -> None:
        self._events: list[JSON] = [] if events is None else events
        self._n = len(self._events)

    def append(self, event: JSON) -> None:
        if len(self._events) != self._n:  # a clone appended to the shared list: copy ours
            self._events = self._events[: self._n]
        self._events.append(event)
        self._n += 1

    def clone(self) -> EventLog:
        other = EventLog.__new__(EventLog)
        other._events = self._events
        other._n = self._n
        return other

    def events(self) -> list[JSON]:
        """A new list of this state's events (the events themselves are shared: never
        change one)."""
        return self._events[: self._n]

    def __iter__(self) -> Iterator[JSON]:
        events = self._events
        return (events[i] for i in range(self._n))

    def __len__(self) -> int:
        return self._n

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        return self._n == other._n and (
            self._events is other._events or self.events() == other.events()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: compared by value

    def __repr__(self) -> str:
        return f"<EventLog of {self._n} events>"


def load_log(data: Any, state: Any = None) -> EventLog:
    """The log of a state document: a list of event objects with a ``type``."""
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise ValueError("'log' must be a list of events")
    for i, event in enumerate(data):
        if not isinstance(event.get("type"), str):
            raise ValueError(f"log event {i} has no 'type'")
    return EventLog([dict(e) for e in data])


def save_log(log: EventLog) -> list[JSON]:
    return log.events()
