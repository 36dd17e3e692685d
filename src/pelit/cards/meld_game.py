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

- class attributes ``deck``, ``tables`` (a ``MeldTables``),
  ``opening_zones`` and ``Phase`` (an enum with at least DRAW, OPENING, MELD;
  ANSWER where partners answer "May I go out?");
- ``_meld_masks(s, side)``: the masks of a side's melds on the table, and
  ``_drop_tentative(s, side)``: remove the tentative cards from them;
- its deal (``_deal``), legality and meld actions, and ``_end_deal``, which
  scores the deal and hands the totals to ``_record_deal``.

Seats and sides: four-player games pair seats 0+2 against 1+3 (``side`` is
``seat & 1``); a game with other sides overrides ``side`` and ``sides``.

Two ways of opening build on ``MeldGame``: ``DeclaredOpeningMeldGame`` here
(Korppi's rule book, 000 ch. 21/23/24/25: the opening is checked when the
player says ``done``), with ``NumberedMeldGame`` for its games whose teams
keep numbered melds (Samba, Contract Samba, Hand and Foot); and
``meld_layout.LayoutGame`` (001, 002: the opening is made the moment it
reaches the requirement, ``take back`` withdraws it).
"""

from __future__ import annotations

from ..core.game import Game, Outcome, State, shuffle
from ..core.log import fork
from .deal import hands_with_known, sample_hands, unknown_hand_zones
from .deck import Card, CardSet, ids, mask_of
from .meld_screen import deal_scored_line, pile_line, side_title
from .melds import NATURAL_RANKS, opening_requirement, popcount, take_lowest
from .melds_extra import normalize_meld_text
from .scoresheet import ScoreSheet

# The fields of the family's views and events with one entry a side, which a
# duplicate match (core.duplicate) puts in the order of its teams A and B:
# the score sheet's rows and totals, a deal's lines, the melds, the opening.
TEAM_LISTS = ("scores", "totals", "rows", "lines", "deals", "melds", "red_threes", "opened",
              "requirement", "requirement_raise", "penalties")


def rank_meld_forms(out, first, naturals, two, joker):
    """The new melds of a rank held ``naturals`` times (two or more) when
    none can be refused: three natural cards (action ``first``), a pair
    with a two, a pair with a joker (``two``, ``joker``: one is held)."""
    if naturals >= 3:
        out.append(first)
    if two:
        out.append(first + 1)
    if joker:
        out.append(first + 2)


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
        new.results = fork(self.results)       # grows by a row a deal: shared


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
    opening_zones = ()
    penalty_points = 300        # a "yes" or a binding ask that does not end in going out
    lays_red_threes = True      # False: threes stay in the hand like other cards (Hand and Foot)
    emptied_to_go_out = "hand"  # what going out empties ("foot" in Hand and Foot)

    # -- seats and sides -------------------------------------------------------
    def num_players(self, state):
        return 4

    def side(self, s, p):
        return p & 1

    def sides(self, s):
        return 2

    # -- the match and its deals ---------------------------------------------
    def _setup(self, s):
        s.dealer = self._first_dealer(s)
        s.deal_no = 0
        s.sheet = ScoreSheet(self.sides(s))
        s.results = []
        self._deal(s)

    def _first_dealer(self, s):
        """The seat right of the first player: the first deal starts left of it."""
        return self.num_players(s) - 1

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

    def _match_winners(self, s, tot, best):
        """The seats of the side with the highest total; nobody when sides tie on it."""
        if tot.count(best) > 1:
            return ()
        return tuple(p for p in range(self.num_players(s)) if tot[self.side(s, p)] == best)

    def _finish_match(self, s):
        tot = s.sheet.totals
        best = max(tot)
        n = self.num_players(s)
        winners = self._match_winners(s, tot, best)
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

    def _stock_ran_out(self, s, p) -> bool:
        """A draw from an empty stock ends the deal (Canasta 21.5): True
        when it did."""
        if s.stock:
            return False
        s.log("draw_empty", p)
        self._end_deal(s, None, "the stock ran out")
        return True

    def _draw_from_stock(self, s, p, count):
        """Draw ``count`` cards (fewer if the stock runs short) one by one into
        the hand, laying red threes as they come; False if the deal ended."""
        red = self.tables.red3 if self.lays_red_threes else 0
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
        self._ask_partner(s, p, binding=False)

    def _ask_partner(self, s, p, **details):
        """The question waits for the partner's answer (phase ANSWER)."""
        s.ask = "asked"
        s.ask_back = s.phase
        s.log("ask_go_out", p, **details)
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
        base = self.A_DISCARD
        faces = self.tables.one_per_face(hand)
        out = []
        while faces:
            low = faces & -faces
            faces ^= low
            out.append(base + low.bit_length() - 1)
        return out

    def _holds(self, hand, c):
        """Whether ``hand`` holds card ``c`` or another copy of its face: typed
        card text names the first copy, and the hand may hold a later one."""
        return any(hand >> i & 1 for i in self.deck.copies_of(self.deck.text_of[c]))

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
        if self.lays_red_threes:
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
            if self.lays_red_threes:
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
        if self.lays_red_threes:
            red3 = [int(x) for x in view["red_threes"]]
        else:
            red3 = [0] * len(view["opened"])
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
        allowed = None
        unseen_red3 = self.tables.red3 & self.deck.all_mask & ~seen
        if self.lays_red_threes and popcount(unseen_red3) <= view["stock"]:
            # a red three in a hand is laid at the start of its holder's
            # turn, so the unseen ones are put in the stock (a player still
            # to take his first turn might hold one: a small liberty that
            # keeps every sampled hand one the rules allow after a turn).
            # With more unseen than the stock holds (it ran out, the last
            # card drawn a red three) some must be in hands.
            hand_room = self.deck.all_mask & ~self.tables.red3
            allowed = {z: hand_room for z in zones if z.startswith("hand")}
        placed = sample_hands(self.deck.all_mask & ~seen, zones, rng, allowed)
        s.hands = hands_with_known(placed, own, known, seat)
        s.known = known
        s.stock = ids(placed["stock"])
        shuffle(rng, s.stock)
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
    # what the board says of "May I go out?" ({emptied}: ``emptied_to_go_out``)
    ask_texts = {
        "asked": "'May I go out?' asked: the partner answers yes or no",
        "yes": "Partner said yes: this turn must end by going out (else 300 penalty)",
        "no": "Partner said no: the {emptied} may not be emptied this turn",
        "must": "Asked after melding: this turn must end by going out (else 300 penalty)",
    }

    def ask_lines(self, ask) -> list[str]:
        """The state of "May I go out?" for the board."""
        text = self.ask_texts.get(ask)
        return [text.format(emptied=self.emptied_to_go_out)] if text else []

    # the web table (core/presentation.py): the fields every game of the
    # family shows, and how; a game adds its own in ``web_show`` (a dict of
    # the same form; None for a field it does not have).  The turn's flags (drew, melded, opened now), the raised
    # requirement and the ask's way back are bookkeeping the page leaves out.
    web_show: dict = {}

    @property
    def web_layout(self):
        """The meld table: each side's melds fanned and grouped, canastas
        marked, red threes, the pile (frozen or not) and the stock; cards are
        selected and then melded or added ("select": "ranks": action text
        names them by rank, ``meld 7 7 2``)."""
        ask = {k: v.format(emptied=self.emptied_to_go_out) for k, v in self.ask_texts.items()}
        show = {
            "hand": "hand", "hand_sizes": "backs", "hand_known": ["seat_cards", "known to all"],
            "stock": ["count", "stock"], "pile": ["pile", "pile"], "pile_frozen": "frozen",
            "melds": "melds", "red_threes": ["side_cards", "red threes"],
            "tentative": ["cards", "laid this turn (not yet an opening)"],
            "pile_aside": ["cards", "set aside until the opening is done"],
            "opened": ["side", "opened"], "requirement": ["side", "first melds need"],
            "penalties": ["side", "penalties (300 each)"],
            "dealer": "tag", "scores": ["team", "score"],
            "deal_no": {"role": "info", "label": "deal", "one_based": True},
            "ask": {"role": "banner", "label": "May I go out?", "words": ask},
            **self.web_show,
        }
        show = {k: v for k, v in show.items() if v is not None}   # None: a field the game lacks
        return {"table": "meld", "show": show, "select": "ranks",
                "melds": {"wild": ["2", "JK"], "canasta": 7},
                "sheet": {"event": "deal_scored", "gained": "lines", "total": "totals"}}

    meld_group_words = ("wilds",)

    def parse_action(self, state, text, seat=None):
        return super().parse_action(state, self._normalize_text(text, state, seat), seat)

    def _normalize_text(self, text, state, seat):
        """Typed action text in the form the action space spells (suits and
        ``10`` in meld text become rank words); games with other meld words
        override it."""
        return normalize_meld_text(text, self.meld_group_words)


