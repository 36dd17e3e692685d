"""Canasta as the 2 x 54 card set's rule sheet plays it, for 2 to 6 players.

Rule source: seed 002, "CANASTA" (line 9): Number of players, Card values,
Game preparation, Beginning of the game, Taking a card from the discard
pile, Red three, Lay out limit, Lay out, End of Turn, Blocking, Start-up,
Game Closure, Game rating, End of game, 2 player version.

Sides: with 4 players seats 0 and 2 play against 1 and 3; with 6 players
three sides of two sit opposite each other (seats p and p + 3); with 2, 3
or 5 players everyone plays alone.

How actions are written (``pelit rules canasta-2x54``): melds name ranks.
A group is laid with three cards (``meld 8 8 8``, ``meld 8 8 2``,
``meld 8 8 jk``; wild groups ``meld 2 2 2``, ``meld 2 2 jk`` (deuces),
``meld jk jk jk``, ``meld 2 jk jk`` (jokers); black threes ``meld 3 3 3``
when closing) and grown one card at a time (``add 8 to 8s``,
``add jk to 8s``, ``add 2 to jks``).  The pile is taken with
``take pile with 8 8``; the game is closed with ``close QS``.

Decisions where the sheet is silent (each pinned by a test in
tests/games/test_canasta_2x54.py):

- Players: five players play alone, like two and three.
- Game preparation: the first dealer is seat 0 and the deal passes left.
  The cutter (right of the dealer) sees the bottom three cards of the top
  packet, which end up at the bottom of the stock; the jokers, deuces and
  red threes among them are always kept (keeping them can only help) and
  everyone saw them; the other cards stay at the bottom of the stock, known
  to be there.  The cutter is dealt that many cards fewer.  Cards are
  dealt one at a time starting left of the dealer.  Red threes (dealt or
  kept) are laid and replaced at once, seat by seat from the dealer.
- Beginning of the game: the dealer plays first and play goes to the left.
  The dealer's first card may be kept (``keep``) or put face up as the
  first card of the discard pile (``replace``), and another is drawn.
- Lay out: a group is three or more cards of one rank with more cards of
  that rank than wild cards.  Deuces and jokers form groups of their own:
  a group of deuces (jokers may substitute while deuces are more) and a
  group of jokers (deuces may substitute while jokers are more).  A side
  has one group per rank; later cards of the rank are added to it, even
  beyond seven.  Canasta kinds: seven or more in a joker group (four
  jokers and three deuces, the only way in this pack) is the wild joker
  canasta; seven or more in a deuce group is the wild deuce canasta;
  otherwise pure without wild cards, dirty with them.
- Taking the pile: the pair must be natural cards of the top card's rank
  (a wild card or black three on top cannot be taken); the three go onto
  the side's group of that rank when there is one.
- Lay out limit: the side's first lay-out of a deal may be spread over the
  turn's melds; it is made the moment the turn's melds reach the limit
  (card points of hand cards and the top card of the pile, plus the bonus
  of any canasta among them).  Until then it is tentative: no discard, and
  ``take back`` returns it (after a pile opening the pile comes back and the
  player draws from the stock).  The limit follows the side's total before
  the deal.
- Dealing 15: when any side's total is 5000 or more, or with two players.
- Blocking: a deuce or joker on the pile blocks taking it and closing for
  the next full round, i.e. the next turn of every player (the discarder's
  own included).  Start-up: the first three rounds are the first three
  turns of every player.
- Game closure: a player may never meld the last card; every turn ends with
  a discard, and the discard of the last card is the closure, face down
  (``close QS``), allowed only with the side's canasta (two with the
  two-player draw-two rule) and without a block.  Black threes (with wild
  cards as in any group) may be laid only in the closing turn: a group of
  black threes may leave only black threes and one more card in the hand.
- Game rating: card points of groups that are not canastas count for the
  side (all its laid-out cards count against it when it has no canasta);
  red threes by the table (the 5 and 6 rows cannot happen with four red
  threes in the pack; they are kept for the table); cards in hands count
  against; the closing card counts nothing.  "Hand closing" (100) is the
  side's first lay-out made in the turn it closes.
- Stock exhaustion (not on the sheet): a player who must draw from an empty
  stock ends the deal, scored without a closure; the pile may still be
  taken.  A red three that finds the stock empty is laid unreplaced.
- End of game: after a deal that brings a side to 10 000, the highest
  total wins; equal highest totals play another deal.  Option ``deals``
  plays a fixed number of deals instead.
- 2 player version: ``draw_two`` (off by default, two players only) lets a
  player ``draw two`` at the start of the turn; closing then needs two
  canastas.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import Card, CardSet, ids, mask_of, standard_deck
from ..cards.meld_game import TEAM_LISTS
from ..cards.meld_layout import LayoutGame, LayoutMeldState
from ..cards.meld_screen import cards_line, deal_scored_line, goal_text, meld_line, pile_line, side_title
from ..cards.melds import NATURAL_RANKS, MeldTables, popcount, take_lowest
from ..cards.melds_extra import RANK_OF_WORD, RANK_WORD
from ..core.actions import ActionSpace
from ..core.errors import OptionError
from ..core.game import GameInfo, option
from ..core.registry import register

DECK = standard_deck("2x54")
POINTS = {2: 20, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, 10: 10, 11: 10, 12: 10, 13: 10,
          14: 20, 15: 50}
T = MeldTables(DECK, POINTS, red_three=0, black_three=5)
BLACK3, DEUCE, JOKER = 3, 2, 15
KEYS = NATURAL_RANKS + (BLACK3, DEUCE, JOKER)
CANASTA = 7
# Lay out limit: (lowest score, limit)
LIMITS = ((-10**9, 15), (0, 50), (1500, 90), (2500, 120), (5000, 150))
BIG_DEAL_FROM = 5000
KIND_BONUS = {"wild joker": 2000, "wild deuce": 1000, "pure": 600, "dirty": 300}
RED3_TABLE = {0: 0, 1: 100, 2: 200, 3: 300, 4: 800, 5: 1000, 6: 1200}
CLOSURE, HAND_CLOSING = 300, 100
OWN = {k: T.rank[k] for k in NATURAL_RANKS}
OWN[BLACK3] = T.black3
OWN[DEUCE] = T.twos
OWN[JOKER] = T.jokers
SUB = {k: T.wild & ~OWN[k] for k in KEYS}
CUT_KEEP = T.wild | T.red3


def _key_word(k):
    return RANK_WORD[k] + "s"


def group_ok(mask: int, key: int) -> bool:
    """Lay out: three or more cards, more of the group's rank than substitutes."""
    own = popcount(mask & OWN[key])
    return own + popcount(mask & SUB[key]) >= 3 and own > popcount(mask & SUB[key])


