"""Rummy (Jokers) of the 2 x 54 card set's rule sheet, with Robbery, Vienna
and Rummy with a tap.

Rule source: seed 002 (a 2 x 54 card set's rule sheet), "Rummy" (line
118): Card values, Card combinations, Types of combinations, Game
progress, Lay out, Scoring, and Variants of Rummy (Robbery, Vienna, Rummy
with a tap), each variant a preset.

Two to six players, two packs with four jokers (108 cards).  Twelve cards
each (option ``hand``: 8, 10, 12 or 13); the foreman, left of the dealer,
gets one more and begins by discarding.  A turn: draw from the stock or
take the previous player's discard, lay out, discard.  Combinations:
triples and quartets (one rank, different suits) and straights (three or
more of a suit in sequence, the ace below the 2 or above the king); a
joker stands for any card, never more than half the cards of one
combination.  A player's first lay-out must be worth 40 (option
``opening``); after it he may add cards to anyone's combinations and
exchange a joker on the table for the card it stands for, if he uses the
joker at once in a new combination.  A hand of twelve cards of one suit
closes the game from the hand.  Closing scores +10; the others lose what
their hands are worth, doubly after a close from the hand; whoever
passes 100 minus points is out, and the last player left wins.

How actions are written (``pelit rules rummy``): ``draw``, ``take``; a new
combination ``meld 5H 6H 7H`` / ``meld JK 6H 7H`` (a run low to high, a
joker where it stands) / ``meld 7S 7H 7D``; longer combinations grow one
card at a time: ``layoff 8H to 3`` (combination 3 on the table),
``layoff JK to 3 low`` / ``high`` (a joker at a run's end); ``swap 7D in
3`` (the joker standing for 7D in combination 3 comes to the hand and must
be melded next); ``undo`` takes back everything laid this turn; the
discard is the card itself (``QS``); ``close QS`` discards QS and lays
the rest of the hand as one suit.  Robbery adds ``lift 7H from 3`` (a card
taken out of a combination, to be laid again this turn; ``lift JK=7H from
3`` for a joker in a run) and takes the discard only into a combination:
``take into 6H 7H 8H`` (a new one with hand cards, 7H the discard) or
``take to 3``.  Vienna
adds ``tap 2C`` (discard 2C and tap); Rummy with a tap adds ``tap`` and
``pass`` out of turn.

Decisions where the seed is silent (each pinned by a test):

- Card values: an ace left in the hand counts 10 (its value everywhere
  but below a 2), a joker left in the hand 15 (its value in a triple or
  quartet).  In a lay-out a joker in a straight is worth the card it
  stands for, in a triple or quartet 15; an ace in a triple is worth 10.
- Combinations: an ace is below the 2 or above the king, never both in one
  straight (no K-A-2); a joker's place in a straight is fixed where it is
  laid (``meld JK 6H 7H``: the joker is the 5); a joker in a triple stands
  for any missing suit.
- Game progress: cards are dealt one at a time from the foreman's seat; the
  foreman's first turn has no draw but is otherwise a whole turn (he may
  lay out or close from the hand before discarding).  Only the previous
  player's discard can be taken (after a tap it is gone: the next player
  draws from the stock).  A stock that runs out is rebuilt from the
  discards under the top card, shuffled (the seed rebuilds it every time).
  A deal can lock for good, every card a player could meld held by others
  who need it too: when a rebuilt stock runs out again and not one card
  has been laid on the table since it was rebuilt (no new combination, no
  card added to one), the deal is a deadlock.  It also ends when the stock runs
  out with no discards under the top card to rebuild it from.  Either way
  the deal ends without a closer and nobody scores.
- Every turn ends with a discard (the seed: "they have to draw and then
  discard"): a player goes out by discarding his last card, so a lay-out
  never uses his last card.  The discard just taken may not be discarded
  again in the same turn (as in most rummies: a turn must change
  something; two players could otherwise pass one card to and fro).
- Lay out: the first lay-out counts only new combinations laid from the
  hand in one turn (they may grow in that turn); adding to others'
  combinations and exchanging jokers come after it.  A turn's first
  lay-out below the limit cannot end with a discard: lay more or ``undo``.
  The exchanged joker must go straight into a new combination (the next
  action is that meld, or ``undo``); a joker in a triple may be exchanged
  for any missing suit of it.
- Closing from the hand: ``close`` lays the whole hand but the discard as
  one suit (jokers allowed, at most half) by a player who has laid out
  nothing this deal; the flush is as long as the deal's hand (12 by
  default).
- Scoring: the match ends when one player is left; a player whose total
  falls below minus ``limit`` (100) is out.  Option ``deals``: play that
  many deals instead, ranked by totals (the sheet's "evening" scoring;
  the view also shows the totals divided by ten).  The deal passes left
  among the players still in.
- Robbery: the discard is taken only into a combination at once (``take
  into`` / ``take to``); a player who has laid out may lift any cards out
  of any combinations (a straight lifted in the middle falls in two) and
  must lay every lifted card again in the same turn; every combination
  must be whole at the discard (none of one or two cards).  ``undo``
  takes a turn back whole, a taken discard too: then the player draws
  from the stock.
- Vienna: 106 cards (the second pack's two jokers stay in the box), ten
  cards each, no closing from the hand; ``tap`` is a discard after which
  the cards left in the hand are worth at most 5; every other player then
  has one last turn.  The tapper scores +10 and his few cards do not
  count; if someone goes out in the last round, he closes as usual (+10)
  and the tapper's cards count against him.  Out above 101.
- Rummy with a tap: after each discard every player but the discarder and
  the next player may ``tap`` (taking the discard and two stock cards,
  no discard, the turn order unchanged) or ``pass``; the next player's
  draw ends the chance.  The first tap wins.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import JACK, JOKER_RANK, Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.meld_screen import seat_label
from ..cards.rummy import (MELDED, WEB_SHOW, JOKER_FACE, MeldRules, RUN, RummyActions, apply_lift, broken_melds,
                           cards_for_faces, cards_in_order, count_cards, deal_points_text,
                           describe_meld_event, discard_line, draw_cards, drawable, layoff_moves, lift_moves,
                           meld_records, melds_from_records, one_per_face, put_meld,
                           rebuilt_note, sample_unseen, stock_end_reason, stock_end_text,
                           table_before, table_changes, table_lines, table_mask,
                           hand_zones, unknown_in_stock_and_hands, view_hands)
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("2x54")
RULES = MeldRules(DECK, ace_low=True, ace_high=True, wild_limit="half")
JOKERS = DECK.joker_mask
BOX_JOKERS = (1 << 106) | (1 << 107)      # Vienna leaves the second pack's jokers out
MAX_MELDS = 80


def card_points(card: int) -> int:
    """A card left in the hand (Card values; aces and jokers: see the docstring)."""
    r = DECK.rank_of[card]
    if r == JOKER_RANK:
        return 15
    if r >= JACK:
        return 10
    return r


HAND_POINTS = tuple(card_points(c) for c in range(DECK.size))


def hand_points(mask: int) -> int:
    return sum(HAND_POINTS[c] for c in ids(mask))


def place_points(rank: int) -> int:
    """A card's lay-out value by the place it stands in (rank 1: an ace below the 2)."""
    if rank == 1:
        return 1
    return 10 if rank >= JACK else rank