# the help lines of the verbs every declared-opening game has (after its
# draw, take and meld verbs)
DECLARED_OPENING_VERBS = (
    ("discard 4H", "discard a card and end your turn"),
    ("done", "finish your opening meld (checked against the requirement)"),
    ("ask go out", "ask your partner 'May I go out?'"),
    ("yes", "answer your partner: you may go out"),
    ("no", "answer your partner: do not go out"),
)


class DeclaredOpeningState(PartnerMeldState):
    __slots__ = ("bonus", "melded", "opened_now", "penalties", "asked_unable")

    def _copy_into(self, new):
        PartnerMeldState._copy_into(self, new)
        new.bonus = self.bonus.copy()
        new.melded = self.melded
        new.opened_now = self.opened_now
        new.penalties = self.penalties.copy()
        new.asked_unable = self.asked_unable


class _SearchTooLong(Exception):
    """``could_go_out`` has tried more positions than it may."""


class DeclaredOpeningMeldGame(MeldGame):
    """The turn of Korppi's Canasta (000 ch. 21) as Samba (ch. 23), Contract
    Samba (ch. 24) and Hand and Foot (ch. 25) keep it.

    A side's first melds of a deal are tentative until the player says
    ``done`` (or discards, or goes out); short of the requirement they go
    back to the hand and the requirement rises by 10 (21.6.5).  A taken pile
    that opens waits aside (phase OPENING) until the opening is made.  "May I
    go out?" asked after melding needs no answer and binds (21.6.5); asked by
    a player who cannot go out (``could_go_out``) it costs 300 whatever the
    answer (21.6.5, 22.8.4).  A game
    adds its meld actions (``_meld_actions``, ``_apply_meld_action``), its
    pile taking (``_take_actions``, ``_apply_draw``, ``_take_rest``), when a
    discard is allowed (``_may_discard``) and its scoring (``_end_deal``).
    """

    State = DeclaredOpeningState
    go_out_search_limit = 4000  # positions could_go_out tries before it gives the benefit of the doubt
    go_out_search_cards = 8    # more cards this turn: no search, the benefit of the doubt
    draws_per_turn = 1          # cards a draw from the stock brings
    hand_size = 0               # cards dealt to each player
    covered_upcards = 0         # cards the first card of the pile is covered on (a mask)
    dealt_fields = {}           # more public fields of the "dealt" event

    # -- the deal ------------------------------------------------------------------
    def __init__(self):
        super().__init__()
        self._faces_memo = {}       # _faces by mask

    def _deal(self, s):
        """Deal the hands one card at a time from the dealer's left (and what
        ``_deal_more`` deals after them), turn up the pile; the player left of
        the dealer begins."""
        pack = s.deal_pack(self.deck, s.deal_no)
        self._new_deal_fields(s)
        first = (s.dealer + 1) % 4
        s.hands, pos = deal_rounds(pack, 0, first, 4, self.hand_size)
        pos = self._deal_more(s, pack, pos, first)
        s.stock = pack[pos:][::-1]            # top of the stock at the end
        self._log_dealt(s, count=self.hand_size, **self.dealt_fields, dealer=s.dealer)
        self._turn_up_pile(s, self.covered_upcards)
        self._begin_turn(s, first)

    def _deal_more(self, s, pack, pos, first):
        """Deal further cards after the hands (Hand and Foot's feet); returns
        the next position in the pack."""
        return pos

    def _new_deal_fields(self, s):
        super()._new_deal_fields(s)
        s.bonus = [0] * self.sides(s)
        s.penalties = [0] * self.sides(s)
        s.ask = None
        s.ask_back = None
        s.melded = False
        s.opened_now = False
        s.asked_unable = False

    def _requirement_raise(self, s, side):
        return s.bonus[side]

    def _binding_ask(self, s):
        return s.melded              # 21.6.5: asking after melding obliges going out

    # -- "May I go out?" asked when unable (21.6.5, 22.8.4) ------------------------
    def _ask(self, s, p):
        """Asking when the player cannot go out costs 300 at once, whatever
        the partner answers (22.8.4: the rules require that the asker can);
        a binding question (a "yes", or asked after melding) that does not
        end in going out costs 300 at the end of the turn, unless the
        question was paid for already."""
        unable = not self.could_go_out(s, p)
        super()._ask(s, p)
        if unable:
            s.asked_unable = True
            s.penalties[self.side(s, p)] += 1
            s.log("penalty", p, points=self.penalty_points,
                  reason="asked 'May I go out?' but could not go out")

    def _penalise_broken_ask(self, s, p):
        if not s.asked_unable:
            super()._penalise_broken_ask(s, p)

    def could_go_out(self, s, p) -> bool:
        """Whether ``p``, in his turn (before drawing or in his melding), can
        end this turn by going out with the cards it would really bring (the
        stock's, the pile he may take, a foot he would pick up): some
        sequence of his legal actions, the question aside, ends in going out.
        So each game's own conditions for going out judge it.

        The search tries each position of the turn once, and a discard only
        as the last card (any other ends the turn); an opening that falls
        short is no way out (the requirement only rises).  Melds commute, so
        with more than a few cards in hand it settles one card at a time
        (``_focus``): every place the first wild card can go, else every
        place of the first card that can go anywhere now, with the moves
        onto its suit's melds that may bring a sequence up to it.

        Before it, ``_out_of_reach`` answers at once what the cards of the
        turn cannot reach (too few complete melds).  Past that, a player who
        may hold more than ``go_out_search_cards`` cards this turn, or a
        search that runs past ``go_out_search_limit`` positions, gets the
        benefit of the doubt: True (a referee does not work through every
        way a big hand could be melded; the rule is there for the
        accidental question, 22.8.4)."""
        if self._out_of_reach(s, p):
            return False
        if popcount(self._turn_cards(s, p)) > self.go_out_search_cards:
            return True
        seen = set()
        step = self._step_by_phase
        discards = range(self.A_DISCARD, self.A_DISCARD + self.deck.size)
        melding = (self.Phase.MELD, self.Phase.OPENING)

        def goes_out(t):
            key = self._turn_key(t, p)
            if key in seen:
                return False
            seen.add(key)
            if len(seen) > self.go_out_search_limit:
                raise _SearchTooLong
            if t.phase in melding and self._stuck(t, p):
                return False
            last_card = popcount(t.hands[p]) == 1
            acts = [a for a in self.legal_actions(t, p)
                    if a != self.A_ASK and (last_card or a not in discards)]
            if t.phase in melding and self._eff_hand(t, p) > 4:
                acts = self._focus(t, p, acts)
            for a in acts:
                u = t.clone()
                since = len(u.events)
                step[u.phase._name_][1](u, p, a)
                kinds = [(e.kind, e.seat) for e in u.events[since:]]
                if ("went_out", p) in kinds:
                    return True
                if u.to_act == (p,) and u.outcome is None \
                        and not any(k == "opening_failed" for k, _ in kinds) and goes_out(u):
                    return True
            return False

        try:
            return goes_out(s)
        except _SearchTooLong:
            return True

    def _draw_or_ask(self, s, p, a) -> bool:
        """The draw phase's actions other than taking the pile: ``draw``
        (``draws_per_turn`` cards, red threes laid as they come) and the
        question to the partner.  False for any other action."""
        if a == self.A_DRAW:
            if not self._stock_ran_out(s, p) and self._draw_from_stock(s, p, self.draws_per_turn):
                s.phase = self.Phase.MELD
            return True
        if a == self.A_ASK:
            self._ask(s, p)
            return True
        return False

    def _pile_opening(self, s, p, top, used, rest, **where):
        """A side that has not opened takes the pile (21.6.2 and its family):
        the top card with the hand cards ``used`` is a tentative opening, the
        rest of the pile waits aside until the opening stands."""
        s.melded = True
        s.tent = used | (1 << top)
        s.tent_top = top
        s.pile_rest = rest
        s.log("take_pile_opening", p, top=Card(top), cards=CardSet(used), rest=len(rest), **where)
        s.phase = self.Phase.OPENING

    def _pile_to_hand(self, s, p, rest, top, used, keep_red_threes=False, **where) -> bool:
        """The taken pile below its top card joins the hand and the turn
        goes on to melding; red threes among it are laid where the game lays
        them (unless ``keep_red_threes``).  False when laying them ended the
        deal (the stock ran out)."""
        rest_mask = mask_of(rest)
        s.pile_rest = []
        s.melded = True
        s.log("take_pile", p, top=Card(top), cards=CardSet(used) if used else None,
              taken=CardSet(rest_mask), **where)
        reds = rest_mask & self.tables.red3 if self.lays_red_threes and not keep_red_threes else 0
        s.hands[p] |= rest_mask & ~reds
        s.known[p] |= rest_mask & ~reds
        s.phase = self.Phase.MELD
        return not reds or self._lay_red_threes(s, p, reds)

    def _focus(self, s, p, acts):
        """The actions ``could_go_out`` need try from a position with several
        cards in hand: those that lay one card (every wild card before the
        others: a wild card may go where a natural one later closes the meld
        to it; a card that cannot go anywhere now is left for later), with
        the actions that lay no card of the hand (``done``).  For a natural
        card, also the additions of other natural cards of its suit (a
        sequence reaching it).  Without ``_cards_used``, all of them."""
        used = {a: self._cards_used(s, p, a) for a in acts}
        hand = s.hands[p]
        first, always = self._focus_cards
        for group in (hand & first, hand & ~first):
            while group:
                c = group & -group
                group ^= c
                mine = [a for a in acts if used[a] is not None and used[a] & c]
                if not mine:
                    continue
                rest = [a for a in acts if used[a] is None or (used[a] & always and a not in mine)]
                if c & first:
                    return mine + rest
                suit = self.deck.suit_mask[self.deck.suit_of[c.bit_length() - 1]]
                return mine + rest + [a for a in acts if used[a] and not used[a] & (c | always)
                                      and self._onto_suit(s, p, a, suit)]
        return acts

    @property
    def _focus_cards(self):
        """(cards settled before the others, cards whose moves are always
        tried) for ``_focus``: the wild cards first (Contract Samba, whose
        twos are also natural cards of sequences, says otherwise)."""
        return self.tables.wild, 0

    def _cards_used(self, s, p, a):
        """The hand cards meld action ``a`` would lay, None for any other
        action (or when the game does not say)."""
        return None

    def _onto_suit(self, s, p, a, suit) -> bool:
        """Whether ``a`` adds cards of ``suit`` only to a meld of that suit
        only (a sequence): what may bring a sequence up to a card."""
        return False

    def _out_of_reach(self, s, p) -> bool:
        """Whether the cards ``p`` may hold this turn cannot bring his side
        the complete melds going out needs: a game's quick answer that spares
        ``could_go_out`` its search; False when it cannot tell."""
        return False

    def _turn_cards(self, s, p):
        """Every card ``p`` may hold in this turn (more is fine, never
        less): his hand, a pile set aside for an opening, and before the draw
        the whole pile and the stock's cards down to the ``draws_per_turn``-th
        that is no red three (red threes are laid and replaced)."""
        cards = s.hands[p] | mask_of(s.pile_rest)
        if s.phase is self.Phase.DRAW:
            cards |= mask_of(s.pile)
            red = self.tables.red3 if self.lays_red_threes else 0
            need = self.draws_per_turn
            for c in reversed(s.stock):
                if not need:
                    break
                cards |= 1 << c
                need -= not (red >> c) & 1
        return cards

    def _stuck(self, s, p) -> bool:
        """Whether ``p``, melding, holds cards that can never leave his hand
        this turn (more than the one he may discard): a game's quick answer
        that spares ``could_go_out`` its search; False when it cannot tell."""
        return False

    def _faces(self, mask):
        """A mask's cards as faces, copies alike (a position's key);
        remembered, as melds recur in every position of a search."""
        memo = self._faces_memo
        faces = memo.get(mask)
        if faces is None:
            if len(memo) > 20_000:
                memo.clear()
            face_of = self.deck.face_of
            faces = memo[mask] = tuple(sorted(face_of[c] for c in ids(mask)))
        return faces

    def _turn_key(self, s, p):
        """What tells positions of ``p``'s turn apart for ``could_go_out``:
        his cards, his side's melds (in any order, copies of a face alike),
        the opening under way, the pile and the stock; a game adds fields of
        its own."""
        side = self.side(s, p)
        return (s.phase, self._faces(s.hands[p]),
                tuple(sorted(self._faces(m) for m in self._meld_masks(s, side))),
                self._faces(s.tent), s.tent_top, len(s.pile), len(s.pile_rest), len(s.stock),
                s.opened[side], s.bonus[side], s.melded)

    def _tent_enough(self, s, side, extra=0):
        return self.tables.value(s.tent | extra) >= self.requirement(s, side)

    def _eff_hand(self, s, p):
        """The cards a player will hold: during a pile opening the pile set
        aside joins the hand once the opening is made."""
        n = popcount(s.hands[p])
        if s.phase is self.Phase.OPENING:
            n += len(s.pile_rest)
        return n

    # -- a turn ------------------------------------------------------------------
    def _begin_turn(self, s, p):
        s.ask = None
        s.ask_back = None
        s.melded = False
        s.opened_now = False
        s.asked_unable = False
        self._new_turn_fields(s)
        s.phase = self.Phase.DRAW
        s.to_act = (p,)
        if self.lays_red_threes:
            # 21.6.3: dealt red threes are laid at the start of the first turn
            reds = s.hands[p] & self.tables.red3
            if reds:
                s.hands[p] &= ~reds
                self._lay_red_threes(s, p, reds)

    def _new_turn_fields(self, s):
        """Reset a game's own per-turn fields."""

    def _legal_draw(self, s, p):
        out = [self.A_DRAW]
        out.extend(self._take_actions(s, p))
        if s.ask is None:
            out.append(self.A_ASK)
        return out

    def _legal_opening(self, s, p):
        out = self._meld_actions(s, p)
        out.append(self.A_DONE)
        return out

    def _apply_opening(self, s, p, a):
        if a == self.A_DONE:
            self._done(s, p)
            return
        self._apply_meld_action(s, p, a)

    def _legal_meld(self, s, p):
        out = self._meld_actions(s, p)
        if self._may_discard(s, p):
            out.extend(self._discard_actions(s.hands[p]))
        if s.tent:
            out.append(self.A_DONE)
        if s.ask is None:
            out.append(self.A_ASK)
        return out

    def _may_discard(self, s, p):
        """Whether the player may discard now: not while a tentative opening is
        short of the requirement; a game adds its going-out conditions."""
        return not (s.tent and not self._tent_enough(s, self.side(s, p)))

    def _apply_meld(self, s, p, a):
        if a == self.A_DONE:
            self._done(s, p)
        elif a == self.A_ASK:
            self._ask(s, p)
        elif self.A_DISCARD <= a < self.A_DISCARD + self.deck.size:
            self._discard(s, p, a - self.A_DISCARD)
        else:
            self._apply_meld_action(s, p, a)

    def _discard(self, s, p, c):
        """The discard ends the turn; a tentative opening it follows is made."""
        if s.tent:
            self._open(s, p)
        self._put_on_pile(s, p, c)
        if not s.hands[p] and self._hand_emptied(s, p):
            return
        self._penalise_broken_ask(s, p)          # 21.6.5
        self._begin_turn(s, (p + 1) % 4)

    def _check_empty(self, s, p):
        """After a meld or a taken pile: a player whose hand is empty goes out."""
        if s.hands[p] == 0 and s.outcome is None and s.phase is self.Phase.MELD:
            if s.tent:
                self._open(s, p)
            self._hand_emptied(s, p)

    def _hand_emptied(self, s, p):
        """The hand is empty; True when that ended the deal (going out)."""
        self._go_out(s, p)
        return True

    def _go_out(self, s, p):
        s.log("went_out", p)
        self._end_deal(s, self.side(s, p), f"seat {p} went out")

    # -- the opening -----------------------------------------------------------------
    def _done(self, s, p):
        """``done``: the tentative melds are checked against the requirement."""
        side = self.side(s, p)
        if not self._tent_enough(s, side):
            self._opening_short(s, p, self._opening_points(s), self.requirement(s, side))
            return
        pile_open = s.phase is self.Phase.OPENING
        top, rest = s.tent_top, s.pile_rest
        self._open(s, p)
        if pile_open:
            self._finish_pile_opening(s, p, top, rest)

    def _opening_short(self, s, p, got, need):
        """21.6.5: an insufficient opening goes back and costs 10 more; after a
        pile opening the pile is as it was and the player draws or tries again."""
        back = self._return_tentative(s, p)
        s.bonus[self.side(s, p)] += 10
        s.log("opening_failed", p, points=got, needed=need, returned=CardSet(back),
              requirement=need + 10)
        if s.tent_top >= 0:
            self._restore_pile(s)
            s.phase = self.Phase.DRAW
        self._clear_tentative(s)
        s.melded = False

    def _opening_points(self, s):
        """What the tentative melds count toward the opening: card points."""
        return self.tables.value(s.tent)

    def _open(self, s, p):
        side = self.side(s, p)
        s.opened[side] = True
        s.opened_now = True
        s.log("opened", p, points=self._opening_points(s), needed=self.requirement(s, side))
        self._clear_tentative(s)

    def describe_event(self, event):
        """The deal's scoring per team (seats 0+2, 1+3); other events as usual."""
        return deal_scored_line(event, ((0, 2), (1, 3)))

    # -- views, worlds and the board ----------------------------------------------------
    def _common_view(self, s, seat, v):
        super()._common_view(s, seat, v)
        v["requirement"] = [self.requirement(s, t) for t in range(self.sides(s))]
        v["requirement_raise"] = list(s.bonus)
        v["penalties"] = list(s.penalties)
        v["ask"] = s.ask
        v["ask_back"] = s.ask_back.name.lower() if s.ask_back else None
        v["melded"] = s.melded
        v["opened_now"] = s.opened_now
        v["asked_unable"] = s.asked_unable

    def _sample_common(self, view, rng, table, extra_zones=None):
        s, placed = super()._sample_common(view, rng, table, extra_zones)
        s.bonus = list(view["requirement_raise"])
        s.penalties = list(view["penalties"])
        self._sample_ask(s, view)
        s.melded = view["melded"]
        s.opened_now = view["opened_now"]
        s.asked_unable = view["asked_unable"]
        return s, placed

    @staticmethod
    def team_heading(view, t) -> str:
        """The board's first line of team ``t``: who, its score, and whether it
        has opened or what its first melds need (raised by short openings)."""
        head = f"{side_title((t, t + 2), view.get('seat'), t)}: {view['scores'][t]} points"
        if view["opened"][t]:
            return head + ", opened"
        head += f", not opened: first melds need {view['requirement'][t]} points"
        if view["requirement_raise"][t]:
            head += f" (raised {view['requirement_raise'][t]} by short openings)"
        return head

    def opening_line(self, view):
        """The board's line for a tentative opening under way, if any."""
        tent = int(view["tentative"])
        if not tent and view["tentative_top"] is None:
            return []
        to_act = view.get("to_act") or [None]
        side = to_act[0] & 1 if to_act[0] is not None else 0
        got, need = self.tables.value(tent), view["requirement"][side]
        head = f"Opening so far: {got} of {need} points"
        if got < need:
            return [f"{head}; 'done' short of that takes the cards back (requirement +10)"]
        if view["phase"] == "opening":
            return [f"{head}: enough; 'done' makes the opening and takes the rest of the pile"]
        return [f"{head}: enough; 'done' or your discard makes the opening"]

    def board_end(self, view, frozen, why_frozen) -> list[str]:
        """The board's last lines: the pile (``frozen``, and why a frozen
        pile is frozen), an opening under way and "May I go out?"."""
        return ["", pile_line(self.deck, view, frozen, why_frozen), *self.opening_line(view),
                *self.ask_lines(view["ask"])]