def new_group_cards(hand: int, key: int, form: int) -> int:
    """The hand cards (lowest ids) a new group of ``key`` in ``form`` takes:
    form 0 three of the group's own rank, 1 a deuce, 2 a joker with two of
    them (the wild groups: ``meld_table``'s forms).  Fewer than three when
    the hand lacks them."""
    twos, jokers = hand & T.twos, hand & T.jokers
    if key == DEUCE:
        return take_lowest(twos, 3) if form == 0 else take_lowest(twos, 2) | take_lowest(jokers, 1)
    if key == JOKER:
        return take_lowest(jokers, 3) if form == 0 else take_lowest(jokers, 2) | take_lowest(twos, 1)
    if form == 0:
        return take_lowest(hand & OWN[key], 3)
    return take_lowest(hand & OWN[key], 2) | take_lowest(twos if form == 1 else jokers, 1)


def added_card(hand: int, key: int, form: int) -> int:
    """The hand card (lowest id) an ``add`` of ``form`` puts on the group of
    ``key``: 0 its own rank, 1 a deuce, 2 a joker; 0 when the hand has none."""
    pool = OWN[key] if form == 0 else (T.twos if form == 1 else T.jokers)
    return take_lowest(hand & pool, 1)


def canasta_kind(mask: int, key: int) -> str | None:
    """The kind of a canasta (Game rating), None below seven cards."""
    if popcount(mask) < CANASTA:
        return None
    if key == JOKER:
        return "wild joker"
    if key == DEUCE:
        return "wild deuce"
    return "dirty" if mask & SUB[key] else "pure"


def red_three_points(count: int) -> int:
    return RED3_TABLE.get(count, 200 * count)


