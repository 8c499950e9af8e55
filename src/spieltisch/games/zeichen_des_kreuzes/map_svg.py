"""The map of Im Zeichen des Kreuzes drawn as a map of the Mediterranean, computed from the
board data (standard library only).

The land is the outline of the grid's land cells (plain and mountain) traced along the cell
edges and drawn as a quadratic B-spline through the edges' midpoints, so every staircase of
the grid becomes a smooth coast and a lone land cell a round island; the vertices are
nudged by a fixed hash of their grid position so coasts look drawn by hand, the same in
every picture. The mountain ranges are traced the same way and carry drawn peaks. The sea
has a wave texture and shallows along the coasts; the square grid of the rules stays
faintly on top, one ``rect`` per cell (``data-cell``, ``data-terrain``, ``data-key``).

``land_loops`` and ``smooth_path`` are the geometry (tested against the board data); the
drawing functions return SVG strings placed by ``svg.py``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ...engine.picture import FONT_FAMILY
from ...engine.svg import attr, num
from .board import MOUNTAIN, SEA, TERRAIN_NAMES, Board
from .edition import components_by_key

CELL = 36  # pixels per grid cell (26 x 14 cells: 936 x 504)
JITTER = 0.16  # how far (in cells) a coast vertex is nudged at most

SEA_DEEP = "#6fa8d6"
SEA_LIGHT = "#a9d0ec"
SHALLOW = "#cde6f5"
LAND = "#eadfb8"
LAND_EDGE = "#7a6240"
MOUNTAIN_AREA = "#d2bc8c"
PEAK = "#8d6e4a"
PEAK_SHADE = "#6d5236"
SNOW = "#fbfaf5"

Vertex = tuple[int, int]
Loop = list[Vertex]


# -- geometry -----------------------------------------------------------------------------
def land_loops(width: int, height: int, inside: Callable[[int, int], bool]) -> list[Loop]:
    """The closed outlines of the cells where ``inside(x, y)`` holds, as loops of grid
    vertices (cell corners). The grid is extended by one cell on every side with the edge
    cells' values, so a coast meeting the board's edge runs on beyond it (the picture clips
    it). Cells touching only at a corner get separate outlines (a strait between them)."""

    def cell_in(x: int, y: int) -> bool:
        return inside(min(max(x, 0), width - 1), min(max(y, 0), height - 1))

    # directed edges, land on the right-hand side when going round clockwise on screen
    edges: dict[Vertex, list[tuple[Vertex, Vertex]]] = {}  # start -> [(end, cell)]
    for y in range(-1, height + 1):
        for x in range(-1, width + 1):
            if not cell_in(x, y):
                continue
            sides = (
                ((x, y), (x + 1, y), (x, y - 1)),  # top
                ((x + 1, y), (x + 1, y + 1), (x + 1, y)),  # right
                ((x + 1, y + 1), (x, y + 1), (x, y + 1)),  # bottom
                ((x, y + 1), (x, y), (x - 1, y)),  # left
            )
            for start, end, (nx, ny) in sides:
                framed = -1 <= nx <= width and -1 <= ny <= height
                if not (framed and cell_in(nx, ny)):
                    edges.setdefault(start, []).append((end, (x, y)))
    loops: list[Loop] = []
    while edges:
        start = min(edges)  # a fixed order: the same loops in every process
        loop: Loop = []
        here, cell = start, edges[start][0][1]
        while True:
            out = edges.get(here)
            if not out:
                break
            # at a corner where two cells touch diagonally, stay with the same cell
            index = next((i for i, (_, c) in enumerate(out) if c == cell), 0)
            end, cell = out.pop(index)
            if not out:
                del edges[here]
            loop.append(here)
            here = end
            if here == start:
                break
        if len(loop) >= 4:
            loops.append(loop)
    return loops


def _nudge(v: Vertex) -> tuple[float, float]:
    """A fixed pseudo-random offset of a vertex in [-JITTER, JITTER] cells."""
    x, y = v
    h = (x * 73856093) ^ (y * 19349663) ^ 0x5BD1E995
    h = (h * 2654435761) & 0xFFFFFFFF
    dx = ((h & 0xFFFF) / 0xFFFF - 0.5) * 2 * JITTER
    dy = ((h >> 16) / 0xFFFF - 0.5) * 2 * JITTER
    return x + dx, y + dy


def relax(loop: Loop, rounds: int = 3) -> list[tuple[float, float]]:
    """The loop's vertices (nudged), smoothed without shrinking (Taubin: a step toward the
    neighbours' midpoint, then one slightly larger away from it, ``rounds`` times): a grid
    staircase turns into a slanting coast, straight coasts stay, and small islands (a few
    cells) keep their size."""
    pts = [_nudge(v) for v in loop]
    n = len(pts)
    if n <= 8:
        return pts
    for _ in range(rounds):
        for weight in (0.5, -0.53):
            pts = [
                (
                    pts[i][0] + weight * ((pts[i - 1][0] + pts[(i + 1) % n][0]) / 2 - pts[i][0]),
                    pts[i][1] + weight * ((pts[i - 1][1] + pts[(i + 1) % n][1]) / 2 - pts[i][1]),
                )
                for i in range(n)
            ]
    return pts


def smooth_path(loops: Sequence[Loop], x0: float, y0: float, cell: float = CELL) -> str:
    """The loops as one SVG path: a quadratic B-spline per loop (through the midpoints of
    its relaxed edges, the corners as control points), in pixels from the map's origin."""
    parts = []
    for loop in loops:
        px = [(x0 + x * cell, y0 + y * cell) for x, y in relax(loop)]
        n = len(px)
        mids = [
            ((px[i][0] + px[(i + 1) % n][0]) / 2, (px[i][1] + px[(i + 1) % n][1]) / 2)
            for i in range(n)
        ]
        d = [f"M{_p(mids[-1])}"]
        for i in range(n):
            d.append(f"Q{_p(px[i])} {_p(mids[i])}")
        d.append("Z")
        parts.append("".join(d))
    return "".join(parts)


