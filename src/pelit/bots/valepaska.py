"""A Valepaska player.

Playing: tell the truth when it can, choosing the announcement that sheds
the most cards at the lowest rank (tens and aces first, as they clear the
pile and give another play; twos are kept for when nothing else fits).
When no true play is legal it lies with one card, the announced rank as low
as allowed, and puts down its most awkward card.
Doubting: doubt a play that cannot be true by the cards it holds or has
seen (more than four of a rank), and sometimes a player's last cards;
otherwise let the play stand.
"""

from __future__ import annotations

from ..cards.deck import ACE, RANK_NAMES, ids
from ..games.valepaska import DECK, ORDER, RANKS, SAYS
from . import Bot, heuristic

RANK = DECK.rank_of
BY_NAME = {RANK_NAMES[r]: r for r in RANKS}


@heuristic("valepaska")
class ValepaskaBot(Bot):
    name = "heuristic"

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.gone = {}          # rank -> cards seen leave play or revealed

    def observe(self, events):
        for e in events:
            if e["kind"] == "new_deal":
                self.gone = {}
            elif e["kind"] == "doubt":
                for c in ids(e["cards"]):
                    self.gone[RANK[c]] = self.gone.get(RANK[c], 0)

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        hand = ids(view["hand"])
        by_rank = {}
        for c in hand:
            by_rank.setdefault(RANK[c], []).append(c)
        if view["phase"] == "cards":
            k, word = view["say"].split(" ", 1)
            r = next(r for r in RANKS if RANK_NAMES[r] in word)
            true = [c for c in hand if RANK[c] == r]
            if true:
                return true[0]
            # a lie: put down the card least likely to be played truthfully later
            return max(hand, key=lambda c: (RANK[c] in (11, 12, 13), -ORDER[RANK[c]] if RANK[c] < 11
                                            else ORDER[RANK[c]]))
        if g.DOUBT in legal and self._doubt(view, by_rank):
            return g.DOUBT
        if g.TAKE in legal:
            return g.TAKE
        says = [a for a in legal if g.SAY <= a < g.SAY + len(SAYS)]
        if not says:
            return g.PASS if g.PASS in legal else legal[0]
        true = []
        for a in says:
            k, r = SAYS[a - g.SAY]
            if len(by_rank.get(r, ())) == k:
                true.append((a, k, r))
        if true:
            def value(t):
                _a, k, r = t
                clears = r in (10, ACE)
                return (r != 2, clears, k, -ORDER[r])
            return max(true, key=value)[0]
        lies = [a for a in says if SAYS[a - g.SAY][0] == 1]
        # a lie that clears the pile (a ten) sheds a card for good; else bluff low
        return min(lies, key=lambda a: (SAYS[a - g.SAY][1] != 10, ORDER[SAYS[a - g.SAY][1]]))

    def _doubt(self, view, by_rank):
        pile = view["pile"]
        if not pile:
            return False
        last = pile[-1]
        if last["seat"] == self.seat:
            return False
        r = BY_NAME[last["rank"]]
        run = 0
        for play in reversed(pile):
            if play["rank"] != last["rank"]:
                break
            run += play["count"]
        if run + len(by_rank.get(r, ())) > 4:
            return True                        # more of that rank than the pack holds
        sizes = view["hand_sizes"]
        if sizes[last["seat"]] == 0 and view["stock"] == 0:
            return self.rng.random() < 0.5     # his last cards: worth a look
        return self.rng.random() < 0.05 * last["count"]
