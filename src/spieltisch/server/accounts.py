"""Accounts: a player's name and password, and the sessions of the browsers they signed in
with (``db.accounts``, ``db.account_sessions``).

* **Passwords** are kept as argon2id hashes (``argon2-cffi``'s defaults, RFC 9106's
  second recommended option); a hash made with older parameters is renewed at the next
  sign-in. A sign-in with an unknown name still checks a password against a hash, so the
  answer takes as long as for a known name.
* **Lockout.** After ``LOCK_AFTER`` wrong passwords in a row an account refuses every
  sign-in for ``LOCK_SECONDS``, the right password included; a right one ends the count.
* **Sessions.** The cookie carries a random token; the database keeps only its SHA-256,
  so a copy of the database signs nobody in. Each session has its own CSRF token, which
  the page sends with every state-changing request (``server/csrf.py``). Changing the
  password ends every session of the account and starts a new one.
* **Deleting** an account ends its sessions, forgets its password and frees its name;
  the row stays, so the games it played still name a seat, as "deleted player".

The methods are synchronous (the server calls them from worker threads) and raise
``TableError`` with the status that fits."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from . import db
from .wire import TableError

NAME_MIN, NAME_MAX = 3, 20
# letters and digits of any script, and . _ - inside; no spaces, nothing that looks empty
NAME_PATTERN = re.compile(r"[^\W_](?:[\w.-]*[^\W_])?")
PASSWORD_MIN, PASSWORD_MAX = 8, 256
LOCK_AFTER = 5  # wrong passwords in a row
LOCK_SECONDS = 15 * 60
SESSION_SECONDS = 30 * 24 * 3600
DELETED_NAME = "deleted player"


@dataclass(frozen=True)
class Account:
    id: str
    name: str | None  # None once deleted
    created: float

    @property
    def shown_name(self) -> str:
        return self.name if self.name is not None else DELETED_NAME


@dataclass(frozen=True)
class Session:
    """A signed-in browser: whose it is, and the token its page sends against CSRF."""

    account: Account
    csrf: str
    token_hash: str


@dataclass(frozen=True)
class SignedIn:
    """What signing in (or up) gives the browser: the cookie's token and the session."""

    token: str
    session: Session


