"""boards/: union-find, hex-grid geometries and the connection board."""

from __future__ import annotations

import random

import pytest

from pelit.boards.hexgrid import (BLUE, RED, ConnectionBoard, cell_name, parse_cell,
                                  rhombus, triangle)
from pelit.boards.sgf import read_sgf, write_sgf
from pelit.boards.unionfind import UnionFind
from pelit.core.errors import ParseError


def test_union_find_joins_sets_and_ors_their_flags():
    uf = UnionFind(6, flags=[1, 0, 2, 0, 4, 0])
    assert not uf.same(0, 2)
    assert uf.union(0, 1) == 0
    uf.union(2, 3)
    assert uf.set_flags(1) == 1 and uf.set_flags(3) == 2
    root = uf.union(1, 3)
    assert uf.same(0, 3) and uf.find(2) == root and uf.set_flags(2) == 3
    assert uf.members(0, range(6)) == [0, 1, 2, 3]
    copy = uf.clone()
    copy.union(0, 4)
    assert copy.set_flags(0) == 7 and uf.set_flags(0) == 3      # the clone is independent
    uf.reset(5, 8)
    assert uf.find(5) == 5 and uf.set_flags(5) == 8
    with pytest.raises(ValueError):
        UnionFind(3, flags=[0])


def test_union_find_halves_long_paths():
    uf = UnionFind(1000)
    for i in range(999):
        uf.parent[i] = i + 1            # a worst-case chain
    assert uf.find(0) == 999
    depth, x = 0, 0
    while uf.parent[x] != x:
        x = uf.parent[x]
        depth += 1
    assert depth <= 500


def test_cell_text():
    assert cell_name(parse_cell("C5")) == "c5" and parse_cell("a1") == 0
    assert parse_cell("z26") == 26 * 26 - 1
    for bad in ("", "5c", "a0", "a27", "aa1"):
        with pytest.raises(ParseError):
            parse_cell(bad)
    with pytest.raises(ParseError, match="not on this board"):
        rhombus(5).parse("f1")
    with pytest.raises(ParseError, match="not on this board"):
        triangle(5).parse("c2")


def test_geometries_are_built_once_and_have_the_right_sides():
    assert rhombus(11) is rhombus(11)
    geo = rhombus(3)
    assert geo.sides_touched(RED, parse_cell("a1")) == ("top",)
    assert geo.sides_touched(BLUE, parse_cell("a1")) == ("left",)
    assert geo.sides_touched(BLUE, parse_cell("c3")) == ("right",)
    tri = triangle(3)
    assert tri.sides_touched(RED, parse_cell("a1")) == ("left", "right")
    assert tri.sides_touched(BLUE, parse_cell("c3")) == ("bottom", "right")
    assert len(tri.cells) == 6
    for bad in (0, 27):
        with pytest.raises(ValueError):
            rhombus(bad)
        with pytest.raises(ValueError):
            triangle(bad)


def test_board_keeps_empties_sorted_and_clones_apart():
    geo = rhombus(4)
    b = ConnectionBoard(geo)
    rng = random.Random(2)
    cells = list(geo.cells)
    rng.shuffle(cells)
    colour = RED
    for c in cells[:8]:
        b.place(c, colour)
        colour = 3 - colour
    assert b.empty == sorted(cells[8:])
    copy = b.clone()
    copy.place(b.empty[0], RED)
    assert len(copy.empty) == len(b.empty) - 1 and b.stones != copy.stones


def test_wins_at_and_winning_cells_agree_with_placing():
    rng = random.Random(4)
    for geo in (rhombus(5), triangle(6)):
        for _ in range(20):
            b = ConnectionBoard(geo)
            colour = RED
            while True:
                wins = b.winning_cells(colour)
                assert wins == [c for c in b.empty if b.wins_at(c, colour)]
                c = rng.choice(b.empty)
                trial = b.clone()
                if trial.place(c, colour):
                    assert c in wins
                    break
                assert c not in wins
                b.place(c, colour)
                colour = 3 - colour


def test_distances_count_the_empty_cells_still_needed():
    b = ConnectionBoard(rhombus(3))
    top = b.distances(RED, 1)
    assert [top[parse_cell(c)] for c in ("a1", "a2", "a3")] == [1, 2, 3]
    b.place(parse_cell("a2"), RED)
    b.place(parse_cell("b1"), BLUE)
    top = b.distances(RED, 1)
    assert top[parse_cell("a2")] == 1 and top[parse_cell("a3")] == 2


def test_sgf_text_round_trips_with_escapes():
    text = write_sgf({"GM": "11", "C": "a ] b \\ c"}, [("B", "c5"), ("W", "swap-sides")])
    root, moves = read_sgf(text)
    assert root["C"] == "a ] b \\ c" and root["FF"] == "4"
    assert moves == [("B", "c5"), ("W", "swap-sides")]
    # the main line of a tree with variations
    assert read_sgf("(;GM[11];B[a1](;W[b2];B[c3])(;W[d4]))")[1] == [
        ("B", "a1"), ("W", "b2"), ("B", "c3")]
    with pytest.raises(ParseError):
        read_sgf("nothing here")


def test_clones_share_the_board_until_either_moves():
    """A clone shares the arrays (copy on write): whichever board moves first
    copies them, and neither sees the other's stones."""
    geo = rhombus(5)
    b = ConnectionBoard(geo)
    b.place(parse_cell("c3"), RED)
    c = b.clone()
    assert c.stones is b.stones and c.shared and b.shared
    b.place(parse_cell("a1"), BLUE)                 # the original moves first
    c.place(parse_cell("e5"), BLUE)
    assert b.stones[parse_cell("a1")] == BLUE and c.stones[parse_cell("a1")] == 0
    assert c.stones[parse_cell("e5")] == BLUE and b.stones[parse_cell("e5")] == 0
    assert parse_cell("a1") in c.empty and parse_cell("a1") not in b.empty
    d = c.clone()
    d.place(parse_cell("a1"), RED)
    assert c.stones[parse_cell("a1")] == 0 and len(d.empty) == len(c.empty) - 1
