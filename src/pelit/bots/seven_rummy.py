"""A Seven Rummy player.

- Draw: takes or claims the last discard whenever the engine offers it (a
  new meld at once is always worth it), preferring a set; otherwise draws
  from the stock and passes out of turn.
- Meld: lays the planned melds (natural sets and runs, lone sevens), then
  every card it can lay off; a seven is always melded (20 points less in
  the hand).  It keeps one card for the final discard (the engine insists).
- Discard: the card it needs least: not planned, few partners, the highest
  deadwood.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.seven_rummy import RULES, VALUE
from . import Bot, heuristic
from ._rummy import consistent, keep_score, plan


@heuristic("seven-rummy")
class SevenRummyBot(Bot):
    name = "heuristic"

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        decode = g.actions.decode
        verbs = {a: (decode(a) or ("", ""))[1] for a in legal}
        claims = [a for a in legal if verbs[a] in ("claim", "take")]
        if view["phase"] in ("draw", "claim"):
            if claims:
                return max(claims, key=lambda a: len(decode(a)[2][1]))
            return g.A_DRAW if g.A_DRAW in legal else g.A_PASS
        hand = int(view["hand"])
        melds, _ = plan(RULES, hand, 0, short_ok=True)
        meld_acts = [a for a in legal if verbs[a] == "meld"]
        good = [a for a in meld_acts if consistent(RULES, decode(a)[2][1], melds)]
        if good:
            return max(good, key=lambda a: len(decode(a)[2][1]))
        lay = [a for a in legal if verbs[a] == "layoff"]
        if lay:
            return lay[0]
        discards = [a for a in legal if a < g.deck.size]
        in_plan = {c for m in melds for c in m}
        cards = ids(hand)
        return min(discards, key=lambda c: (keep_score(RULES, c, cards, 0, in_plan,
                                                       lambda x: VALUE[x]), c))
