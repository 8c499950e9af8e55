"""Players' ratings per game (issue 18): OpenSkill's Plackett–Luce model, as the tournaments
use (``analysis/ratings.py``): any number of seats, tied seats share a place.

* A **rated** table's result changes the rating of every account at it in the game it
  played, once: the table's ``rated_at`` is set in the same transaction that writes the
  new ratings and their history, so a table is never rated twice, and one whose rating
  was cut off by a crash is rated when the server next starts (``rate_pending``).
* **Bots** sit at a rated table only when it is rated against them. A bot then plays with
  a fixed rating: its level's calibrated rating for the game from ``spieltisch
  tournament`` where one is shipped (``bot_ratings.json``), else OpenSkill's starting
  rating. A bot's rating never changes; a human's changes as against a player of that
  rating.
* A new account starts at OpenSkill's default (mu 25, sigma 25/3); the leaderboard ranks
  by the ordinal, mu − 3·sigma, the estimate the player is at least this good."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from sqlalchemy import and_, insert, select, update
from sqlalchemy.engine import Engine

from ..analysis.ratings import Rating
from ..analysis.ratings import update as rate_game
from . import db
from .store import BOT, TableRecord


@cache
def bot_ratings() -> dict[str, dict[str, Rating]]:
    """Per game and bot level, the calibrated rating a bot plays rated tables with."""
    text = resources.files(__package__).joinpath("bot_ratings.json").read_text("utf-8")
    data = json.loads(text)
    return {
        game: {level: Rating(r["mu"], r["sigma"]) for level, r in levels.items()}
        for game, levels in data["games"].items()
    }


def bot_rating(game: str, level: str) -> Rating:
    return bot_ratings().get(game, {}).get(level, Rating())


@dataclass(frozen=True)
class Standing:
    """One row of a leaderboard."""

    rank: int
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "ordinal": round(self.ordinal, 2),
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "games": self.games,
        }


class Ratings:
    """Reads and writes of the ratings (synchronous: the server calls them in threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def rate(self, record: TableRecord, places: list[int], now: float | None = None) -> bool:
        """Rate a finished rated table (``places``: each seat's place, 1 best). ``False``
        if there is nothing to do: not rated, or rated already."""
        if not record.rated:
            return False
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            # claim the table first: whoever sets rated_at rates it, nobody else
            claimed = conn.execute(
                update(db.tables)
                .where(and_(db.tables.c.id == record.id, db.tables.c.rated_at.is_(None)))
                .values(rated_at=now)
            )
            if claimed.rowcount != 1:
                return False
            accounts = [s.account_id for s in record.seats if s.kind != BOT and s.account_id]
            rows = conn.execute(
                select(db.ratings).where(
                    db.ratings.c.game == record.game, db.ratings.c.account_id.in_(accounts)
                )
            ).all()
            before = {r.account_id: Rating(r.mu, r.sigma, r.games) for r in rows}
            names: list[str] = []
            ratings: dict[str, Rating] = {}
            for s in record.seats:
                if s.kind == BOT:
                    key = f"bot:{s.seat}:{s.bot}"
                    ratings[key] = bot_rating(record.game, s.bot or "")
                elif s.account_id is not None:
                    key = s.account_id
                    ratings[key] = before.get(key, Rating())
                else:  # a seat no account took (a table of an older rule): nobody's rating
                    key = f"guest:{s.seat}"
                    ratings[key] = Rating()
                names.append(key)
            standing = _standing(places)
            after = rate_game(ratings, names, standing)
            for s in record.seats:
                if s.kind == BOT or s.account_id is None:
                    continue
                new = after[s.account_id]
                values = {"mu": new.mu, "sigma": new.sigma, "games": new.games, "updated": now}
                if s.account_id in before:
                    conn.execute(
                        update(db.ratings)
                        .where(
                            db.ratings.c.account_id == s.account_id,
                            db.ratings.c.game == record.game,
                        )
                        .values(**values)
                    )
                else:
                    conn.execute(
                        insert(db.ratings).values(
                            account_id=s.account_id, game=record.game, **values
                        )
                    )
                conn.execute(
                    insert(db.rating_history).values(
                        account_id=s.account_id,
                        game=record.game,
                        table_id=record.id,
                        place=places[s.seat],
                        mu=new.mu,
                        sigma=new.sigma,
                        at=now,
                    )
                )
        return True

    def pending(self) -> list[str]:
        """Rated tables that ended but were not rated (the server stopped in between)."""
        t = db.tables.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(t.id).where(t.rated.is_(True), t.status == "over", t.rated_at.is_(None))
            )
            return [r.id for r in rows]

    def leaderboard(self, game: str, limit: int = 50, offset: int = 0) -> list[Standing]:
        """The game's rated players, best ordinal first (deleted accounts left out)."""
        r, a = db.ratings.c, db.accounts.c
        ordinal = r.mu - 3 * r.sigma
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(a.name, r.mu, r.sigma, r.games)
                .join(db.accounts, a.id == r.account_id)
                .where(r.game == game, a.name.is_not(None))
                .order_by(ordinal.desc(), a.name)
                .limit(limit)
                .offset(offset)
            ).all()
        return [
            Standing(offset + i + 1, row.name, row.mu, row.sigma, row.games)
            for i, row in enumerate(rows)
        ]

    def of_account(self, account_id: str) -> list[dict[str, Any]]:
        """An account's rating in each game it has played rated."""
        r = db.ratings.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.ratings).where(r.account_id == account_id).order_by(r.game)
            ).all()
        return [
            {
                "game": row.game,
                "ordinal": round(row.mu - 3 * row.sigma, 2),
                "mu": round(row.mu, 2),
                "sigma": round(row.sigma, 2),
                "games": row.games,
            }
            for row in rows
        ]

    def history(self, account_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The account's rating after each rated game, oldest first (the last ``limit``)."""
        h = db.rating_history.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.rating_history)
                .where(h.account_id == account_id)
                .order_by(h.at.desc(), h.id.desc())
                .limit(limit)
            ).all()
        return [
            {
                "game": row.game,
                "table": row.table_id,
                "place": row.place,
                "ordinal": round(row.mu - 3 * row.sigma, 2),
                "mu": round(row.mu, 2),
                "sigma": round(row.sigma, 2),
                "at": row.at,
            }
            for row in reversed(rows)
        ]


def _standing(places: list[int]) -> list[list[int]]:
    """``State.standing()``'s form of places (1 best, ties shared): seats per place."""
    order = sorted(set(places))
    return [[s for s, p in enumerate(places) if p == place] for place in order]
