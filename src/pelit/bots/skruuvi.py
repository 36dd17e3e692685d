"""A heuristic player of the Skruuvi family (Modern Skruuvi; Klubiskruuvi,
Historical Skruuvi and Vint subclass it).

Hand valuation, as a bridge player would do it: high-card points (A 4,
K 3, Q 2, J 1) and, for a suit contract, points for trump length and short
side suits; in misere, the "danger" of each card (how likely it is to be
forced to win a trick).  The partner is taken for an average hand, a
stronger one in the types he bid; the table cards and the exchange are
worth a few points to the side that wins the bidding.

- Bidding: the bot bids the cheapest bid of its best type when the side's
  points reach what the contract's tricks take (about 29 for eleven tricks
  in a suit, 31 in no trump, 33 and 37 for twelve and thirteen); a misere
  only with a hand of low cards.  It lets a partner's bid stand unless its
  own type is clearly better, and outbids the opponents only when its side
  can make the higher contract.
- Exchanges: it hands on the cards it needs least for the contract it has
  in mind (low cards of short side suits in a suit contract, high cards in
  misere); to the opponents, cards that help them least.
- Knocking: an opponent knocks with defensive tricks enough to beat the
  contract on his own; the declaring side kontra-knocks with points to spare.
- Play: the declarer-and-dummy card play of ``_contract_play`` in trump and
  no-trump contracts (it remembers the cards played, as tricks lie face
  down); in every misere, everyone ducks under the winning card and sheds
  aces and high cards when void.
"""

from __future__ import annotations

from ..cards.contract import hcp, hcp_table
from ..cards.deck import ACE, ids, standard_deck
from ..cards.skruuvi import MISERE, NOTRUMP, TYPE_TRUMP, bid_code, bid_level, bid_type
from ..cards.trick import rank_strength, winning_index
from ..games._skruuvi_core import NAME_CODE
from . import heuristic
from ._contract_play import ContractPlayBot

DECK = standard_deck("52")
HCP = hcp_table(DECK)
STRENGTH = rank_strength(DECK)
SUIT = DECK.suit_of
RANK = DECK.rank_of
# team points that make n tricks likely (bridge rules of thumb)
NEED_SUIT = {7: 13, 8: 17, 9: 23, 10: 26, 11: 29, 12: 33, 13: 37}
NEED_NT = {7: 20, 8: 23, 9: 25, 10: 28, 11: 31, 12: 33, 13: 37}


def lengths(hand: int) -> list[int]:
    return [(hand & DECK.suit_mask[s]).bit_count() for s in range(4)]


def suit_points(hand: int, kind: int) -> float:
    """High-card and shape points of a hand for a contract type."""
    pts = hcp(hand, HCP)
    ls = lengths(hand)
    trump = TYPE_TRUMP[kind]
    if trump is None:
        for s in range(4):
            top = hand & DECK.suit_mask[s] & (DECK.rank_mask[ACE] | DECK.rank_mask[13])
            if ls[s] >= 5 and top:
                pts += ls[s] - 4
            if ls[s] <= 1 and not hand & DECK.suit_mask[s] & DECK.rank_mask[ACE]:
                pts -= 2
        return pts
    tr = ls[trump]
    if tr <= 2:
        return pts - 8
    pts += max(0, tr - 4) * 1.5
    ruffs = 0
    for s in range(4):
        if s != trump:
            ruffs += (3, 2, 1)[ls[s]] if ls[s] < 3 else 0
    return pts + min(ruffs, tr - 2)


def danger(hand: int) -> float:
    """How many tricks a hand is likely to be forced to win in misere."""
    out = 0.0
    for s in range(4):
        ranks = sorted(RANK[c] for c in ids(hand & DECK.suit_mask[s]))
        for i, r in enumerate(ranks):
            free = r - (3 + 2 * i)
            if free > 0:
                out += min(1.0, free / 6)
    return out


def card_use(hand: int, card: int, kind: int) -> float:
    """How much a card is worth keeping for a contract type (higher: keep)."""
    r = RANK[card]
    s = SUIT[card]
    if kind == MISERE:
        return -danger(hand) + danger(hand & ~(1 << card))
    trump = TYPE_TRUMP[kind]
    n = (hand & DECK.suit_mask[s]).bit_count()
    if trump is not None and s == trump:
        return 20 + r
    if r == ACE:
        return 15
    if trump is None:
        return r + n
    return r / 2 + (4 if r >= 12 else 0) + n


