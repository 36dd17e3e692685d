"""A Hex player that a beginner would not beat by a blunder (also Y's, in bots/y.py).

Each turn it reads the board the view keeps (or rebuilds it from the view's
public move list), then:

1. wins at once where one stone joins its sides;
2. otherwise stops the opponent's win in one (if there are two such cells the
   game is lost anyway; it still takes one);
3. answers an intrusion into one of its bridges (two stones, or a stone and
   its side, sharing two empty cells) by taking the other shared cell;
4. otherwise measures, for each colour, how many more stones it needs to join
   its sides: a shortest path where its own stones cost nothing, empty cells
   one, the opponent's block, and an intact bridge (both shared cells empty)
   or a stone with two empty cells on a side counts as joined.  Cells on
   both players' shortest paths score best; on boards of up to 169 cells
   (13 x 13) the best few
   are checked by playing them and measuring again (its distance minus the
   opponent's).  Ties go to the centre, then to chance.

The swap (30.1): it swaps a first stone away from the sides (the central
cells win for the first player), and as first player it opens just outside
that zone, where its own rule would not swap; in Hex on a row next to its own
(red's) side, the opening of that ring that does best against its own play.
"""

from __future__ import annotations

from collections import deque

from ..boards.hexgrid import (BLUE, CELLS, EMPTY, INF, RED, ConnectionBoard, least_cost,
                              parse_cell, seed_flags, side_search, through_costs)
from . import Bot, heuristic

SWAP = CELLS
REFINE_UP_TO = 169         # boards of more cells (past 13 x 13) use the cheap score only
REFINE = (0, 0, 4, 3)      # candidates checked by playing them, by number of sides

_BRIDGES: dict = {}


def bridges(geo):
    """Per cell: ((partner, carrier1, carrier2), ...) for every bridge shape,
    and per cell and side bit the pairs of side cells that tie it to that
    side (the edge template of two empty cells).  Built once per geometry."""
    got = _BRIDGES.get(geo)
    if got is not None:
        return got
    nbrs = geo.nbrs
    table = [()] * CELLS
    for x in geo.cells:
        out = []
        near = nbrs[x]
        for i, a in enumerate(near):
            for b in near[i + 1:]:
                if b in nbrs[a]:
                    for y in nbrs[a]:
                        if y != x and y in nbrs[b] and y not in near:
                            out.append((y, a, b))
        table[x] = tuple(out)
    edge_pairs = {}
    for colour in (RED, BLUE):
        edge = geo.edge[colour]
        for x in geo.cells:
            for bit in (1, 2, 4):
                if edge[x] & bit:
                    continue
                on_side = [n for n in nbrs[x] if edge[n] & bit]
                if len(on_side) >= 2:
                    edge_pairs[(colour, x, bit)] = tuple(on_side)
    got = _BRIDGES[geo] = (tuple(table), edge_pairs)
    return got


_SEEDS: dict = {}


def side_seeds(geo, colour, bit):
    """Where a distance from side ``bit`` of ``colour`` can start: the
    side's own cells, and the cells tied to it by an edge template (with the
    pair of side cells that must both be empty)."""
    key = (geo, colour, bit)
    got = _SEEDS.get(key)
    if got is None:
        edge = geo.edge[colour]
        edge_pairs = bridges(geo)[1]
        on_side = tuple(x for x in geo.cells if edge[x] & bit)
        tied = tuple((x, edge_pairs[(colour, x, bit)]) for x in geo.cells
                     if not edge[x] & bit and (colour, x, bit) in edge_pairs)
        got = _SEEDS[key] = (on_side, tied)
    return got


def side_distances(board: ConnectionBoard, colour: int, bit: int) -> list[int]:
    """Stones ``colour`` still needs from its side ``bit`` to each cell (the
    cell included), counting intact bridges and edge templates as joined.

    A shortest path where a cell costs 1 if empty, 0 if ``colour``'s and
    cannot be entered if the opponent's (``boards.hexgrid.side_search``)."""
    geo = board.geo
    return side_search(board.stones, geo.nbrs, bridges(geo)[0], colour,
                       side_seeds(geo, colour, bit), geo.extent)[0]


def side_to_side(board: ConnectionBoard, colour: int) -> int:
    """The distance from ``colour``'s first side to the nearest cell where a
    path from its second side starts (INF if none is reached)."""
    geo = board.geo
    starts = seed_flags(board.stones, colour, side_seeds(geo, colour, 2), geo.extent)
    return side_search(board.stones, geo.nbrs, bridges(geo)[0], colour,
                       side_seeds(geo, colour, 1), geo.extent, starts)[1]


def distance_maps(board, colour):
    geo = board.geo
    bits = [1 << i for i in range(len(geo.side_names[colour]))]
    return [side_distances(board, colour, bit) for bit in bits]


def costs(board, maps):
    """Per cell, the stones needed for a connection through it (the cell
    counted once)."""
    return through_costs(board.stones, board.geo.cells, maps, board.geo.extent)


