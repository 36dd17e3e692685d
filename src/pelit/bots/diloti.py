"""A Diloti player: take what is worth most (xeris above all), declare when it
secures valuable cards, and otherwise lay the card that gives least away —
never a lone card or a table a single card could sweep, when avoidable."""

from __future__ import annotations

from ..cards.deck import ids
from ..games.diloti import ACES, DECLARE, FACES, TAKE, TEN_DIAMONDS, TWO_CLUBS, VALUE, decode
from . import Bot, heuristic


def points(mask: int) -> float:
    return ((mask & ACES).bit_count() + 2 * ((mask >> TEN_DIAMONDS) & 1)
            + ((mask >> TWO_CLUBS) & 1))


def sweepable(loose: int, decl_values: list[int]) -> bool:
    """Could one card take every table card (a xeri for the next player)?"""
    if not loose and not decl_values:
        return False
    if loose & FACES:
        faces = ids(loose & FACES)
        return not decl_values and loose == (loose & FACES) and len({c % 13 for c in faces}) == 1
    total = sum(VALUE[c] for c in ids(loose))
    values = set(decl_values)
    if len(values) > 1:
        return False
    target = values.pop() if values else None
    if target is None:
        return total <= 10
    return total % target == 0 if total else True


@heuristic("diloti")
class DilotiBot(Bot):
    name = "heuristic"

    def choose(self, view):
        loose = int(view["loose"])
        decls = view["declarations"]
        table = loose
        for d in decls:
            table |= int(d["cards"])
        first_play = view["plays"] == 0

        def score(action):
            kind, card, value, mask = decode(action)
            if kind == TAKE:
                xeri = mask == table and not first_play
                return 10 + 3 * points(mask | 1 << card) + 0.5 * mask.bit_count() + (40 if xeri else 0)
            if kind == DECLARE:
                return 2 + 1.5 * points(mask | 1 << card) + 0.3 * mask.bit_count()
            after_loose = loose | 1 << card
            risk = 8 if sweepable(after_loose, [d["value"] for d in decls]) else 0
            return -3 * points(1 << card) - risk - 0.1 * VALUE[card]

        return max(view["legal"], key=lambda a: (score(a), self.rng.random()))