# why Canasta's and Samba's frozen pile is frozen, and what takes it then
FROZEN_BY_WILD = "a wild card or red three in it: only a natural pair of the top card's rank takes it"


class NumberedMeldState(DeclaredOpeningState):
    __slots__ = ("mkey", "mmask")

    def _copy_into(self, new):
        DeclaredOpeningState._copy_into(self, new)
        new.mkey = [k.copy() for k in self.mkey]
        new.mmask = [m.copy() for m in self.mmask]


class NumberedMeldGame(DeclaredOpeningMeldGame):
    """A declared-opening game whose teams may hold several melds of a kind
    (Samba's sambas and canastas, Hand and Foot's melds of a rank): each team
    keeps numbered melds, ``mkey[team][i]`` saying what meld ``i`` is (a rank
    or the game's key for a sequence) and ``mmask[team][i]`` its cards;
    actions name melds by number (``add 7h to meld 2``)."""

    State = NumberedMeldState
    max_slots = 30             # melds a side may hold (action numbering)
    add_faces: tuple = ()      # per card: the face an added card is named by
    run_add_faces = None       # the same for melds keyed run_key or higher (None: add_faces)
    run_key = 100              # the first key of a sequence
    black3_key = None          # the key of black threes, which only go out (None: no such meld)
    not_added = 0              # hand cards no meld ever takes

    def __init__(self):
        super().__init__()
        # what each meld may take, by (mask, key): melds recur across turns and deals
        self._addable_memo = {}

    def _new_deal_fields(self, s):
        super()._new_deal_fields(s)
        s.mkey = [[] for _ in range(self.sides(s))]
        s.mmask = [[] for _ in range(self.sides(s))]

    def _meld_masks(self, s, side):
        return s.mmask[side]

    def _drop_tentative(self, s, side):
        s.mkey[side] = []           # a side that had not opened had no other melds
        s.mmask[side] = []

    # -- legal melds --------------------------------------------------------------------
    @staticmethod
    def _addable(key, mask) -> int:
        """Every card that may go onto the meld (key, mask), as a mask that
        holds all copies of a face or none."""
        raise NotImplementedError

    def _allowed(self, key, mask) -> int:
        """``_addable``, remembered by (mask, key)."""
        memo = self._addable_memo
        allowed = memo.get(mask << 8 | key)
        if allowed is None:
            if len(memo) > 20_000:
                memo.clear()
            allowed = memo[mask << 8 | key] = self._addable(key, mask)
        return allowed

    def _takes(self, key, mask, c) -> bool:
        """May card ``c`` go onto the meld (key, mask)?"""
        return self._allowed(key, mask) >> c & 1 == 1

    def _new_meld_ok(self, s, p, key, used) -> bool:
        """May ``p`` lay ``used`` as a new meld of ``key`` (it may leave too
        few cards in hand)?"""
        raise NotImplementedError

    def _add_ok(self, s, p, slot, key, card) -> bool:
        """May ``p`` add ``card`` to meld ``slot`` (it may leave too few
        cards in hand; black threes only go out)?"""
        raise NotImplementedError

    def _meld_actions(self, s, p):
        """Every new meld and add ``p`` may make now, in action order."""
        hand = s.hands[p]
        # cards he holds before laying any: with enough left after a meld
        # none is refused for emptying the hand (``_new_meld_ok``, ``_add_ok``)
        eff = self._eff_hand(s, p)
        out = []
        if len(s.mkey[self.side(s, p)]) < self.max_slots:
            self._rank_meld_actions(s, p, hand, eff, out)
            self._other_new_melds(s, p, hand, eff, out)
        self._add_actions(s, p, hand, eff, out)
        out.sort()
        return out

    def _other_new_melds(self, s, p, hand, eff, out):
        """A game's new melds other than those of a rank (sequences, black threes)."""

    def _rank_meld_actions(self, s, p, hand, eff, out):
        """New melds of a rank, three actions a rank: three natural cards, a
        natural pair with a two, a natural pair with a joker.  With five
        cards or more in hand none is refused for emptying it."""
        t = self.tables
        rank = t.rank
        a_meld = self.A_MELD
        if eff >= 5:
            two, joker = hand & t.twos, hand & t.jokers
            for i, r in enumerate(NATURAL_RANKS):
                n = (hand & rank[r]).bit_count()
                if n >= 2:
                    rank_meld_forms(out, a_meld + 3 * i, n, two, joker)
            return
        for i, r in enumerate(NATURAL_RANKS):
            nat = hand & rank[r]
            n = nat.bit_count()
            if n < 2:
                continue
            if n >= 3 and self._new_meld_ok(s, p, r, take_lowest(nat, 3)):
                out.append(a_meld + 3 * i)
            pair = take_lowest(nat, 2)
            for form, wild in ((1, t.twos), (2, t.jokers)):
                w = hand & wild
                if w and self._new_meld_ok(s, p, r, pair | (w & -w)):
                    out.append(a_meld + 3 * i + form)

    def _add_actions(self, s, p, hand, eff, out):
        """Adds: per meld, one action per face of the hand cards it takes
        (the lowest copy held stands for the face).  With three cards or
        more in hand none is refused for emptying it."""
        side = self.side(s, p)
        keys, masks = s.mkey[side], s.mmask[side]
        t = self.tables
        # the lowest copy of each face held; in a set any two is one face
        held = t.one_per_face(hand) & ~self.not_added
        twos = hand & t.twos & ~self.not_added
        set_held = (held & ~t.twos) | (twos & -twos)
        run_held = held if self.run_add_faces else set_held
        set_faces = self.add_faces
        run_faces = self.run_add_faces or set_faces
        memo = self._addable_memo
        run_key, black3 = self.run_key, self.black3_key
        roomy = eff >= 3
        a_add, slots = self.A_ADD, self.max_slots
        for k in range(len(keys)):
            key, mask = keys[k], masks[k]
            allowed = memo.get(mask << 8 | key)
            if allowed is None:
                allowed = self._allowed(key, mask)
            if key >= run_key:
                cards, face_of = run_held & allowed, run_faces
            else:
                cards, face_of = set_held & allowed, set_faces
            if roomy and key != black3:
                while cards:
                    card = cards & -cards
                    cards ^= card
                    out.append(a_add + face_of[card.bit_length() - 1] * slots + k)
                continue
            while cards:
                card = cards & -cards
                cards ^= card
                if self._add_ok(s, p, k, key, card):
                    out.append(a_add + face_of[card.bit_length() - 1] * slots + k)

    # -- going out out of reach (could_go_out's quick answer) -----------------------
    meld_size = 7               # cards of a complete meld (a canasta)

    def _complete_needed(self, s, side) -> int:
        """How many complete melds a side needs to go out; 0: the game cannot
        tell that way (``_out_of_reach`` then has no quick answer)."""
        return 0

    def _is_complete(self, key, mask) -> bool:
        """Whether a meld counts as complete for going out."""
        return popcount(mask) >= self.meld_size

    def _joins(self, key) -> int:
        """The cards that may ever join a meld of ``key`` (0: it never
        becomes a complete meld)."""
        raise NotImplementedError

    def _new_meld_groups(self):
        """For new melds: masks such that every complete new meld lies
        within one of them (a rank with the wild cards, a suit's sequence)."""
        raise NotImplementedError

    def _out_of_reach(self, s, p):
        """An upper bound on the complete melds the side can hold at the end
        of the turn: those it has, those its other melds could reach with
        every card ``p`` may hold that could join them, and as many new ones
        as each group of the cards fills; short of ``_complete_needed``, going
        out is out of reach."""
        side = self.side(s, p)
        need = self._complete_needed(s, side)
        if not need:
            return False
        cards = self._turn_cards(s, p)
        size = self.meld_size
        reach = 0
        joins, is_complete = self._joins, self._is_complete
        for key, mask in zip(s.mkey[side], s.mmask[side]):
            if mask.bit_count() + (cards & joins(key)).bit_count() >= size \
                    or is_complete(key, mask):
                reach += 1
        if reach >= need:
            return False
        for group in self._new_meld_groups():
            reach += (cards & group).bit_count() // size
        return reach < need

    def _meld_use(self, s, p, a):
        """For a meld action: the hand cards it lays, the meld's key and its
        slot (None: a new meld)."""
        raise NotImplementedError

    def _apply_meld_action(self, s, p, a):
        self._place(s, p, *self._meld_use(s, p, a))

    def _cards_used(self, s, p, a):
        return self._meld_use(s, p, a)[0] if self.decode(a)[0] in ("meld", "run", "add") \
            else None

    def _onto_suit(self, s, p, a, suit):
        if self.decode(a)[0] != "add":
            return False
        used, _, slot = self._meld_use(s, p, a)
        return not (used | s.mmask[self.side(s, p)][slot]) & ~suit

    def _finish_pile_opening(self, s, p, top, rest):
        slot = next(k for k, m in enumerate(s.mmask[self.side(s, p)]) if (m >> top) & 1)
        self._take_rest(s, p, rest, top, 0, slot)

    def _place(self, s, p, used, key, slot):
        """Put the hand cards ``used`` on the side's meld ``slot`` (None: a new
        meld of ``key``); they join a tentative opening while the side has
        not opened.  A player who empties the hand this way goes out."""
        side = self.side(s, p)
        if slot is None:
            slot = len(s.mkey[side])
            s.mkey[side].append(key)
            s.mmask[side].append(used)
            kind = "meld"
        else:
            s.mmask[side][slot] |= used
            kind = "add"
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.melded = True
        if not s.opened[side]:
            s.tent |= used
        s.log(kind, p, meld_no=slot + 1, cards=CardSet(used),
              meld=CardSet(s.mmask[side][slot]) if kind == "add" else None)
        if s.phase is self.Phase.MELD:
            self._check_empty(s, p)
