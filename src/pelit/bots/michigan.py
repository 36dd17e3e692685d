"""A Michigan player.

- The widow: the dealer exchanges a hand that holds no boodle card and few
  long runs; the others bid one or two chips for the widow when their own
  hand holds no boodle card, else pass.
- Leading: the suit that lets it play the most cards in a row from its own
  hand, with a large bonus for a suit whose boodle card it holds (the run
  may reach it) and a small one for getting rid of a suit it holds few of.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.michigan import BOODLE_CARDS, DECK, next_card
from . import Bot, heuristic


def run_length(hand: int, card: int) -> int:
    """How many cards the hand plays in a row from ``card`` up."""
    n = 0
    c = card
    while c is not None and (hand >> c) & 1:
        n += 1
        c = next_card(c)
    return n


@heuristic("michigan")
class MichiganBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        hand = int(view["hand"])
        boodles = sum(1 for b in BOODLE_CARDS if (hand >> b) & 1)
        if view["phase"] == "widow":
            runs = sum(1 for c in ids(hand) if run_length(hand, c) >= 3)
            return g.A_KEEP if boodles or runs >= 2 else g.A_EXCHANGE
        if view["phase"] == "auction":
            if boodles == 0:
                a = view["auction"]
                want = 1 if a["high"] is None else a["high"] + 1
                if want <= 2 and g.A_BID + want - 1 in legal:
                    return g.A_BID + want - 1
            return g.A_PASS

        def score(card):
            su = DECK.suit_of[card]
            in_suit = hand & DECK.suit_mask[su]
            bonus = 10 if any((in_suit >> b) & 1 for b in BOODLE_CARDS) else 0
            return run_length(hand, card) + bonus - 0.1 * in_suit.bit_count()
        return max(legal, key=lambda c: (score(c), -c))
