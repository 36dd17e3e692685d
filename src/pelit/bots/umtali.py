"""An Umtali player.

- Draw: ``take two`` whenever it is offered; the top discard when it can be
  melded at once (in a basic meld with the hand, as an extension, or a
  jack); otherwise the stock.
- Meld: the longest basic meld first (marriages are worth 20), then single
  cards; a pair only when it goes out.  With one card left after melding
  it goes out with a face-down discard.
- Discard: a card that extends nothing on the table (the opponent could
  not meld it), of the fewest points, and not half of a marriage or a set.
- The opponent's last turn: melds all it can, then throws away its most
  valuable card (what is left goes to the other side).
"""

from __future__ import annotations

from ..cards.deck import KING, QUEEN, ids
from ..games.umtali import RULES, _meld_of, card_points, extends
from . import Bot, heuristic
from ._rummy import partners


@heuristic("umtali")
class UmtaliBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        decode = g.actions.decode
        hand = int(view["hand"])
        table = [_meld_of(rec, p) for p in (0, 1) for rec in view["sides"][p]
                 if rec["kind"] != "marriage"]
        if view["phase"] == "draw":
            if g.A_TAKE2 in legal:
                return g.A_TAKE2
            if g.A_TAKE in legal and view["pile"]:
                top = int(view["pile"][-1])
                if self._meldable(hand, top, table):
                    return g.A_TAKE
            return g.A_DRAW if g.A_DRAW in legal else legal[0]
        melds = [a for a in legal if (decode(a) or ("", ""))[1] == "meld"]
        if melds:
            def rank(a):
                faces = decode(a)[2][1]
                return (len(faces) != 2 or self._marriage(faces), len(faces))
            return max(melds, key=rank)
        cards = ids(hand)
        if view["last_turn"] and view["out"] != self.seat:
            discards = [a for a in legal if a < 52]
            if discards:
                return max(discards, key=card_points)
            return g.A_DONE
        downs = [a for a in legal if g.A_DOWN <= a < g.A_DOWN + 52]
        if downs:
            return downs[0]
        discards = [a for a in legal if a < 52]
        return min(discards, key=lambda c: (any(extends(c, m) for m in table),
                                            self._half_marriage(c, hand),
                                            partners(RULES, c, cards),
                                            card_points(c), c))

    @staticmethod
    def _marriage(faces):
        return sorted(f % 13 for f in faces) == [QUEEN - 2, KING - 2]

    @staticmethod
    def _half_marriage(c, hand):
        deck = RULES.deck
        r = deck.rank_of[c]
        if r not in (KING, QUEEN):
            return False
        other = QUEEN if r == KING else KING
        return bool(hand & deck.rank_mask[other] & deck.suit_mask[deck.suit_of[c]])

    def _meldable(self, hand, card, table):
        deck = RULES.deck
        if deck.rank_of[card] == 11 or any(extends(card, m) for m in table):
            return True
        pool = hand | (1 << card)
        f = RULES.face[card]
        if any(f in faces for faces in RULES.starters(pool, 0, sizes=(3,))):
            return True
        return self._half_marriage(card, hand)
