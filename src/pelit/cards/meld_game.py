"""The turn engine of the Canasta family, once for all its games.

Canasta (000 ch. 21), Samba (ch. 23), Contract Samba (ch. 24), Hand and Foot
(ch. 25), Triple Play (001) and the 2x54 rule sheet's Canasta (002) play the
same turn: draw from the stock or take the discard pile, meld, discard; red
threes are laid and replaced; a side's first melds of a deal are tentative
until they reach the opening requirement of its score zone; a deal ends when
a player goes out or the stock runs out, and its lines go onto one score
sheet column per side.  ``MeldGame`` holds that engine; a game subclass states
only its differences: its pack and point table, how its melds are kept and
checked (one per rank, numbered slots with sequences, closed canastas), what
going out needs, and its scoring function.

What a subclass provides (each game module documents its own rules):

- class attributes ``deck``, ``tables`` (a ``MeldTables``), ``hand_size``,
  ``opening_zones`` and ``Phase`` (an enum with at least DRAW, OPENING, MELD;
  ANSWER where partners answer "May I go out?");
- ``_meld_masks(s, side)``: the masks of a side's melds on the table, and
  ``_drop_tentative(s, side)``: remove the tentative cards from them;
- its deal (``_deal``), legality and meld actions, and ``_end_deal``, which
  scores the deal and hands the totals to ``_record_deal``.

Seats and sides: four-player games pair seats 0+2 against 1+3 (``side`` is
``seat & 1``); a game with other sides overrides ``side`` and ``sides``.
"""

from __future__ import annotations

from ..core.game import Game, Outcome, State
from .deal import hands_with_known, sample_hands, unknown_hand_zones
from .deck import Card, CardSet, ids, mask_of
from .melds import opening_requirement, popcount
from .melds_extra import normalize_meld_text
from .scoresheet import ScoreSheet


class MeldState(State):
    """What every game of the family keeps about a deal and the match."""

    __slots__ = ("dealer", "deal_no", "hands", "known", "stock", "pile", "pile_rest",
                 "red3", "opened", "tent", "tent_top", "sheet", "results")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = self.hands.copy()
        new.known = self.known.copy()
        new.stock = self.stock.copy()
        new.pile = self.pile.copy()
        new.pile_rest = self.pile_rest.copy()
        new.red3 = self.red3.copy()
        new.opened = self.opened.copy()
        new.tent = self.tent
        new.tent_top = self.tent_top
        new.sheet = self.sheet.clone()
        new.results = self.results.copy()


class PartnerMeldState(MeldState):
    """A partnership game where a player may ask "May I go out?"."""

    __slots__ = ("ask", "ask_back")

    def _copy_into(self, new):
        MeldState._copy_into(self, new)
        new.ask = self.ask
        new.ask_back = self.ask_back


def deal_rounds(pack, pos: int, first: int, players: int, size: int):
    """Deal ``size`` cards one at a time to each of ``players`` seats from
    ``first`` on; returns the seats' masks and the next position in the pack."""
    out = [0] * players
    for _ in range(size):
        for k in range(players):
            out[(first + k) % players] |= 1 << pack[pos]
            pos += 1
    return out, pos


