"""A Bridge Meets Guess Who player with plain bridge sense.

Bidding: the 26 cards it cannot see are shared by its android and the
opposing human, so it starts from half of the missing high-card points and
suit lengths, and buys one question per deal ("hcp >= N") while it has
chips to spare.  It expects about 6.5 tricks for 20 team hcp and one more per
three hcp, half a trick more per trump beyond eight; it bids its best strain
at the level it expects, doubles a bid it expects to beat by two, and
otherwise passes.

Play: its own hand follows cheaply when its side wins the trick and takes
it as cheaply as it can otherwise.  Its android is commanded the same way
("SUIT LOW-HIGH lowest"), trying the cheapest sensible command first and
falling back after each Error Message; after three errors in one turn it
says "anything goes".  Picking for the opposing android, it gives the card
that helps that side least.
"""

from __future__ import annotations

from ..cards.deck import RANK_TEXT, SUIT_NAMES, ids, lowest
from ..cards.handquery import HCP
from ..cards.trick import beating_mask, winning_index
from ..games.bridge_meets_guess_who import BID_LEVEL, BID_TRUMP, BIDS, DECK, STRENGTH
from . import Bot, heuristic


def hcp(mask):
    return sum(HCP.get(DECK.rank_of[c], 0) for c in ids(mask))


def rtext(r):
    return RANK_TEXT[r].lower()