def _p(point: tuple[float, float]) -> str:
    return f"{num(round(point[0], 1))},{num(round(point[1], 1))}"


# -- drawing ------------------------------------------------------------------------------
def defs() -> str:
    """Patterns and gradients of the map (ids prefixed ``zk-``)."""
    return (
        "<defs>"
        '<linearGradient id="zk-sea" x1="0" y1="0" x2="0.3" y2="1">'
        f'<stop offset="0" stop-color="{SEA_LIGHT}"/><stop offset="1" stop-color="{SEA_DEEP}"/>'
        "</linearGradient>"
        '<pattern id="zk-waves" width="54" height="30" patternUnits="userSpaceOnUse">'
        '<path d="M4,10 q5,-5 10,0 t10,0 M31,25 q5,-5 10,0 t10,0" fill="none" '
        'stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.3" stroke-linecap="round"/>'
        "</pattern>"
        '<pattern id="zk-fields" width="23" height="19" patternUnits="userSpaceOnUse">'
        '<path d="M5,8 l2,-4 l2,4 M15,16 l2,-4 l2,4" fill="none" stroke="#a4946a" '
        'stroke-opacity="0.45" stroke-width="1"/>'
        "</pattern>"
        "</defs>"
    )


@lru_cache(maxsize=8)
def static_map(edition: str, x0: float, y0: float, terrains: tuple[str, str, str]) -> str:
    """The terrain of the edition's board at (x0, y0): sea, coasts, land, mountains and the
    faint grid; the same in every view (cached per edition, position and language). The
    cells over it are ``cells``."""
    board = components_by_key(edition).board
    w, h = board.width * CELL, board.height * CELL
    land = land_loops(
        board.width, board.height, lambda x, y: board.terrain[board.cell(x, y)] != SEA
    )
    hills = land_loops(
        board.width, board.height, lambda x, y: board.terrain[board.cell(x, y)] == MOUNTAIN
    )
    land_d, hill_d = smooth_path(land, x0, y0), smooth_path(hills, x0, y0)
    clip = "zk-map-clip"  # one map per picture
    out = [
        f'<clipPath id="{clip}"><rect x="{num(x0)}" y="{num(y0)}" width="{w}" height="{h}" '
        'rx="10"/></clipPath>',
        f'<g class="map" clip-path="url(#{clip})">',
        f'<rect x="{num(x0)}" y="{num(y0)}" width="{w}" height="{h}" fill="url(#zk-sea)"/>',
        f'<rect x="{num(x0)}" y="{num(y0)}" width="{w}" height="{h}" fill="url(#zk-waves)"/>',
        # the shallows: the coast drawn wide and light under the land
        f'<path class="shallows" d="{land_d}" fill="{SHALLOW}" stroke="{SHALLOW}" '
        'stroke-width="14" stroke-linejoin="round" opacity="0.85" fill-rule="evenodd"/>',
        f'<path class="shallows" d="{land_d}" fill="none" stroke="#ffffff" stroke-width="5" '
        'stroke-linejoin="round" opacity="0.5"/>',
        f'<path class="land" data-loops="{len(land)}" d="{land_d}" fill="{LAND}" '
        f'stroke="{LAND_EDGE}" stroke-width="1.6" stroke-linejoin="round" fill-rule="evenodd"/>',
        f'<path d="{land_d}" fill="url(#zk-fields)" fill-rule="evenodd"/>',
        f'<path d="{land_d}" fill="none" stroke="#b59f6c" stroke-width="7" opacity="0.35" '
        'stroke-linejoin="round"/>',
        f'<path class="mountains" data-loops="{len(hills)}" d="{hill_d}" '
        f'fill="{MOUNTAIN_AREA}" stroke="#a68a5b" stroke-width="1" opacity="0.9" '
        'fill-rule="evenodd"/>',
    ]
    out.extend(_peaks(board, x0, y0))
    out.append(_grid(board, x0, y0))
    out.append("</g>")
    out.append(
        f'<rect x="{num(x0)}" y="{num(y0)}" width="{w}" height="{h}" rx="10" fill="none" '
        'stroke="#5d4a32" stroke-width="3"/>'
    )
    return "\n".join(out)