def name_key(name: str) -> str:
    """The form two names are compared in: "Anna" and "anna" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """The name as it will be kept, or a ``TableError`` that says what is wrong with it."""
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise TableError(f"a player name has {NAME_MIN} to {NAME_MAX} characters")
    if not NAME_PATTERN.fullmatch(name):
        raise TableError("a player name is made of letters and digits, with . _ or - between them")
    if re.sub(r"[._-]", "", name_key(name)) == DELETED_NAME.replace(" ", ""):
        raise TableError(f"{name!r} is kept for deleted accounts")
    return name


def check_password(password: str, name: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise TableError(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    if name_key(password) == name_key(name):
        raise TableError("the password must not be the player name")


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Accounts:
    """Every read and write of accounts and sessions."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()
        # checked against when the name is unknown, so that the answer takes as long
        # (made at the first such sign-in: a hash costs a fifth of a second)
        self._dummy_hash: str | None = None

    # -- signing up, in and out ------------------------------------------------------------
    def sign_up(self, name: str, password: str, now: float | None = None) -> SignedIn:
        name = check_name(name)
        check_password(password, name)
        now = time.time() if now is None else now
        account = Account(secrets.token_hex(8), name, now)
        password_hash = self.hasher.hash(password)
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(db.accounts).values(
                        id=account.id,
                        name=name,
                        name_key=name_key(name),
                        password_hash=password_hash,
                        created=now,
                        failed_signins=0,
                    )
                )
        except IntegrityError:
            raise TableError(f"the name {name!r} is taken", 409) from None
        return self._new_session(account, now)

    def sign_in(self, name: str, password: str, now: float | None = None) -> SignedIn:
        now = time.time() if now is None else now
        with self.engine.connect() as conn:
            row = conn.execute(
                select(db.accounts).where(db.accounts.c.name_key == name_key(name.strip()))
            ).first()
        if row is None or row.password_hash is None:
            if self._dummy_hash is None:
                self._dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))
            self._verify(self._dummy_hash, password)
            raise TableError("wrong name or password", 401)
        if row.locked_until is not None and row.locked_until > now:
            wait = int(row.locked_until - now) + 1
            raise TableError(
                f"too many wrong passwords: this account takes no sign-in for {wait} s",
                429,
                retry_after=wait,
            )
        if not self._verify(row.password_hash, password):
            failed = row.failed_signins + 1
            locked = now + LOCK_SECONDS if failed >= LOCK_AFTER else None
            with self.engine.begin() as conn:
                conn.execute(
                    update(db.accounts)
                    .where(db.accounts.c.id == row.id)
                    .values(
                        failed_signins=0 if locked else failed,
                        locked_until=locked,
                    )
                )
            raise TableError("wrong name or password", 401)
        values: dict[str, object] = {"failed_signins": 0, "locked_until": None}
        if self.hasher.check_needs_rehash(row.password_hash):
            values["password_hash"] = self.hasher.hash(password)
        with self.engine.begin() as conn:
            conn.execute(update(db.accounts).where(db.accounts.c.id == row.id).values(**values))
        return self._new_session(Account(row.id, row.name, row.created), now)

    def sign_out(self, session: Session) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                delete(db.account_sessions).where(
                    db.account_sessions.c.token_hash == session.token_hash
                )
            )

    def session(self, token: str | None, now: float | None = None) -> Session | None:
        """The live session of a cookie's token, or ``None``."""
        if not token or len(token) > 128:
            return None
        now = time.time() if now is None else now
        token_hash = _hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(
                select(db.account_sessions, db.accounts.c.name, db.accounts.c.created)
                .join(db.accounts, db.accounts.c.id == db.account_sessions.c.account_id)
                .where(db.account_sessions.c.token_hash == token_hash)
            ).first()
        if row is None or row.expires <= now:
            return None
        return Session(Account(row.account_id, row.name, row.created), row.csrf, token_hash)

    # -- changing ----------------------------------------------------------------------------
    def change_password(
        self, session: Session, current: str, new: str, now: float | None = None
    ) -> SignedIn:
        """A new password; every session of the account ends and a new one begins."""
        now = time.time() if now is None else now
        account = session.account
        assert account.name is not None
        self._require_password(account, current)
        check_password(new, account.name)
        password_hash = self.hasher.hash(new)
        with self.engine.begin() as conn:
            conn.execute(
                update(db.accounts)
                .where(db.accounts.c.id == account.id)
                .values(password_hash=password_hash, failed_signins=0, locked_until=None)
            )
            conn.execute(
                delete(db.account_sessions).where(db.account_sessions.c.account_id == account.id)
            )
        return self._new_session(account, now)

    def delete(self, session: Session, password: str, now: float | None = None) -> None:
        """Delete the account: its sessions end, its name is free again, its password is
        forgotten; its games stay, under "deleted player"."""
        now = time.time() if now is None else now
        self._require_password(session.account, password)
        with self.engine.begin() as conn:
            conn.execute(
                delete(db.account_sessions).where(
                    db.account_sessions.c.account_id == session.account.id
                )
            )
            conn.execute(
                update(db.accounts)
                .where(db.accounts.c.id == session.account.id)
                .values(name=None, name_key=None, password_hash=None, deleted=now)
            )

    # -- reading -----------------------------------------------------------------------------
    def by_name(self, name: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(db.accounts).where(db.accounts.c.name_key == name_key(name.strip()))
            ).first()
        return None if row is None else Account(row.id, row.name, row.created)

    def by_id(self, account_id: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(db.accounts).where(db.accounts.c.id == account_id)).first()
        return None if row is None else Account(row.id, row.name, row.created)

    # -- inside ------------------------------------------------------------------------------
    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _require_password(self, account: Account, password: str) -> None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(db.accounts.c.password_hash).where(db.accounts.c.id == account.id)
            ).first()
        if (
            row is None
            or row.password_hash is None
            or not self._verify(row.password_hash, password)
        ):
            raise TableError("the password is wrong", 403)

    def _new_session(self, account: Account, now: float) -> SignedIn:
        token = secrets.token_urlsafe(32)
        session = Session(account, secrets.token_urlsafe(24), _hash_token(token))
        with self.engine.begin() as conn:
            # a sign-in is a good moment to forget the account's expired sessions
            conn.execute(
                delete(db.account_sessions).where(
                    db.account_sessions.c.account_id == account.id,
                    db.account_sessions.c.expires <= now,
                )
            )
            conn.execute(
                insert(db.account_sessions).values(
                    token_hash=session.token_hash,
                    account_id=account.id,
                    csrf=session.csrf,
                    created=now,
                    expires=now + SESSION_SECONDS,
                )
            )
        return SignedIn(token, session)