@heuristic("bridge-meets-guess-who")
class GuessWhoBot(Bot):
    name = "heuristic"

    def choose(self, view):
        phase = view["phase"]
        if phase == "bid":
            return self._bid(view)
        if phase == "choose":
            return self._choose_for_opponent(view)
        legal = view["legal"]
        if any(a < DECK.size for a in legal):
            return self._play_own(view)
        return self._command(view)

    # -- auction ----------------------------------------------------------
    def _unseen(self, view):
        return DECK.all_mask & ~int(view["hand"]) & ~int(view["android_hand"])

    def _bid(self, view):
        g = self.game
        legal = set(view["legal"])
        seat = view["seat"]
        mine, seen = int(view["hand"]), int(view["android_hand"])
        partner = (40 - hcp(mine) - hcp(seen)) / 2
        asked = [q for q in view["questions"] if q["seat"] == seat]
        if not asked and view["chips"]["chips"][seat] >= 15:
            return g.question_action(f"hcp >= {int(partner + 0.5)}")
        for q in asked:
            if q["question"].startswith("hcp >= "):
                partner += 2 if q["answer"] == "yes" else -2
        team = hcp(mine) + partner
        best = None
        for suit in range(4):
            own = (mine & DECK.suit_mask[suit]).bit_count()
            other = (seen & DECK.suit_mask[suit]).bit_count()
            fit = own + (13 - own - other) / 2
            if best is None or fit > best[0]:
                best = (fit, suit)
        fit, suit = best
        est = 6.5 + (team - 20) / 3
        strain_trump = suit if fit >= 7.5 else None
        if strain_trump is not None:
            est += 0.5 * (fit - 8)
        level = int(est)
        for i, text in enumerate(BIDS):
            if BID_TRUMP[i] == strain_trump and BID_LEVEL[i] <= level \
                    and g.bid_base + i in legal:
                return g.bid_base + i
        if g.DOUBLE in legal and view["high_bid"] is not None:
            their = BID_LEVEL[BIDS.index(view["high_bid"])]
            if 13 - est <= their - 2:
                return g.DOUBLE
        return g.PASS

    # -- own hand ----------------------------------------------------------
    def _trump(self, view):
        return None if view["trump"] is None else SUIT_NAMES.index(view["trump"])

    def _turn(self, view):
        return view["places"].index(view["turn_place"])

    def _plays(self, view):
        index = {label: i for i, label in enumerate(view["places"])}
        return [(index[p], c) for p, c in view["trick"]]

    def _side_wins(self, view):
        trick = view["trick"]
        if not trick:
            return False, None
        trump = self._trump(view)
        plays = self._plays(view)
        i = winning_index(plays, DECK, STRENGTH, trump)
        place, card = plays[i]
        sides = view["place_sides"]
        me = sides[self._turn(view)]
        return sides[place] == me, card

    def _play_own(self, view):
        cards = [a for a in view["legal"] if a < DECK.size]
        mask = 0
        for c in cards:
            mask |= 1 << c
        trump = self._trump(view)
        trick = view["trick"]
        if not trick:
            side = [s for s in range(4) if s != trump and mask & DECK.suit_mask[s]]
            if side:
                s = max(side, key=lambda s: ((mask & DECK.suit_mask[s]).bit_count(),
                                             self.rng.random()))
                return lowest(mask & DECK.suit_mask[s])
            return lowest(mask)
        wins, best = self._side_wins(view)
        if not wins:
            beat = beating_mask(mask, best, DECK, STRENGTH, trump)
            if beat:
                plain = beat & ~(DECK.suit_mask[trump] if trump is not None else 0)
                return lowest(plain) if plain else lowest(beat)
        lead = DECK.suit_of[trick[0][1]]
        if mask & DECK.suit_mask[lead]:
            return lowest(mask)
        side = mask & ~(DECK.suit_mask[trump] if trump is not None else 0)
        pool = side if side else mask
        return min(ids(pool), key=lambda c: (STRENGTH[c], self.rng.random()))

    # -- commanding the android ---------------------------------------------
    def _android_voids(self, view):
        """Suits the android is known to lack: shown by its plays, or by an
        Error Message to a whole-suit command it was free to obey."""
        label = view["turn_place"]
        void = view["voids"][self._turn(view)]
        for e in view["errors"]:
            if e["place"] != label:
                continue
            word, span, _ = e["command"].split()
            if span != "2-a":
                continue
            suit = SUIT_NAMES.index(word)
            lead = None if e["lead"] is None else SUIT_NAMES.index(e["lead"])
            free = lead is None or suit == lead or void >> lead & 1
            if free:
                void |= 1 << suit
        return void

    def _expected(self, view, suit, void):
        """How many cards of ``suit`` the android may hold, as a rough guess."""
        if void >> suit & 1:
            return 0.0
        unseen = (self._unseen(view) & DECK.suit_mask[suit]).bit_count()
        other = view["places"].index(f"human {1 - view['seat']}")   # the opposing human
        if view["voids"][other] >> suit & 1:
            return float(unseen)
        return unseen / 2

    def _command(self, view):
        g = self.game
        legal = set(view["legal"])
        if g.ANYTHING in legal and (len(view["tried"]) >= 3 or len(legal) == 1):
            return g.ANYTHING
        trump = self._trump(view)
        trick = view["trick"]
        void = self._android_voids(view)
        wanted = []

        def by_likelihood(suits):
            return sorted(suits, key=lambda s: (-self._expected(view, s, void), self.rng.random()))

        if not trick:
            wanted = [f"{SUIT_NAMES[s]} 2-a lowest" for s in by_likelihood(
                [s for s in range(4) if s != trump])]
            if trump is not None:
                wanted.append(f"{SUIT_NAMES[trump]} 2-a lowest")
        else:
            lead = DECK.suit_of[trick[0][1]]
            wins, best = self._side_wins(view)
            ln = SUIT_NAMES[lead]
            if not wins and DECK.suit_of[best] == lead and DECK.rank_of[best] < 14:
                wanted.append(f"{ln} {rtext(DECK.rank_of[best] + 1)}-a lowest")
            wanted.append(f"{ln} 2-a lowest")
            if not wins and trump is not None and trump != lead:
                if DECK.suit_of[best] == trump:
                    if DECK.rank_of[best] < 14:
                        wanted.append(f"{SUIT_NAMES[trump]} {rtext(DECK.rank_of[best] + 1)}-a lowest")
                else:
                    wanted.append(f"{SUIT_NAMES[trump]} 2-a lowest")
            wanted += [f"{SUIT_NAMES[s]} 2-a lowest"
                       for s in by_likelihood([s for s in range(4) if s not in (lead, trump)])]
        for text in wanted:
            if void >> SUIT_NAMES.index(text.split()[0]) & 1:
                continue
            a = g.actions.parse(text)[0]
            if a in legal:
                return a
        return g.ANYTHING if g.ANYTHING in legal else view["legal"][0]

    def _choose_for_opponent(self, view):
        legal = view["legal"]
        trump = self._trump(view)
        trick = view["trick"]
        mask = 0
        for c in legal:
            mask |= 1 << c
        if trick:
            best = trick[winning_index(trick, DECK, STRENGTH, trump)][1]
            # the opposing android's side: give a card that does not win, the lowest
            losing = mask & ~beating_mask(mask, best, DECK, STRENGTH, trump)
            pool = losing if losing else mask
        else:
            pool = mask & ~(DECK.suit_mask[trump] if trump is not None else 0) or mask
        return min(ids(pool), key=lambda c: (STRENGTH[c], self.rng.random()))
