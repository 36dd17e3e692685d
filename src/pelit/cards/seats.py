"""Seats, partnerships and the dealer's rotation.

Seats are ints 0..n-1 in clockwise order: the player on a seat's left is the
next one to play (Korppi 1.4).  "No seat" is ``None``.
"""

from __future__ import annotations


def left(seat: int, n: int) -> int:
    return (seat + 1) % n


def right(seat: int, n: int) -> int:
    return (seat - 1) % n


def partner(seat: int) -> int:
    """Across the table in a four-handed partnership game."""
    return (seat + 2) % 4


def team_of(seat: int, teams: int = 2) -> int:
    """Team index when partners sit alternately (seats 0 and 2 are team 0)."""
    return seat % teams


def team_seats(team: int, n: int = 4, teams: int = 2) -> tuple[int, ...]:
    return tuple(s for s in range(n) if s % teams == team)


def next_dealer(dealer: int, n: int) -> int:
    """The deal passes to the left."""
    return (dealer + 1) % n


def others_hands(hands, seat) -> int:
    """Every card in the hands of players other than ``seat`` (all of them for
    a spectator, ``seat=None``): what a player cannot see across the table."""
    out = 0
    for p, hand in enumerate(hands):
        if p != seat:
            out |= hand
    return out
