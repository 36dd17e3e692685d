"""A Contract Samba player (seed 000 ch. 24).

The melding, pile and going-out play is the Samba bot's (``pelit.bots.samba``,
the Canasta advice of ch. 22).  What Contract Samba adds:

- The declarer's opening (24.3): done as soon as it is valid; otherwise meld
  greedily in a world built from the view (melding uses only the own hand) and
  give up ("cannot open") when no sequence of melds reaches a valid opening.
- The auction (24.2), decided from the hand alone.  The hand's worth in
  thousands is estimated from what makes points in the deal: wild cards
  (canastas), natural pairs and triples (canasta melds and pile takes) and
  three-card runs (sambas, 1500 each).  A bid names a type the hand can open
  with (24.3): a suit in which it holds a three-card run, Canasta with four of
  a rank, Canasta of twos with four twos; from level four it bids only a type
  it can open, since a failed opening costs 1000 and passes the contract down.
  It bids the cheapest legal bid of its best type while the level stays within
  its estimate and at most ``MAX_BID`` and its partner does not hold the
  highest bid, otherwise passes; it passes too when the hand's natural
  triples, pairs with wild cards and runs do not make the opening's points.
- Doubling (24.2, 24.10): doubled, a made contract gives the declarer another
  half of its value and a failed one the doublers another whole, so a double
  pays when the contract fails more than one time in three.  Measured in
  self-play with the bots made to bid above their hands (their estimate
  raised by one to three thousands, nobody doubling), contracts of two fail
  about one time in nine, of three one time in three, of four two times in
  five and of five nearly one in two (void deals left out), whatever the
  doubler holds; so the bot doubles any opponents' bid from ``DOUBLE_FROM``
  (four) up, and bids at most ``MAX_BID`` (three, which only its strongest
  hands reach) itself.
- Playing to the contract (24.9): a side whose contract's points are on the
  table (with the 200 for going out, less 20 a card for the partner's hand,
  which counts against it) sheds its hand: biggest melds first, small piles
  taken, no "May I go out?", and goes out as soon as it can; short of them it
  never goes out (a void contract is better than a failed one).  The other
  side goes out as soon as it can while the contract is short, as that fails
  it.  Partners answer "yes" in both cases.
- Going out by canastas and a samba (24.9: with no contract, and for the
  side defending one): in self-play these deals mostly ended by the stock
  running out, the sides' canastas down but no samba (runs stuck at five or
  six cards) or no natural canasta (wild cards had completed every one).  So
  while its side lacks a samba the bot lays runs and adds to them whatever
  the size of its hand, and never discards a card that grows one of its
  runs; while it lacks a natural canasta it keeps wild cards off its biggest
  rank meld still free of them, and never discards a natural card that
  grows a wild-free meld.  Once the side has them it sheds its hand as a
  declarer with its contract made does (below), or the stock often ran out
  on sides whose canastas and samba were down.
- Red threes (24.8) are discarded rather than laid: a discarded one costs
  nothing and freezes the pile, a laid one costs 300 of the contract's points,
  one kept 500.  With two or more in hand late in the deal one is laid.
"""

from __future__ import annotations

