"""Triple Play (Hand, Knee, and Foot), a Canasta game with three hands each.

Rule source: seed 001, "Triple Play" (line 1): Setup, Card ranks and
scoring, Play of the hand, Drawing, Melding, Discarding, Picking up the
knee and foot, Ending the deal.

Four players in two teams (seats 0 and 2 against 1 and 3), six 54-card
packs (324 cards).  Each player has a hand of 15, a knee of 13 and a foot
of 11 cards; the knee and foot stay face down until picked up.

How actions are written (``pelit rules triple-play``): melds name ranks,
suits do not matter.  A new meld is laid with three cards (``meld 8 8 8``,
``meld 8 8 2``, ``meld 8 8 jk``; all-wild melds ``meld 2 2 2``,
``meld 2 2 jk``, ``meld 2 jk jk``, ``meld jk jk jk``) and grown one card at
a time (``add 8 to 8s``, ``add 2 to 8s``, ``add jk to wilds``).  The pile is
taken with ``take pile with 8 8`` / ``8 2`` / ``8 jk`` (``2 2`` when a two
is on top, ``jk jk`` for a joker).

Decisions where the seed is silent (each pinned by a test in
tests/games/test_triple_play.py):

- Setup: the dealer (seat 3 first, then passing left) deals the hands one
  card at a time starting at the left, then the knees, then the feet, then
  turns the upcard.  A buried upcard goes to the exact middle of the stock;
  everyone saw it, so it stays known to be in the stock until drawn.
  Dealt red threes are laid and replaced after the upcard, seat by seat
  from the dealer's left, before the first turn.
- Drawing: a stock with a single card gives that card.  The stock-exhausted
  case (Ending the deal defers it to Hand and Foot; Korppi's Hand and Foot
  follows his Canasta 21.5): the deal ends when a player asks to draw from
  an empty stock; it is scored as usual without a going-out bonus.  A red
  three that finds the stock empty is laid without a replacement.  Taking
  the pile stays allowed while the stock is empty.
- Drawing: the top card and the two hand cards go onto the team's unfinished
  meld of that rank when there is one (a second unfinished meld of a rank
  is not allowed), so the three must fit it (at most seven cards, the wild
  limits); otherwise they start a new meld.
- Melding: the wild limit is checked after every card: one wild card while
  a meld has three to five cards, two at six or seven.  A meld of seven is
  a canasta and is closed; the next cards of that rank start a new meld.
- Opening (Melding): the turn's melds count card points only (the top card
  of the pile included).  The opening is made the moment the turn's melds
  reach the requirement; until then they are tentative: the player may not
  discard and ``take back`` returns them (and a taken pile, whose other
  cards wait aside until the opening is made).  After taking back a pile
  opening the player must draw from the stock.  A card that would finish a
  canasta can be laid only once the opening has been made.
- Red threes: red threes that come into a hand after the knee was picked up
  (from the knee, the foot or the stock) are laid at once without a
  replacement.  A laid red three scores its 100 once (the bonus line), not
  also as a melded card; unplayed red threes are those still in a knee or a
  foot never picked up.  Black threes can only be discarded.
- Knee (Picking up the knee and foot): the player who finishes the team's
  first canasta picks up the knee at once.  The partner picks up the knee
  with ``pick up knee``, the partner's own action on any own turn from then
  on; the software never does it for them and gives no prompt beyond the
  legal-move list every action has, and a forgotten knee may still be
  picked up on a later turn.  The 1000-point
  penalty for reminding a player is a rule of the table: the software
  cannot see it and does not score it.
- Hand size: without a pile to continue with, a player may not run out of
  cards: melds keep one card for the discard (two in a turn that began at
  the stock, one in a turn that took the pile).  A player whose knee was
  picked up may run out: the foot is picked up at once after a meld, or at
  the start of the next turn after a discard.  A player left with one card
  that may not be discarded (red threes drawn after the knee) ends the turn
  with ``done``.
- Going out: ``ask go out`` is allowed to a player on the foot whose team
  has the basic book, once a turn, before or after drawing.  "Yes" allows
  running out of cards this turn (by melding or discarding the last card);
  it does not oblige.  "No" forbids it for the turn.
- Basic book: "any natural canasta" may be a second natural canasta of fives
  or sevens; each canasta counts once.
- Scoring: melded cards count their values (wild cards in melds
  included); cards in hands, unpicked knees and feet count against, red
  threes -500 and black threes -100 each.  Each canasta earns the one bonus
  of its kind: a natural canasta of sevens 5000 (not also the 500 of a
  natural canasta), of fives 3000, all wild 2500, other natural 500, mixed
  300 (pinned by test_score_deal_row_by_row).
- Match: four deals (option ``deals`` plays fewer, with the first deals'
  opening requirements); the higher total wins, equal totals draw.
- The discard pile is face up and every card of it was seen, so the view
  shows it all; cards taken from the pile stay known in the taker's hand.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import Card, CardSet, ids, standard_deck
from ..cards.meld_game import TEAM_LISTS, MeldGame, deal_rounds
from ..cards.meld_layout import LayoutGame, LayoutPartnerMeldState
from ..cards.meld_screen import cards_line, deal_scored_line, meld_line, pile_line, side_title
from ..cards.melds import CANASTA_POINTS, NATURAL_RANKS, MeldTables, popcount, take_lowest
from ..cards.melds_extra import RANK_OF_WORD, RANK_WORD
from ..core.actions import ActionSpace
from ..core.game import GameInfo, option
from ..core.registry import register

DECK = standard_deck("6x54")
T = MeldTables(DECK, CANASTA_POINTS, red_three=100, black_three=5)
HAND_SIZE, KNEE_SIZE, FOOT_SIZE = 15, 13, 11
CANASTA = 7
WILD = 2                                 # key of the all-wild meld
KEYS = NATURAL_RANKS + (WILD,)
NO_WILD_RANKS = (5, 7)
OPENINGS = (50, 90, 120, 150)            # Melding: by deal
BURY = T.jokers | T.twos | T.red3 | T.rank[5] | T.rank[7]
HAND, KNEE, FOOT = 0, 1, 2               # stages: playing the hand, the knee, the foot
STAGE_NAMES = ("hand", "knee", "foot")
# Ending the deal: canasta bonuses
BONUS_SEVENS, BONUS_FIVES, BONUS_WILD, BONUS_NATURAL, BONUS_MIXED = 5000, 3000, 2500, 500, 300
RED3_EACH, RED3_SEVEN_MORE, GOING_OUT = 100, 300, 200
UNPLAYED_RED3, UNPLAYED_BLACK3 = 500, 100
WILD_FORMS = ((3, 0), (2, 1), (1, 2), (0, 3))    # (twos, jokers) of a new all-wild meld


def _key_word(key):
    return "wilds" if key == WILD else RANK_WORD[key] + "s"


def wild_allowed(key: int, length: int) -> int:
    """How many wild cards a meld of ``key`` may hold at ``length`` cards (Melding)."""
    if key == WILD:
        return length
    if key in NO_WILD_RANKS:
        return 0
    return 1 if length <= 5 else 2


def fits(meld: int, key: int, nat: int, wild: int) -> bool:
    """Can ``nat`` natural and ``wild`` wild cards join the meld ``meld`` of ``key``?"""
    length = popcount(meld) + nat + wild
    if length < 3 or length > CANASTA:
        return False
    if key == WILD:
        return nat == 0
    return popcount(meld & T.wild) + wild <= wild_allowed(key, length)


def canasta_class(mask: int) -> str:
    """``sevens``, ``fives``, ``wild``, ``natural`` or ``mixed`` for a closed canasta."""
    nat = mask & ~T.wild
    if not nat:
        return "wild"
    if mask & T.wild:
        return "mixed"
    r = DECK.rank_of[(nat & -nat).bit_length() - 1]
    return {7: "sevens", 5: "fives"}.get(r, "natural")


def book_complete(closed) -> bool:
    """The basic book (Ending the deal): natural fives, natural sevens, a wild
    canasta, another natural canasta and a mixed canasta."""
    kinds = [canasta_class(m) for m in closed]
    fives, sevens = kinds.count("fives"), kinds.count("sevens")
    naturals = fives + sevens + kinds.count("natural")
    return (fives >= 1 and sevens >= 1 and "wild" in kinds and "mixed" in kinds
            and naturals >= 3)


def unplayed_value(mask: int) -> int:
    """What cards left in a hand, knee or foot cost (Ending the deal)."""
    return (T.value(mask & ~(T.red3 | T.black3)) + UNPLAYED_RED3 * popcount(mask & T.red3)
            + UNPLAYED_BLACK3 * popcount(mask & T.black3))


def score_deal(melds, closed, red3_counts, left, went_out) -> list[dict]:
    """The scoring lines of one deal for both teams (Ending the deal).

    ``melds[t]`` are the team's unfinished melds (masks), ``closed[t]`` its
    canastas, ``red3_counts[t]`` the red threes it laid, ``left[t]`` the
    cards in its players' hands, knees and feet, ``went_out`` the team that
    went out or None."""
    lines = []
    bonus = {"sevens": BONUS_SEVENS, "fives": BONUS_FIVES, "wild": BONUS_WILD,
             "natural": BONUS_NATURAL, "mixed": BONUS_MIXED}
    for t in (0, 1):
        melded = sum(T.value(m) for m in melds[t] if m) + sum(T.value(m) for m in closed[t])
        line = {"melded cards": melded}
        kinds = [canasta_class(m) for m in closed[t]]
        for k in ("sevens", "fives", "wild", "natural", "mixed"):
            line[f"{k} canastas"] = bonus[k] * kinds.count(k)
        n3 = red3_counts[t]
        line["red threes"] = RED3_EACH * n3 + (RED3_SEVEN_MORE if n3 >= 7 else 0)
        line["going out"] = GOING_OUT if went_out == t else 0
        line["cards left"] = -unplayed_value(left[t])
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


class Phase(enum.Enum):
    DRAW = 1        # draw two, take the pile, pick up the knee, ask to go out
    OPENING = 2     # a pile opening short of the requirement
    MELD = 3        # melding; then discard (stock turn) or knock (pile turn)
    ANSWER = 4      # the partner answers "May I go out?"


@dataclass(frozen=True)
class TriplePlayOptions:
    deals: int = option(4, "number of deals in the match (openings 50, 90, 120, 150)",
                        min=1, max=4)


class TriplePlayState(LayoutPartnerMeldState):
    __slots__ = ("knees", "feet", "stage", "closed", "turn")

    def _copy_into(self, new):
        LayoutPartnerMeldState._copy_into(self, new)
        new.knees = self.knees.copy()
        new.feet = self.feet.copy()
        new.stage = self.stage.copy()
        new.closed = [self.closed[0].copy(), self.closed[1].copy()]
        new.turn = self.turn


@register
class TriplePlay(LayoutGame):
    info = GameInfo(
        id="triple-play", name="Triple Play", min_seats=4, max_seats=4, family="rummy",
        source="001 Triple Play (line 1)", hidden=True, chance=True, teams=True,
        aliases=("hand-knee-and-foot",), zero_sum=False,
        summary=(
            "Two teams of two, partners opposite, with six packs and twelve jokers. "
            "Everyone gets a hand of 15, a face-down knee of 13 and a face-down foot "
            "of 11. On your turn draw two from the stock, or take the whole discard "
            "pile by melding its top card at once with two cards from your hand; after "
            "taking the pile you knock instead of discarding. Melds are three to seven "
            "cards of a rank (fours to aces); twos and jokers are wild, at most one in "
            "a meld of up to five cards and two in a meld of six or seven, none in fives "
            "or sevens; melds made only of wild cards are allowed too. Seven cards make "
            "a canasta, which is closed; a new meld of the rank may then start. A "
            "team's first melds of a deal must be worth 50, 90, 120 and 150 points in "
            "deals one to four. Red threes are laid and replaced while you play your "
            "first hand; black threes never meld. Whoever completes the team's first "
            "canasta picks up the knee; the partner must remember to pick up theirs "
            "(pick up knee) on their own next turn or later: the software never does it "
            "for them or prompts them beyond listing it among the legal moves, and the "
            "1000 points a player pays at a real table for reminding them is a table "
            "rule the software cannot see. "
            "After the knee, running out of cards brings up the foot. With the basic "
            "book (natural fives, natural sevens, a wild canasta, another natural and "
            "a mixed canasta) a player on the foot may ask the partner whether to go "
            "out; the answer binds. Scores: melded cards, canasta bonuses (sevens 5000, "
            "fives 3000, wild 2500, natural 500, mixed 300), red threes 100 each (300 "
            "more for seven), going out 200, minus cards left (red threes -500, black "
            "threes -100). Four deals; the higher total wins."),
        verbs=(
            ("draw", "take the top two cards of the stock"),
            ("take pile with 8 8", "take the pile, melding its top card with two hand "
                                   "cards (8 2, 8 jk; 2 2 or jk jk on a wild top card)"),
            ("meld 8 8 8", "lay a new meld of three (8 8 2, 8 8 jk, 2 2 2, jk jk jk, ...)"),
            ("add 8 to 8s", "add one card to your team's meld (add jk to wilds)"),
            ("discard QS", "end a turn begun at the stock"),
            ("knock", "end a turn in which you took the pile"),
            ("take back", "withdraw an opening that is still short of the requirement"),
            ("pick up knee", "pick up your knee once your team has a canasta"),
            ("ask go out", "ask your partner whether you may go out"),
            ("yes", "answer your partner: go out"),
            ("no", "answer your partner: do not go out"),
            ("done", "end the turn holding one card you may not discard"),
        ),
    )
    Options = TriplePlayOptions
    # the terminal draws the teams' tables itself (render_board)
    web_show = {"penalties": None, "pile_frozen": None,
                "requirement": ["info", "first melds need"], "stage": ["seat", "playing from"],
                "knee_sizes": ["seat", "knee"], "foot_sizes": ["seat", "foot"],
                "canastas": ["canastas", "canastas"], "book": ["side", "basic book done"],
                "stock_known": ["cards", "known to be in the stock"]}
    render_hints = {
        "hide": ["stock", "stock_known", "pile", "pile_aside", "melds", "canastas", "book",
                 "red_threes", "opened", "requirement", "tentative", "tentative_top", "turn",
                 "took_back", "ask", "ask_back", "deal_no", "scores", "sheet"],
        "not_cards_after": ["to"],
        "per_seat": ["stage"],
        "team_lists": [*TEAM_LISTS, "canastas", "book"],
    }
    Phase = Phase
    State = TriplePlayState
    deck = DECK
    tables = T
    ask_texts = {**MeldGame.ask_texts,
                 "yes": "Partner said yes: going out is allowed this turn",
                 "no": "Partner said no: the last card may not be played this turn"}
    keys = KEYS
    key_word = staticmethod(_key_word)
    test_options = {"deals": 1}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_DRAW = a.verb("draw")
        take_words, self.take_table = [], []
        for r in NATURAL_RANKS:
            for form, w in enumerate((RANK_WORD[r], "2", "jk")):
                take_words.append(f"pile with {RANK_WORD[r]} {w}")
                self.take_table.append((r, form))
        take_words += ["pile with 2 2", "pile with jk jk"]
        self.take_table += [(2, 0), (15, 0)]
        self.A_TAKE = a.choice("take", take_words)
        meld_words, self.meld_table = [], []
        for r in NATURAL_RANKS:
            for form, w in enumerate((RANK_WORD[r], "2", "jk")):
                meld_words.append(f"{RANK_WORD[r]} {RANK_WORD[r]} {w}")
                self.meld_table.append((r, form))
        for i, (tw, jk) in enumerate(WILD_FORMS):
            meld_words.append(" ".join(["2"] * tw + ["jk"] * jk))
            self.meld_table.append((WILD, i))
        self.A_MELD = a.choice("meld", meld_words)
        add_words, self.add_table = [], []
        for r in NATURAL_RANKS:
            for form, w in enumerate((RANK_WORD[r], "2", "jk")):
                add_words.append(f"{w} to {RANK_WORD[r]}s")
                self.add_table.append((r, form))
        add_words += ["2 to wilds", "jk to wilds"]
        self.add_table += [(WILD, 1), (WILD, 2)]
        self.A_ADD = a.choice("add", add_words)
        self.A_DISCARD = a.card_block("discard")
        self.A_KNOCK = a.verb("knock")
        self.A_BACK = a.verb("take back")
        self.A_KNEE = a.verb("pick up knee")
        self.A_ASK = a.verb("ask go out")
        self.A_YES = a.verb("yes")
        self.A_NO = a.verb("no")
        self.A_DONE = a.verb("done")
        self.actions = a
        self.n_take = len(take_words)
        self.n_meld = len(meld_words)
        self.n_add = len(add_words)

    def decode(self, a):
        """An action as a tuple a bot can read: ``("draw",)``, ``("take", rank,
        form)`` (rank 2 or 15 for a wild top card; form 0 a natural pair, 1 a
        natural and a two, 2 a natural and a joker), ``("meld", key, form)``
        (key 2: an all-wild meld, form indexing ``WILD_FORMS``), ``("add",
        key, form)`` (form 0 natural, 1 two, 2 joker), ``("discard", card)``,
        and ``("knock",)``, ``("back",)``, ``("knee",)``, ``("ask",)``,
        ``("yes",)``, ``("no",)``, ``("done",)``."""
        if self.A_TAKE <= a < self.A_TAKE + self.n_take:
            return ("take",) + self.take_table[a - self.A_TAKE]
        if self.A_MELD <= a < self.A_MELD + self.n_meld:
            return ("meld",) + self.meld_table[a - self.A_MELD]
        if self.A_ADD <= a < self.A_ADD + self.n_add:
            return ("add",) + self.add_table[a - self.A_ADD]
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        return ({self.A_DRAW: "draw", self.A_KNOCK: "knock", self.A_BACK: "back",
                 self.A_KNEE: "knee", self.A_ASK: "ask", self.A_YES: "yes",
                 self.A_NO: "no", self.A_DONE: "done"}[a],)

    # -- rules helpers ---------------------------------------------------------
    def requirement(self, s, team=None):
        """Melding: the opening requirement goes by the deal, not the score."""
        return OPENINGS[min(s.deal_no, len(OPENINGS) - 1)]

    def _can_empty(self, s, p):
        """May ``p`` run out of cards now?  With the knee picked up the foot
        follows; on the foot only with the partner's "yes"."""
        st = s.stage[p]
        if st == KNEE:
            return True
        return st == FOOT and s.ask == "yes"

    def _keep(self, s):
        """Cards a player without a pile to continue with must keep."""
        return 2 if s.turn == "stock" else 1

    def _left_ok(self, s, p, left, first_canasta=False):
        if left >= self._keep(s) or first_canasta:
            return True
        return self._can_empty(s, p)

    @staticmethod
    def _form_cards(hand, r, form, naturals):
        nat = take_lowest(hand & T.rank[r], naturals)
        if popcount(nat) < naturals:
            return None
        if form == 0:
            return nat
        w = take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
        return nat | w if w else None

    def _closes_first(self, s, team, meld, n_new):
        return not s.closed[team] and popcount(meld) + n_new >= CANASTA

    # -- setup -----------------------------------------------------------------
    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        self._new_deal_fields(s)
        first = (s.dealer + 1) % 4
        s.hands, pos = deal_rounds(pack, 0, first, 4, HAND_SIZE)
        s.knees, pos = deal_rounds(pack, pos, first, 4, KNEE_SIZE)
        s.feet, pos = deal_rounds(pack, pos, first, 4, FOOT_SIZE)
        s.stage = [HAND] * 4
        s.stock = pack[pos:][::-1]            # top of the stock at the end
        s.stock_known = 0
        s.melds = [[0] * 16, [0] * 16]
        s.closed = [[], []]
        s.turn = None
        s.took_back = False
        s.ask = None
        s.ask_back = None
        self._log_dealt(s, hand=HAND_SIZE, knee=KNEE_SIZE, foot=FOOT_SIZE, dealer=s.dealer)
        # Setup: the upcard; wild cards, red threes, fives and sevens are buried
        while True:
            c = s.stock.pop()
            if not (BURY >> c) & 1:
                s.pile.append(c)
                s.log("upcard", None, card=Card(c), stock=len(s.stock))
                break
            s.stock.insert(len(s.stock) // 2, c)
            s.stock_known |= 1 << c
            s.log("buried", None, card=Card(c), stock=len(s.stock))
        # Play of the hand: dealt red threes are laid and replaced
        self._lay_dealt_red_threes(s, first)
        self._begin_turn(s, first)

    def _replacement(self, s, p):
        """Red threes are replaced only while the first hand is played."""
        return super()._replacement(s, p) if s.stage[p] == HAND else None

    def _begin_turn(self, s, p):
        s.turn = None
        s.ask = None
        s.ask_back = None
        super()._begin_turn(s, p)
        if not s.hands[p] and s.stage[p] == KNEE:
            self._pick_up(s, p, FOOT)

    def _pick_up(self, s, p, which):
        """Pick up the knee or the foot; red threes in it are laid, unreplaced."""
        if which == KNEE:
            cards, s.knees[p] = s.knees[p], 0
        else:
            cards, s.feet[p] = s.feet[p], 0
        s.stage[p] = which
        reds = cards & T.red3
        s.hands[p] |= cards & ~reds
        s.log("knee" if which == KNEE else "foot", p, audience=(p,),
              private={"cards": CardSet(cards)}, count=popcount(cards))
        if reds:
            self._lay_red_threes(s, p, reds)

    # -- DRAW --------------------------------------------------------------------
    def _legal_draw(self, s, p):
        out = [self.A_DRAW]
        if not s.took_back:
            out.extend(self._take_actions(s, p))
        if self._knee_ok(s, p):
            out.append(self.A_KNEE)
        if self._ask_ok(s, p):
            out.append(self.A_ASK)
        return out

    def _knee_ok(self, s, p):
        return s.stage[p] == HAND and bool(s.closed[p & 1])

    def _ask_ok(self, s, p):
        return s.ask is None and s.stage[p] == FOOT and book_complete(s.closed[p & 1])

    def _take_actions(self, s, p):
        if not s.pile:
            return []
        top = s.pile[-1]
        if (T.black3 >> top) & 1:
            return []
        team = p & 1
        hand = s.hands[p]
        base = self.A_TAKE
        gain = len(s.pile) - 1
        n = popcount(hand)
        out = []
        if (T.wild >> top) & 1:
            # Drawing: a wild top card needs two more of its own rank
            r = DECK.rank_of[top]
            pool = T.twos if r == 2 else T.jokers
            if popcount(hand & pool) >= 2 and fits(s.melds[team][WILD], WILD, 0, 3) \
                    and self._take_left_ok(s, p, n - 2 + gain, team, WILD, 3):
                out.append(base + 3 * len(NATURAL_RANKS) + (0 if r == 2 else 1))
            return out
        r = DECK.rank_of[top]
        meld = s.melds[team][r]
        i = NATURAL_RANKS.index(r)
        for form in (0, 1, 2):
            used = self._form_cards(hand, r, form, 2 if form == 0 else 1)
            if used is None:
                continue
            w = 0 if form == 0 else 1
            if not fits(meld, r, 3 - w, w):
                continue
            if not s.opened[team] and popcount(meld) + 3 >= CANASTA:
                continue
            if self._take_left_ok(s, p, n - 2 + gain, team, r, 3):
                out.append(base + 3 * i + form)
        return out

    def _take_left_ok(self, s, p, left, team, key, n_new):
        if left >= 1:
            return True
        if self._closes_first(s, team, s.melds[team][key], n_new):
            return True
        return self._can_empty(s, p)

    def _apply_draw(self, s, p, a):
        if a == self.A_DRAW:
            if self._draw_cards(s, p, 2):
                s.turn = "stock"
                s.phase = Phase.MELD
            return
        if a == self.A_KNEE:
            self._pick_up(s, p, KNEE)
            return
        if a == self.A_ASK:
            self._ask(s, p)
            return
        self._take(s, p, a)

    def _take(self, s, p, a):
        r, form = self.take_table[a - self.A_TAKE]
        if r in (2, 15):
            key = WILD
            used = take_lowest(s.hands[p] & (T.twos if r == 2 else T.jokers), 2)
        else:
            key = r
            used = self._form_cards(s.hands[p], r, form, 2 if form == 0 else 1)
        s.turn = "pile"
        if self._take_pile(s, p, key, used):
            self._after_meld(s, p, key)

    def _ask(self, s, p):
        """The question always waits for the partner (never binding, so its
        event has no ``binding`` field)."""
        self._ask_partner(s, p)

    # -- ANSWER ------------------------------------------------------------------
    def _apply_answer(self, s, p, a):
        super()._apply_answer(s, p, a)
        s.ask_back = None

    # -- OPENING and MELD ----------------------------------------------------------
    def _meld_actions(self, s, p):
        team = p & 1
        hand = s.hands[p]
        melds = s.melds[team]
        n = hand.bit_count()
        short = not s.opened[team]
        # with this many cards left no meld needs _left_ok's going-out check
        keep = self._keep(s)
        out = []
        wild_adds = []              # listed after every natural meld and add
        twos, jokers = (hand & T.twos).bit_count(), (hand & T.jokers).bit_count()
        A_MELD, A_ADD = self.A_MELD, self.A_ADD
        for i, r in enumerate(NATURAL_RANKS):
            m = melds[r]
            nat = hand & T.rank[r]
            if not m:
                if not nat:
                    continue
                cnt = nat.bit_count()
                if cnt < 2 or not (n - 3 >= keep or self._left_ok(s, p, n - 3)):
                    continue
                # fits(0, r, 3 - w, w): three cards, a wild one where the rank allows it
                if cnt >= 3:
                    out.append(A_MELD + 3 * i)
                if r not in NO_WILD_RANKS:
                    if twos:
                        out.append(A_MELD + 3 * i + 1)
                    if jokers:
                        out.append(A_MELD + 3 * i + 2)
                continue
            length = m.bit_count() + 1
            if length > CANASTA or short and length >= CANASTA:
                continue
            first = not s.closed[team] and length >= CANASTA      # _closes_first(.., 1)
            if not (n - 1 >= keep or first or self._can_empty(s, p)):
                continue
            wild_in = (m & T.wild).bit_count()
            allowed = wild_allowed(r, length)
            if nat and wild_in <= allowed:                        # fits(m, r, 1, 0)
                out.append(A_ADD + 3 * i)
            if wild_in + 1 <= allowed:                            # fits(m, r, 0, 1)
                if twos:
                    wild_adds.append(A_ADD + 3 * i + 1)
                if jokers:
                    wild_adds.append(A_ADD + 3 * i + 2)
        out += wild_adds
        m = melds[WILD]
        nr = 3 * len(NATURAL_RANKS)
        if not m:
            if twos + jokers >= 3 and self._left_ok(s, p, n - 3):
                for k, (tw, jk) in enumerate(WILD_FORMS):
                    if twos >= tw and jokers >= jk:
                        out.append(A_MELD + nr + k)
        elif popcount(m) + 1 <= CANASTA and not (short and popcount(m) + 1 >= CANASTA):
            first = self._closes_first(s, team, m, 1)
            if self._left_ok(s, p, n - 1, first):
                if twos:
                    out.append(A_ADD + nr)
                if jokers:
                    out.append(A_ADD + nr + 1)
        return out

    def _legal_meld(self, s, p):
        out = self._meld_actions(s, p)
        n = popcount(s.hands[p])
        short = self._opening_short(s, p & 1)
        if s.turn == "stock":
            if not short and n and (n >= 2 or self._can_empty(s, p)):
                out.extend(self._discard_actions(s.hands[p]))
            elif not short:
                out.append(self.A_DONE)
        elif not short:
            out.append(self.A_KNOCK)
        if short:
            out.append(self.A_BACK)
        if self._knee_ok(s, p):
            out.append(self.A_KNEE)
        if self._ask_ok(s, p):
            out.append(self.A_ASK)
        return out

    def _apply_meld(self, s, p, a):
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            self._put_on_pile(s, p, a - self.A_DISCARD)
            if not s.hands[p] and s.stage[p] == FOOT:
                self._go_out(s, p)
                return
            self._begin_turn(s, (p + 1) % 4)
            return
        if a == self.A_KNOCK:
            s.log("knock", p)
            self._begin_turn(s, (p + 1) % 4)
            return
        if a == self.A_DONE:
            s.log("end_turn", p)
            self._begin_turn(s, (p + 1) % 4)
            return
        if a == self.A_BACK:
            self._take_back(s, p)
            return
        if a == self.A_KNEE:
            self._pick_up(s, p, KNEE)
            return
        if a == self.A_ASK:
            self._ask(s, p)
            return
        self._apply_meld_action(s, p, a)

    def _apply_meld_action(self, s, p, a):
        hand = s.hands[p]
        if self.A_MELD <= a < self.A_MELD + self.n_meld:
            key, form = self.meld_table[a - self.A_MELD]
            if key == WILD:
                tw, jk = WILD_FORMS[form]
                used = take_lowest(hand & T.twos, tw) | take_lowest(hand & T.jokers, jk)
            else:
                used = self._form_cards(hand, key, form, 3 if form == 0 else 2)
            kind = "meld"
        else:
            key, form = self.add_table[a - self.A_ADD]
            pool = T.rank[key] if form == 0 else (T.twos if form == 1 else T.jokers)
            used = take_lowest(hand & pool, 1)
            kind = "add"
        self._lay(s, p, kind, key, used)
        self._after_meld(s, p, key)

    def _after_meld(self, s, p, key):
        """Close a finished canasta, pick up the knee or foot, go out."""
        team = p & 1
        m = s.melds[team][key]
        if popcount(m) >= CANASTA:
            s.closed[team].append(m)
            s.melds[team][key] = 0
            s.log("canasta", p, canasta=canasta_class(m), cards=CardSet(m))
            if len(s.closed[team]) == 1 and s.stage[p] == HAND:
                self._pick_up(s, p, KNEE)
        if s.hands[p] or s.phase is not Phase.MELD:
            return
        if s.stage[p] == KNEE:
            self._pick_up(s, p, FOOT)
        elif s.stage[p] == FOOT:
            self._go_out(s, p)

    def _take_back(self, s, p):
        if s.tent_top >= 0:
            s.turn = None                 # the pile turn is undone: draw from the stock
        super()._take_back(s, p)

    # -- end of a deal -------------------------------------------------------------
    def _go_out(self, s, p):
        s.log("went_out", p)
        self._end_deal(s, p & 1, f"seat {p} went out")

    def _end_deal(self, s, out_team, reason):
        left = [0, 0]
        for p in range(4):
            left[p & 1] |= s.hands[p] | s.knees[p] | s.feet[p]
        reds = [popcount(x) for x in s.red3]
        lines = score_deal(s.melds, s.closed, reds, left, out_team)
        self._record_deal(s, lines, reason, hands=[CardSet(h) for h in s.hands],
                          knees=[CardSet(k) for k in s.knees], feet=[CardSet(f) for f in s.feet])

    # -- terminal ------------------------------------------------------------------
    def render_board(self, view):
        """For the terminal: each team's score, opening, basic book so far,
        canastas, unfinished melds and red threes; the pile and the stock;
        an opening under way and the go-out answer."""
        me = view.get("seat")
        o = view.get("options")
        deals = o.get("deals", 4) if isinstance(o, dict) else getattr(o, "deals", 4)
        lines = [f"Deal {view['deal_no'] + 1} of {deals}   "
                 f"(first melds need {view['requirement']} points this deal)"]
        for t in (0, 1):
            lines.append("")
            head = f"{side_title((t, t + 2), me, t)}: {view['scores'][t]} points, " + \
                ("opened" if view["opened"][t] else "not opened")
            lines.append(head)
            kinds = [canasta_class(int(m)) for m in view["canastas"][t]]
            have = []
            left = ["natural 5s", "natural 7s", "wild", "natural", "mixed"]
            for k, name in (("fives", "natural 5s"), ("sevens", "natural 7s"),
                            ("wild", "wild"), ("mixed", "mixed")):
                if k in kinds:
                    left.remove(name)
            naturals = kinds.count("fives") + kinds.count("sevens") + kinds.count("natural")
            extra = naturals - min(1, kinds.count("fives")) - min(1, kinds.count("sevens"))
            if extra >= 1 or naturals >= 3:
                left.remove("natural")
            if kinds:
                have = [f"{kinds.count(k)} {k}" for k in
                        ("sevens", "fives", "wild", "natural", "mixed") if kinds.count(k)]
                lines.append(f"  canastas: {', '.join(have)}")
            lines.append("  basic book complete" if view["book"][t] else
                         f"  basic book still needs: {', '.join(left)}")
            reds = int(view["red_threes"][t])
            if reds:
                lines.append(f"  red threes {cards_line(DECK, reds)}")
            melds = view["melds"][t]
            for word in sorted(melds, key=lambda w: -RANK_OF_WORD.get(w[:-1], 0)):
                name = "wilds" if word == "wilds" else word[:-1].upper().replace("T", "10") + "s"
                lines.append(meld_line(DECK, name, melds[word], CANASTA))
            if not melds:
                lines.append("  no unfinished melds")
        lines.append("")
        lines.append(pile_line(DECK, view))
        buried = int(view["stock_known"])
        if buried:
            lines.append(f"Buried in the stock (seen as upcards): {cards_line(DECK, buried)}")
        tent = int(view["tentative"])
        if tent or view["tentative_top"] is not None:
            lines.append(f"Opening so far: {T.value(tent)} of {view['requirement']} points; "
                         f"'take back' returns the cards")
        lines.extend(self.ask_lines(view["ask"]))
        if view["turn"] == "pile":
            lines.append("This turn began with the pile: no discard, say 'knock' when finished")
        return "\n".join(lines)

    def describe_event(self, event):
        """The deal's scoring per team (seats 0+2, 1+3); other events as usual."""
        return deal_scored_line(event, ((0, 2), (1, 3)))

    # -- text --------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        if not 0 <= action < a.size:
            return super().why_illegal(s, seat, action)
        d = self.decode(action)
        team = seat & 1
        if s.phase is Phase.ANSWER:
            return "answer your partner: yes or no"
        if d[0] == "draw":
            return "you have drawn already this turn"
        if d[0] == "take":
            if s.phase is not Phase.DRAW:
                return "the pile can be taken only instead of drawing"
            if s.took_back:
                return "after taking back a pile opening you must draw from the stock"
            if not s.pile:
                return "the pile is empty"
            if (T.black3 >> s.pile[-1]) & 1:
                return "a black three on top blocks the pile"
            return (f"you need two hand cards that meld with {DECK.text(s.pile[-1])} at once "
                    f"(a wild top card needs two more of its own kind; no wild cards "
                    f"with fives and sevens)")
        if d[0] == "knee":
            if s.stage[seat] != HAND:
                return "you have picked up your knee already"
            return "the knee comes up only after your team's first canasta"
        if d[0] == "ask":
            return "you may ask to go out once a turn, on your foot, with the basic book made"
        if s.phase is Phase.DRAW:
            return "draw or take the pile first"
        if d[0] == "discard":
            if s.turn != "stock":
                return "after taking the pile you knock instead of discarding"
            if self._opening_short(s, team):
                return (f"your opening makes {T.value(s.tent)} of the {self.requirement(s)} "
                        f"needed: meld more or take it back")
            if not self._holds(s.hands[seat], d[1]):
                return f"{DECK.text(d[1])} is not in your hand"
            return "you may not run out of cards now"
        if d[0] == "knock":
            return "knock only ends a turn in which you took the pile"
        if d[0] in ("meld", "add"):
            if d[0] == "add" and not s.melds[team][d[1]]:
                return f"your team has no unfinished meld of {_key_word(d[1])}"
            why = self._why_meld(s, seat, d)
            if why:
                return f"{a.text(action)}: {why}"
            return (f"{a.text(action)}: not allowed now (3 to 7 cards; one wild card up to "
                    f"five cards, two from six; none in fives or sevens; keep a card to "
                    f"end the turn; finish canastas only after the opening)")
        return f"{a.text(action)} is not allowed now ({self.phase_name(s)})"


    def _why_meld(self, s, seat, d):
        """The plain reason a meld or add (decoded ``d``) is refused, where one
        is simple to name: a second unfinished meld of a kind, cards not held."""
        verb, key, form = d
        hand = s.hands[seat]
        twos, jokers = popcount(hand & T.twos), popcount(hand & T.jokers)
        if verb == "meld":
            if s.melds[seat & 1][key]:
                word = _key_word(key)
                return f"your team has an unfinished meld of {word} already: add to it"
            if key == WILD:
                need_twos, need_jokers = WILD_FORMS[form]
                held = twos >= need_twos and jokers >= need_jokers
            else:
                held = popcount(hand & T.rank[key]) >= (3 if form == 0 else 2) and \
                    (form != 1 or twos) and (form != 2 or jokers)
            return "" if held else "you do not hold those cards"
        held = (hand & T.rank[key]) if form == 0 else (twos if form == 1 else jokers)
        return "" if held else "you do not hold that card"

    # -- views ---------------------------------------------------------------------
    def _view(self, s, seat, v):
        self._layout_view(s, seat, v)
        v["knee_sizes"] = [popcount(k) for k in s.knees]
        v["foot_sizes"] = [popcount(f) for f in s.feet]
        v["stage"] = [STAGE_NAMES[x] for x in s.stage]
        v["stock_known"] = CardSet(s.stock_known)
        v["canastas"] = [[CardSet(m) for m in c] for c in s.closed]
        v["book"] = [book_complete(c) for c in s.closed]
        v["requirement"] = self.requirement(s)
        v["turn"] = s.turn
        v["ask"] = s.ask
        v["ask_back"] = s.ask_back.name.lower() if s.ask_back else None

    def _meld_masks(self, s, team):
        return s.melds[team] + s.closed[team]

    def zones(self, s):
        z = super().zones(s)
        for p in range(4):
            z[f"knee{p}"] = s.knees[p]
            z[f"foot{p}"] = s.feet[p]
        return z

    def unknown_cards(self, s, seat):
        hidden = super().unknown_cards(s, seat)
        if s.outcome is None:
            for p in range(4):
                hidden |= s.knees[p] | s.feet[p]
        return hidden

    def sample_world(self, view, rng):
        table = 0
        closed = [[int(m) for m in c] for c in view["canastas"]]
        for c in closed:
            for m in c:
                table |= m
        feet_and_knees = {}
        for p in range(4):
            feet_and_knees[f"knee{p}"] = view["knee_sizes"][p]
            feet_and_knees[f"foot{p}"] = view["foot_sizes"][p]
        buried = int(view["stock_known"])
        s, placed = self._sample_layout(view, rng, buried, table, feet_and_knees)
        if buried:                        # the buried upcards are somewhere in the stock
            s.stock += ids(buried)
            rng.shuffle(s.stock)
        s.knees = [placed[f"knee{p}"] for p in range(4)]
        s.feet = [placed[f"foot{p}"] for p in range(4)]
        s.stage = [STAGE_NAMES.index(x) for x in view["stage"]]
        s.closed = closed
        s.turn = view["turn"]
        self._sample_ask(s, view)
        return s
