"""Updates as patches: a connection that asked for them (``?patch=1``) gets, after its first
full update, only what changed since the message it was sent last.

Most of an update is the picture, and a move changes a small part of it. The picture is cut
into pieces before each ``<g`` element that starts a line (``cut``): a patch names the
pieces of the previous picture that come back unchanged (as runs ``[first, count]``) and
sends the others as text. The other fields are sent when they differ (``set``) or have gone
(``drop``).

Every message made for a seat and language has a sequence number (``seq``) and a patch
names the one it applies to (``base``); the server sends a patch only to a connection that
was sent that message, and a page that finds a different ``base`` asks for a full update.
``apply_patch`` is the reference of what the page does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SVG_CUT = "\n<g"  # the picture is cut before each group that starts a line
_CUT = SVG_CUT.encode("ascii")
_MISSING = object()
_OWN = ("svg", "seq")  # sent in a patch's own way


def cut_utf8(svg: str) -> list[bytes]:
    """The pieces of a picture in UTF-8, as the server keeps them: a picture is almost all
    ASCII, so half the memory of its text (``joined`` gives the picture back)."""
    return svg.encode("utf-8").split(_CUT)


def joined(pieces: list[bytes]) -> str:
    """The picture of ``cut_utf8``'s pieces."""
    return _CUT.join(pieces).decode("utf-8")


@dataclass(eq=False)
class Sent:
    """The last message made for one seat and language: its sequence number, its payload
    without the picture, and the picture's pieces (``cut_utf8``)."""

    seq: int
    payload: dict[str, Any]
    pieces: list[bytes]
    _where: dict[bytes, int] | None = field(default=None, repr=False)

    def whole(self) -> dict[str, Any]:
        """The message as a whole update, the picture included."""
        return {**self.payload, "svg": joined(self.pieces)}

    def where(self) -> dict[bytes, int]:
        """Each piece's index (of a piece that occurs twice, the last)."""
        if self._where is None:
            self._where = {piece: i for i, piece in enumerate(self.pieces)}
        return self._where


def make_patch(old: Sent, new: Sent) -> dict[str, Any]:
    """The patch that turns ``old``'s payload into ``new``'s."""
    before, after = old.payload, new.payload
    changed = {k: v for k, v in after.items() if k not in _OWN and before.get(k, _MISSING) != v}
    gone = [k for k in before if k not in after]
    out: dict[str, Any] = {"type": "patch", "seq": new.seq, "base": old.seq, "set": changed}
    if gone:
        out["drop"] = gone
    if new.pieces != old.pieces:
        out["svg"] = _pieces_patch(old, new.pieces)
    return out


def _pieces_patch(old: Sent, pieces: list[bytes]) -> list[Any]:
    """``pieces`` as runs of ``old``'s pieces (``[first, count]``) and new pieces (text)."""
    before = old.pieces
    where = old.where()
    out: list[Any] = []
    run: list[int] | None = None  # the run being extended
    for piece in pieces:
        if run is not None:
            nxt = run[0] + run[1]
            if nxt < len(before) and before[nxt] == piece:
                run[1] += 1
                continue
        i = where.get(piece)
        if i is None:
            run = None
            out.append(piece.decode("utf-8"))
        else:
            run = [i, 1]
            out.append(run)
    return out
