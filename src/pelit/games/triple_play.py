"""Triple Play (Hand, Knee, and Foot).

Rule source: seed 001 (line 1), sections Setup, Card ranks and scoring, Play
of the hand, Drawing, Melding, Discarding, Picking up the knee and foot,
Ending the deal.  A stand-alone description (not written as differences
from Korppi's Canasta), so Korppi's penalties (21.6.5) do not apply here.

Four players in two teams, six packs (324 cards).  Each player has a hand
of 15, a face-down knee of 13 and a face-down foot of 11.

Melds are numbered per team (``add 7h to meld 2``).  New melds:
``meld 7 7 7`` / ``meld 7 7 2`` / ``meld 7 7 jk``, all-wild ``meld 2 2 2``,
``meld 2 2 jk``, ``meld 2 jk jk``, ``meld jk jk jk``; every longer meld grows
one card at a time.  The pile: ``take pile with 7 7`` (or ``7 2``, ``7 jk``;
``2 2`` on a two, ``jk jk`` on a joker).  A turn that began with the pile
ends with ``knock`` instead of a discard.

Decisions where the seed is silent (each pinned by a test):

- Setup: hands, then knees, then feet are dealt one card at a time from the
  dealer's left.  A buried upcard goes into the middle of the stock (below
  half of it).  Red threes in the dealt hands are laid and replaced seat by
  seat from the dealer's left before the first turn.
- Drawing: taking the pile lays the top card with the two hand cards as a
  new meld, or onto the team's unfinished meld of that rank when there is
  one (the three must fit it).  A team that has not opened may add more
  melds from the hand (``done`` ends the opening; the rest of the pile joins
  the hand only then).
- Opening: ``done`` with too few points takes the tentative cards back with
  no penalty (the seed names none) and the turn goes on.
- Melding: a meld of a rank may not have fewer than two natural cards; an
  all-wild meld is its own kind, one unfinished at a time like a rank.
- Knee: the player who completes the team's first canasta picks up the
  knee at once (when the opening stands).  The partner picks it up with
  ``pick up knee``, an action of their own turn that a person can forget:
  the software never reminds (the 1,000-point penalty for reminding is a
  table rule it cannot see).  A forgotten knee can be picked up on a later
  turn.  A player who has not picked up the knee may not empty the hand.
- Red threes: laid and replaced from the stock while the player has not
  picked up the knee; afterwards laid without replacement (also those in a
  knee or foot when it is picked up).
- Going out: the foot emptied, the basic book complete (a natural canasta of
  fives, one of sevens, one of wild cards, a further natural canasta, and a
  mixed canasta), and the partner's "yes" to ``ask go out`` in that turn.
  A sevens or fives canasta earns only its own bonus (5000, 3000), not the
  natural 500 as well.
- Stock exhausted (the seed points to Hand and Foot's procedure, which the
  seed of Hand and Foot does not spell out): as in this project's Hand and
  Foot, a draw from an empty stock ends the deal and it is scored as it
  stands, with no going-out bonus; with one card left a draw takes it.
- A team can hold at most 40 melds (action numbering); no deal comes near.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands
from ..cards.deck import JOKER_RANK, RANK_TEXT, SUITS, Card, CardSet, ids, mask_of, \
    normalize_card_text, standard_deck
from ..cards.melds import CANASTA_POINTS, NATURAL_RANKS, MeldTables, popcount, take_lowest
from ..cards.scoresheet import ScoreSheet
from ..core.actions import ActionSpace
from ..core.errors import ParseError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("6x54")
T = MeldTables(DECK, CANASTA_POINTS, red_three=500, black_three=100)   # unplayed threes
SIZES = (15, 13, 11)               # hand, knee, foot
CANASTA = 7
MAX_SLOTS = 40
OPENING_BY_DEAL = (50, 90, 120, 150)
WILDKEY = 2                         # key of an all-wild meld
NO_WILD_RANKS = (5, 7)
BURY = T.jokers | T.twos | T.red3 | T.rank[5] | T.rank[7]
BLOCK = T.black3
RW = {r: RANK_TEXT[r].lower() for r in range(2, 16)}
RANK_OF_WORD = {w: r for r, w in RW.items()}
FACES = [f"{RW[r]}{SUITS[s].lower()}" for s in range(4) for r in NATURAL_RANKS] + ["2", "jk"]
FACE_MASK = [T.rank[r] & DECK.suit_mask[s] for s in range(4) for r in NATURAL_RANKS] + \
    [T.twos, T.jokers]
FACE_OF = [-1] * DECK.size
for _i, _m in enumerate(FACE_MASK):
    for _c in ids(_m):
        FACE_OF[_c] = _i
WILD_FORMS = ((3, 0), (2, 1), (1, 2), (0, 3))      # (twos, jokers) of a new all-wild meld
BONUS = {7: 5000, 5: 3000, WILDKEY: 2500}


def wild_limit(length: int) -> int:
    """Most wild cards in a meld of a rank of ``length`` cards (Melding)."""
    return 1 if length <= 5 else 2


def kind_of(key, mask):
    """The canasta kind of a complete meld: 'sevens', 'fives', 'wild', 'natural', 'mixed'."""
    if popcount(mask) < CANASTA:
        return None
    if key == WILDKEY:
        return "wild"
    if key == 7:
        return "sevens"
    if key == 5:
        return "fives"
    return "natural" if not mask & T.wild else "mixed"


def book_complete(keys, masks) -> bool:
    """The basic book: natural 5s, natural 7s, wild, another natural, a mixed canasta."""
    kinds = [kind_of(k, m) for k, m in zip(keys, masks)]
    fives = kinds.count("fives")
    sevens = kinds.count("sevens")
    natural = kinds.count("natural") + max(0, fives - 1) + max(0, sevens - 1)
    return fives >= 1 and sevens >= 1 and "wild" in kinds and natural >= 1 and "mixed" in kinds


def score_deal(keys, masks, red3, left, went_out) -> list[dict]:
    """Scoring lines of one deal for both teams (Ending the deal): ``left[t]`` is
    the mask of the cards in the team's hands, knees and feet."""
    lines = []
    for t in (0, 1):
        bonus = {"sevens": 0, "fives": 0, "wild": 0, "natural": 0, "mixed": 0}
        for k, m in zip(keys[t], masks[t]):
            kind = kind_of(k, m)
            if kind is not None:
                bonus[kind] += 1
        reds = popcount(red3[t])
        line = {
            "melded cards": sum(T.value(m) for m in masks[t]),
            "sevens canastas": 5000 * bonus["sevens"],
            "fives canastas": 3000 * bonus["fives"],
            "wild canastas": 2500 * bonus["wild"],
            "natural canastas": 500 * bonus["natural"],
            "mixed canastas": 300 * bonus["mixed"],
            "red threes": 100 * reds + (300 if reds >= 7 else 0),
            "going out": 200 if went_out == t else 0,
            "cards left": -T.value(left[t]),
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


class Phase(enum.Enum):
    DRAW = 1
    OPENING = 2
    MELD = 3
    ANSWER = 4


@dataclass(frozen=True)
class TriplePlayOptions:
    deals: int = option(4, "number of deals in the match", min=1, max=4)


class TriplePlayState(State):
    __slots__ = ("dealer", "deal_no", "hands", "knees", "feet", "stage", "foot_due", "known",
                 "stock", "pile", "mkey", "mmask", "red3", "opened", "first_canasta", "tent",
                 "tent_top", "tent_slot", "pile_rest", "ask", "ask_back", "melded",
                 "took_pile", "buried", "sheet", "results")

    def _copy_into(self, new):
        for name in ("dealer", "deal_no", "tent", "tent_top", "tent_slot", "ask", "ask_back",
                     "melded", "took_pile"):
            setattr(new, name, getattr(self, name))
        for name in ("hands", "knees", "feet", "stage", "foot_due", "known", "stock", "pile",
                     "red3", "opened", "first_canasta", "pile_rest", "buried", "results"):
            setattr(new, name, getattr(self, name).copy())
        new.mkey = [self.mkey[0].copy(), self.mkey[1].copy()]
        new.mmask = [self.mmask[0].copy(), self.mmask[1].copy()]
        new.sheet = self.sheet.clone()


@register
class TriplePlay(Game):
    info = GameInfo(
        id="triple-play", name="Triple Play", min_seats=4, max_seats=4, family="rummy",
        source="001 Triple Play (line 1)", hidden=True, chance=True, teams=True,
        aliases=("hand-knee-and-foot",),
        summary=(
            "Canasta for two teams with six packs. Each player has a hand of 15 and, "
            "face down, a knee of 13 and a foot of 11. Draw two cards, or take the "
            "pile by melding its top card with two cards from your hand (a turn begun "
            "with the pile ends with a knock, not a discard). Melds are 3 to 7 cards "
            "of a rank: one wild card in up to five cards, two in six or seven, none "
            "with fives or sevens; all-wild melds are allowed; seven cards make a "
            "canasta. Whoever completes the team's first canasta picks up the knee; "
            "the partner must remember to pick up theirs. After the knee, an empty "
            "hand brings the foot. Going out needs the basic book (natural fives, "
            "natural sevens, wild, another natural and a mixed canasta) and the "
            "partner's yes. Bonuses: 5000 sevens, 3000 fives, 2500 wild, 500 natural, "
            "300 mixed canasta; red threes 100 (300 more for seven); going out 200; "
            "cards left count against (red threes -500, black -100). Openings 50, "
            "90, 120, 150 over four deals."),
        verbs=(
            ("draw", "take two cards from the stock"),
            ("take pile with 7 7", "take the pile, melding its top card with two hand "
             "cards ('7 2', '7 jk'; '2 2' on a two, 'jk jk' on a joker)"),
            ("meld 7 7 7", "a new meld ('7 7 2', '7 7 jk'; all-wild '2 2 2', '2 2 jk', "
             "'2 jk jk', 'jk jk jk')"),
            ("add 7h to meld 2", "add a card to your team's meld 2"),
            ("pick up knee", "pick up your knee once your team has a canasta"),
            ("discard 4H", "discard a card and end your turn"),
            ("knock", "end a turn that began by taking the pile"),
            ("done", "finish your opening meld"),
            ("ask go out", "ask your partner whether you may go out"),
            ("yes", "answer your partner: you may go out"),
            ("no", "answer your partner: do not go out"),
        ),
    )
    Options = TriplePlayOptions
    Phase = Phase
    State = TriplePlayState
    deck = DECK
    test_options = {"deals": 1}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_DRAW = a.verb("draw")
        take = [f"pile with {RW[r]} {RW[r]}" for r in NATURAL_RANKS]
        take += [f"pile with {RW[r]} {w}" for r in NATURAL_RANKS for w in ("2", "jk")]
        take += ["pile with 2 2", "pile with jk jk"]
        self.A_TAKE = a.choice("take", take)
        n = len(NATURAL_RANKS)
        self.A_TAKE_WILDFORM = self.A_TAKE + n
        self.A_TAKE_WILDTOP = self.A_TAKE + 3 * n
        words = [f"{RW[r]} {RW[r]} {w}" for r in NATURAL_RANKS for w in (RW[r], "2", "jk")]
        words += [" ".join(["2"] * t + ["jk"] * j) for t, j in WILD_FORMS]
        self.A_MELD = a.choice("meld", words)
        self.A_MELD_WILD = self.A_MELD + 3 * n
        self.A_ADD = a.choice("add", [f"{f} to meld {k + 1}" for f in FACES
                                      for k in range(MAX_SLOTS)])
        self.A_DISCARD = a.card_block("discard")
        self.A_KNEE = a.verb("pick up knee")
        self.A_KNOCK = a.verb("knock")
        self.A_DONE = a.verb("done")
        self.A_ASK = a.verb("ask go out")
        self.A_YES = a.verb("yes")
        self.A_NO = a.verb("no")
        self.actions = a
        self._ri = {r: i for i, r in enumerate(NATURAL_RANKS)}

    def num_players(self, state):
        return 4

    def decode(self, a):
        """For bots: ``("draw",)``, ``("take", "pair", rank)``, ``("take", "wild",
        rank, form)``, ``("meld", rank, form)`` (rank 2: all wild, form indexes
        WILD_FORMS), ``("add", face, slot)``, ``("discard", card)``, ``("knee",)``,
        ``("knock",)``, ``("done",)``, ``("ask",)``, ``("yes",)``, ``("no",)``."""
        n = len(NATURAL_RANKS)
        if a == self.A_DRAW:
            return ("draw",)
        if self.A_TAKE <= a < self.A_TAKE_WILDFORM:
            return ("take", "pair", NATURAL_RANKS[a - self.A_TAKE])
        if self.A_TAKE_WILDFORM <= a < self.A_TAKE_WILDTOP:
            k = a - self.A_TAKE_WILDFORM
            return ("take", "wild", NATURAL_RANKS[k // 2], 1 + k % 2)
        if self.A_TAKE_WILDTOP <= a < self.A_MELD:
            return ("take", "pair", 2 if a == self.A_TAKE_WILDTOP else JOKER_RANK)
        if self.A_MELD <= a < self.A_MELD_WILD:
            k = a - self.A_MELD
            return ("meld", NATURAL_RANKS[k // 3], k % 3)
        if self.A_MELD_WILD <= a < self.A_ADD:
            return ("meld", WILDKEY, a - self.A_MELD_WILD)
        if self.A_ADD <= a < self.A_DISCARD:
            k = a - self.A_ADD
            return ("add", k // MAX_SLOTS, k % MAX_SLOTS)
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        return ({self.A_KNEE: "knee", self.A_KNOCK: "knock", self.A_DONE: "done",
                 self.A_ASK: "ask", self.A_YES: "yes", self.A_NO: "no"}[a],)

    # -- rule helpers ----------------------------------------------------------------
    def requirement(self, s, team):
        return OPENING_BY_DEAL[min(s.deal_no, 3)]

    def _tent_enough(self, s, team, extra=0):
        return T.value(s.tent | extra) >= self.requirement(s, team)

    def _eff_hand(self, s, p):
        n = popcount(s.hands[p])
        if s.phase is Phase.OPENING:
            n += len(s.pile_rest)
        return n

    @staticmethod
    def _fits(key, mask, add):
        """May the cards ``add`` join the meld (key, mask)?  (Melding)"""
        new = mask | add
        n = popcount(new)
        if n > CANASTA:
            return False
        w = popcount(new & T.wild)
        if key == WILDKEY:
            return w == n
        if new & ~(T.rank[key] | T.wild):
            return False
        if key in NO_WILD_RANKS:
            return w == 0
        return w <= wild_limit(n) and n - w >= 2

    def _open_slot(self, s, team, key):
        """The team's unfinished meld of ``key`` (only one may exist), or -1."""
        for k, (kk, m) in enumerate(zip(s.mkey[team], s.mmask[team])):
            if kk == key and popcount(m) < CANASTA:
                return k
        return -1

    def _may_out(self, s, p, keys, masks, extra=0):
        if s.stage[p] != 2 or s.ask != "yes":
            return False
        if not book_complete(keys, masks):
            return False
        team = p & 1
        if s.tent and s.phase is Phase.MELD and not self._tent_enough(s, team, extra):
            return False
        return True

    def _shrink_ok(self, s, p, slot, key, used, gain=0, top=0):
        """May ``used`` leave the hand (onto meld ``slot``, -1 for a new one)?"""
        team = p & 1
        left = self._eff_hand(s, p) - popcount(used) + gain
        if left < 0:
            return False
        stage = s.stage[p]
        if stage == 1:
            if left == 0 and s.tent and s.phase is Phase.MELD \
                    and not self._tent_enough(s, team, used):
                return False
            return True                           # the foot follows
        keep = 1 if (s.took_pile or gain or top) else 2
        if stage == 0:
            return left >= keep
        if left >= keep:
            return True
        keys = s.mkey[team].copy()
        masks = s.mmask[team].copy()
        if slot < 0:
            keys.append(key)
            masks.append(used | top)
        else:
            masks[slot] |= used | top
        if self._may_out(s, p, keys, masks, used | top):
            return True
        if left == 1 and keep == 2 and s.phase is Phase.MELD:
            last = s.hands[p] & ~used
            if last:
                c = last.bit_length() - 1
                for k in range(len(keys)):
                    if self._fits(keys[k], masks[k], 1 << c):
                        m2 = masks.copy()
                        m2[k] |= 1 << c
                        if self._may_out(s, p, keys, m2, used | (1 << c)):
                            return True
        return False

    # -- setup --------------------------------------------------------------------------
    def _setup(self, s):
        s.dealer = 3
        s.deal_no = 0
        s.sheet = ScoreSheet(2)
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        s.hands, s.knees, s.feet = [0] * 4, [0] * 4, [0] * 4
        s.stage = [0] * 4
        s.foot_due = [False] * 4
        s.known = [0] * 4
        first = (s.dealer + 1) % 4
        pos = 0
        for zone, size in zip((s.hands, s.knees, s.feet), SIZES):
            for _ in range(size):
                for k in range(4):
                    zone[(first + k) % 4] |= 1 << pack[pos]
                    pos += 1
        s.stock = pack[pos:][::-1]
        s.mkey, s.mmask = [[], []], [[], []]
        s.red3 = [0, 0]
        s.opened = [False, False]
        s.first_canasta = [False, False]
        s.tent, s.tent_top, s.tent_slot = 0, -1, -1
        s.pile_rest = []
        s.ask = s.ask_back = None
        s.melded = s.took_pile = False
        for p in range(4):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=SIZES[0], knee=SIZES[1], foot=SIZES[2], dealer=s.dealer)
        # the upcard: jokers, twos, red threes, fives and sevens are buried
        s.pile = []
        s.buried = []
        while True:
            c = s.stock.pop()
            if (BURY >> c) & 1:
                i = len(s.stock) // 2
                s.stock.insert(i, c)
                s.buried.append(c)           # seen by all, at a known depth
                s.log("upcard_buried", None, card=Card(c), depth=len(s.stock) - 1 - i)
                continue
            s.pile.append(c)
            break
        s.log("pile_turned", None, pile=[Card(c) for c in s.pile], stock=len(s.stock))
        for k in range(4):
            p = (first + k) % 4
            reds = s.hands[p] & T.red3
            if reds:
                s.hands[p] &= ~reds
                if not self._lay_red_threes(s, p, reds):
                    return
        self._begin_turn(s, first)

    def _lay_red_threes(self, s, p, reds):
        team = p & 1
        while reds:
            c = reds & -reds
            reds ^= c
            s.red3[team] |= c
            s.log("red_three", p, card=Card(c.bit_length() - 1))
            if s.stage[p] > 0:
                continue                       # after the knee: no replacement
            if not s.stock:
                self._end_deal(s, None, "the stock ran out")
                return False
            d = self._pop(s, p)
            s.log("draw", p, audience=(p,), private={"card": Card(d)}, replacement=True,
                  stock=len(s.stock))
            if (T.red3 >> d) & 1:
                reds |= 1 << d
            else:
                s.hands[p] |= 1 << d
        return True

    @staticmethod
    def _pop(s, p):
        """The stock's top card; a buried upcard comes out at a depth everyone
        could count, so whoever draws it is known to hold it."""
        c = s.stock.pop()
        if c in s.buried:
            s.buried.remove(c)
            s.known[p] |= 1 << c
        return c

    def _begin_turn(self, s, p):
        s.ask = s.ask_back = None
        s.melded = s.took_pile = False
        s.phase = Phase.DRAW
        s.to_act = (p,)
        if s.foot_due[p]:
            s.foot_due[p] = False
            self._pick_up(s, p, "foot")

    def _pick_up(self, s, p, which):
        zone = s.knees if which == "knee" else s.feet
        cards = zone[p]
        zone[p] = 0
        s.stage[p] = 1 if which == "knee" else 2
        reds = cards & T.red3
        s.hands[p] |= cards & ~reds
        s.log(which, p, audience=(p,), private={"cards": CardSet(cards & ~reds)},
              count=popcount(cards))
        if reds:
            self._lay_red_threes(s, p, reds)

    # -- DRAW ---------------------------------------------------------------------------
    def _knee_ok(self, s, p):
        return s.stage[p] == 0 and s.first_canasta[p & 1]

    def _legal_draw(self, s, p):
        out = [self.A_DRAW]
        out.extend(self._take_actions(s, p))
        if self._knee_ok(s, p):
            out.append(self.A_KNEE)
        if s.ask is None:
            out.append(self.A_ASK)
        return out

    def _take_forms(self, s, p):
        """(action, hand cards used, key) for each way to take the pile."""
        if not s.pile:
            return []
        top = s.pile[-1]
        if (BLOCK >> top) & 1:
            return []
        hand = s.hands[p]
        r = DECK.rank_of[top]
        forms = []
        if (T.wild >> top) & 1:
            same = T.twos if r == 2 else T.jokers
            used = take_lowest(hand & same, 2)
            if popcount(used) == 2:
                act = self.A_TAKE_WILDTOP + (0 if r == 2 else 1)
                forms.append((act, used, WILDKEY))
            return forms
        nat = hand & T.rank[r]
        used = take_lowest(nat, 2)
        if popcount(used) == 2:
            forms.append((self.A_TAKE + self._ri[r], used, r))
        if nat and r not in NO_WILD_RANKS:
            one = take_lowest(nat, 1)
            for form, wm in ((1, T.twos), (2, T.jokers)):
                w = take_lowest(hand & wm, 1)
                if w:
                    forms.append((self.A_TAKE_WILDFORM + 2 * self._ri[r] + form - 1,
                                  one | w, r))
        return forms

    def _take_actions(self, s, p):
        team = p & 1
        top = s.pile[-1] if s.pile else -1
        out = []
        for act, used, key in self._take_forms(s, p):
            slot = self._open_slot(s, team, key)
            base = s.mmask[team][slot] if slot >= 0 else 0
            if not self._fits(key, base, used | (1 << top)):
                continue
            if slot < 0 and len(s.mkey[team]) >= MAX_SLOTS:
                continue
            if self._shrink_ok(s, p, slot, key, used, len(s.pile) - 1, 1 << top):
                out.append(act)
        return out

    def _apply_draw(self, s, p, a):
        team = p & 1
        if a == self.A_DRAW:
            if not s.stock:
                s.log("draw_empty", p)
                self._end_deal(s, None, "the stock ran out")
                return
            for _ in range(2):
                if not s.stock:
                    break
                c = self._pop(s, p)
                s.log("draw", p, audience=(p,), private={"card": Card(c)}, stock=len(s.stock))
                if (T.red3 >> c) & 1:
                    if not self._lay_red_threes(s, p, 1 << c):
                        return
                else:
                    s.hands[p] |= 1 << c
            s.phase = Phase.MELD
            self._check_empty(s, p)          # red threes laid without replacement
            return
        if a == self.A_ASK:
            self._ask(s, p)
            return
        if a == self.A_KNEE:
            s.log("pick_up_knee", p)
            self._pick_up(s, p, "knee")
            return
        used, key = next((u, k) for act, u, k in self._take_forms(s, p) if act == a)
        top = s.pile.pop()
        slot = self._open_slot(s, team, key)
        if slot < 0:
            slot = len(s.mkey[team])
            s.mkey[team].append(key)
            s.mmask[team].append(0)
        s.mmask[team][slot] |= used | (1 << top)
        s.hands[p] &= ~used
        s.melded = True
        s.took_pile = True
        if not s.opened[team]:
            s.tent = used | (1 << top)
            s.tent_top = top
            s.tent_slot = slot
            s.pile_rest = s.pile
            s.pile = []
            s.log("take_pile_opening", p, top=Card(top), cards=CardSet(used),
                  rest=len(s.pile_rest), meld=slot + 1)
            s.phase = Phase.OPENING
            return
        self._take_rest(s, p, s.pile, top, used, slot)

    def _take_rest(self, s, p, rest, top, used, slot):
        rest_mask = mask_of(rest)
        s.pile = []
        s.pile_rest = []
        s.log("take_pile", p, top=Card(top), cards=CardSet(used), taken=CardSet(rest_mask),
              meld=slot + 1)
        s.hands[p] |= rest_mask
        s.known[p] |= rest_mask
        s.phase = Phase.MELD
        self._canasta_check(s, p)
        if s.outcome is None:
            self._check_empty(s, p)

    def _ask(self, s, p):
        s.ask = "asked"
        s.ask_back = s.phase
        s.log("ask_go_out", p)
        s.phase = Phase.ANSWER
        s.to_act = ((p + 2) % 4,)

    def _legal_answer(self, s, p):
        return [self.A_YES, self.A_NO]

    def _apply_answer(self, s, p, a):
        s.ask = "yes" if a == self.A_YES else "no"
        s.log("answer", p, answer=s.ask)
        s.phase = s.ask_back
        s.to_act = ((p + 2) % 4,)

    # -- melding ------------------------------------------------------------------------
    def _meld_actions(self, s, p):
        team = p & 1
        hand = s.hands[p]
        keys, masks = s.mkey[team], s.mmask[team]
        out = []
        if len(keys) < MAX_SLOTS:
            for i, r in enumerate(NATURAL_RANKS):
                nat = hand & T.rank[r]
                if popcount(nat) < 2 or self._open_slot(s, team, r) >= 0:
                    continue
                forms = [(0, take_lowest(nat, 3))]
                if r not in NO_WILD_RANKS:
                    pair = take_lowest(nat, 2)
                    forms += [(1, pair | take_lowest(hand & T.twos, 1)),
                              (2, pair | take_lowest(hand & T.jokers, 1))]
                for form, used in forms:
                    if popcount(used) == 3 and self._shrink_ok(s, p, -1, r, used):
                        out.append(self.A_MELD + 3 * i + form)
            if self._open_slot(s, team, WILDKEY) < 0:
                for j, (tw, jk) in enumerate(WILD_FORMS):
                    used = take_lowest(hand & T.twos, tw) | take_lowest(hand & T.jokers, jk)
                    if popcount(used) == 3 and self._shrink_ok(s, p, -1, WILDKEY, used):
                        out.append(self.A_MELD_WILD + j)
        faces = 0
        for c in ids(hand & ~T.rank[3]):
            f = FACE_OF[c]
            if faces >> f & 1:
                continue
            faces |= 1 << f
            for k in range(len(keys)):
                if self._fits(keys[k], masks[k], 1 << c) and \
                        self._shrink_ok(s, p, k, keys[k], 1 << c):
                    out.append(self.A_ADD + f * MAX_SLOTS + k)
        out.sort()
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
        team = p & 1
        out = self._meld_actions(s, p)
        hand = s.hands[p]
        n = popcount(hand)
        enough = not s.tent or self._tent_enough(s, team)
        if enough and not s.took_pile:
            stage = s.stage[p]
            if n >= 2 or (n == 1 and (stage == 1 or (stage == 2 and self._may_out(
                    s, p, s.mkey[team], s.mmask[team])))):
                faces = 0
                for c in ids(hand):
                    f = 1 << DECK.face_of[c]
                    if not faces & f:
                        faces |= f
                        out.append(self.A_DISCARD + c)
        if enough and (s.took_pile or self._stuck(s, p, out)):
            out.append(self.A_KNOCK)
        if s.tent:
            out.append(self.A_DONE)
        if self._knee_ok(s, p):
            out.append(self.A_KNEE)
        if s.ask is None:
            out.append(self.A_ASK)
        return out

    def _stuck(self, s, p, out):
        """A foot player left with one card that may not be discarded (going out
        is not allowed yet) and nothing to meld ends the turn with a knock."""
        return s.stage[p] == 2 and popcount(s.hands[p]) <= 1 and not any(
            self.A_DISCARD <= a < self.A_DISCARD + DECK.size or self.A_MELD <= a < self.A_DISCARD
            for a in out)

    def _apply_meld(self, s, p, a):
        if a == self.A_DONE:
            self._done(s, p)
            return
        if a == self.A_ASK:
            self._ask(s, p)
            return
        if a == self.A_KNEE:
            s.log("pick_up_knee", p)
            self._pick_up(s, p, "knee")
            self._check_empty(s, p)
            return
        if a == self.A_KNOCK:
            s.log("knock", p)
            self._begin_turn(s, (p + 1) % 4)
            return
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            c = a - self.A_DISCARD
            if s.tent:
                self._open(s, p)
            s.hands[p] &= ~(1 << c)
            s.known[p] &= ~(1 << c)
            s.pile.append(c)
            s.log("discard", p, card=Card(c))
            if not s.hands[p]:
                if s.stage[p] == 2:
                    self._go_out(s, p)
                    return
                s.foot_due[p] = True          # the foot waits for the next turn
            self._begin_turn(s, (p + 1) % 4)
            return
        self._apply_meld_action(s, p, a)

    def _apply_meld_action(self, s, p, a):
        team = p & 1
        hand = s.hands[p]
        d = self.decode(a)
        if d[0] == "meld":
            r, form = d[1], d[2]
            if r == WILDKEY:
                tw, jk = WILD_FORMS[form]
                used = take_lowest(hand & T.twos, tw) | take_lowest(hand & T.jokers, jk)
            elif form == 0:
                used = take_lowest(hand & T.rank[r], 3)
            else:
                used = take_lowest(hand & T.rank[r], 2) | \
                    take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
            slot = len(s.mkey[team])
            s.mkey[team].append(r)
            s.mmask[team].append(used)
            kind = "meld"
        else:
            f, slot = d[1], d[2]
            used = take_lowest(hand & FACE_MASK[f], 1)
            s.mmask[team][slot] |= used
            kind = "add"
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.melded = True
        if not s.opened[team]:
            s.tent |= used
        s.log(kind, p, meld_no=slot + 1, cards=CardSet(used), meld=CardSet(s.mmask[team][slot]))
        if s.phase is Phase.MELD:
            self._canasta_check(s, p)
            if s.outcome is None:
                self._check_empty(s, p)

    def _canasta_check(self, s, p):
        """The team's first canasta: its maker picks up the knee (Picking up the knee)."""
        team = p & 1
        if s.first_canasta[team] or s.tent:
            return
        if any(popcount(m) >= CANASTA for m in s.mmask[team]):
            s.first_canasta[team] = True
            s.log("first_canasta", p)
            if s.stage[p] == 0:
                self._pick_up(s, p, "knee")

    def _check_empty(self, s, p):
        if s.hands[p] or s.outcome is not None or s.phase is not Phase.MELD:
            return
        if s.tent:
            self._open(s, p)
        if s.stage[p] == 2:
            self._go_out(s, p)
        elif s.stage[p] == 1:
            self._pick_up(s, p, "foot")

    def _done(self, s, p):
        team = p & 1
        need = self.requirement(s, team)
        got = T.value(s.tent)
        if got >= need:
            pile_open = s.phase is Phase.OPENING
            top, rest, slot = s.tent_top, s.pile_rest, s.tent_slot
            self._open(s, p)
            if pile_open:
                self._take_rest(s, p, rest, top, 0, slot)
            else:
                self._canasta_check(s, p)
                self._check_empty(s, p)
            return
        # too few points: the cards go back, no penalty (the seed names none)
        back = s.tent & ~(1 << s.tent_top) if s.tent_top >= 0 else s.tent
        s.mkey[team], s.mmask[team] = [], []
        s.hands[p] |= back
        s.known[p] |= back
        s.log("opening_withdrawn", p, points=got, needed=need, returned=CardSet(back))
        if s.tent_top >= 0:
            s.pile = s.pile_rest + [s.tent_top]
            s.pile_rest = []
            s.phase = Phase.DRAW
            s.took_pile = False
        s.tent, s.tent_top, s.tent_slot = 0, -1, -1
        s.melded = False

    def _open(self, s, p):
        team = p & 1
        s.opened[team] = True
        s.log("opened", p, points=T.value(s.tent), needed=self.requirement(s, team))
        s.tent, s.tent_top, s.tent_slot = 0, -1, -1
        self._canasta_check(s, p)

    def _go_out(self, s, p):
        s.log("went_out", p)
        self._end_deal(s, p & 1, f"seat {p} went out")

    def _end_deal(self, s, out_team, reason):
        left = [0, 0]
        for p in range(4):
            left[p & 1] |= s.hands[p] | s.knees[p] | s.feet[p]
        lines = score_deal(s.mkey, s.mmask, s.red3, left, out_team)
        totals = (lines[0]["total"], lines[1]["total"])
        s.sheet.add(f"deal {s.deal_no + 1}", totals)
        s.results.append(totals)
        s.log("deal_scored", None, reason=reason, lines=lines, totals=list(s.sheet.totals),
              left=[CardSet(m) for m in left])
        s.deal_no += 1
        if s.deal_no >= s.options.deals:
            a, b = s.sheet.totals
            winners = () if a == b else ((0, 2) if a > b else (1, 3))
            self.finish(s, Outcome((a, b, a, b), winners,
                                   f"{s.deal_no} deals played: {a} to {b}"
                                   + ("" if winners else ", a draw"),
                                   details={"deals": [list(r) for r in s.results]}))
            return
        s.dealer = (s.dealer + 1) % 4
        self._deal(s)

    # -- text -------------------------------------------------------------------------------
    def parse_action(self, state, text, seat=None):
        return super().parse_action(state, _normalize(text), seat)

    def why_illegal(self, s, seat, action):
        if not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        d = self.decode(action)
        team = seat & 1
        if s.phase is Phase.ANSWER:
            return "answer your partner: yes or no"
        if d[0] == "draw":
            return "you have drawn already this turn"
        if d[0] == "knee":
            return ("you have picked up your knee already" if s.stage[seat]
                    else "your team has no canasta yet")
        if d[0] == "take":
            if s.phase is not Phase.DRAW:
                return "the pile can be taken only instead of drawing"
            if not s.pile:
                return "the pile is empty"
            if (BLOCK >> s.pile[-1]) & 1:
                return "a black three on top blocks the pile"
            return "you need two hand cards that meld with the top card"
        if s.phase is Phase.DRAW:
            return "draw or take the pile first"
        if d[0] == "knock":
            return "knock only ends a turn that began with the pile; discard instead"
        if d[0] == "discard":
            if s.took_pile:
                return "you took the pile this turn: knock instead of discarding"
            if not (s.hands[seat] >> d[1]) & 1:
                return f"{DECK.text(d[1])} is not in your hand"
            if s.tent and not self._tent_enough(s, team):
                return (f"your opening melds make {T.value(s.tent)} of the "
                        f"{self.requirement(s, team)} needed: meld more or say done")
            return ("you may not empty your hand now (knee first; to go out: the basic "
                    "book and your partner's yes)")
        if d[0] == "add" and d[2] >= len(s.mkey[team]):
            return f"your team has no meld {d[2] + 1}"
        return (f"{self.action_text(action)}: not allowed now (3 to 7 cards; one wild card "
                f"up to five cards, two in six or seven, none with fives or sevens; one "
                f"unfinished meld of a rank)")

    # -- views -----------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [popcount(h) for h in s.hands]
        v["knee_sizes"] = [popcount(k) for k in s.knees]
        v["foot_sizes"] = [popcount(f) for f in s.feet]
        v["stage"] = list(s.stage)
        v["foot_due"] = list(s.foot_due)
        v["hand_known"] = [CardSet(s.known[p] & s.hands[p]) for p in range(4)]
        v["stock"] = len(s.stock)
        where = {c: i for i, c in enumerate(s.stock) if c in s.buried}
        v["buried"] = [[Card(c), len(s.stock) - 1 - where[c]] for c in s.buried]
        v["pile"] = [Card(c) for c in s.pile]
        v["pile_aside"] = [Card(c) for c in s.pile_rest]
        v["melds"] = [[{"rank": "wild" if k == WILDKEY else RW[k], "cards": CardSet(m)}
                       for k, m in zip(s.mkey[t], s.mmask[t])] for t in (0, 1)]
        v["red_threes"] = [CardSet(x) for x in s.red3]
        v["first_canasta"] = list(s.first_canasta)
        v["tentative"] = CardSet(s.tent)
        v["tentative_top"] = Card(s.tent_top) if s.tent_top >= 0 else None
        v["tentative_meld"] = s.tent_slot
        v["opened"] = list(s.opened)
        v["requirement"] = [self.requirement(s, t) for t in (0, 1)]
        v["ask"] = s.ask
        v["ask_back"] = s.ask_back.name.lower() if s.ask_back else None
        v["melded"] = s.melded
        v["took_pile"] = s.took_pile
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["scores"] = list(s.sheet.totals)
        v["sheet"] = s.sheet.to_json()

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "pile": mask_of(s.pile), "aside": mask_of(s.pile_rest)}
        for p in range(4):
            z[f"hand{p}"] = s.hands[p]
            z[f"knee{p}"] = s.knees[p]
            z[f"foot{p}"] = s.feet[p]
        for t in (0, 1):
            m = 0
            for x in s.mmask[t]:
                m |= x
            z[f"melds{t}"] = m
            z[f"red3_{t}"] = s.red3[t]
        return z

    def unknown_cards(self, s, seat):
        hidden = mask_of(s.stock) & ~mask_of(s.buried)
        for p in range(4):
            hidden |= s.knees[p] | s.feet[p]
            if p != seat:
                hidden |= s.hands[p] & ~s.known[p]
        return hidden

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        known = [int(k) for k in view["hand_known"]]
        s.mkey, s.mmask = [[], []], [[], []]
        table = 0
        for t in (0, 1):
            for m in view["melds"][t]:
                cards = int(m["cards"])
                s.mkey[t].append(WILDKEY if m["rank"] == "wild" else RANK_OF_WORD[m["rank"]])
                s.mmask[t].append(cards)
                table |= cards
        red3 = [int(x) for x in view["red_threes"]]
        pile = [int(c) for c in view["pile"]]
        rest = [int(c) for c in view["pile_aside"]]
        buried = [(int(c), d) for c, d in view["buried"]]
        seen = own | table | red3[0] | red3[1] | mask_of(pile) | mask_of(rest)
        seen |= mask_of(c for c, _ in buried)
        for p in range(4):
            if p != seat:
                seen |= known[p]
        zones = {"stock": view["stock"] - len(buried)}
        for p in range(4):
            zones[f"knee{p}"] = view["knee_sizes"][p]
            zones[f"foot{p}"] = view["foot_sizes"][p]
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p] - popcount(known[p])
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] | known[p] for p in range(4)]
        s.knees = [placed[f"knee{p}"] for p in range(4)]
        s.feet = [placed[f"foot{p}"] for p in range(4)]
        s.stage = list(view["stage"])
        s.foot_due = list(view["foot_due"])
        s.known = known
        rest_stock = ids(placed["stock"])
        rng.shuffle(rest_stock)
        size = view["stock"]
        stock = [None] * size
        for c, d in buried:
            stock[size - 1 - d] = c
        it = iter(rest_stock)
        s.stock = [c if c is not None else next(it) for c in stock]
        s.buried = [c for c, _ in buried]
        s.pile = pile
        s.pile_rest = rest
        s.red3 = red3
        s.first_canasta = list(view["first_canasta"])
        s.opened = list(view["opened"])
        s.tent = int(view["tentative"])
        top = view["tentative_top"]
        s.tent_top = -1 if top is None else int(top)
        s.tent_slot = view["tentative_meld"]
        s.ask = view["ask"]
        s.ask_back = Phase[view["ask_back"].upper()] if view["ask_back"] else None
        s.melded = view["melded"]
        s.took_pile = view["took_pile"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        sheet = ScoreSheet(2)
        for label, pts in view["sheet"]["rows"]:
            sheet.add(label, pts)
        s.sheet = sheet
        s.results = [tuple(p) for _, p in view["sheet"]["rows"]]
        return s


def _normalize(text: str) -> str:
    """``meld 7S 7H 2D`` is ``meld 7 7 2``; ``add 2H to meld 1`` is ``add 2 to meld 1``."""
    words = text.strip().split()
    if len(words) < 2:
        return text
    verb = words[0].lower()
    try:
        if verb == "meld":
            cards = [_word(w) for w in words[1:]]
            nat = [c for c in cards if c not in ("2", "jk")]
            wild = sorted((c for c in cards if c in ("2", "jk")), key=lambda w: w == "jk")
            if not nat:
                return " ".join(["meld"] + wild)
            ranks = {c if c in RANK_OF_WORD else c[:-1] for c in nat}
            if len(ranks) != 1:
                return text
            return " ".join(["meld"] + [ranks.pop()] * len(nat) + wild)
        if verb == "add":
            return " ".join(["add", _word(words[1])] + [w.lower() for w in words[2:]])
        if verb == "take" and len(words) >= 4:
            cards = [_word(w) for w in words[3:]]
            ranks = [c if c in RANK_OF_WORD or c in ("2", "jk") else c[:-1] for c in cards]
            return " ".join([w.lower() for w in words[:3]] + ranks)
    except ParseError:
        return text
    return text


def _word(word):
    w = word.lower()
    if w in ("jk", "joker"):
        return "jk"
    if w in RANK_OF_WORD or w == "10":
        return w if w != "10" else "t"
    t = normalize_card_text(word)
    if t == "JK":
        return "jk"
    if t[0] == "2":
        return "2"
    return t.lower()