def score_deal(melds, red3_counts, hands, closer, hand_closing) -> list[dict]:
    """Scoring lines of one deal per side (Game rating).

    ``melds[i]`` maps a group key to its mask, ``hands[i]`` is the mask of
    cards in the side's hands, ``closer`` the side that closed (or None)."""
    lines = []
    for i in range(len(melds)):
        bonus = 0
        loose = 0
        canastas = 0
        for key, m in melds[i].items():
            if not m:
                continue
            kind = canasta_kind(m, key)
            if kind:
                canastas += 1
                bonus += KIND_BONUS[kind]
            else:
                loose += T.value(m)
        every = sum(T.value(m) for m in melds[i].values() if m)
        line = {
            "canastas": bonus,
            "laid out cards": loose if canastas else -every,
            "red threes": red_three_points(red3_counts[i]) * (1 if canastas else -1),
            "game closure": CLOSURE if closer == i else 0,
            "hand closing": HAND_CLOSING if closer == i and hand_closing else 0,
            "cards in hand": -T.value(hands[i]),
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


class Phase(enum.Enum):
    DRAW = 1        # draw (two), take the pile
    FIRST = 2       # the dealer's first card: keep or replace
    OPENING = 3     # a pile opening short of the limit
    MELD = 4        # lay out, add, discard or close


@dataclass(frozen=True)
class Canasta2x54Options:
    players: int = option(4, "number of players (4 and 6 play in sides of two)", min=2, max=6)
    target: int = option(10000, "the score that wins the match", min=100, max=100000)
    deals: int = option(0, "play this many deals instead of to the target (0: to the target)",
                        min=0, max=100)
    draw_two: bool = option(False, "two players: a turn may begin by drawing two cards; "
                                   "closing then needs two canastas")


class Canasta2x54State(LayoutMeldState):
    __slots__ = ("n", "sides", "opened_now", "turn_no", "wild_block", "black_block", "drew")

    def _copy_into(self, new):
        LayoutMeldState._copy_into(self, new)
        new.n = self.n
        new.sides = self.sides
        new.opened_now = self.opened_now
        new.turn_no = self.turn_no
        new.wild_block = self.wild_block
        new.black_block = self.black_block
        new.drew = self.drew


def side_count(n: int) -> int:
    return {4: 2, 6: 3}.get(n, n)


def deal_size(players: int, totals) -> int:
    """Cards per player (Game preparation, 2 player version): 13, or 15 with
    two players or once a side plays to the 150 limit."""
    return 15 if players == 2 or max(totals) >= BIG_DEAL_FROM else 13


@register
class Canasta2x54(LayoutGame):
    info = GameInfo(
        id="canasta-2x54", name="Canasta 2x54", min_seats=2, max_seats=6,
        family="rummy", source="002 Canasta (line 9)", hidden=True, chance=True, teams=True,
        aliases=("canasta-sheet",), zero_sum=False,
        summary=(
            "Two packs with four jokers for 2 to 6 players; with 4 or 6 players partners "
            "sit opposite and play as a side. The cutter may keep the jokers, deuces and "
            "red threes among the three cards seen at the cut. Everyone gets 13 cards (15 "
            "with two players, or once a side has 5000). The dealer starts and may swap "
            "the first card drawn for the next one. On your turn take the top card of the "
            "stock, or the whole discard pile by laying its top card out at once with a "
            "natural pair from your hand. Lay out groups of three or more of a rank, with "
            "more cards of the rank than deuces and jokers; deuces and jokers also form "
            "groups of their own. Your side's first lay-out of a deal must reach a limit "
            "set by its score (15 below zero, then 50, 90, 120, 150); a canasta made in "
            "it counts its bonus. Red threes are laid and replaced. A black three on the "
            "pile stops the next player from taking it or closing; a deuce or joker stops "
            "everyone for a round; nobody may do so in the first three rounds. End your "
            "turn with a discard; with a canasta on your side you may close the game by "
            "laying out all but one card and putting that one face down. Black threes "
            "are laid out only when closing. Canastas: wild joker (4 jokers and 3 deuces) "
            "2000, wild deuce 1000, pure 600, dirty 300; cards in other groups count, "
            "all against a side without a canasta; red threes 100 each, 800 for four; "
            "closing 300, opening and closing in one turn 100 more; cards in hand count "
            "against. First to 10 000 wins."),
        verbs=(
            ("draw", "take the top card of the stock"),
            ("draw two", "two players with the draw-two rule: take two cards"),
            ("keep", "the dealer keeps the first card drawn"),
            ("replace", "the dealer puts the first card on the pile and draws another"),
            ("take pile with 8 8", "take the pile, laying its top card out with a pair"),
            ("meld 8 8 8", "lay out a group (8 8 2, 8 8 jk, 2 2 2, 2 2 jk, jk jk jk, "
                           "2 jk jk; 3 3 3 when closing)"),
            ("add 8 to 8s", "add one card to your side's group (add 2 to jks, ...)"),
            ("discard QS", "end your turn"),
            ("close QS", "close the game with your last card, face down"),
            ("take back", "withdraw a first lay-out that is still short of the limit"),
        ),
    )
    Options = Canasta2x54Options
    # the terminal draws the sides' tables itself (render_board)
    web_show = {"ask": None, "penalties": None, "pile_frozen": None, "requirement": None,
                "stock_bottom": ["cards", "seen at the bottom of the stock"],
                "limit": ["side", "first melds need"], "opened": ["side", "laid out"],
                "blocked": ["banner", "the pile is blocked"]}
    render_hints = {
        "hide": ["sides", "stock", "stock_bottom", "pile", "pile_aside", "melds",
                 "red_threes", "opened", "opened_now", "limit", "tentative", "tentative_top",
                 "took_back", "turn_no", "wild_block", "black_block", "blocked", "deal_no",
                 "scores", "sheet"],
        "not_cards_after": ["to"],
        "team_lists": [*TEAM_LISTS, "limit"],
    }
    Phase = Phase
    State = Canasta2x54State
    deck = DECK
    tables = T
    opening_zones = LIMITS
    keys = KEYS
    key_word = staticmethod(_key_word)
    meld_group_words = ()
    presets = {"two-draw-two": {"players": 2, "draw_two": True},
               "two": {"players": 2}, "three": {"players": 3}, "six": {"players": 6}}
    test_options = {"deals": 1}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_DRAW = a.verb("draw")
        self.A_DRAW2 = a.verb("draw two")
        self.A_KEEP = a.verb("keep")
        self.A_REPLACE = a.verb("replace")
        self.A_TAKE = a.choice("take", [f"pile with {RANK_WORD[r]} {RANK_WORD[r]}"
                                        for r in NATURAL_RANKS])
        meld_words, self.meld_table = [], []
        for k in NATURAL_RANKS + (BLACK3,):
            w = RANK_WORD[k]
            for form, extra in enumerate((w, "2", "jk")):
                meld_words.append(f"{w} {w} {extra}")
                self.meld_table.append((k, form))
        for text, k, form in (("2 2 2", DEUCE, 0), ("2 2 jk", DEUCE, 2),
                              ("jk jk jk", JOKER, 0), ("2 jk jk", JOKER, 1)):
            meld_words.append(text)
            self.meld_table.append((k, form))
        self.A_MELD = a.choice("meld", meld_words)
        add_words, self.add_table = [], []
        for k in KEYS:
            for form, w in enumerate((RANK_WORD[k], "2", "jk")):
                if k in (DEUCE, JOKER) and form and w == RANK_WORD[k]:
                    continue
                add_words.append(f"{w} to {_key_word(k)}")
                self.add_table.append((k, form))
        self.A_ADD = a.choice("add", add_words)
        self.A_DISCARD = a.card_block("discard")
        self.A_CLOSE = a.card_block("close")
        self.A_BACK = a.verb("take back")
        self.actions = a
        self.n_meld = len(meld_words)
        self.n_add = len(add_words)
        self.n_take = len(NATURAL_RANKS)

    def num_players(self, state):
        return state.options.players

    def side(self, s, p):
        return p % s.sides

    def sides(self, s):
        return s.sides

    def decode(self, a):
        """An action as a tuple a bot can read: ``("draw", 1 or 2)``,
        ``("keep",)``, ``("replace",)``, ``("take", rank)``, ``("meld", key,
        form)`` / ``("add", key, form)`` (key 3 black threes, 2 deuces, 15
        jokers; form 0 the group's own rank, 1 a deuce, 2 a joker),
        ``("discard", card)``, ``("close", card)``, ``("back",)``."""
        if a == self.A_DRAW:
            return ("draw", 1)
        if a == self.A_DRAW2:
            return ("draw", 2)
        if self.A_TAKE <= a < self.A_TAKE + self.n_take:
            return ("take", NATURAL_RANKS[a - self.A_TAKE])
        if self.A_MELD <= a < self.A_MELD + self.n_meld:
            return ("meld",) + self.meld_table[a - self.A_MELD]
        if self.A_ADD <= a < self.A_ADD + self.n_add:
            return ("add",) + self.add_table[a - self.A_ADD]
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        if self.A_CLOSE <= a < self.A_CLOSE + DECK.size:
            return ("close", a - self.A_CLOSE)
        return ({self.A_KEEP: "keep", self.A_REPLACE: "replace", self.A_BACK: "back"}[a],)

    # -- rules helpers -----------------------------------------------------------
    def _opening_points(self, s, side):
        """Lay out limit: a canasta among the first lay-out adds its bonus."""
        pts = super()._opening_points(s, side)
        for k in KEYS:
            kind = canasta_kind(s.melds[side][k], k)
            if kind:
                pts += KIND_BONUS[kind]
        return pts

    def blocked(self, s, p):
        """Taking the pile and closing are blocked (Blocking, Start-up)."""
        return s.turn_no < 3 * s.n or s.turn_no <= s.wild_block or s.black_block == s.turn_no

    def _canastas_needed(self, s):
        return 2 if s.options.draw_two else 1

    def _may_close(self, s, p, melds=None):
        side = self.side(s, p)
        melds = s.melds[side] if melds is None else melds
        if self.blocked(s, p):
            return False
        n = sum(1 for k in KEYS if popcount(melds[k]) >= CANASTA)
        return n >= self._canastas_needed(s)

    # -- setup -------------------------------------------------------------------
    def _setup(self, s):
        o = s.options
        if o.draw_two and o.players != 2:
            raise OptionError("canasta-2x54: draw_two is the two-player rule (players=2)")
        s.n = o.players
        s.sides = side_count(s.n)
        super()._setup(s)

    def _first_dealer(self, s):
        return 0                                  # Game preparation: seat 0 deals first

    def _deal(self, s):
        n = s.n
        pack = s.deal_pack(DECK, s.deal_no)
        size = deal_size(n, s.sheet.totals)
        self._new_deal_fields(s)
        s.hands = [0] * n
        cutter = (s.dealer - 1) % n
        seen = pack[-3:]
        kept = mask_of(c for c in seen if (CUT_KEEP >> c) & 1)
        rest = [c for c in seen if not (kept >> c) & 1]
        s.log("cut", cutter, cards=[Card(c) for c in seen], kept=CardSet(kept))
        body = pack[:-3]
        s.hands[cutter] = kept
        s.known[cutter] = kept
        need = [size - (popcount(kept) if p == cutter else 0) for p in range(n)]
        pos = 0
        first = (s.dealer + 1) % n
        while any(need):
            for k in range(n):
                p = (first + k) % n
                if need[p]:
                    s.hands[p] |= 1 << body[pos]
                    pos += 1
                    need[p] -= 1
        s.stock = (body[pos:] + rest)[::-1]       # top at the end; the seen cards at the bottom
        s.stock_known = mask_of(rest)
        s.melds = [[0] * 16 for _ in range(s.sides)]
        s.opened_now = False
        s.took_back = False
        s.turn_no = 0
        s.wild_block = -1
        s.black_block = -1
        s.drew = 0
        self._log_dealt(s, count=size, dealer=s.dealer)
        self._lay_dealt_red_threes(s, s.dealer)
        self._begin_turn(s, s.dealer)

    def _begin_turn(self, s, p):
        s.opened_now = False
        super()._begin_turn(s, p)

    # -- DRAW ----------------------------------------------------------------------
    def _legal_draw(self, s, p):
        out = [self.A_DRAW]
        if s.options.draw_two:
            out.append(self.A_DRAW2)
        if s.pile and not s.took_back and not self.blocked(s, p):
            top = s.pile[-1]
            r = DECK.rank_of[top]
            if (T.natural >> top) & 1 and popcount(s.hands[p] & T.rank[r]) >= 2:
                side = self.side(s, p)
                m = s.melds[side][r]
                left = popcount(s.hands[p]) - 2 + len(s.pile) - 1
                if group_ok(m | take_lowest(s.hands[p] & T.rank[r], 2) | (1 << top), r) \
                        and left >= 2:
                    out.append(self.A_TAKE + NATURAL_RANKS.index(r))
        return out

    def _apply_draw(self, s, p, a):
        if a in (self.A_DRAW, self.A_DRAW2):
            before = s.hands[p]
            if not self._draw_cards(s, p, 2 if a == self.A_DRAW2 else 1):
                return
            got = s.hands[p] & ~before            # red threes drawn are laid and replaced
            s.drew = got.bit_length() - 1 if got else -1
            first = s.turn_no == 0 and a == self.A_DRAW and s.stock and s.drew >= 0
            s.phase = Phase.FIRST if first else Phase.MELD
            return
        r = NATURAL_RANKS[a - self.A_TAKE]
        self._take_pile(s, p, r, take_lowest(s.hands[p] & T.rank[r], 2))

    # -- FIRST -----------------------------------------------------------------------
    def _legal_first(self, s, p):
        return [self.A_KEEP, self.A_REPLACE]

    def _apply_first(self, s, p, a):
        if a == self.A_REPLACE:
            c = s.drew
            s.hands[p] &= ~(1 << c)
            s.pile.append(c)
            s.log("replace", p, card=Card(c))
            self._draw_cards(s, p, 1)
        else:
            s.log("keep", p)
        s.phase = Phase.MELD

    # -- OPENING and MELD --------------------------------------------------------------
    def _left_ok(self, s, p, left, melds_after):
        if left >= 2:
            return True
        return left == 1 and self._may_close(s, p, melds_after)

    def _meld_actions(self, s, p):
        side = self.side(s, p)
        hand = s.hands[p]
        melds = s.melds[side]
        n = popcount(hand)
        out = []
        for i, (k, form) in enumerate(self.meld_table):
            if melds[k] or popcount(hand & OWN[k]) < 2:
                continue                     # every new group takes two of its own rank
            used = new_group_cards(hand, k, form)
            if popcount(used) != 3 or not group_ok(used, k):
                continue                     # the hand lacks the cards
            if self._action_ok(s, p, k, used, n):
                out.append(self.A_MELD + i)
        for i, (k, form) in enumerate(self.add_table):
            m = melds[k]
            if not m:
                continue
            used = added_card(hand, k, form)
            if not used or not group_ok(m | used, k):
                continue
            if self._action_ok(s, p, k, used, n):
                out.append(self.A_ADD + i)
        return out

    def _action_ok(self, s, p, k, used, n):
        side = self.side(s, p)
        left = n - popcount(used)
        melds = s.melds[side].copy()
        melds[k] |= used
        if k == BLACK3 or s.melds[side][BLACK3]:
            # black threes only in the closing turn (Game Closure)
            if s.phase is not Phase.MELD or not self._may_close(s, p, melds):
                return False
            if popcount((s.hands[p] & ~used) & ~T.black3) > 1 or left < 1:
                return False
            return True
        if s.phase is Phase.OPENING:
            return left + len(s.pile_rest) >= 2
        return self._left_ok(s, p, left, melds)

    def _legal_meld(self, s, p):
        side = self.side(s, p)
        out = self._meld_actions(s, p)
        hand = s.hands[p]
        n = popcount(hand)
        short = self._opening_short(s, side)
        if short:
            out.append(self.A_BACK)
            return out
        if n == 1:
            if self._may_close(s, p):
                out.append(self.A_CLOSE + lowest_id(hand))
            elif not s.melds[side][BLACK3]:
                # only after a red three found the stock empty: the card goes
                out.append(self.A_DISCARD + lowest_id(hand))
            return out
        if s.melds[side][BLACK3]:
            return out                       # the closing turn: lay out down to one card
        out.extend(self._discard_actions(hand))
        return out

    def _apply_meld(self, s, p, a):
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            c = a - self.A_DISCARD
            self._put_on_pile(s, p, c)
            if (T.wild >> c) & 1:
                s.wild_block = s.turn_no + s.n
            elif (T.black3 >> c) & 1:
                s.black_block = s.turn_no + 1
            s.turn_no += 1
            self._begin_turn(s, (p + 1) % s.n)
            return
        if self.A_CLOSE <= a < self.A_CLOSE + DECK.size:
            c = a - self.A_CLOSE
            s.hands[p] &= ~(1 << c)
            s.known[p] &= ~(1 << c)
            s.pile.append(c)
            s.log("close", p)
            side = self.side(s, p)
            self._end_deal(s, side, f"seat {p} closed the game", s.opened_now)
            return
        if a == self.A_BACK:
            self._take_back(s, p)
            return
        self._apply_meld_action(s, p, a)

    def _apply_meld_action(self, s, p, a):
        hand = s.hands[p]
        if self.A_MELD <= a < self.A_MELD + self.n_meld:
            k, form = self.meld_table[a - self.A_MELD]
            self._lay(s, p, "meld", k, new_group_cards(hand, k, form))
        else:
            k, form = self.add_table[a - self.A_ADD]
            self._lay(s, p, "add", k, added_card(hand, k, form))

    def _check_opening(self, s, p):
        super()._check_opening(s, p)
        s.opened_now = s.opened[self.side(s, p)]    # Game rating: hand closing

    # -- end of a deal -------------------------------------------------------------------
    def _end_deal(self, s, closer, reason, hand_closing=False):
        hands = [0] * s.sides
        for p in range(s.n):
            hands[self.side(s, p)] |= s.hands[p]
        melds = [{k: s.melds[i][k] for k in KEYS if s.melds[i][k]} for i in range(s.sides)]
        lines = score_deal(melds, [popcount(x) for x in s.red3], hands, closer, hand_closing)
        self._record_deal(s, lines, reason, hands=[CardSet(h) for h in s.hands],
                          pile=[Card(c) for c in s.pile])

    def _match_winners(self, s, tot, best):
        """The highest total wins; equal highest totals (possible with option
        ``deals``) share the win, and a draw is all sides equal."""
        winners = tuple(p for p in range(s.n) if tot[self.side(s, p)] == best)
        return () if len(winners) == s.n else winners

    # -- terminal ------------------------------------------------------------------------
    def render_board(self, view):
        """For the terminal: each side's score, lay-out limit or opened, red
        threes and groups (canastas marked), the pile, the stock, why the pile
        is blocked and a lay-out under way."""
        me = view.get("seat")
        n, sides = view["players"], view["sides"]
        lines = [f"Deal {view['deal_no'] + 1}   ({goal_text(view, 10000)})"]
        for i in range(sides):
            seats = [p for p in range(n) if p % sides == i]
            lines.append("")
            title = side_title(seats, me, i) if len(seats) > 1 else \
                ("You" if me in seats else f"Seat {seats[0]}")
            head = f"{title}: {view['scores'][i]} points, " + \
                ("laid out" if view["opened"][i] else
                 f"not laid out: first lay-out needs {view['limit'][i]} points")
            lines.append(head)
            reds = int(view["red_threes"][i])
            if reds:
                lines.append(f"  red threes {cards_line(DECK, reds)} (count minus without a canasta)")
            melds = view["melds"][i]
            if not melds:
                lines.append("  no groups")
            for word in sorted(melds, key=lambda w: -RANK_OF_WORD.get(w[:-1], 0)):
                key = RANK_OF_WORD[word[:-1]]
                name = {DEUCE: "2s", JOKER: "jokers", BLACK3: "black 3s"}.get(
                    key, word[:-1].upper().replace("T", "10") + "s")
                line = meld_line(DECK, name, melds[word], CANASTA)
                kind = canasta_kind(int(melds[word]), key)
                if kind:
                    line = line.rsplit("CANASTA", 1)[0] + f"CANASTA, {kind})"
                lines.append(line)
        lines.append("")
        lines.append(pile_line(DECK, view))
        bottom = int(view["stock_bottom"])
        if bottom:
            lines.append(f"Known at the bottom of the stock (seen at the cut): "
                         f"{cards_line(DECK, bottom)}")
        if view["blocked"] and view.get("outcome") is None:
            why = ("the first three rounds" if view["turn_no"] < 3 * n else
                   "a black three was just discarded" if view["black_block"] == view["turn_no"]
                   else "a deuce or joker was discarded within the last round")
            lines.append(f"Blocked: the pile may not be taken nor the game closed this turn ({why})")
        tent = int(view["tentative"])
        if tent or view["tentative_top"] is not None:
            to_act = view.get("to_act") or [0]
            lines.append(f"Lay-out so far: {T.value(tent)} of {view['limit'][to_act[0] % sides]} "
                         f"points (a canasta among them adds its bonus); 'take back' returns it")
        return "\n".join(lines)

    def describe_event(self, event):
        """The deal's scoring per side, named by its seats; other events as usual."""
        if event.get("kind") != "deal_scored":
            return NotImplemented
        sides = len(event.get("lines") or [])
        n = len(event.get("hands") or []) or sides
        return deal_scored_line(event, [tuple(p for p in range(n) if p % sides == i)
                                        for i in range(sides)])

    # -- text ---------------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        if not 0 <= action < a.size:
            return super().why_illegal(s, seat, action)
        d = self.decode(action)
        side = self.side(s, seat)
        if s.phase is Phase.FIRST:
            return "keep the first card or replace it"
        if d[0] == "draw":
            if d[1] == 2 and not s.options.draw_two:
                return "drawing two is the two-player rule (option draw_two)"
            return "you have drawn already this turn"
        if d[0] == "take":
            if s.phase is not Phase.DRAW:
                return "the pile can be taken only instead of drawing"
            if s.took_back:
                return "after taking back a pile opening you must draw from the stock"
            if not s.pile:
                return "the pile is empty"
            if s.turn_no < 3 * s.n:
                return "the pile cannot be taken in the first three rounds"
            if self.blocked(s, seat):
                return "the pile is blocked (a black three for you, or a wild card this round)"
            return f"you need a natural pair of the top card {DECK.text(s.pile[-1])}"
        if s.phase is Phase.DRAW:
            return "draw or take the pile first"
        if self._opening_short(s, side) and d[0] in ("discard", "close"):
            return (f"your first lay-out makes {self._opening_points(s, side)} of the "
                    f"{self.requirement(s, side)} needed: lay out more or take it back")
        if d[0] == "close":
            if popcount(s.hands[seat]) != 1:
                return "you close with your last card; lay out the others first"
            return ("closing needs your side's canasta" +
                    (" (two with draw two)" if s.options.draw_two else "") +
                    " and no block")
        if d[0] == "discard":
            if popcount(s.hands[seat]) == 1:
                return "your last card closes the game (close CARD) when you may"
            if s.melds[side][BLACK3]:
                return "after laying out black threes you must close this turn"
            return f"{DECK.text(d[1])} is not in your hand"
        if d[0] in ("meld", "add"):
            why = self._why_group(s, seat, d)
            if why:
                return f"{a.text(action)}: {why}"
            return (f"{a.text(action)}: not allowed now (three or more cards, more of the "
                    f"rank than wild cards, one group per rank; black threes only when "
                    f"closing; keep a card for the discard)")
        return f"{a.text(action)} is not allowed now ({self.phase_name(s)})"

    def _why_group(self, s, seat, d):
        """The plain reason a lay-out or add (decoded ``d``) is refused, where
        one is simple to name: no such group, a second one, cards not held."""
        verb, key, form = d
        hand, group, word = s.hands[seat], s.melds[self.side(s, seat)][key], _key_word(key)
        if verb == "meld":
            if group:
                return f"your side has a group of {word} already: add to it ('add ... to {word}')"
            if popcount(new_group_cards(hand, key, form)) < 3:
                return "you do not hold those cards"
        else:
            if not group:
                return f"your side has no group of {word}: lay one out first ('meld ...')"
            if not added_card(hand, key, form):
                return "you do not hold that card"
        return ""

    # -- views ----------------------------------------------------------------------------
    def _view(self, s, seat, v):
        self._layout_view(s, seat, v)
        v["sides"] = s.sides
        v["stock_bottom"] = CardSet(s.stock_known)
        v["opened_now"] = s.opened_now
        v["limit"] = [self.requirement(s, i) for i in range(s.sides)]
        v["turn_no"] = s.turn_no
        v["wild_block"] = s.wild_block
        v["black_block"] = s.black_block
        v["blocked"] = self.blocked(s, s.to_act[0]) if s.to_act else False
        if seat is not None and s.phase is Phase.FIRST and seat in s.to_act:
            v["first_card"] = Card(s.drew)

    def sample_world(self, view, rng):
        bottom = int(view["stock_bottom"])
        s, _ = self._sample_layout(view, rng, bottom)
        s.n = view["players"]
        s.sides = view["sides"]
        low = ids(bottom)                 # the cards seen at the cut lie at the bottom
        rng.shuffle(low)
        s.stock = low + s.stock
        s.opened_now = view["opened_now"]
        s.turn_no = view["turn_no"]
        s.wild_block = view["wild_block"]
        s.black_block = view["black_block"]
        s.drew = int(view["first_card"]) if "first_card" in view else -1
        if s.drew < 0 and s.phase is Phase.FIRST:
            # another seat's view: the dealer's first card is one of its unknown cards
            d = s.to_act[0]
            cand = s.hands[d] & ~s.known[d]
            s.drew = (cand & -cand).bit_length() - 1
        return s


def lowest_id(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
