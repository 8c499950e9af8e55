"""Security headers on every response of the web table, pages, API and errors alike.

* ``Content-Security-Policy``: scripts only from this site's own files (no inline script,
  no ``eval``), connections only to this site (HTTP and its WebSocket), no plugins, no
  ``<base>``, forms only to this site, and no framing by any site (``frame-ancestors``,
  against clickjacking). Styles may be inline: the boards are SVG documents with style
  attributes, which run nothing.
* ``X-Content-Type-Options: nosniff``: a file is what its media type says.
* ``Referrer-Policy: no-referrer``: a seat's link carries its token, so no address of this
  site goes to another one.
* ``X-Frame-Options: DENY`` for browsers that predate ``frame-ancestors``, and
  ``Cross-Origin-Opener-Policy: same-origin``."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}

# the interactive API documentation (/docs, /redoc) loads its script from a CDN and starts
# it inline: it keeps the other headers, with a policy that lets it run
DOCS_PATHS = ("/docs", "/redoc")
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
    "https://fastapi.tiangolo.com; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


class SecurityHeaders:
    """ASGI middleware: adds ``HEADERS`` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope.get("path", "").startswith(DOCS_PATHS)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers[name] = value
                if docs:
                    headers["Content-Security-Policy"] = DOCS_CSP
            await send(message)

        await self.app(scope, receive, send_with_headers)