def total_distance(board, colour):
    """Stones ``colour`` still needs to join all its sides: the least cost
    of a connection through a cell it may use."""
    if len(board.geo.side_names[colour]) == 2:
        # Two sides (Hex): the least such cost is the distance from the
        # first side to the nearest start of the second (a cell where a path
        # from the second side starts costs only itself there), so one
        # search from the first side answers it, stopping at that start.
        got = side_to_side(board, colour)
        if got < INF:
            return got
    return least_cost(board.stones, board.geo.cells, costs(board, distance_maps(board, colour)),
                      3 - colour)


@heuristic("hex")
class HexBot(Bot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        game = self.game
        geo = game.geometry(view["size"])
        last = None
        for text in reversed(view["moves"]):
            if text != "swap":
                last = parse_cell(text)
                break
        position = getattr(view, "derived", None)
        if position is not None:
            # the view keeps the position (core.game.View): its board as it
            # is; the bot only reads it and plays on clones
            board = position.board
        else:
            board = ConnectionBoard(geo)
            colour = RED
            for text in view["moves"]:
                if text != "swap":
                    board.place(parse_cell(text), colour)
                    colour = 3 - colour
        me = RED if view["colour"] == "red" else BLUE
        opp = 3 - me
        cells = [a for a in legal if a != SWAP]
        if len(cells) < len(legal) and self.central(geo, last):
            return SWAP
        options = view["options"]
        swap_rule = options["swap"] if isinstance(options, dict) else options.swap
        if not view["moves"] and swap_rule and len(legal) > 1:
            return self.opening(geo, legal)
        wins = board.winning_cells(me)
        if wins:
            return wins[0]
        threats = board.winning_cells(opp)
        if threats:
            return self.best(board, me, opp, threats, refine=False)
        if last is not None:
            saves = self.bridge_saves(board, me, last)
            if saves:
                return self.best(board, me, opp, saves, refine=False)
        return self.best(board, me, opp, cells)

    # -- the swap -----------------------------------------------------------
    @staticmethod
    def margin(geo, cell):
        """How many cells lie between ``cell`` and the nearest side."""
        r, c = divmod(cell, 26)
        n = geo.size - 1
        if geo.shape == "rhombus":
            return min(r, c, n - r, n - c)
        return min(c, n - r, r - c)

    @staticmethod
    def zone(geo):
        # Y: a first stone one row in from a side already wins two games in
        # three for this bot, so it swaps every stone off the sides
        return max(1, geo.size // 5) if geo.shape == "rhombus" else max(1, geo.size // 10)

    def central(self, geo, cell):
        return cell is not None and self.margin(geo, cell) >= self.zone(geo)

    def opening(self, geo, legal):
        ring = self.zone(geo) - 1
        near = [a for a in legal if self.margin(geo, a) == ring]
        if geo.shape == "rhombus":
            # the first stone is red's: next to red's own sides (the top and
            # bottom rows) it is worth far more to red than next to blue's,
            # where this bot kept it and lost three games in four
            n = geo.size - 1
            own = [a for a in near if min(a // 26, n - a // 26) == ring]
            near = own or near
        return self.rng.choice(near or legal)

    # -- tactics ------------------------------------------------------------
    def bridge_saves(self, board, me, last):
        """Cells that restore a bridge of ours the opponent just entered."""
        geo = board.geo
        stones = board.stones
        table, edge_pairs = bridges(geo)
        out = []
        for x in geo.nbrs[last]:
            if stones[x] != me:
                continue
            for y, a, b in table[x]:
                if last not in (a, b) or stones[y] != me:
                    continue
                other = b if a == last else a
                if stones[other] == EMPTY and board.find(x) != board.find(y):
                    out.append(other)
            # a stone tied to its side by two side cells, one just taken
            for bit in (1, 2, 4):
                pair = edge_pairs.get((me, x, bit))
                if pair and last in pair and not board.group_flags(x) & bit:
                    free = [n for n in pair if stones[n] == EMPTY]
                    if len(free) == 1:
                        out.append(free[0])
        return sorted(set(out))

    # -- evaluation ---------------------------------------------------------
    def best(self, board, me, opp, cells, refine=True):
        if len(cells) == 1:
            return cells[0]
        geo = board.geo
        mine = costs(board, distance_maps(board, me))
        theirs = costs(board, distance_maps(board, opp))
        n = geo.size - 1
        r0, c0 = (n / 2, n / 2) if geo.shape == "rhombus" else (2 * n / 3, n / 3)
        rng = self.rng.random

        def cheap(c):
            r, col = divmod(c, 26)
            off = abs(r - r0) + abs(col - c0)
            return (mine[c] + theirs[c], off, rng())

        ranked = sorted(cells, key=cheap)
        if not refine or len(geo.cells) > REFINE_UP_TO:
            return ranked[0]
        best, best_key = ranked[0], None
        for i, c in enumerate(ranked[:REFINE[len(geo.side_names[me])]]):
            after = board.clone()
            after.place(c, me)
            key = (total_distance(after, me) - total_distance(after, opp), i)
            if best_key is None or key < best_key:
                best, best_key = c, key
        return best