def _peaks(board: Board, x0: float, y0: float) -> list[str]:
    """Two drawn peaks per mountain cell, a sunlit and a shaded flank, snow on the top."""
    out = ['<g class="peaks">']
    for y in range(board.height):
        for x in range(board.width):
            if board.terrain[board.cell(x, y)] != MOUNTAIN:
                continue
            cx, cy = x0 + x * CELL + CELL / 2, y0 + y * CELL + CELL / 2
            big = 1 if (x + y) % 2 else -1  # alternate which peak is the larger
            out.append(_peak(cx + 5 * big, cy + 9, 12, 17))
            out.append(_peak(cx - 7 * big, cy + 11, 8, 11))
    out.append("</g>")
    return out


def _peak(cx: float, base: float, half: float, height: float) -> str:
    top = base - height
    left, right = cx - half, cx + half
    snow_y = top + height * 0.32
    return (
        f'<path d="M{num(left)},{num(base)} L{num(cx)},{num(top)} L{num(right)},{num(base)} Z" '
        f'fill="{PEAK}" stroke="{PEAK_SHADE}" stroke-width="0.8" stroke-linejoin="round"/>'
        f'<path d="M{num(cx)},{num(top)} L{num(right)},{num(base)} L{num(cx + 1)},{num(base)} Z" '
        f'fill="{PEAK_SHADE}" opacity="0.7"/>'
        f'<path d="M{num(cx - half * 0.32)},{num(round(snow_y, 1))} L{num(cx)},{num(top)} '
        f"L{num(cx + half * 0.32)},{num(round(snow_y, 1))} "
        f'L{num(cx)},{num(round(snow_y - 2, 1))} Z" fill="{SNOW}"/>'
    )