class MeldGame(Game):
    """The shared turn engine; see the module docstring for what a game adds."""

    State = PartnerMeldState
    deck = None
    tables = None
    hand_size = 0
    opening_zones = ()
    penalty_points = 300        # a "yes" or a binding ask that does not end in going out

    # -- seats and sides -------------------------------------------------------
    def num_players(self, state):
        return 4

    def side(self, s, p):
        return p & 1

    def sides(self, s):
        return 2

    def side_seats(self, s, side):
        return tuple(p for p in range(self.num_players(s)) if self.side(s, p) == side)

    # -- the match and its deals ---------------------------------------------
    def _setup(self, s):
        s.dealer = self.num_players(s) - 1
        s.deal_no = 0
        s.sheet = ScoreSheet(self.sides(s))
        s.results = []
        self._deal(s)

    def _new_deal_fields(self, s):
        """Reset what every deal starts without."""
        n = self.num_players(s)
        s.known = [0] * n
        s.pile = []
        s.pile_rest = []
        s.red3 = [0] * self.sides(s)
        s.opened = [False] * self.sides(s)
        s.tent = 0
        s.tent_top = -1

    def _log_dealt(self, s, **public):
        for p in range(self.num_players(s)):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  **public)

    def _turn_up_pile(self, s, covered):
        """Turn the first card of the pile; cards in ``covered`` (a mask) stay
        in it and are covered by the next one."""
        while True:
            c = s.stock.pop()
            s.pile.append(c)
            if not (covered >> c) & 1:
                break
        s.log("pile_turned", None, pile=[Card(c) for c in s.pile], stock=len(s.stock))

    def _record_deal(self, s, lines, reason, **shown):
        """Write a scored deal on the sheet, log it with what the deal's end
        shows (``shown``), and deal again or end the match."""
        totals = tuple(line["total"] for line in lines)
        s.sheet.add(f"deal {s.deal_no + 1}", totals)
        s.results.append(totals)
        s.log("deal_scored", None, reason=reason, lines=lines, totals=list(s.sheet.totals),
              **shown)
        s.deal_no += 1
        if self._match_over(s):
            self._finish_match(s)
            return
        s.dealer = (s.dealer + 1) % self.num_players(s)
        self._deal(s)

    def _match_over(self, s):
        """After ``options.deals`` deals when that option is set; otherwise once
        a side reaches ``options.target`` alone on the highest total (equal
        highest totals play another deal)."""
        o = s.options
        if o.deals:
            return s.deal_no >= o.deals
        tot = s.sheet.totals
        best = max(tot)
        return best >= o.target and tot.count(best) == 1

    def _match_why(self, s):
        o = s.options
        return f"{s.deal_no} deals played" if o.deals else f"target {o.target} reached"

    def _finish_match(self, s):
        tot = s.sheet.totals
        best = max(tot)
        n = self.num_players(s)
        winners = () if tot.count(best) > 1 else \
            tuple(p for p in range(n) if tot[self.side(s, p)] == best)
        text = f"{self._match_why(s)}: " + " to ".join(map(str, tot))
        if not winners:
            text += ", a draw"
        self.finish(s, Outcome(tuple(tot[self.side(s, p)] for p in range(n)), winners, text,
                               details={"deals": [list(r) for r in s.results]}))

    # -- red threes ------------------------------------------------------------
    def _lay_red_threes(self, s, p, reds):
        """Lay red threes and draw a replacement for each (000 21.6.3 and its
        family); returns False when the deal ended because the stock was empty
        when a replacement was due (``_replacement`` decides)."""
        side = self.side(s, p)
        red = self.tables.red3
        while reds:
            c = reds & -reds
            reds ^= c
            s.red3[side] |= c
            s.known[p] &= ~c
            s.log("red_three", p, card=Card(c.bit_length() - 1))
            d = self._replacement(s, p)
            if d is False:
                return False
            if d is None:
                continue
            if (red >> d) & 1:
                reds |= 1 << d
            else:
                s.hands[p] |= 1 << d
        return True

    def _replacement(self, s, p):
        """The card that replaces a laid red three; with the stock empty the
        deal ends (Canasta 21.5) and False is returned.  Games that lay some
        red threes without a replacement return None for those."""
        if not s.stock:
            self._end_deal(s, None, "the stock ran out")
            return False
        d = s.stock.pop()
        s.log("draw", p, audience=(p,), private={"card": Card(d)},
              replacement=True, stock=len(s.stock))
        return d

    def _draw_from_stock(self, s, p, count):
        """Draw ``count`` cards (fewer if the stock runs short) one by one into
        the hand, laying red threes as they come; False if the deal ended."""
        red = self.tables.red3
        for _ in range(count):
            if not s.stock:
                break
            c = s.stock.pop()
            s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
            if (red >> c) & 1:
                if not self._lay_red_threes(s, p, 1 << c):
                    return False
            else:
                s.hands[p] |= 1 << c
        return True

    # -- the opening requirement -----------------------------------------------
    def requirement(self, s, side):
        return opening_requirement(s.sheet.totals[side], self.opening_zones) + \
            self._requirement_raise(s, side)

    def _requirement_raise(self, s, side):
        return 0

    def _meld_masks(self, s, side):
        raise NotImplementedError

    def _drop_tentative(self, s, side):
        raise NotImplementedError

    def _return_tentative(self, s, p):
        """Take the tentative melds back into the hand (the top card of a
        taken pile back onto the pile, the cards set aside under it); returns
        the cards that went back to the hand.  Everyone saw them on the table."""
        back = s.tent
        if s.tent_top >= 0:
            back &= ~(1 << s.tent_top)
        self._drop_tentative(s, self.side(s, p))
        s.hands[p] |= back
        s.known[p] |= back
        return back

    def _restore_pile(self, s):
        """After a pile opening was taken back: the pile as it was."""
        s.pile = s.pile + s.pile_rest + [s.tent_top]
        s.pile_rest = []

    def _clear_tentative(self, s):
        s.tent = 0
        s.tent_top = -1

    # -- "May I go out?" ---------------------------------------------------------
    def _ask(self, s, p):
        """Ask the partner; after melding (``_binding_ask``) the question needs
        no answer and obliges the player to go out (Canasta 21.6.5)."""
        if self._binding_ask(s):
            s.ask = "must"
            s.log("ask_go_out", p, binding=True)
            return
        s.ask = "asked"
        s.ask_back = s.phase
        s.log("ask_go_out", p, binding=False)
        s.phase = self.Phase.ANSWER
        s.to_act = ((p + 2) % 4,)

    def _binding_ask(self, s):
        return False

    def _legal_answer(self, s, p):
        return [self.A_YES, self.A_NO]

    def _apply_answer(self, s, p, a):
        s.ask = "yes" if a == self.A_YES else "no"
        s.log("answer", p, answer=s.ask)
        s.phase = s.ask_back
        s.to_act = ((p + 2) % 4,)

    def _penalise_broken_ask(self, s, p):
        """A "yes" or a binding ask that ends the turn with cards in hand."""
        if s.ask in ("yes", "must"):
            s.penalties[self.side(s, p)] += 1
            s.log("penalty", p, points=self.penalty_points,
                  reason="asked to go out but did not")

    # -- discarding ----------------------------------------------------------------
    def _discard_actions(self, hand):
        """One discard per face: copies look alike, the lowest id stands for
        them (records keep action text, so the copy must not matter)."""
        out = []
        base = self.A_DISCARD
        faces = 0
        face_of = self.deck.face_of
        for c in ids(hand):
            f = 1 << face_of[c]
            if not faces & f:
                faces |= f
                out.append(base + c)
        return out

    def _put_on_pile(self, s, p, c):
        s.hands[p] &= ~(1 << c)
        s.known[p] &= ~(1 << c)
        s.pile.append(c)
        s.log("discard", p, card=Card(c))

    # -- views, zones, worlds --------------------------------------------------------
    def _common_view(self, s, seat, v):
        """The view fields every game of the family shows."""
        n = self.num_players(s)
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [popcount(h) for h in s.hands]
        v["hand_known"] = [CardSet(s.known[p] & s.hands[p]) for p in range(n)]
        v["stock"] = len(s.stock)
        v["pile"] = [Card(c) for c in s.pile]
        v["pile_aside"] = [Card(c) for c in s.pile_rest]
        v["tentative"] = CardSet(s.tent)
        v["tentative_top"] = Card(s.tent_top) if s.tent_top >= 0 else None
        v["red_threes"] = [CardSet(x) for x in s.red3]
        v["opened"] = list(s.opened)
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["scores"] = list(s.sheet.totals)
        v["sheet"] = s.sheet.to_json()

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "pile": mask_of(s.pile), "aside": mask_of(s.pile_rest)}
        for p in range(self.num_players(s)):
            z[f"hand{p}"] = s.hands[p]
        for t in range(self.sides(s)):
            m = 0
            for x in self._meld_masks(s, t):
                m |= x
            z[f"melds{t}"] = m
            z[f"red3_{t}"] = s.red3[t]
        return z

    def unknown_cards(self, s, seat):
        hidden = mask_of(s.stock)
        if s.outcome is not None:
            return hidden                 # the last deal's scoring showed every hand
        for p in range(self.num_players(s)):
            if p != seat:
                hidden |= s.hands[p] & ~s.known[p]
        return hidden

    def _sample_common(self, view, rng, table, extra_zones=None):
        """A world from the view: the common fields, with the unseen cards
        dealt at random to the other hands, the stock and ``extra_zones``
        (name: card count, e.g. feet).  ``table`` is the mask of every card on
        the table besides the pile and red threes (the melds).  Returns the
        state and the placement of the extra zones."""
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = len(view["hand_sizes"])
        own = int(view["hand"]) if seat is not None else 0
        known = [int(k) for k in view["hand_known"]]
        red3 = [int(x) for x in view["red_threes"]]
        pile = [int(c) for c in view["pile"]]
        rest = [int(c) for c in view["pile_aside"]]
        seen = own | table | mask_of(pile) | mask_of(rest)
        for x in red3:
            seen |= x
        for p in range(n):
            if p != seat:
                seen |= known[p]
        zones = {"stock": view["stock"], **unknown_hand_zones(view["hand_sizes"], known, seat)}
        if extra_zones:
            zones.update(extra_zones)
        placed = sample_hands(self.deck.all_mask & ~seen, zones, rng)
        s.hands = hands_with_known(placed, own, known, seat)
        s.known = known
        s.stock = ids(placed["stock"])
        rng.shuffle(s.stock)
        s.pile = pile
        s.pile_rest = rest
        s.red3 = red3
        s.opened = list(view["opened"])
        s.tent = int(view["tentative"])
        top = view["tentative_top"]
        s.tent_top = -1 if top is None else int(top)
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.sheet = ScoreSheet.from_json(view["sheet"])
        s.results = [tuple(p) for _, p in view["sheet"]["rows"]]
        return s, placed

    def _sample_ask(self, s, view):
        s.ask = view["ask"]
        s.ask_back = self.Phase[view["ask_back"].upper()] if view["ask_back"] else None

    # -- terminal and text -------------------------------------------------------------
    @staticmethod
    def ask_lines(ask) -> list[str]:
        """The state of "May I go out?" for the board."""
        return {
            "asked": ["'May I go out?' asked: the partner answers yes or no"],
            "yes": ["Partner said yes: this turn must end by going out (else 300 penalty)"],
            "no": ["Partner said no: the hand may not be emptied this turn"],
            "must": ["Asked after melding: this turn must end by going out (else 300 penalty)"],
        }.get(ask, [])

    def parse_action(self, state, text, seat=None):
        return super().parse_action(state, normalize_meld_text(text, self.meld_group_words),
                                    seat)

    meld_group_words = ("wilds",)