def meld_points(meld) -> int:
    """A combination's value for the first lay-out (Card values)."""
    if meld.kind == RUN:
        return sum(place_points(meld.low + i) for i in range(len(meld.cards)))
    total = 0
    n_nat = len(meld.cards) - RULES.wild_count(meld)
    for i in range(len(meld.cards)):
        total += place_points(meld.key) if i < n_nat else 15
    return total


def score_deal(hands, closer, from_hand: bool, tapper=None, alive=None) -> list[int]:
    """The points of one deal per seat (Scoring): +10 for closing, minus the
    hand's value for the others, doubled after a close from the hand.  A
    Vienna tapper who closed (``tapper == closer``) does not count his cards."""
    n = len(hands)
    out = []
    for p in range(n):
        if alive is not None and not alive[p]:
            out.append(0)
        elif p == closer:
            out.append(10)
        else:
            pts = hand_points(hands[p])
            out.append(-(2 * pts if from_hand else pts))
    return out


class Phase(enum.Enum):
    DRAW = 1      # draw or take; out of turn: tap or pass (Rummy with a tap)
    MELD = 2      # lay out, add, exchange, lift; discard, close or tap


@dataclass(frozen=True)
class RummyOptions:
    players: int = option(4, "number of players", min=2, max=6)
    hand: int = option(12, "cards dealt to each player (the foreman gets one more)",
                       choices=(8, 10, 12, 13))
    opening: int = option(40, "the least a player's first lay-out is worth", min=0, max=200)
    limit: int = option(100, "minus points a player may have; past them he is out",
                        min=10, max=10000)
    deals: int = option(0, "play this many deals and rank by totals (0: until one player "
                        "is left)", min=0, max=100)
    jokers: int = option(4, "jokers in play (Vienna: 2)", choices=(4, 2))
    flush: bool = option(True, "closing from the hand with a whole suit")
    robbery: bool = option(False, "Robbery: the discard only into a combination; lifting "
                           "cards out of any combinations")
    tap_limit: int = option(0, "Vienna: tap to end with unmelded cards worth at most this "
                            "(0: no tapping)", min=0, max=50)
    tap_claims: bool = option(False, "Rummy with a tap: take another's discard out of turn "
                              "with two stock cards")


class RummyState(State):
    __slots__ = ("dealer", "deal_no", "alive", "hands", "stock", "discard", "discarder",
                 "table", "known", "public", "reshuffles", "rebuilds", "table_at_rebuild", "opened", "laid", "turn",
                 "no_draw", "tent", "loose", "pending", "snap", "acted", "pile_blocked", "taken",
                 "passed", "tapper", "last_round", "totals", "results", "out_order", "box")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.alive = self.alive.copy()
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.discard = self.discard.copy()
        new.discarder = self.discarder
        new.table = self.table.copy()
        new.known = self.known.copy()
        new.public = self.public
        new.reshuffles = self.reshuffles
        new.rebuilds = self.rebuilds
        new.table_at_rebuild = self.table_at_rebuild
        new.opened = self.opened.copy()
        new.laid = self.laid.copy()
        new.turn = self.turn
        new.no_draw = self.no_draw
        new.tent = self.tent
        new.loose = self.loose
        new.pending = self.pending
        new.snap = self.snap            # a tuple of immutable parts and copies
        new.acted = self.acted
        new.pile_blocked = self.pile_blocked
        new.taken = self.taken
        new.passed = self.passed
        new.tapper = self.tapper
        new.last_round = self.last_round
        new.totals = self.totals.copy()
        new.results = self.results.copy()
        new.out_order = self.out_order.copy()
        new.box = self.box