def _grid(board: Board, x0: float, y0: float) -> str:
    """The rules' square grid, faint."""
    w, h = board.width * CELL, board.height * CELL
    d = [f"M{num(x0 + x * CELL)},{num(y0)}v{h}" for x in range(1, board.width)]
    d += [f"M{num(x0)},{num(y0 + y * CELL)}h{w}" for y in range(1, board.height)]
    return (
        f'<path class="grid" d="{"".join(d)}" stroke="#2b2b2b" stroke-opacity="0.13" '
        'stroke-width="1" fill="none"/>'
    )


def cells(
    edition: str, x0: float, y0: float, terrains: tuple[str, str, str], skip: frozenset[int]
) -> str:
    """One transparent rect per cell: the cell's identity for scripts and last-move marks,
    its coordinates and terrain on hover (``terrains``: sea, plain, mountain), and a place
    (``cell:x,y``) that a click may try (the page asks why a move there is not legal),
    except on the cells in ``skip``, whose place is another element (a reachable cell's
    target, a city)."""
    board = components_by_key(edition).board
    plain, placed = _cell_rects(edition, x0, y0, terrains)
    out = ['<g class="cells" fill="#ffffff" fill-opacity="0">']
    out += [plain[c] if c in skip else placed[c] for c in range(board.width * board.height)]
    out.append("</g>")
    return "\n".join(out)


@lru_cache(maxsize=8)
def _cell_rects(
    edition: str, x0: float, y0: float, terrains: tuple[str, str, str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each cell's rect without and with its place, by cell index."""
    board = components_by_key(edition).board
    plain, placed = [], []
    for y in range(board.height):
        for x in range(board.width):
            t = board.terrain[board.cell(x, y)]
            rect = (
                f'data-kind="cell" data-cell="{x},{y}" data-terrain="{TERRAIN_NAMES[t]}" '
                f'data-key="cell:{x},{y}" data-tip="({x},{y}) {terrains[t]}" '
                f'x="{num(x0 + x * CELL)}" y="{num(y0 + y * CELL)}" width="{CELL}" '
                f'height="{CELL}"/>'
            )
            plain.append(f"<rect {rect}")
            placed.append(f'<rect data-place="cell:{x},{y}" {rect}')
    return tuple(plain), tuple(placed)


def coordinates(board: Board, x0: float, y0: float) -> str:
    """Column numbers above and row numbers left of the map (the cells the log names)."""
    out = [f'<g class="coordinates" font-family="{FONT_FAMILY}" fill="#6b5b45">']
    for x in range(board.width):
        out.append(
            f'<text x="{num(x0 + x * CELL + CELL / 2)}" y="{num(y0 - 5)}" font-size="12" '
            f'text-anchor="middle">{x}</text>'
        )
    for y in range(board.height):
        out.append(
            f'<text x="{num(x0 - 5)}" y="{num(y0 + y * CELL + CELL / 2 + 4)}" font-size="12" '
            f'text-anchor="end">{y}</text>'
        )
    out.append("</g>")
    return "".join(out)


def target(x: int, y: int, x0: float, y0: float, tip: str) -> str:
    """A reachable cell: a place (``cell:x,y``) over everything on it, invisible until the
    page marks it placeable (then the inner ``zk-lit`` shows, see ``STYLE``)."""
    px, py = x0 + x * CELL, y0 + y * CELL
    return (
        f'<g data-place="cell:{x},{y}" data-tip={attr(tip)}>'
        f'<rect x="{num(px)}" y="{num(py)}" width="{CELL}" height="{CELL}" fill="#ffffff" '
        'fill-opacity="0"/>'
        f'<rect class="zk-lit" x="{num(px + 2)}" y="{num(py + 2)}" width="{CELL - 4}" '
        f'height="{CELL - 4}" rx="6" fill="#fff59d" fill-opacity="0.35" stroke="#e65100" '
        'stroke-width="3"/></g>'
    )


# the page marks what may be clicked with classes (``placeable``, ``selected``); a reachable
# cell is transparent until then, so only the selected card's cells light up
STYLE = (
    "<style>"
    '[data-game="im-zeichen-des-kreuzes"] .zk-lit { opacity: 0; }'
    '[data-game="im-zeichen-des-kreuzes"] .placeable .zk-lit { opacity: 1; }'
    "</style>"
)
