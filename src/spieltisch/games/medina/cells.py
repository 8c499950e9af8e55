"""What a square of Medina holds, and who owns a palace besides the seats: the codes the
state, its refusals and its pictures share."""

# cell contents
EMPTY, BUILDING, STABLE, MERCHANT, WALL, TOWER_PIECE, WELL = 0, 1, 2, 3, 4, 5, 6
# palace owners besides seats
UNCLAIMED, NEUTRAL = -1, -2