@register
class Rummy(Game):
    info = GameInfo(
        id="rummy", name="Rummy", min_seats=2, max_seats=6, family="rummy",
        source="002 Rummy (line 118)", hidden=True, chance=True, aliases=("jokers",),
        rules_version=2,
        summary=(
            "Two to six players, two packs with four jokers. Twelve cards each; the "
            "foreman (left of the dealer) gets one more and begins by discarding. On "
            "your turn draw from the stock or take the previous player's discard, lay "
            "out, then discard. Combinations: three or four of a rank in different "
            "suits, and straights of three or more in a suit (ace below the 2 or above "
            "the king); a joker stands for any card, at most half of a combination. "
            "Your first lay-out must be worth 40 (2-10 their pips, faces and aces 10, "
            "an ace below a 2 one, a joker the card it stands for or 15 in a triple); "
            "afterwards you may add to anyone's combinations and exchange a table "
            "joker for its card, melding the joker at once. Twelve cards of one suit "
            "close the game from the hand. Going out (by discarding your last card) "
            "scores +10; the others lose their hands' values (doubled after a close "
            "from the hand), and past 100 minus points a player is out. Presets: "
            "robbery (lift cards out of any combinations and lay them again; the "
            "discard only into a combination), vienna (106 cards, ten each, tap out "
            "with at most 5 points left, one last round, out past 101), tap (take "
            "another's discard out of turn with two stock cards and no discard)."),
        verbs=(("draw", "draw the top card of the stock"),
               ("take", "take the previous player's discard"),
               ("meld 5H 6H 7H", "lay a new combination (a run low to high, 'JK' where "
                "a joker stands; a triple by its cards)"),
               ("layoff 8H to 3", "add a card to combination 3 ('layoff JK to 3 low')"),
               ("swap 7D in 3", "exchange the joker standing for 7D in combination 3; "
                "meld the joker next"),
               ("undo", "take back everything laid this turn"),
               ("QS", "discard a card (ends the turn)"),
               ("close QS", "discard QS and lay the rest of the hand as one suit"),
               ("lift 7H from 3", "Robbery: take a card out of a combination ('lift "
                "JK=7H from 3' for a joker)"),
               ("take into 6H 7H 8H", "Robbery: take the discard (here 7H) into a new "
                "combination"),
               ("take to 3", "Robbery: take the discard onto combination 3"),
               ("tap 2C", "Vienna: discard 2C and tap (five points or less left)"),
               ("tap", "Rummy with a tap: take the discard out of turn with two stock cards"),
               ("pass", "let the discard go")),
    )
    Options = RummyOptions
    Phase = Phase
    State = RummyState
    deck = DECK
    presets = {
        "robbery": {"robbery": True},
        "vienna": {"jokers": 2, "hand": 10, "flush": False, "tap_limit": 5, "limit": 101},
        "tap": {"tap_claims": True},
    }
    test_options = {"deals": 1, "hand": 8}
    # the web table: the combinations in the middle by number (actions name
    # them so), the discard pile, each player's opening and minus points
    web_layout = {
        "table": "meld",
        "show": {
            **WEB_SHOW, "discard": ["pile", "discards"], "melds": ["table_melds", "combinations"],
            "opened": {"role": "seat", "label": "opened", "words": MELDED},
            "totals": ["seat", "points"], "tapper": ["tag", "tapped"],
            "taken": ["cards", "taken from the pile"], "loose": ["cards", "to lay again"],
            "pending": ["cards", "to meld next"], "laid_now": ["info", "laid this turn (toward opening)"],
            "deal_no": {"role": "info", "label": "deal", "one_based": True},
        },
        "sheet": {"event": "deal_scored", "gained": "points", "total": "totals",
                  "hide": ["hands", "hand_points"]},
    }
    render_hints = {
        "hide": ["melds", "discard", "discarder", "stock", "hand_sizes", "hand_known",
                 "totals", "alive", "opened", "turn", "dealer", "deal_no", "results",
                 "laid_now", "loose", "pending", "tapper", "last_round", "passed",
                 "turn_start", "out_order", "must_draw", "laid", "no_draw", "rebuilds",
                 "table_at_rebuild",
                 "taken"],
        "not_cards_after": ["to", "in", "from"],
    }

    def __init__(self):
        super().__init__()
        a = RummyActions(DECK)
        a.cards()                                        # discards
        self.A_DRAW = a.verb("draw")
        self.A_TAKE = a.verb("take")
        self.A_UNDO = a.verb("undo")
        self.A_TAP = a.verb("tap")
        self.A_PASS = a.verb("pass")
        self.A_MELD = a.faces("meld", 3)
        self.A_TAKE_INTO = a.faces("take", 3, word="into")
        self.A_TAKE_TO = a.onto("take", MAX_MELDS, with_face=False)
        self.A_LAYOFF = a.onto("layoff", MAX_MELDS)
        self.A_SWAP = a.onto("swap", MAX_MELDS, word="in")
        self.A_LIFT = a.lift("lift", MAX_MELDS)
        self.A_CLOSE = a.card_block("close")
        self.A_TAP_OUT = a.card_block("tap")
        self.actions = a

    def num_players(self, s):
        return s.options.players

    # -- the match and its deals -------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.deal_no = 0
        s.alive = [True] * n
        s.totals = [0] * n
        s.results = []
        s.out_order = []
        s.reshuffles = 0
        self._deal(s)

    def _seats_from(self, s, first):
        n = s.options.players
        return [(first + k) % n for k in range(n) if s.alive[(first + k) % n]]

    def _left(self, s, p):
        n = s.options.players
        q = (p + 1) % n
        while not s.alive[q]:
            q = (q + 1) % n
        return q

    def _deal(self, s):
        o = s.options
        n = o.players
        pack = s.deal_pack(DECK, s.deal_no)
        s.box = BOX_JOKERS if o.jokers == 2 else 0
        s.stock = [c for c in reversed(pack) if not (s.box >> c) & 1]
        s.hands = [0] * n
        foreman = self._left(s, s.dealer)
        order = self._seats_from(s, foreman)
        for _ in range(o.hand):
            for p in order:
                s.hands[p] |= 1 << s.stock.pop()
        s.hands[foreman] |= 1 << s.stock.pop()
        for p in order:
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=s.hands[p].bit_count())
        s.discard = []
        s.discarder = None
        s.rebuilds = 0
        s.table_at_rebuild = 0
        s.table = []
        s.known = [0] * n
        s.public = 0
        s.opened = [False] * n
        s.laid = [False] * n
        s.tapper = None
        s.last_round = ()
        s.log("foreman", foreman, stock=len(s.stock))
        self._start_turn(s, foreman, no_draw=True)

    # -- turns -----------------------------------------------------------------------
    def _start_turn(self, s, p, no_draw=False):
        s.turn = p
        s.no_draw = no_draw
        s.tent = 0
        s.loose = 0
        s.pending = -1
        s.snap = None
        s.acted = False
        s.pile_blocked = False
        s.taken = -1
        s.passed = 0
        if no_draw:
            self._begin_meld(s)
            return
        if not drawable(s):
            self._stock_end(s, p)
            return
        s.phase = Phase.DRAW
        self._window(s)

    def _tappers(self, s):
        """Rummy with a tap: who may still tap the last discard (public facts only)."""
        if not s.options.tap_claims or s.discarder is None or s.phase is not Phase.DRAW:
            return ()
        if drawable(s) - 1 < 2:            # the discard itself leaves the pile
            return ()
        return tuple(q for q in self._seats_from(s, s.turn)
                     if q not in (s.turn, s.discarder) and not (s.passed >> q) & 1)

    def _window(self, s):
        s.to_act = (s.turn,) + self._tappers(s)

    def _begin_meld(self, s):
        s.phase = Phase.MELD
        if s.snap is None:
            s.snap = self._snapshot(s)
        s.to_act = (s.turn,)

    def _snapshot(self, s):
        p = s.turn
        return (s.phase, s.hands[p], tuple(s.table), s.opened[p], s.laid[p], s.known[p],
                tuple(s.discard), s.discarder, s.public)

    # -- drawing -------------------------------------------------------------------
    def _legal_draw(self, s, seat):
        if seat != s.turn:
            return [self.A_TAP, self.A_PASS]
        out = []
        out.append(self.A_DRAW)
        if s.discarder is not None and s.discard and not s.pile_blocked:
            if s.options.robbery:
                out += self._robbery_takes(s, seat)
            else:
                out.append(self.A_TAKE)
        return out

    def _robbery_takes(self, s, p):
        """Robbery: the discard into a new combination with hand cards, or onto one."""
        a = self.actions
        top = s.discard[-1]
        hand = s.hands[p]
        tf = RULES.face[top]
        left = hand.bit_count()
        out = []
        if left - 2 >= 1:
            for faces in RULES.starters(hand | (1 << top), JOKERS, sizes=(3,)):
                if tf in faces:
                    out.append(a.faces_id(self.A_TAKE_INTO, faces))
        if s.opened[p]:
            for _, no, mode in layoff_moves(RULES, s.table, 1 << top, JOKERS):
                out.append(a.onto_id(self.A_TAKE_TO, 0, no, mode))
        return out

    def _apply_draw(self, s, seat, action):
        if seat != s.turn:
            if action == self.A_PASS:
                s.passed |= 1 << seat
                s.log("pass", seat)
                self._window(s)
            else:
                self._tap_claim(s, seat)
            return
        if action == self.A_DRAW:
            self._draw(s, seat)
            return
        if action == self.A_TAKE:
            c = s.discard.pop()
            s.hands[seat] |= 1 << c
            s.known[seat] |= 1 << c
            s.taken = c
            s.log("take", seat, card=Card(c))
            s.discarder = None
            self._begin_meld(s)
            return
        # Robbery: into a combination at once; the turn can be taken back whole
        s.snap = self._snapshot(s)
        top = s.discard.pop()
        s.discarder = None
        kind, verb, parts = self.actions.decode(action)
        if kind == "faces":
            cards = cards_for_faces(RULES, parts[1], s.hands[seat] | (1 << top), 1 << top)
            meld = self._read_new(cards)
            self._put_meld(s, seat, meld, [c for c in cards if c != top])
            s.log("take", seat, card=Card(top), into=len(s.table))
        else:
            _, no, mode = parts
            s.table[no - 1] = RULES.extend(s.table[no - 1], top, mode, JOKERS)
            s.log("take", seat, card=Card(top), into=no)
        s.public |= 1 << top
        s.acted = True
        self._begin_meld(s)

    def _read_new(self, cards):
        """The combination of the cards of a laid face tuple, in its order."""
        return RULES.read(cards, JOKERS)

    def _draw(self, s, p):
        c = draw_cards(s, 1)[0]
        s.hands[p] |= 1 << c
        s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
        s.discarder = None
        self._begin_meld(s)

    def _tap_claim(self, s, p):
        """Rummy with a tap: the discard and two stock cards, no discard."""
        c = s.discard.pop()
        s.hands[p] |= 1 << c
        s.known[p] |= 1 << c
        extra = draw_cards(s, 2)
        for d in extra:
            s.hands[p] |= 1 << d
        s.log("tap", p, card=Card(c), audience=(p,), private={"cards": CardSet(mask_of(extra))},
              count=len(extra), stock=len(s.stock))
        s.discarder = None
        s.passed = 0
        if not drawable(s):
            self._stock_end(s, s.turn)
            return
        self._window(s)

    def _stock_end(self, s, p):
        """Nothing left to draw for ``p``: the deal ends without a closer
        (taking discards alone could go round for ever)."""
        s.log("stock_end", p, why=stock_end_reason(s))
        self._end_deal(s, None)

    # -- melding ---------------------------------------------------------------------
    def _pool(self, s, p):
        return s.hands[p] | s.loose

    def _hand_used(self, s, cards):
        return sum(1 for c in cards if not (s.loose >> c) & 1)

    def _broken(self, s):
        return bool(broken_melds(RULES, s.table))

    def _tent_points(self, s):
        """What the turn's lay-out is worth so far (counted before the first lay-out)."""
        if not s.tent:
            return 0
        total = 0
        for m in s.table:
            if m is not None and m.mask & s.tent:
                total += meld_points(m)
        return total

    def _may_end_turn(self, s, p):
        """Whether the turn may end now: nothing lifted lying loose, no joker
        waiting, every combination whole, a first lay-out complete."""
        if s.loose or s.pending >= 0 or self._broken(s):
            return False
        return s.opened[p] or not s.tent

    def _legal_meld(self, s, seat):
        a = self.actions
        hand = s.hands[seat]
        left = hand.bit_count()
        pool = self._pool(s, seat)
        out = []
        if s.pending >= 0:
            for faces in RULES.starters(hand, JOKERS, sizes=(3,)):
                if JOKER_FACE in faces and left - 3 >= 1:
                    out.append(a.faces_id(self.A_MELD, faces))
            out.append(self.A_UNDO)
            return out
        if self._may_end_turn(s, seat):
            # one copy per face (a known one first): 'QS' always names the same card;
            # not the discard just taken
            faces = [c for c in one_per_face(RULES, hand & ~(1 << s.taken if s.taken >= 0 else 0),
                                             s.known[seat])]
            out += faces
            o = s.options
            if o.flush and not s.laid[seat] and not s.tent:
                out += [self.A_CLOSE + c for c in self._flush_discards(hand, o.hand)
                        if c in faces]
            if o.tap_limit and s.tapper is None:
                out += [self.A_TAP_OUT + c for c in faces
                        if 0 < hand_points(hand & ~(1 << c)) <= o.tap_limit]
        for faces in RULES.starters(pool, JOKERS, sizes=(3,)):
            cards = cards_for_faces(RULES, faces, pool, s.loose)
            if left - self._hand_used(s, cards) >= 1:
                out.append(a.faces_id(self.A_MELD, faces))
        if s.opened[seat]:
            targets = None
        else:
            targets = {no for no, m in enumerate(s.table, 1)
                       if m is not None and m.mask & s.tent}
        if targets is None or targets:
            broken = broken_melds(RULES, s.table)
            moves = layoff_moves(RULES, s.table, pool, JOKERS, targets)
            if broken:
                moves += [mv for mv in layoff_moves(RULES, s.table, pool, JOKERS, broken,
                                                    check=False) if mv not in moves]
            for f, no, mode in moves:
                card = cards_for_faces(RULES, (f,), pool, s.loose)[0]
                if (s.loose >> card) & 1 or left > 1:
                    out.append(a.onto_id(self.A_LAYOFF, f, no, mode))
        if s.opened[seat]:
            out += self._swaps(s, seat)
            if s.options.robbery:
                out += lift_moves(RULES, a, self.A_LIFT, s.table, MAX_MELDS)
        if s.acted:
            out.append(self.A_UNDO)
        return out

    def _flush_discards(self, hand, size):
        """Cards whose discard leaves ``size`` cards of one suit (jokers at most half)."""
        if hand.bit_count() != size + 1:
            return []
        out = []
        for c in ids(hand):
            rest = hand & ~(1 << c)
            jok = (rest & JOKERS).bit_count()
            if 2 * jok > size:
                continue
            nat = rest & ~JOKERS
            if any(nat & ~DECK.suit_mask[su] == 0 for su in range(4)):
                out.append(c)
        return out

    def _swaps(self, s, p):
        """Joker exchanges whose freed joker can go straight into a new combination."""
        a = self.actions
        hand = s.hands[p]
        out = []
        for no, meld in enumerate(s.table, 1):
            if meld is None or not meld.mask & JOKERS or not RULES.valid(meld):
                continue
            tried = set()
            for c in ids(hand & ~JOKERS):
                f = RULES.face[c]
                if f in tried:
                    continue
                tried.add(f)
                got = RULES.exchange(meld, c, JOKERS)
                if got is None:
                    continue
                after = (hand & ~(1 << c)) | (1 << got[1])
                if after.bit_count() - 3 < 1:
                    continue
                if any(JOKER_FACE in faces for faces in RULES.starters(after, JOKERS, sizes=(3,))):
                    out.append(a.onto_id(self.A_SWAP, f, no))
        return out

    def _apply_meld(self, s, seat, action):
        if action < DECK.size:
            self._discard(s, seat, action)
            return
        if action == self.A_UNDO:
            self._undo(s, seat)
            return
        if self.A_CLOSE <= action < self.A_CLOSE + DECK.size:
            self._close_from_hand(s, seat, action - self.A_CLOSE)
            return
        if self.A_TAP_OUT <= action < self.A_TAP_OUT + DECK.size:
            self._tap_out(s, seat, action - self.A_TAP_OUT)
            return
        kind, verb, parts = self.actions.decode(action)
        pool = self._pool(s, seat)
        s.acted = True
        if verb == "meld":
            first = ((1 << s.pending) if s.pending >= 0 else s.loose) | s.known[seat]
            cards = cards_for_faces(RULES, parts[1], pool, first)
            meld = self._read_new(cards)
            self._put_meld(s, seat, meld, cards)
            s.log("meld", seat, cards=[Card(c) for c in meld.cards], no=len(s.table))
            s.pending = -1
        elif verb == "layoff":
            face, no, mode = parts
            card = cards_for_faces(RULES, (face,), pool, s.loose | s.known[seat])[0]
            target = s.table[no - 1]
            new = RULES.extend(target, card, mode, JOKERS, check=False)
            s.table[no - 1] = new
            self._from_pool(s, seat, card)
            if not s.opened[seat]:
                s.tent |= 1 << card
            s.log("layoff", seat, card=Card(card), no=no, owner=target.owner)
        elif verb == "swap":
            face, no, _ = parts
            card = cards_for_faces(RULES, (face,), s.hands[seat], s.known[seat])[0]
            new, joker = RULES.exchange(s.table[no - 1], card, JOKERS)
            s.table[no - 1] = new
            s.hands[seat] = (s.hands[seat] & ~(1 << card)) | (1 << joker)
            s.known[seat] = (s.known[seat] & ~(1 << card)) | (1 << joker)
            s.public |= 1 << card
            s.pending = joker
            s.log("swap", seat, card=Card(card), joker=Card(joker), no=no)
        else:                                                # lift (Robbery)
            face, place, no = parts
            card = apply_lift(RULES, s.table, face, place, no)
            s.loose |= 1 << card
            s.log("lift", seat, card=Card(card), no=no)
        self._check_opening(s, seat)
        s.to_act = (seat,)

    def _from_pool(self, s, p, card):
        if (s.loose >> card) & 1:
            s.loose &= ~(1 << card)
        else:
            s.hands[p] &= ~(1 << card)
            s.known[p] &= ~(1 << card)
            s.public |= 1 << card

    def _put_meld(self, s, p, meld, cards):
        meld.owner = p
        for c in cards:
            self._from_pool(s, p, c)
        put_meld(s.table, meld)
        s.laid[p] = True
        if not s.opened[p]:
            s.tent |= meld.mask

    def _check_opening(self, s, p):
        if not s.opened[p] and s.tent and self._tent_points(s) >= s.options.opening:
            s.opened[p] = True
            s.log("laid_out", p, points=self._tent_points(s))

    def _undo(self, s, p):
        (phase, hand, table, opened, laid, known, discard, discarder, public) = s.snap
        back = hand & ~s.hands[p]
        s.hands[p] = hand
        s.table = list(table)
        s.opened[p] = opened
        s.laid[p] = laid
        s.known[p] = known | back
        s.tent = 0
        s.loose = 0
        s.pending = -1
        s.acted = False
        s.public = public | back
        s.log("undo", p, back=CardSet(back))
        if phase is Phase.DRAW:
            # a Robbery take of the discard taken back: the card returns, the stock is left
            s.discard = list(discard)
            s.discarder = discarder
            s.pile_blocked = True
            s.snap = None
            s.phase = Phase.DRAW
            s.passed = (1 << s.options.players) - 1     # the tap moment is over
            self._window(s)
            return
        s.to_act = (p,)

    def _compact(self, s):
        s.table = [m for m in s.table if m is not None]

    def _discard(self, s, p, card):
        s.hands[p] &= ~(1 << card)
        s.known[p] &= ~(1 << card)
        s.discard.append(card)
        s.public |= 1 << card
        self._compact(s)
        s.log("discard", p, card=Card(card))
        if not s.hands[p]:
            self._end_deal(s, p)
            return
        self._next_turn(s, p)

    def _next_turn(self, s, p):
        if s.last_round:
            if s.last_round[0] == p:
                s.last_round = s.last_round[1:]
            if not s.last_round:
                self._end_deal(s, s.tapper)
                return
        s.discarder = p
        self._start_turn(s, self._left(s, p))

    def _close_from_hand(self, s, p, card):
        """Closing from the hand: the rest of the hand as one suit, ``card`` discarded."""
        rest = s.hands[p] & ~(1 << card)
        s.hands[p] = 0
        s.known[p] = 0
        s.discard.append(card)
        s.public |= rest | (1 << card)
        s.log("close_from_hand", p, flush=CardSet(rest), card=Card(card))
        self._end_deal(s, p, from_hand=True)

    def _tap_out(self, s, p, card):
        """Vienna: the discard and the tap; every other player has one last turn."""
        s.hands[p] &= ~(1 << card)
        s.known[p] &= ~(1 << card)
        s.discard.append(card)
        s.public |= 1 << card
        self._compact(s)
        s.tapper = p
        s.last_round = tuple(q for q in self._seats_from(s, self._left(s, p)) if q != p)
        s.log("tap_out", p, card=Card(card), left=s.hands[p].bit_count())
        if not s.last_round:
            self._end_deal(s, p)
            return
        s.discarder = p
        self._start_turn(s, s.last_round[0])

    # -- the end of a deal and of the match -------------------------------------------
    def _end_deal(self, s, closer, from_hand=False):
        n = s.options.players
        if closer is None:
            points = [0] * n
        else:
            hands = list(s.hands)
            if s.tapper is not None and s.tapper == closer:
                hands[closer] = 0
            points = score_deal(hands, closer, from_hand, alive=s.alive)
        for p in range(n):
            s.totals[p] += points[p]
        s.results.append(tuple(points))
        s.log("deal_scored", None, closer=closer, from_hand=from_hand, tapper=s.tapper,
              points=points, totals=list(s.totals), hands=[CardSet(h) for h in s.hands],
              hand_points=[hand_points(h) for h in s.hands])
        s.deal_no += 1
        o = s.options
        if o.deals:
            if s.deal_no >= o.deals:
                self._finish_ranked(s, f"{o.deals} deal{'' if o.deals == 1 else 's'} played")
                return
        else:
            gone = [p for p in range(n) if s.alive[p] and s.totals[p] < -o.limit]
            for p in gone:
                s.alive[p] = False
            if gone:
                s.out_order.append(gone)
                s.log("out", None, seats=gone)
            if sum(s.alive) <= 1:
                self._finish_elimination(s)
                return
        s.dealer = self._left(s, s.dealer)
        self._deal(s)

    def _finish_ranked(self, s, why):
        n = s.options.players
        best = max(s.totals)
        winners = tuple(p for p in range(n) if s.totals[p] == best)
        order = sorted(range(n), key=lambda p: -s.totals[p])
        ranking = [0] * n
        for p in range(n):
            ranking[p] = 1 + sum(1 for q in range(n) if s.totals[q] > s.totals[p])
        self.finish(s, Outcome(tuple(s.totals), winners,
                               f"{why}: " + ", ".join(f"seat {p} {s.totals[p]}" for p in order),
                               ranking=tuple(ranking),
                               details={"deals": [list(r) for r in s.results],
                                        "tenths": [t / 10 for t in s.totals]}))

    def _finish_elimination(self, s):
        n = s.options.players
        left = [p for p in range(n) if s.alive[p]]
        ranking = [0] * n
        place = 1
        if left:
            ranking[left[0]] = 1
            place = 2
        for group in reversed(s.out_order):
            for p in group:
                ranking[p] = place
            place += len(group)
        why = (f"seat {left[0]} is the last player in" if left else "everyone is out")
        self.finish(s, Outcome(tuple(s.totals), tuple(left), why, ranking=tuple(ranking),
                               details={"deals": [list(r) for r in s.results],
                                        "out": [list(g) for g in s.out_order]}))

    # -- text ----------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        if not 0 <= action < a.size:
            return super().why_illegal(s, seat, action)
        text = a.text(action)
        if seat != s.turn:
            return "it is not your turn" + (": you may tap the discard or pass"
                                            if s.phase is Phase.DRAW and seat in s.to_act else "")
        if s.phase is Phase.DRAW:
            if action == self.A_TAKE or (a.decode(action) or ("", ""))[1] == "take":
                if s.pile_blocked:
                    return "you took the discard back: draw from the stock"
                if s.discarder is None:
                    return "only the previous player's discard can be taken"
                if s.options.robbery:
                    return ("in Robbery the discard is taken only into a combination at "
                            "once ('take into ...' or 'take to N' after your first lay-out)")
            return "draw first ('draw' or 'take')"
        p = seat
        if s.pending >= 0:
            return ("meld the exchanged joker first: a new combination with it ('meld ...'), "
                    "or 'undo'")
        if action < DECK.size or self.A_CLOSE <= action < self.A_TAP_OUT + DECK.size:
            if s.loose:
                return "lay the lifted cards again first: " + DECK.texts(s.loose)
            if self._broken(s):
                return ("every combination must be whole before you discard (none of one or "
                        "two cards)")
            if not s.opened[p] and s.tent:
                return (f"your first lay-out is worth {self._tent_points(s)}; it needs "
                        f"{s.options.opening}: lay more or 'undo'")
            c = action % DECK.size if action >= self.A_CLOSE else action
            if not (s.hands[p] >> c) & 1:
                return f"{DECK.text(c)} is not in your hand"
            if c == s.taken:
                return "the discard you took cannot go back on the pile this turn"
            if self.A_CLOSE <= action < self.A_CLOSE + DECK.size:
                if not s.options.flush:
                    return "closing from the hand is not played here"
                if s.laid[p]:
                    return "closing from the hand needs a hand with nothing laid out this deal"
                return (f"closing from the hand lays {s.options.hand} cards of one suit "
                        f"and discards the last card")
            if self.A_TAP_OUT <= action:
                if not s.options.tap_limit:
                    return "tapping is played in Vienna only"
                if s.tapper is not None:
                    return "someone has tapped already: this is the last round"
                return (f"you may tap only when the cards left after the discard are worth "
                        f"at most {s.options.tap_limit}")
        d = a.decode(action)
        if d is not None:
            verb = d[1]
            if verb in ("layoff", "swap", "lift") and not s.opened[p]:
                if verb == "layoff" and s.tent:
                    return ("before your first lay-out is complete you may add only to the "
                            "combinations you laid this turn")
                return (f"after your first lay-out (worth {s.options.opening}) only; lay "
                        f"out new combinations first")
            if verb == "lift" and not s.options.robbery:
                return "lifting cards out of combinations is played in Robbery only"
            if verb == "meld":
                return (f"{text}: not a combination you can lay (three cards of a rank in "
                        f"different suits, or a run of a suit low to high; jokers at most "
                        f"half; keep a card for the discard)")
            if verb == "layoff":
                return f"{text}: that card does not fit combination {d[2][1]} there"
            if verb == "swap":
                return (f"{text}: no joker stands for that card there, or the joker could "
                        f"not go into a new combination at once")
        if action == self.A_UNDO:
            return "nothing laid this turn to take back"
        return f"{text} is not allowed now"

    # -- views -----------------------------------------------------------------------
    def _view(self, s, seat, v):
        n = s.options.players
        view_hands(s, seat, v)
        v["discard"] = [Card(c) for c in s.discard]
        v["discarder"] = s.discarder
        v["melds"] = meld_records(RULES, s.table)
        v["opened"] = list(s.opened)
        v["alive"] = list(s.alive)
        v["turn"] = s.turn
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["totals"] = list(s.totals)
        v["results"] = [list(r) for r in s.results]
        v["rebuilds"] = s.rebuilds
        v["table_at_rebuild"] = s.table_at_rebuild
        v["out_order"] = [list(g) for g in s.out_order]
        v["laid_now"] = self._tent_points(s) if not s.opened[s.turn] else None
        v["loose"] = CardSet(s.loose)
        v["pending"] = Card(s.pending) if s.pending >= 0 else None
        v["tapper"] = s.tapper
        v["last_round"] = list(s.last_round)
        v["passed"] = [p for p in range(n) if (s.passed >> p) & 1]
        v["must_draw"] = s.pile_blocked
        v["taken"] = Card(s.taken) if s.taken >= 0 else None
        v["turn_start"] = None
        if s.phase is Phase.MELD and s.acted:
            ph, _, table, opened, laid, _, discard, discarder, _ = s.snap
            v["turn_start"] = {"changed": table_changes(RULES, table, s.table), "opened": opened,
                               "laid": laid, "before_take": ph is Phase.DRAW,
                               "discard": [Card(c) for c in discard], "discarder": discarder}
        v["laid"] = list(s.laid)
        v["no_draw"] = s.no_draw

    def zones(self, s):
        return hand_zones({"stock": mask_of(s.stock), "discard": mask_of(s.discard),
                           "loose": s.loose, "table": table_mask(s.table), "box": s.box},
                          s.hands)

    def unknown_cards(self, s, seat):
        return unknown_in_stock_and_hands(s, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        o = view["options"]
        n = o.players
        own = int(view["hand"]) if seat is not None else 0
        s.table = melds_from_records(RULES, view["melds"])
        s.discard = [int(c) for c in view["discard"]]
        s.loose = int(view["loose"])
        s.box = BOX_JOKERS if o.jokers == 2 else 0
        known = [int(k) for k in view["hand_known"]]
        table_cards = mask_of(c for m in s.table if m for c in m.cards)
        seen = own | mask_of(s.discard) | table_cards | s.loose | s.box
        for k in known:
            seen |= k
        s.hands, s.stock, _ = sample_unseen(DECK.all_mask, seen, view, rng, known)
        s.known = known
        s.public = seen
        s.reshuffles = 0
        s.rebuilds = view["rebuilds"]
        s.table_at_rebuild = view["table_at_rebuild"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.alive = list(view["alive"])
        s.totals = list(view["totals"])
        s.results = [tuple(r) for r in view["results"]]
        s.out_order = [list(g) for g in view["out_order"]]
        s.opened = list(view["opened"])
        s.laid = list(view["laid"])
        s.turn = view["turn"]
        s.no_draw = view["no_draw"]
        s.discarder = view["discarder"]
        s.pending = int(view["pending"]) if view["pending"] is not None else -1
        s.tapper = view["tapper"]
        s.last_round = tuple(view["last_round"])
        s.passed = mask_of(view["passed"])
        s.pile_blocked = view["must_draw"]
        s.taken = -1 if view["taken"] is None else int(view["taken"])
        start = view["turn_start"]
        s.acted = start is not None
        s.tent = 0
        s.snap = None
        p = s.turn
        if start is not None:
            before = table_before(RULES, s.table, start["changed"])
            before_cards = mask_of(c for m in before if m for c in m.cards)
            sdiscard = [int(c) for c in start["discard"]]
            taken = mask_of(sdiscard) & ~mask_of(s.discard)
            hand_before = (s.hands[p] | table_cards | s.loose) & ~before_cards & ~taken
            if s.pending >= 0:
                hand_before &= ~(1 << s.pending)
            phase = Phase.DRAW if start["before_take"] else Phase.MELD
            s.snap = (phase, hand_before, tuple(before), start["opened"], start["laid"],
                      s.known[p] & hand_before, tuple(sdiscard), start["discarder"], s.public)
            if not start["opened"]:
                s.tent = table_cards & ~before_cards
        elif s.phase is Phase.MELD:
            s.snap = self._snapshot(s)
        return s

    # -- terminal --------------------------------------------------------------------
    def render_board(self, view):
        n = view["players"]
        me = view["seat"]
        o = view["options"]
        if o.deals:
            head = f"Deal {min(view['deal_no'] + 1, o.deals)} of {o.deals}   ("
        else:
            head = f"Deal {view['deal_no'] + 1}   (out past {o.limit} minus points; "
        lines = [f"{head}first lay-out {o.opening})   "
                 f"dealer: {_name(view['dealer'], me)}"]
        lines.append("Totals: " + ", ".join(
            f"{_name(p, me)} {view['totals'][p]}" + ("" if view["alive"][p] else " (out)")
            for p in range(n)))
        lines.append("")

        def header(p):
            if not view["alive"][p]:
                return None
            state = "laid out" if view["opened"][p] else "not laid out"
            known = view["hand_known"][p]
            extra = f"; known in hand: {_cards(known)}" if known and p != me else ""
            return f"{_name(p, me)}: {count_cards(view['hand_sizes'][p])}, {state}{extra}"
        lines += table_lines(RULES, view, me, header)
        lines.append("")
        lines.append(discard_line(DECK, view["discard"], view["discarder"], view["stock"], me)
                     + rebuilt_note(view))
        if view["laid_now"]:
            lines.append(f"This turn's first lay-out: {view['laid_now']} of {o.opening}")
        if view["loose"]:
            lines.append(f"Lifted, to lay again this turn: {_cards(view['loose'])}")
        if view["pending"] is not None:
            lines.append(f"Exchanged joker to meld now: {_cards([view['pending']])}")
        if view["tapper"] is not None:
            left = ", ".join(_name(q, me) for q in view["last_round"])
            lines.append(f"{_name(view['tapper'], me)} tapped: last round ({left} to play)")
        if view["must_draw"]:
            lines.append("The discard was taken back: draw from the stock")
        lines.append(f"Turn: {_name(view['turn'], me)}")
        return "\n".join(lines)

    def describe_event(self, e):
        k = e.get("kind")
        line = describe_meld_event(DECK, e)
        if line is not NotImplemented:
            return line
        if k == "deal_scored":
            c = e.get("closer")
            if c is None:
                return "Nobody scores this deal"
            how = " from the hand (double minus)" if e.get("from_hand") else ""
            if e.get("tapper") is not None and e.get("tapper") == c:
                how = " by tapping"
            return (f"seat {c} goes out{how}: "
                    + deal_points_text(DECK, e["hands"], e["points"], e["totals"]))
        if k == "stock_end":
            return f"The deal ends: {stock_end_text(e['why'])}"
        if k == "foreman":
            return f"seat {e['seat']} is the foreman: one card more, and he begins without drawing"
        if k == "take":
            into = e.get("into")
            where = f" into meld {into}" if into else ""
            return f"seat {e['seat']} takes {pretty(DECK.text(int(e['card'])))}{where}"
        if k == "tap":
            got = e.get("cards")
            shown = "" if got is None else f": {_cards(ids(int(got)))}"
            return (f"seat {e['seat']} taps: takes {pretty(DECK.text(int(e['card'])))} out of "
                    f"turn with {e['count']} from the stock{shown} ({e['stock']} left), "
                    "no discard")
        if k == "pass":
            return f"seat {e['seat']} does not tap"
        if k == "tap_out":
            return (f"seat {e['seat']} discards {pretty(DECK.text(int(e['card'])))} and taps "
                    f"the table with {count_cards(e['left'])} left: everyone else has one "
                    "last turn")
        if k == "close_from_hand":
            return (f"seat {e['seat']} closes from the hand: {_cards(ids(int(e['flush'])))} "
                    f"laid as one suit, {pretty(DECK.text(int(e['card'])))} discarded")
        if k == "laid_out":
            return f"seat {e['seat']} has laid out ({e['points']} points)"
        if k == "out":
            return "out of the game: " + ", ".join(f"seat {p}" for p in e["seats"])
        return NotImplemented


_name = seat_label


def _cards(cards):
    return cards_in_order(DECK, cards)
