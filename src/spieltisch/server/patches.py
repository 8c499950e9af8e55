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

A patch may also take pieces from the message before its base (``older``: its ``seq``;
such runs are ``[first, count, 1]``). In a game of two the seats take turns, so the marks
of a seat's turn come back every other move: they are in the picture before last. Client
and server both keep the last two messages a connection got; a whole update leaves only
itself (a patch after it has no ``older``), and a page that finds a different ``older``
asks for a full update too. ``analysis.patch_client`` is the reference of what the page
does."""

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
    without the picture, the picture's pieces (``cut_utf8``), and the message made before
    it (``prev``, whose own ``prev`` is cut off: patches reach two messages back)."""

    seq: int
    payload: dict[str, Any]
    pieces: list[bytes]
    prev: Sent | None = field(default=None, repr=False)
    _where: dict[bytes, int] | None = field(default=None, repr=False)

    def follows(self, old: Sent) -> None:
        """This message replaces ``old`` as the last one made: ``old`` becomes the base of
        the next patches and the one before it their ``older`` (its payload is no longer
        compared with, only its pieces are read)."""
        older = old.prev
        if older is not None:
            older.prev = None
            older.payload = {}
        self.prev = old

    def whole(self) -> dict[str, Any]:
        """The message as a whole update, the picture included."""
        return {**self.payload, "svg": joined(self.pieces)}

    def where(self) -> dict[bytes, int]:
        """Each piece's index (of a piece that occurs twice, the last)."""
        if self._where is None:
            self._where = {piece: i for i, piece in enumerate(self.pieces)}
        return self._where


def make_patch(old: Sent, new: Sent, older: Sent | None = None) -> dict[str, Any]:
    """The patch that turns ``old``'s payload into ``new``'s; with ``older`` (the message
    before ``old``, which the connection also got) it may take pieces from that one too."""
    before, after = old.payload, new.payload
    changed = {k: v for k, v in after.items() if k not in _OWN and before.get(k, _MISSING) != v}
    gone = [k for k in before if k not in after]
    out: dict[str, Any] = {"type": "patch", "seq": new.seq, "base": old.seq, "set": changed}
    if gone:
        out["drop"] = gone
    if new.pieces != old.pieces:
        out["svg"] = _pieces_patch(old, new.pieces, older)
        if older is not None:
            out["older"] = older.seq
    return out


def _pieces_patch(old: Sent, pieces: list[bytes], older: Sent | None) -> list[Any]:
    """``pieces`` as runs of ``old``'s pieces (``[first, count]``), of ``older``'s
    (``[first, count, 1]``) and new pieces (text). A piece found in either is replaced by
    that one's object, so that the messages a table keeps share their equal pieces."""
    sources = [old.pieces] if older is None else [old.pieces, older.pieces]
    wheres = [old.where()] if older is None else [old.where(), older.where()]
    out: list[Any] = []
    run: list[int] | None = None  # the run being extended: first, count (, 1)
    source: list[bytes] = old.pieces
    for k, piece in enumerate(pieces):
        if run is not None:
            nxt = run[0] + run[1]
            if nxt < len(source) and source[nxt] == piece:
                run[1] += 1
                pieces[k] = source[nxt]
                continue
        for n, where in enumerate(wheres):
            i = where.get(piece)
            if i is not None:
                source = sources[n]
                pieces[k] = source[i]
                run = [i, 1] if n == 0 else [i, 1, 1]
                out.append(run)
                break
        else:
            run = None
            out.append(piece.decode("utf-8"))
    return out
