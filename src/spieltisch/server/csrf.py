"""Who sent a request, and whether the page sent it: the session cookie and CSRF.

Every HTTP request's session cookie is looked up once (``request.state.session``: the
``accounts.Session`` or ``None``). A state-changing request (POST, PUT, PATCH, DELETE) is
refused with 403, changing nothing, when

* its ``Origin`` names another site than the one it was sent to (a form or script of
  another site posting here; browsers send ``Origin`` with every such request), or
* it carries a live session cookie but not that session's CSRF token in the
  ``X-CSRF-Token`` header. Only a page of this site can read the token
  (``GET /api/account``, or the page's ``<meta name="csrf-token">``), so another site
  cannot make a signed-in browser act for its player.

Requests without a session (guests playing by link, scripts using the API) need no token:
their links are their credentials, and a browser sends no link on another site's behalf."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from anyio import to_thread
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from .accounts import Accounts
from .api_models import error

COOKIE = "spieltisch_session"
HEADER = "x-csrf-token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def cookie_token(headers: Headers) -> str | None:
    """The session token in a request's ``Cookie`` header, if any."""
    raw = headers.get("cookie")
    if not raw:
        return None
    for part in raw.split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE and value:
            return value
    return None


def same_origin(headers: Headers, scheme: str) -> bool:
    """Whether the request's ``Origin`` (when it sends one) is the site it was sent to."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin == "null":  # a sandboxed frame, a file, a redirect across sites
        return False
    parts = urlsplit(origin)
    host = headers.get("host", "")
    forwarded = headers.get("x-forwarded-host")
    return parts.netloc in {host, forwarded} and parts.scheme in {scheme, "http", "https"}


class SessionAndCsrf:
    """ASGI middleware: finds the request's session and refuses cross-site changes."""

    def __init__(self, app: ASGIApp, accounts: Accounts) -> None:
        self.app = app
        self.accounts = accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        token = cookie_token(headers)
        # a static file needs nobody's session: no database read for it
        wanted = token is not None and not scope.get("path", "").startswith("/static/")
        session = await to_thread.run_sync(self.accounts.session, token) if wanted else None
        scope.setdefault("state", {})["session"] = session
        if scope["type"] == "http" and scope["method"] in UNSAFE:
            problem = None
            if not same_origin(headers, scope.get("scheme", "http")):
                problem = "a request from another site cannot change anything here"
            elif session is not None and not secrets.compare_digest(
                headers.get(HEADER, ""), session.csrf
            ):
                problem = "the request lacks this page's CSRF token (X-CSRF-Token): reload the page"
            if problem is not None:
                await error(403, problem)(scope, receive, send)
                return
        await self.app(scope, receive, send)