from ..cards.melds import NATURAL_RANKS, popcount
from . import heuristic
from .samba import SambaBot
from ..games.contract_samba import (CANASTA_TYPE, CLUBS, DIAMONDS, DOUBLE, HEARTS, PASS, RUN,
                                    SPADES, TWOS_TYPE, T, key_of_kind, bid_value, canasta_kind,
                                    may_add, may_go_out, progress, runs_in_hand,
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


MAX_BID = 3          # the highest level the bot bids
DOUBLE_FROM = 4      # the lowest opponents' level the bot doubles


def opening_estimate(hand: int) -> int:
    """Points the hand can open with at once (24.3): its natural triples and
    more, then its best pairs with a wild card each (counted as a two), then
    three-card runs of cards not used yet."""
    total = 0
    used = 0
    pairs = []
    for r in NATURAL_RANKS:
        nat = hand & T.rank[r]
        if popcount(nat) >= 3:
            total += T.value(nat)
            used |= nat
        elif popcount(nat) == 2:
            pairs.append(T.value(nat))
    wild = popcount(hand & T.wild)
    for value in sorted(pairs, reverse=True)[:wild]:
        total += value + 20
    for _, _, run in runs_in_hand(hand):
        if not run & used:
            total += T.value(run)
            used |= run
    return total


def choose_call(hand: int, legal: list, seat: int, highest, requirement: int = 0):
    """A call among ``legal`` (``Auction.legal``) for ``hand``; ``highest`` is
    ``Auction.highest()``, ``requirement`` the points the bidder's opening
    needs (it does not bid a hand that cannot open: that costs 1000)."""
    worth = hand_worth(hand)
    if DOUBLE in legal and highest is not None and highest[1][0] >= DOUBLE_FROM:
        return DOUBLE
    if opening_estimate(hand) < requirement:
        return PASS
    bids = [c for c in legal if isinstance(c, tuple)]
    best = None
    for level, kind in sorted(bids, key=lambda b: bid_value(*b)):
        if level > min(int(worth), MAX_BID):
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

    def _decide(self, view, dec):
        phase = view["phase"]
        if phase == "auction":
            return self._call(view, dec)
        if phase == "declare":
            return self._declare(view, dec)
        if phase == "answer" and self._race(view) is not None:
            return next(a for a, d in dec.items() if d[0] == "yes")
        if phase == "meld" and popcount(int(view["hand"]) & T.red3) >= 2 and view["stock"] < 20:
            for a, d in dec.items():
                if d[0] == "lay":
                    return a
        return super()._decide(view, dec)

    def _call(self, view, dec):
        from ..games.contract_samba import Auction
        a = Auction(view["auction_first"])
        for p, c in view["auction"]:
            a.calls.append((p, c if isinstance(c, str) else tuple(c)))
        call = choose_call(int(view["hand"]), a.legal(self.seat), self.seat, a.highest(),
                           view["requirement"][self.seat & 1])
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

    # -- play towards the contract (24.9 / 24.10) ------------------------------------------
    def _race(self, view):
        """Who gains by ending the deal now: ``"declarer"`` when this seat's side
        declared and has its contract's points (going out makes it), ``"defender"``
        when the other side declared and is short (going out fails it), else None."""
        c = view["contract"]
        if c is None:
            return None
        team = c["declarer"] & 1
        level = c["level"]
        melds = [(key_of_kind(m["kind"]), int(m["cards"])) for m in view["melds"][team]]
        got = progress(melds, popcount(int(view["red_threes"][team])),
                       view["declarer_penalties"][team], level, team == self.seat & 1,
                       view["penalties"][team])
        if team == self.seat & 1:
            # the partner's cards count against the contract when the deal ends
            partner_hand = 20 * view["hand_sizes"][(self.seat + 2) % 4]
            return "declarer" if got - partner_hand >= level * 1000 else None
        return "defender" if got < level * 1000 else None

    def _want_out(self, view):
        c = view["contract"]
        if c is not None and c["declarer"] & 1 == self.seat & 1:
            return self._race(view) == "declarer"     # short of it: better void than failed
        return self._race(view) is not None or super()._want_out(view)

    def _may_ask(self, view):
        return self._race(view) is None

    def _draw(self, view, dec):
        """Shedding (the contract made, or the canastas and samba down), a small
        pile is taken whenever it can be: its pair and top card leave the hand
        as a meld, so the hand shrinks where two stock cards would grow it."""
        if self._shedding(view) and len(view["pile"]) <= 4:
            for a, d in dec.items():
                if d[0] == "take":
                    return a
        return super()._draw(view, dec)

    def _normal(self, view, dec):
        """Shedding (the contract made, or the canastas and samba down), a side
        empties its hand: the meld that takes the most cards from it first (a
        new meld of three before an addition of one), natural cards before wild
        ones, so that the hand can be melded down to the one card discarded in
        going out.  Otherwise a side that goes out by canastas and a samba grows
        its runs first while it has no samba and keeps wild cards off its
        natural canasta to be while it has none."""
        if not self._shedding(view):
            missing = self._missing(view)
            if "samba" in missing:
                for a, d in sorted(dec.items(), key=lambda x: x[1][0] != "add"):
                    if d[0] == "run" or d[0] == "add" and d[1] < 44 and \
                            self._own_melds(view)[d[2]][0] >= RUN:
                        return a
            if "natural" in missing:
                kept = self._natural_hope(view)
                dec = {a: d for a, d in dec.items()
                       if not (d[0] == "add" and d[1] in (44, 45) and d[2] == kept)}
            return super()._normal(view, dec)
        best = None
        for a, d in dec.items():
            if d[0] == "add" and d[1] not in (46, 47):
                key = 10 + (0 if d[1] in (44, 45) else 2)
            elif d[0] == "run":
                key = 31
            elif d[0] == "meld" and d[1] != 3:
                key = 32 if d[2] == 0 else 30
            else:
                continue
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    def _shedding(self, view):
        """Does this side only need to empty its hand to go out?  The declarer
        side with its contract made, or the other side (any side without a
        contract) with its two canastas, one natural, and its samba."""
        if self._race(view) == "declarer":
            return True
        c = view["contract"]
        if c is not None and c["declarer"] & 1 == self.seat & 1:
            return False
        return may_go_out(False, self._own_melds(view), 0, None)

    # -- going out as the non-declarer side (24.9) ------------------------------------------
    def _missing(self, view):
        """What the side still lacks to go out by two canastas, one natural, and a
        samba (24.9): a subset of {"samba", "natural"}; empty when it has both or
        when its goal is the contract's points instead."""
        c = view["contract"]
        team = self.seat & 1
        if c is not None and c["declarer"] & 1 == team:
            return set()
        kinds = [canasta_kind(key_of_kind(m["kind"]), int(m["cards"]))
                 for m in view["melds"][team]]
        return {k for k in ("samba", "natural") if k not in kinds}

    def _own_melds(self, view):
        return [(key_of_kind(m["kind"]), int(m["cards"])) for m in view["melds"][self.seat & 1]]

    def _natural_hope(self, view):
        """The slot of the side's biggest rank meld still without wild cards (its
        natural canasta to be), or None."""
        best = None
        for slot, (key, mask) in enumerate(self._own_melds(view)):
            if 4 <= key <= 14 and not mask & T.wild and \
                    (best is None or popcount(mask) > best[0]):
                best = (popcount(mask), slot)
        return best[1] if best else None

    def _needed_by_melds(self, view, card, missing):
        """Does ``card`` grow a meld toward what the side lacks: a samba meld
        when it has no samba, a meld of natural cards when it has no natural canasta?"""
        for key, mask in self._own_melds(view):
            if not may_add(key, mask, card):
                continue
            if key >= RUN:
                if "samba" in missing:
                    return True
            elif "natural" in missing and not mask & T.wild and not (T.wild >> card) & 1:
                return True
        return False

    def _discard(self, view, dec):
        """A red three is discarded first: it costs nothing there and freezes the
        pile (24.8), where laid it costs 300 and in hand 500."""
        for a, d in dec.items():
            if d[0] == "discard" and (T.red3 >> d[1]) & 1:
                return a
        missing = self._missing(view)
        if missing:
            keep = {a for a, d in dec.items()
                    if d[0] == "discard" and self._needed_by_melds(view, d[1], missing)}
            if keep and len(keep) < sum(1 for d in dec.values() if d[0] == "discard"):
                dec = {a: d for a, d in dec.items() if a not in keep}
        return super()._discard(view, dec)

