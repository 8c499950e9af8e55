"""The codes Medina's state, rules, encoding and pictures share: what a square holds, who
owns a palace besides the seats, the slots of a supply and the phases of the game."""

# cell contents
EMPTY, BUILDING, STABLE, MERCHANT, WALL, TOWER_PIECE, WELL = 0, 1, 2, 3, 4, 5, 6
# palace owners besides seats
UNCLAIMED, NEUTRAL = -1, -2

# supply slots (MD-D5, MD-D6): buildings per colour 0-3, then these
ROOFS, NEUTRAL_ROOFS, STABLES, MERCHANTS, WALLS = 4, 5, 6, 7, 8
SUPPLY_NAMES = ("b0", "b1", "b2", "b3", "roofs", "neutral_roofs", "stables", "merchants", "walls")

# the phases (MD-S1, MD-R13, MD-R20); the first two are also the kinds of decision
START, TURN, OVER = "start_merchant", "turn", "over"
PHASES = (START, TURN, OVER)

# piece kinds in the placement list: the cell codes of pieces, roofs as minus their slot
ROOF_PIECE, NEUTRAL_ROOF_PIECE = -ROOFS, -NEUTRAL_ROOFS
PIECE_NAMES = {
    BUILDING: "building",
    STABLE: "stable",
    MERCHANT: "merchant",
    WALL: "wall",
    ROOF_PIECE: "roof",
    NEUTRAL_ROOF_PIECE: "neutral_roof",
}
PIECE_CODES = {name: code for code, name in PIECE_NAMES.items()}

NEVER_TIME = 10**9  # the claim time of a seat that owns no palace (MD-R64)
