"""A Vazhushal player.

- Draw: takes from the line when the take brings at most two cards above
  the chosen one (or when the chosen card starts its first, wild-free
  sequence), the meld with the fewest wild cards; otherwise draws.  It lays
  a first sequence before drawing only when the engine offers it.
- Meld: a wild-free sequence first, then the planned melds (wild cards
  completing pairs and near runs), then every card it can lay off on its
  own melds.  It never rearranges.
- Discard: the card it needs least; never a wild card while it has another.
- The last melding after the stock ran out: everything it can, then done.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.vazhushal import RULES, card_value
from . import Bot, heuristic
from ._rummy import consistent, keep_score, plan


@heuristic("vazhushal")
class VazhushalBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.backed = None           # the turn in which it took its melding back

    def choose(self, view):
        a = self._choose(view)
        if a == self.game.A_UNDO:
            self.backed = self._turn_key(view)
        return a

    @staticmethod
    def _turn_key(view):
        return (view["stock"], len(view["line"]), view["turn"], view["phase"])

    def _choose(self, view):
        g = self.game
        legal = view["legal"]
        decode = g.actions.decode
        verbs = {a: (decode(a) or ("", ""))[1] for a in legal}
        hand = int(view["hand"])
        wild = self._wild(view)
        if view["phase"] == "draw":
            takes = [a for a in legal if verbs[a] == "take"]
            line = len(view["line"])
            first = not view["melded"][self.seat]
            fine = [a for a in takes if first or line - decode(a)[2][0] <= 2]
            if fine:
                return min(fine, key=lambda a: (self._wilds(decode(a)[2][1], wild),
                                                line - decode(a)[2][0]))
            pre = [a for a in legal if verbs[a] == "meld"]
            if g.A_DRAW in legal:
                return g.A_DRAW
            return (pre or takes or legal)[0]
        melds, _ = plan(RULES, hand, wild)
        calm = self.backed == self._turn_key(view)     # after an undo: no more melding
        meld_acts = [] if calm else [a for a in legal if verbs[a] == "meld"]
        good = [a for a in meld_acts if consistent(RULES, decode(a)[2][1], melds)]
        if good:
            return min(good, key=lambda a: self._wilds(decode(a)[2][1], wild))
        # wild cards go only onto sets: a run keeps the wild-free sequence the rules want
        lay = [] if calm else [a for a in legal if verbs[a] == "layoff" and (
            not self._wilds([decode(a)[2][0]], wild) or self._is_set(view, decode(a)[2][1]))]
        if lay:
            return min(lay, key=lambda a: (decode(a)[2][2] != 0,
                                           self._wilds([decode(a)[2][0]], wild)))
        if g.A_DONE in legal:
            return g.A_DONE
        discards = [a for a in legal if a < g.deck.size]
        if not discards:
            return g.A_UNDO if g.A_UNDO in legal else legal[0]
        in_plan = {c for m in melds for c in m}
        cards = ids(hand)
        return min(discards, key=lambda c: (keep_score(RULES, c, cards, wild, in_plan,
                                                       lambda x: card_value(RULES.rank_of[x])), c))

    @staticmethod
    def _is_set(view, no):
        return any(rec["no"] == no and rec["kind"] == "set" for rec in view["melds"])

    @staticmethod
    def _wild(view):
        faces = set(view["wild"])
        deck = RULES.deck
        m = 0
        for c in range(deck.size):
            if deck.text_of[c] in faces:
                m |= 1 << c
        return m

    @staticmethod
    def _wilds(faces, wild):
        deck = RULES.deck
        texts = {deck.text_of[c] for c in ids(wild)}
        from ..cards.rummy import FACE_TEXT
        return sum(1 for f in faces if FACE_TEXT[f] in texts)
