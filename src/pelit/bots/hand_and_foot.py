"""A Hand and Foot player: the Samba bot's opening (greedy meld sequences
tried in a world built from its own view), with the differences of ch. 25.

- Melding down: once the team has opened, every card that can be melded is
  melded at once: the hand empties into the foot (25.5) and the foot is
  emptied toward going out.  First natural triples and natural cards onto
  the longest melds; then a natural pair with a wild card; only then wild
  cards onto melds, onto mixed ones first and onto natural ones only where
  the team keeps enough clean melds for the two natural canastas going out
  needs.  A wild card is worth most opening a new meld: the meld takes the
  later cards of its rank, and a hand full of single cards with nowhere to
  go is what kept feet from emptying before the stock ran out.
- Going out: the foot is emptied as soon as the team has five canastas, two
  natural.  When the partner holds many cards it asks first (trying the
  melds in a built world to be sure it can); a partner answers "no" only
  while its own foot still waits and the stock is long.
- Pile: taken with a natural pair when it holds three or more cards, except
  by a foot player whose team may go out already: that player takes only a
  small pile, since a big one refills the foot it is emptying.
- Discards: threes first (they cost 100 or 500 in hand and block the pile);
  the pile is always frozen, so the dangerous discards are cards the next
  player may hold a natural pair of.
"""

from __future__ import annotations

from ..cards.melds import popcount
from ..games.hand_and_foot import CANASTA, DECK, T, canastas
from . import heuristic
from ._meld import discards_or_else
from .samba import SambaBot

NEED_CANASTAS, NEED_NATURAL = 5, 2         # 25.5
JOKER_FACE, TWO_FACE = 45, 44              # the wild faces of ``decode``'s add
SMALL_PILE = 3                             # a foot player going out takes no more


def team_canastas(melds):
    """(canastas, natural canastas) among a view's melds of one team."""
    return canastas([int(m["cards"]) for m in melds])


@heuristic("hand-and-foot")
class HandAndFootBot(SambaBot):
    name = "heuristic"

    def choose(self, view):
        if view["phase"] == "answer":
            return self._answer(view)
        return super().choose(view)

    def _answer(self, view):
        word = "no" if not view["in_foot"][self.seat] and view["stock"] >= 40 else "yes"
        return next(a for a in view["legal"] if self.game.decode(a) == (word,))

    def _may_go_out(self, view):
        """Has the team what emptying the foot needs (25.5)?"""
        n, nat = team_canastas(view["melds"][self.seat & 1])
        return view["in_foot"][self.seat] and n >= NEED_CANASTAS and nat >= NEED_NATURAL

    def _draw(self, view, dec):
        team = self.seat & 1
        if view["opened"][team] and self._may_go_out(view) and len(view["pile"]) > SMALL_PILE:
            return next(a for a, d in dec.items() if d[0] == "draw")
        return super()._draw(view, dec)

    def _meld(self, view, dec):
        team = self.seat & 1
        if not view["opened"][team] or int(view["tentative"]):
            return super()._meld(view, dec)
        ask = view["ask"]
        kinds = {d[0] for d in dec.values()}
        partner = (self.seat + 2) % 4
        partner_cards = view["hand_sizes"][partner] + view["foot_sizes"][partner]
        wants_leave = ask is None and not view["melded"] and "ask" in kinds and partner_cards >= 8
        if ask in ("yes", "must") or (wants_leave and self._may_go_out(view)):
            step = self._greedy(view, self._world(view), self._out_goal(view))
            if step is not None:
                if ask is None:
                    return next(a for a, d in dec.items() if d[0] == "ask")
                return self._discard(view, dec) if step == -1 else step
        step = self._meld_down(view, dec)
        if step is not None:
            return step
        return self._discard(view, dec)

    def _meld_down(self, view, dec):
        """The best meld action of the hand (see the module docstring), or None."""
        melds = view["melds"][self.seat & 1]
        lengths = [popcount(int(m["cards"])) for m in melds]
        mixed = [bool(int(m["cards"]) & T.wild) for m in melds]
        _, nat = team_canastas(melds)
        # the longest clean melds are kept for the natural canastas still missing
        clean = sorted((k for k, n in enumerate(lengths) if not mixed[k] and n < CANASTA),
                       key=lambda k: -lengths[k])
        keep_clean = set(clean[:max(0, NEED_NATURAL - nat)])
        best = None
        for a, d in dec.items():
            if d[0] == "add":
                face, slot = d[1], d[2]
                n = lengths[slot]
                if face not in (TWO_FACE, JOKER_FACE):
                    key = (4, n)
                elif mixed[slot]:
                    key = (2, n, face == JOKER_FACE)
                elif slot in keep_clean:
                    continue
                else:
                    key = (1, n, face == JOKER_FACE)
            elif d[0] == "meld":
                key = (5, 0) if d[2] == 0 else (3, d[2])
            else:
                continue
            if best is None or key > best[0]:
                best = (key, a)
        return None if best is None else best[1]

    def _discard(self, view, dec):
        discards, instead = discards_or_else(dec)
        if instead is not None:
            return instead
        hand = int(view["hand"])
        size = len(view["pile"])
        left = (self.seat + 1) % 4

        def danger(c):
            if (T.red3 >> c) & 1:
                return -30
            if (T.black3 >> c) & 1:
                return -20
            if (T.wild >> c) & 1:
                return 60
            r = DECK.rank_of[c]
            same = popcount(hand & T.rank[r])
            d = 3.0 * (same - 1) + T.points[c] / 20
            if DECK.face_of[c] in self.discarded[left]:
                d -= 2
            return d + size / 8

        return min(discards, key=lambda x: (danger(x[1]), self.rng.random()))[0]
