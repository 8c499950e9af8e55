"""The API's routes of accounts: sign up, sign in and out, who is signed in, change the
password, delete the account (``server/accounts.py``). The session travels in an HttpOnly
cookie (SameSite=Lax; Secure when the request came over HTTPS)."""

from __future__ import annotations

from typing import Any

from anyio import CapacityLimiter, to_thread
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from .accounts import PASSWORD_MAX, SESSION_SECONDS, Accounts, Session, SignedIn
from .api_models import errors
from .csrf import COOKIE
from .live import TableManager
from .ratelimit import limit
from .wire import TableError

# argon2 takes 64 MiB and a good part of a core per hash: a few at a time, the rest wait
HASHING = CapacityLimiter(2)


class Credentials(BaseModel):
    name: str = Field(..., max_length=64, description="the player name")
    password: str = Field(..., max_length=PASSWORD_MAX, description="the password")


class NewPassword(BaseModel):
    current: str = Field(..., max_length=PASSWORD_MAX, description="the password now")
    new: str = Field(..., max_length=PASSWORD_MAX, description="the password to be")


class Confirm(BaseModel):
    password: str = Field(..., max_length=PASSWORD_MAX, description="the account's password")


def session_of(request: Request) -> Session | None:
    """The request's session (found by ``csrf.SessionAndCsrf``)."""
    session: Session | None = getattr(request.state, "session", None)
    return session


def require_session(request: Request) -> Session:
    session = session_of(request)
    if session is None:
        raise TableError("sign in first", 401)
    return session


def account_body(session: Session | None) -> dict[str, Any]:
    if session is None:
        return {"account": None, "csrf": None}
    account = session.account
    return {
        "account": {"id": account.id, "name": account.shown_name, "created": account.created},
        "csrf": session.csrf,
    }


def _set_cookie(request: Request, response: Response, signed_in: SignedIn) -> None:
    response.set_cookie(
        COOKIE,
        signed_in.token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


def router(accounts: Accounts, manager: TableManager) -> APIRouter:
    api = APIRouter()

    @api.get("/api/account", summary="Who is signed in, and the page's CSRF token")
    async def api_account(request: Request) -> dict[str, Any]:
        return account_body(session_of(request))

    @api.post(
        "/api/account/signup",
        summary="Make an account and sign in with it",
        status_code=201,
        responses=errors(403, 409),
    )
    async def api_signup(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        await limit(request, ("signin", "signup"))
        signed_in = await to_thread.run_sync(
            accounts.sign_up, body.name, body.password, limiter=HASHING
        )
        _set_cookie(request, response, signed_in)
        return account_body(signed_in.session)

    @api.post("/api/account/signin", summary="Sign in", responses=errors(401, 403, 429))
    async def api_signin(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        await limit(request, "signin")
        signed_in = await to_thread.run_sync(
            accounts.sign_in, body.name, body.password, limiter=HASHING
        )
        _set_cookie(request, response, signed_in)
        return account_body(signed_in.session)

    @api.post("/api/account/signout", summary="Sign out", responses=errors(403))
    async def api_signout(request: Request, response: Response) -> dict[str, Any]:
        session = session_of(request)
        if session is not None:
            await to_thread.run_sync(accounts.sign_out, session)
        _clear_cookie(request, response)
        return account_body(None)

    @api.post(
        "/api/account/password",
        summary="Change the password (every other signed-in browser is signed out)",
        responses=errors(401, 403),
    )
    async def api_password(
        body: NewPassword, request: Request, response: Response
    ) -> dict[str, Any]:
        session = require_session(request)
        signed_in = await to_thread.run_sync(
            accounts.change_password, session, body.current, body.new, limiter=HASHING
        )
        _set_cookie(request, response, signed_in)
        return account_body(signed_in.session)

    @api.post(
        "/api/account/delete",
        summary="Delete the account (its finished games stay, under 'deleted player')",
        responses=errors(401, 403),
    )
    async def api_delete(body: Confirm, request: Request, response: Response) -> dict[str, Any]:
        session = require_session(request)
        await to_thread.run_sync(accounts.delete, session, body.password, limiter=HASHING)
        manager.account_deleted(session.account.id)
        _clear_cookie(request, response)
        return account_body(None)

    return api
