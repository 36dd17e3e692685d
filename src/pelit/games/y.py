"""Y, the triangular connection game (seed 000, chapter 30.3).

Rule source: seed 000 ("My Games"), 30.3 Y, read with 30.1 (Hex), from which
Y differs only in its board and its goal.

Decisions where the seed is silent (pinned in tests/games/test_y.py):

- Board (30.3 says only "an equilateral triangle"): a triangle of hexagons
  with ``size`` cells a side, default 15 (120 cells, about as many as Hex's
  usual 11 x 11), sizes 1 to 26.  Row ``r`` (1 to ``size``) holds the cells
  ``a`` to the ``r``-th letter, drawn as a pyramid: ``a1`` is the top corner,
  ``a2`` and ``b2`` lie below it, and the bottom row is the base.  Action text
  is the Hex text, column letter then row number (``c5``).
- Goal (30.3): one group touching the left side (column ``a``), the bottom
  row, and the right side (cells whose column letter is their row's last);
  a corner cell lies on two sides and counts for both, as in 30.1.
- Colours and turns as in Hex (30.1): red places the first stone, seat 0
  starts as red, and the colours alternate.
- Swap: the swap rule of 30.1 applies (option ``swap``, default on, preset
  ``no-swap``), because 30.3 makes Y "similar to Hex" in all but board and
  goal, and the first stone's advantage is just as large in Y.
- No draws, no resignation: a full Y board always holds a winning group.
- SGF has no game number for Y: ``pelit export`` writes a Y match as SGF
  with Hex's moves and the private root property ``PG[y]`` in place of
  ``GM`` (``pelit.formats``), and reads it back; ``games.hex.to_sgf``
  refuses Y.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..boards.hexgrid import triangle
from ..core.game import GameInfo, option
from ..core.registry import register
from .hex import ConnectionGame


@dataclass(frozen=True)
class YOptions:
    size: int = option(15, "cells on each side of the triangle", min=1, max=26)
    swap: bool = option(True, "the second player may swap colours after the first stone (30.1)")


# registered at the end of the module (register(Y)), not by a decorator:
# mypyc compiles only undecorated classes as native ones (``make compiled``)
class Y(ConnectionGame):
    info = GameInfo(
        id="y", name="Y", min_seats=2, max_seats=2, family="connection",
        source="000 ch. 30.3 Y (with 30.1 Hex, line 2259)", hidden=False, chance=False,
        zero_sum=True,
        summary=(
            "Hex on a triangle. Two players, red and blue, take turns putting one "
            "stone of their colour on an empty cell of a triangular board of hexagons "
            "(15 a side unless chosen otherwise), red first. The winner is the first to "
            "build one group of touching stones that reaches all three sides; a corner "
            "cell lies on two sides at once. There are no draws. As in Hex, the second "
            "player may answer the first stone with 'swap' to trade colours: the first "
            "stone becomes the swapper's and the other player places the next stone."),
        verbs=(("c5", "put a stone on that empty cell: column letter, then row number"),
               ("swap", "second player only, right after the first stone: trade colours")),
    )
    Options = YOptions
    presets = {"no-swap": {"swap": False}}
    test_options = {"size": 8}

    @staticmethod
    def geometry(size):
        return triangle(size)

    @staticmethod
    def goal(s, colour):
        return "all three sides"


# A hint for the web table (pelit.server): draw the view's "board" as a pyramid of hexagons.
Y.web_layout = {
    "table": "board", "board": "board", "shape": "triangle",
    "show": {"board": "board", "moves": "moves", "winning_group": "chain",
             "colours": "colours", "goals": ["info", "to join"],
             "swapped": ["banner", "colours swapped (the swap rule)"]},
    "rules": {"play": "30.3, with 30.1"},
    "explain": {"swap": "The swap rule (30.1): the second player took the first stone as "
                        "their own, so the players have changed colours; the game goes on."},
}


register(Y)
