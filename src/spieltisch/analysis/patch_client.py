"""What a client does with the web table's patches (``server/patches.py``): the reference
the game page follows (``static/table.js``), used by the load benchmark's clients and the
tests. A client keeps the last update and its picture cut into pieces; a patch names the
message it applies to (``base``) and gives the changed fields and the picture's pieces."""

from __future__ import annotations

from typing import Any

SVG_CUT = "\n<g"  # where the server cuts a picture (server/patches.py says the same)


def cut(svg: str) -> list[str]:
    """The pieces of a picture: ``SVG_CUT.join(pieces) == svg``."""
    return svg.split(SVG_CUT)


def apply_patch(
    payload: dict[str, Any],
    pieces: list[str],
    patch: dict[str, Any],
    older: list[str] | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """The payload and pieces after ``patch`` (what the page does with one); ``older``: the
    pieces of the message before ``payload``, which runs ``[first, count, 1]`` take from."""
    out = {k: v for k, v in payload.items() if k not in patch.get("drop", ())}
    out.update(patch["set"])
    if "svg" in patch:
        new: list[str] = []
        for item in patch["svg"]:
            if isinstance(item, str):
                new.append(item)
                continue
            first, count, *back = item
            if back and older is None:
                raise ValueError("the patch takes pieces from a message this client lacks")
            source = older if back and older is not None else pieces
            new.extend(source[first : first + count])
        pieces = new
    out["svg"] = SVG_CUT.join(pieces)
    out["seq"] = patch["seq"]
    return out, pieces


class Follower:
    """What a page keeps of its connection: the last update as a whole, its picture's
    pieces, and the pieces of the message before it (after a patch; none after a whole
    update, as the server assumes)."""

    def __init__(self) -> None:
        self.latest: dict[str, Any] | None = None
        self.pieces: list[str] = []
        self.older: list[str] | None = None
        self.older_seq: int | None = None

    def receive(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The whole update that ``message`` (an update or a patch) brings; ``None`` for a
        patch against messages this client does not have: it then asks for a refresh."""
        if message.get("type") == "update":
            self.latest, self.pieces = message, cut(message.get("svg", ""))
            self.older, self.older_seq = None, None
            return message
        latest = self.latest
        if latest is None or message.get("base") != latest.get("seq"):
            return None
        if "older" in message and message["older"] != self.older_seq:
            return None
        payload, pieces = apply_patch(latest, self.pieces, message, self.older)
        self.older, self.older_seq = self.pieces, latest.get("seq")
        self.latest, self.pieces = payload, pieces
        return payload
