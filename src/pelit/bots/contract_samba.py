"""A Contract Samba player (seed 000 ch. 24).

The melding, pile and going-out play is the Samba bot's (``pelit.bots.samba``,
the Canasta advice of ch. 22); red threes are laid while the hand is large
(-300 rather than -500 in hand).  What Contract Samba adds:

- The declarer's opening (24.3): done as soon as it is valid; otherwise meld
  greedily in a world built from the view (melding uses only the own hand) and
  give up ("cannot open") when no sequence of melds reaches a valid opening.
- The auction (24.2), decided from the hand alone.  The hand's worth in thousands is estimated from what makes points in the
  deal: wild cards (canastas), natural pairs and triples (canasta melds and
  pile takes) and three-card runs (sambas, 1500 each).  A bid names a type the hand can open with (24.3): a suit in which it holds
  a three-card run, Canasta with four of a rank, Canasta of twos with four
  twos; from level four it bids only a type it can open, since a failed
  opening costs 1000 and passes the contract down.
  It bids the cheapest legal bid of its best type while the level stays
  within its estimate and its partner does not hold the highest bid,
  otherwise passes; it doubles an opponent's bid of level four or more when
  its own hand is worth 2500 or more.
"""

from __future__ import annotations

from ..cards.melds import NATURAL_RANKS, popcount
from . import heuristic
from .samba import SambaBot
from ..games.contract_samba import (CANASTA_TYPE, CLUBS, DIAMONDS, DOUBLE, HEARTS, PASS,
                                    SPADES, TWOS_TYPE, T, bid_value, runs_in_hand,
                                    type_opening_in_hand)


def hand_worth(hand: int) -> float:
    """Rough thousands of points the partnership may make with this hand."""
    wild = popcount(hand & T.wild)
    groups = sum(1 for r in NATURAL_RANKS if popcount(hand & T.rank[r]) >= 2)
    runs = len({su for su, _, _ in runs_in_hand(hand)})
    return 0.5 + 0.25 * wild + 0.2 * groups + 0.6 * runs


def best_type(hand: int, level: int):
    """The type the hand can open at ``level`` (24.3), best first, or None."""
    for kind in (TWOS_TYPE, CANASTA_TYPE, SPADES, HEARTS, DIAMONDS, CLUBS):
        if type_opening_in_hand(hand, (max(level, 4), kind)):
            return kind
    return None if level >= 4 else CLUBS


def choose_call(hand: int, legal: list, seat: int, highest):
    """A call among ``legal`` (``Auction.legal``) for ``hand``; ``highest`` is
    ``Auction.highest()``."""
    worth = hand_worth(hand)
    if DOUBLE in legal and highest is not None:
        level = highest[1][0]
        if level >= 4 and worth >= 2.5:
            return DOUBLE
    bids = [c for c in legal if isinstance(c, tuple)]
    best = None
    for level, kind in sorted(bids, key=lambda b: bid_value(*b)):
        if level > int(worth):
            break
        if highest is not None and (highest[0] - seat) % 2 == 0:
            break                          # the partner holds the highest bid
        want = best_type(hand, level)
        if want is not None and kind == want:
            best = (level, kind)
            break
    return best if best is not None else PASS



@heuristic("contract-samba")
class ContractSambaBot(SambaBot):
    name = "heuristic"

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        g = self.game
        dec = {a: g.decode(a) for a in legal}
        phase = view["phase"]
        if phase == "auction":
            return self._call(view, dec)
        if phase == "declare":
            return self._declare(view, dec)
        if phase == "meld" and popcount(int(view["hand"])) >= 5:
            for a, d in dec.items():
                if d[0] == "lay":
                    return a
        return super().choose(view)

    def _call(self, view, dec):
        from ..games.contract_samba import Auction
        a = Auction(view["auction_first"])
        for p, c in view["auction"]:
            a.calls.append((p, c if isinstance(c, str) else tuple(c)))
        call = choose_call(int(view["hand"]), a.legal(self.seat), self.seat, a.highest())
        return self.game.call_action(call)

    def _declare(self, view, dec):
        g = self.game
        for a, d in dec.items():
            if d[0] == "done":
                return a
        s = self._world(view)
        first = None
        for _ in range(12):
            legal = g.legal_actions(s, self.seat)
            if g.A_DONE in legal:
                return first
            acts = [a for a in legal if g.decode(a)[0] in ("meld", "run", "add")]
            if not acts:
                break
            a = max(acts, key=lambda a: self._gain(g, s, a, self.seat & 1, False))
            if first is None:
                first = a
            g.apply(s, a, self.seat)
        return g.A_CANNOT
