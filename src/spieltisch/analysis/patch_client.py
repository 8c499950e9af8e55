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
    payload: dict[str, Any], pieces: list[str], patch: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """The payload and pieces after ``patch`` (what the page does with one)."""
    out = {k: v for k, v in payload.items() if k not in patch.get("drop", ())}
    out.update(patch["set"])
    if "svg" in patch:
        new: list[str] = []
        for item in patch["svg"]:
            if isinstance(item, str):
                new.append(item)
            else:
                first, count = item
                new.extend(pieces[first : first + count])
        pieces = new
    out["svg"] = SVG_CUT.join(pieces)
    out["seq"] = patch["seq"]
    return out, pieces