@heuristic("skruuvi")
class SkruuviBot(ContractPlayBot):
    name = "heuristic"
    caution = 0               # points added to what a contract is reckoned to need
    raise_margin = 4          # points to spare before raising the side's own bid
    extras = (3, 0)           # points the table cards and the exchange bring the bidders
                              # in a basic deal and in a kotka

    def choose(self, view):
        return getattr(self, "_" + view["phase"])(view)

    # -- who is who -------------------------------------------------------------------
    def partner_of(self, view, seat):
        team = view["team"]
        return next(p for p in range(4) if p != seat and team[p] == team[seat])

    def side(self, view, seat) -> int:
        """The side a seat plays for in this deal: its team, or in a bolsu
        the declarer against the rest."""
        if view["kind"] == "bolsu":
            return int(seat == view["declarer"])
        return view["team"][seat]

    def intended(self, view, hand) -> int:
        """The contract type this seat's side should play: the one its points
        (own hand, partner's bids and known cards) make most comfortably."""
        tricks = (self.game.min_level or 1) + 6
        return max(self._types(view), key=lambda kind: self.margin(view, hand, kind, tricks))

    def _types(self, view):
        return (0, 1, 2, 3, 4, 5) if self.game.misere_bids else (1, 2, 3, 4, 5)

    @staticmethod
    def _code(name):
        return NAME_CODE[name]

    # -- bidding (12.2, 12.4) ---------------------------------------------------------------
    def side_points(self, view, hand, kind) -> float:
        """The points the bot expects its side to hold for a contract type:
        its own, the partner's cards it knows of (from the exchange), and an
        average share of the rest for the partner, more if he bid the type."""
        mate = self.partner_of(view, self.seat)
        known = int(view["known_cards"][mate])
        mine = suit_points(hand, kind)
        unseen = 52 - hand.bit_count() - known.bit_count()
        size = view["hand_sizes"][mate] - known.bit_count()
        sure = hcp(known, HCP)
        partner = sure + (40 - hcp(hand, HCP) - sure) * size / unseen
        trump = TYPE_TRUMP[kind]
        if trump is not None:
            partner += (known & DECK.suit_mask[trump]).bit_count()     # a known fit
        calls = [(p, c) for p, c in view["calls"] + view["continuation"] if p == mate]
        if any(c != "pass" and bid_type(self._code(c)) == kind for _, c in calls):
            partner += 4
        elif any(c != "pass" for _, c in calls):
            partner += 1
        elif calls:
            partner -= 2
        if view["phase"] == "bid":
            partner += self.extras[view["kind"] == "kotka"]
        return mine + partner

    def need_points(self, kind, tricks) -> float:
        return (NEED_NT if kind == NOTRUMP else NEED_SUIT)[tricks] + self.caution

    def _bid(self, view):
        return self._bidding(view)

    def _continue(self, view):
        return self._bidding(view)

    def _bidding(self, view):
        g = self.game
        hand = int(view["hand"])
        mate = self.partner_of(view, self.seat)
        kind = self.intended(view, hand)
        said = [(p, self._code(c)) for p, c in view["calls"] + view["continuation"]
                if c != "pass"]
        high_seat, high = said[-1] if said else (None, None)
        ours = high_seat in (self.seat, mate)
        if ours and bid_type(high) == kind:
            return g.PASS            # the side's bid already says what it holds
        if view["phase"] == "continue" and any(p == mate and c != "pass"
                                               for p, c in view["continuation"]):
            return g.PASS            # the partner has chosen after seeing more: follow him
        floor = g.min_level or 1
        ladder = g.ladder_for(view["kind"])
        best = None
        for a in sorted((a for a in view["legal"]
                         if a != g.PASS and bid_type(a - g.BID0) == kind),
                        key=lambda a: ladder.index[a - g.BID0]):
            level = bid_level(a - g.BID0)
            if level <= floor:
                # every bid up to the lowest contract means the same: the cheapest
                if best is None and self.margin(view, hand, kind, floor + 6) >= 0:
                    best = a
            elif self.margin(view, hand, kind, level + 6) >= self.raise_margin:
                best = a              # a higher contract, where the points are there
        if best is None:
            return g.PASS
        if ours:
            # the side plays a contract anyway: change its type only when clearly better
            level = max(bid_level(best - g.BID0), floor)
            now = self.margin(view, hand, bid_type(high), max(bid_level(high), floor) + 6)
            return best if self.margin(view, hand, kind, level + 6) >= now + 3 else g.PASS
        return best

    def margin(self, view, hand, kind, tricks) -> float:
        """How comfortably (in points) the side would make ``tricks`` in a
        contract type; below zero: it would likely fail."""
        if kind == MISERE:
            allowed = 13 - tricks
            return 3 * (allowed - danger(hand) - self.partner_danger(view))
        if view["kind"] == "bolsu":
            return suit_points(hand, kind) - 30
        return self.side_points(view, hand, kind) - self.need_points(kind, tricks)

    def partner_danger(self, view) -> float:
        """The tricks the partner is reckoned to be forced to take in misere,
        after he passes his worst cards on: few if he bid misere, many if he
        bid anything else (he has high cards)."""
        mate = self.partner_of(view, self.seat)
        bids = [bid_type(self._code(c)) for p, c in view["calls"] + view["continuation"]
                if p == mate and c != "pass"]
        if not bids:
            return 1.5
        return 1.0 if bids[-1] == MISERE else 4.0

    # -- exchanges (12.3, 12.4, 12.9, 12.10) ------------------------------------------------
    def _give(self, view):
        g = self.game
        hand = int(view["hand"])
        to = view["next_give"][1]
        cards = [a - g.GIVE0 for a in view["legal"]]
        if view["pass_misere"]:
            kind = MISERE
        elif view["contract"] is not None:
            kind = bid_type(self._code(view["contract"]))
        else:
            kind = self.intended(view, hand)
        friendly = self.side(view, to) == self.side(view, self.seat)
        if friendly or kind == MISERE:
            # hand on what this seat needs least (in misere that is its worst
            # card: a high one for anyone, it is as bad for the opponents)
            return g.GIVE0 + min(cards, key=lambda c: (card_use(hand, c, kind), STRENGTH[c]))
        # to an opponent: the least useful card that is not a winner for him
        safe = [c for c in cards if RANK[c] < 11 and (TYPE_TRUMP[kind] is None
                                                     or SUIT[c] != TYPE_TRUMP[kind])] or cards
        return g.GIVE0 + min(safe, key=lambda c: (card_use(hand, c, kind), STRENGTH[c]))

    # -- knocking (12.6, 12.9) -------------------------------------------------------------
    def _knock(self, view):
        g = self.game
        hand = int(view["hand"])
        legal = view["legal"]
        yes = legal[0]
        if view["pass_misere"]:
            return yes if yes == g.KNOCK and danger(hand) <= 0.3 else g.PASS
        code = self._code(view["contract"])
        kind = bid_type(code)
        declaring = view["team"][view["declarer"]] == view["team"][self.seat]
        need = bid_level(code) + 6
        if yes == g.KONTRA:
            if kind == MISERE:
                return yes if danger(hand) <= 0.2 else g.PASS
            pts = suit_points(hand, kind)
            return yes if pts >= 24 else g.PASS
        if declaring:
            return g.PASS
        if kind == MISERE:
            return g.PASS
        # the partner is reckoned good for half a trick of defence
        return yes if self.defence(hand, kind) + 0.5 >= 14 - need else g.PASS

    @staticmethod
    def defence(hand: int, kind: int) -> float:
        """Tricks a hand is likely to take against a contract."""
        trump = TYPE_TRUMP[kind]
        tricks = 0.0
        for s in range(4):
            ranks = sorted((RANK[c] for c in ids(hand & DECK.suit_mask[s])), reverse=True)
            n = len(ranks)
            if s == trump:
                tricks += max(0, n - 3) + sum(1 for r in ranks[:3] if r >= 13) * 0.8
                continue
            if ranks and ranks[0] == ACE:
                tricks += 1
                if n >= 2 and ranks[1] == 13:
                    tricks += 0.7
            elif ranks and ranks[0] == 13 and n >= 2:
                tricks += 0.5
        return tricks

    # -- the play (12.7) --------------------------------------------------------------------
    def _play(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if view["pass_misere"] or bid_type(self._code(view["contract"])) == MISERE:
            return self.duck(view)
        return self.win(view)

    def win(self, view):
        declarer = view["declarer"]
        trick = [(p, int(c)) for p, c in view["trick"]]
        trump = TYPE_TRUMP[bid_type(self._code(view["contract"]))]
        if view["kind"] == "bolsu":
            # a Mussolini: the declarer alone; any other defender is a partner
            winner = trick[winning_index(trick, DECK, STRENGTH, trump)][0] if trick else None
            mates = {p: (winner if winner not in (None, declarer, p) else declarer)
                     for p in range(4)}
            dummy = declarer
            mine = int(view["hand"])
        else:
            mates = {p: self.partner_of(view, p) for p in range(4)}
            dummy = mates[declarer]
            mine = int(view["hand"]) | int(view["known_cards"][mates[self.seat]])
        play = {"hand_to_play": self.seat, "trump": trump, "trick": trick,
                "declarer_hand": declarer, "dummy_hand": dummy}
        return self.player.choose(view["legal"], play, mates.__getitem__, mine,
                                  self.memory.gone)

    def duck(self, view):
        """Misere play for both sides: keep under the card now winning; when
        void, shed an ace or the highest card."""
        legal = view["legal"]
        trick = [(p, int(c)) for p, c in view["trick"]]
        if not trick:
            hand = int(view["hand"])
            by_suit = {}
            for c in legal:
                by_suit.setdefault(SUIT[c], []).append(c)
            # lead the lowest card of the suit where it is lowest against the unseen cards
            gone = self.memory.gone | hand

            def lowness(c):
                below = sum(1 for x in ids(DECK.suit_mask[SUIT[c]] & ~gone)
                            if STRENGTH[x] < STRENGTH[c])
                return (below, STRENGTH[c])
            return min(legal, key=lowness)
        lead = SUIT[trick[0][1]]
        win_seat, best = trick[winning_index(trick, DECK, STRENGTH)]
        following = [c for c in legal if SUIT[c] == lead]
        if following:
            under = [c for c in following if STRENGTH[c] < STRENGTH[best]]
            if under:
                return max(under, key=lambda c: STRENGTH[c])
            if len(trick) == 3:
                return max(following, key=lambda c: STRENGTH[c])
            return min(following, key=lambda c: STRENGTH[c])
        if self.side(view, win_seat) != self.side(view, self.seat):
            aces = [c for c in legal if RANK[c] == ACE]
            if aces:
                return aces[0]
        return max(legal, key=lambda c: (danger(1 << c), STRENGTH[c]))


@heuristic("klubiskruuvi")
class KlubiskruuviBot(SkruuviBot):
    """Klubiskruuvi (13.2-13.4): a bolsu is bid freely only with a hand of
    low cards, else when the rules make the bot; the declarer keeps it with
    the better hand, names 7 misere unless his cards take every trick, and
    gives each opponent his most dangerous card.  An opponent knocks with a
    hand of low cards, able to duck under the declarer; the declarer
    kontra-knocks with nothing dangerous left."""

    def _bolsu(self, view):
        g = self.game
        hand = int(view["hand"])
        if g.PASS not in view["legal"] or danger(hand) <= 0.6:
            return g.BOLSU_BID
        return g.PASS

    def _yield(self, view):
        g = self.game
        return g.KEEP if danger(int(view["hand"])) <= 2.5 else g.YIELD_

    def _declare(self, view):
        g = self.game
        hand = int(view["hand"])
        best = max((1, 2, 3, 4, 5), key=lambda k: suit_points(hand, k))
        if suit_points(hand, best) >= 30 and danger(hand) > 1:
            return g.BID0 + bid_code(7, best)
        return g.BID0 + bid_code(7, MISERE)

    def _give(self, view):
        if view["kind"] != "bolsu":
            return super()._give(view)
        g = self.game
        hand = int(view["hand"])
        cards = [a - g.GIVE0 for a in view["legal"]]
        best = max((1, 2, 3, 4, 5), key=lambda k: suit_points(hand, k))
        if suit_points(hand, best) >= 30:
            return g.GIVE0 + min(cards, key=lambda c: (card_use(hand, c, best), STRENGTH[c]))
        return g.GIVE0 + min(cards, key=lambda c: (card_use(hand, c, MISERE), -STRENGTH[c]))

    def _knock(self, view):
        if view["kind"] != "bolsu":
            return super()._knock(view)
        g = self.game
        hand = int(view["hand"])
        yes = view["legal"][0]
        misere = bid_type(self._code(view["contract"])) == MISERE
        if yes == g.KONTRA:
            return yes if misere and danger(hand) <= 0.2 else g.PASS
        low = sum(1 for c in ids(hand) if RANK[c] <= 5)
        if misere:
            return yes if low >= 6 else g.PASS
        return yes if self.defence(hand, bid_type(self._code(view["contract"]))) >= 1.5 \
            else g.PASS
