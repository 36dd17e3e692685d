"""Samba, the three-pack Canasta of the Finnish clubs.

Rule source: seed 000 ch. 23 (line 1790), written as differences from
Canasta (ch. 21, ``pelit.games.canasta``): 23.1 Setup, 23.2 Melds, 23.3
Taking cards from the stock, 23.4 Taking the discard pile, 23.5 Going out,
23.6 Red threes, 23.7 Scores.  Everything ch. 23 does not change is
Canasta's: turns, freezing, the opening meld and its penalty, red-three
replacements, "May I go out?" and the 300 penalty.

A team may hold several melds of one rank and melds in suit sequence
(sambas), so melds are numbered per team in the order they were laid:
``add 7H to meld 2``.  New melds: ``meld 7 7 7`` / ``meld 7 7 2`` /
``meld 7 7 jk`` (a rank), ``meld 7h 8h 9h`` (a sequence), ``meld 3 3 3``
(black threes when going out); every longer meld grows from these one card
at a time.  The pile: ``take pile with 7 7`` (a natural pair) or
``take pile to meld 2`` (the top card continues that meld).

Decisions where the seed is silent (each pinned by a test):

- 23.3: ``draw`` takes two cards; with one card left in the stock it takes
  that one; a draw from an empty stock ends the deal (21.5).
- 23.2: a sequence runs from 4 up to the ace (no wrapping, no threes, no
  wild cards) and holds at most seven cards; natural cards may still be
  added to a complete canasta of a rank, wild cards may not; a canasta meld
  holds at most two wild cards.
- 23.4: taking the pile with a pair always lays a new meld of three (the
  team may have several of a rank); a team that has not opened takes the
  pile only with a natural pair, as in Canasta (21.6.2).
- 23.5: black threes: three or more of them, only in the going-out turn, as
  in Canasta (module ``canasta``); going out needs two complete canastas
  or sambas on the team's side.
- 23.6: red threes are minus while the team has fewer than two complete
  canastas/sambas, whether or not it opened.
- 23.7: the opening table below zero is 0 points (any meld opens).
- A team can hold at most 30 melds (action numbering); a 31st new meld is
  not offered.  No deal comes near it.
- 21.6.5 (Canasta's, kept): asking "May I go out?" when unable costs 300
  at once, whatever the answer.  The engine judges it
  (``meld_game.could_go_out``): the cards the turn may bring (the stock's
  next cards, the pile) short of two complete melds cannot go out; otherwise
  every way through the turn is tried, except that a player who may hold
  more than eight cards this turn gets the benefit of the doubt.
- The other decisions are Canasta's (see ``pelit.games.canasta``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import (SUITS, CardSet, ids, mask_of, normalize_card_text, pretty,
                          standard_deck)
from ..cards.meld_game import (DECLARED_OPENING_VERBS, FROZEN_BY_WILD, TEAM_LISTS,
                               NumberedMeldGame, NumberedMeldState)
from ..cards.meld_screen import cards_line, goal_text
from ..cards.melds import (CANASTA_POINTS, NATURAL_RANKS, MeldTables, meld_tally,
                           popcount, take_lowest)
from ..cards.melds_extra import RANK_OF_WORD, RANK_WORD as RW
from ..core.actions import ActionSpace
from ..core.errors import ParseError
from ..core.game import GameInfo, option
from ..core.registry import register

DECK = standard_deck("3x54")
T = MeldTables(DECK, CANASTA_POINTS, red_three=100, black_three=5)
HAND_SIZE = 15
CANASTA = 7
MAX_WILD = 2                      # 23.2
NEED_COMPLETE = 2                 # 23.5
MAX_SLOTS = 30
OPENING_ZONES = ((-10**9, 0), (0, 50), (1500, 90), (3000, 120), (7000, 150))   # 23.7
FREEZERS = T.wild | T.red3
NO_TAKE_TOP = T.wild | T.black3
BLACK3 = 3
RUN = 100                          # key of a sequence: RUN + suit
SUIT_NAT = tuple(T.natural & DECK.suit_mask[s] for s in range(4))

# faces that can be added to a meld: 44 naturals, a two, a joker, 3S, 3C
FACES = [f"{RW[r]}{SUITS[s].lower()}" for s in range(4) for r in NATURAL_RANKS] + \
    ["2", "jk", "3s", "3c"]
FACE_MASK = []
for _s in range(4):
    for _r in NATURAL_RANKS:
        FACE_MASK.append(T.rank[_r] & DECK.suit_mask[_s])
FACE_MASK += [T.twos, T.jokers, T.rank[3] & DECK.suit_mask[0], T.rank[3] & DECK.suit_mask[3]]
FACE_OF = [-1] * DECK.size
for _i, _m in enumerate(FACE_MASK):
    for _c in ids(_m):
        FACE_OF[_c] = _i
RUN_LOWS = tuple(range(4, 13))     # 4-5-6 .. Q-K-A


class Phase(enum.Enum):
    DRAW = 1
    OPENING = 2
    MELD = 3
    ANSWER = 4


@dataclass(frozen=True)
class SambaOptions:
    target: int = option(10000, "the score that wins the match", min=100, max=100000)
    deals: int = option(0, "play this many deals instead of to the target (0: to the target)",
                        min=0, max=100)


# a rank's natural cards (0 for the ranks around 4..A), for the cards a run takes next
RANK_MASK = tuple(T.rank[r] & T.natural if 4 <= r <= 14 else 0 for r in range(16))


def run_ends(mask):
    """The lowest and highest rank of a run (cards of one suit)."""
    one = T.first_copy(mask)
    rank_of = DECK.rank_of
    return rank_of[(one & -one).bit_length() - 1], rank_of[one.bit_length() - 1]


def complete(key, mask):
    n = popcount(mask)
    if key >= RUN:
        return n == CANASTA
    return key != BLACK3 and n >= CANASTA


# every complete new meld lies within one of these: a rank with the wild cards, a suit's run
SAMBA_GROUPS = tuple(RANK_MASK[r] | T.wild for r in NATURAL_RANKS) + SUIT_NAT


def count_complete(keys, masks):
    return sum(1 for k, m in zip(keys, masks) if complete(k, m))


def score_deal(keys, masks, red3_counts, hands, went_out, penalties) -> list[dict]:
    """Scoring lines of one Samba deal for both teams (23.6, 23.7 over 21.5)."""
    lines = []
    for t in (0, 1):
        of_rank = [m for k, m in zip(keys[t], masks[t]) if k < RUN and k != BLACK3]
        others = [(k, m) for k, m in zip(keys[t], masks[t]) if k >= RUN or k == BLACK3]
        melded, natural, mixed = meld_tally(of_rank, T, CANASTA)
        melded += sum(T.value(m) for _, m in others)
        sambas = sum(1 for k, m in others if k >= RUN and m.bit_count() == CANASTA)
        done = natural + mixed + sambas
        reds = 100 * red3_counts[t]
        line = {
            "melded cards": melded,
            "sambas": 1500 * sambas,
            "natural canastas": 500 * natural,
            "mixed canastas": 300 * mixed,
            "red threes": reds if done >= NEED_COMPLETE else -reds,
            "going out": 200 if went_out == t else 0,
            "cards in hand": -T.value(hands[t]),
            "penalties": -300 * penalties[t],
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


@register
class Samba(NumberedMeldGame):
    info = GameInfo(
        id="samba", name="Samba", min_seats=4, max_seats=4, family="rummy",
        source="000 ch. 23 (line 1790)", hidden=True, chance=True, teams=True,
        summary=(
            "Canasta for two teams with three packs (six jokers) and 15 cards each. "
            "Differences from Canasta: you draw two cards from the stock; a team may "
            "have several melds of a rank, with at most two wild cards in each; "
            "besides melds of a rank you may meld runs of three to seven natural "
            "cards in one suit (4 up to ace), and a run of seven is a samba worth "
            "1500. Wild cards never go onto a finished canasta. An unfrozen pile is "
            "taken with a natural pair of the top card or when the top card extends "
            "one of your unfinished melds. Going out needs two canastas or sambas "
            "and scores 200; red threes (100 each) count against a team without two. "
            "The opening meld is 0 below zero, 50, 90 from 1500, 120 from 3000, 150 "
            "from 7000. First team to 10000 wins."),
        verbs=(
            ("draw", "take two cards from the stock"),
            ("take pile with 7 7", "take the pile with a natural pair of its top card"),
            ("take pile to meld 2", "take the pile: its top card extends your meld 2"),
            ("meld 7 7 7", "a new meld of a rank ('7 7 2', '7 7 jk' with a wild card)"),
            ("meld 7h 8h 9h", "a new run in one suit"),
            ("meld 3 3 3", "black threes, only when going out"),
            ("add 7h to meld 2", "add a card to your team's meld 2 ('add jk to meld 2')"),
            *DECLARED_OPENING_VERBS,
        ),
    )
    Options = SambaOptions
    Phase = Phase
    State = NumberedMeldState
    deck = DECK
    tables = T
    opening_zones = OPENING_ZONES
    hand_size = HAND_SIZE
    max_slots = MAX_SLOTS
    add_faces = tuple(FACE_OF)
    run_key = RUN
    black3_key = BLACK3
    not_added = T.red3
    covered_upcards = FREEZERS      # as in Canasta 21.3
    test_options = {"deals": 1}
    # the terminal draws the teams' tables itself (render_board): one block
    # per team with its numbered melds instead of the view's paired lists
    render_hints = {
        "hide": ["stock", "pile", "pile_frozen", "pile_aside", "melds", "tentative",
                 "tentative_top", "red_threes", "opened", "requirement",
                 "requirement_raise", "penalties", "ask", "ask_back", "melded",
                 "opened_now", "deal_no", "scores", "sheet", "asked_unable"],
        "not_cards_after": ["to"],
        "team_lists": list(TEAM_LISTS),
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_DRAW = a.verb("draw")
        self.A_TAKE_TO = a.choice("take", [f"pile to meld {k + 1}" for k in range(MAX_SLOTS)]
                                  + [f"pile with {RW[r]} {RW[r]}" for r in NATURAL_RANKS])
        self.A_TAKE_WITH = self.A_TAKE_TO + MAX_SLOTS
        words = [f"{RW[r]} {RW[r]} {w}" for r in NATURAL_RANKS for w in (RW[r], "2", "jk")]
        words += [" ".join(f"{RW[lo + i]}{SUITS[s].lower()}" for i in range(3))
                  for s in range(4) for lo in RUN_LOWS]
        words += ["3 3 3"]
        self.A_MELD = a.choice("meld", words)
        self.A_MELD_RUN = self.A_MELD + 3 * len(NATURAL_RANKS)
        self.A_MELD_B3 = self.A_MELD_RUN + 4 * len(RUN_LOWS)
        self.A_ADD = a.choice("add", [f"{f} to meld {k + 1}" for f in FACES
                                      for k in range(MAX_SLOTS)])
        self.A_DISCARD = a.card_block("discard")
        self.A_DONE = a.verb("done")
        self.A_ASK = a.verb("ask go out")
        self.A_YES = a.verb("yes")
        self.A_NO = a.verb("no")
        self.actions = a
        self._ri = {r: i for i, r in enumerate(NATURAL_RANKS)}
        # every action decoded once: bots decode each legal action of every try
        self._decoded = tuple(self._decode_action(x) for x in range(self.actions.size))

    def decode(self, a):
        """For bots: ``("draw",)``, ``("take", slot)``, ``("take", "pair", rank)``,
        ``("meld", rank, form)``, ``("run", suit, low)``, ``("meld", 3, 0)``,
        ``("add", face, slot)``, ``("discard", card)``, ``("done",)`` ..."""
        return self._decoded[a]

    def _decode_action(self, a):
        if a == self.A_DRAW:
            return ("draw",)
        if self.A_TAKE_TO <= a < self.A_TAKE_WITH:
            return ("take", a - self.A_TAKE_TO)
        if self.A_TAKE_WITH <= a < self.A_MELD:
            return ("take", "pair", NATURAL_RANKS[a - self.A_TAKE_WITH])
        if self.A_MELD <= a < self.A_MELD_RUN:
            k = a - self.A_MELD
            return ("meld", NATURAL_RANKS[k // 3], k % 3)
        if self.A_MELD_RUN <= a < self.A_MELD_B3:
            k = a - self.A_MELD_RUN
            return ("run", k // len(RUN_LOWS), RUN_LOWS[k % len(RUN_LOWS)])
        if a == self.A_MELD_B3:
            return ("meld", 3, 0)
        if self.A_ADD <= a < self.A_DISCARD:
            k = a - self.A_ADD
            return ("add", k // MAX_SLOTS, k % MAX_SLOTS)
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        return ({self.A_DONE: "done", self.A_ASK: "ask", self.A_YES: "yes",
                 self.A_NO: "no"}[a],)

    # -- rules helpers ------------------------------------------------------------
    def _may_empty(self, s, team, keys, masks, tent_extra=0):
        if s.ask == "no":
            return False
        if count_complete(keys, masks) < NEED_COMPLETE:
            return False
        if s.tent and s.phase is self.Phase.MELD and not self._tent_enough(s, team, tent_extra):
            return False
        return True

    def _after(self, s, team, slot, key, used):
        keys = s.mkey[team].copy()
        masks = s.mmask[team].copy()
        if slot < 0:
            keys.append(key)
            masks.append(used)
        else:
            masks[slot] |= used
        return keys, masks

    @staticmethod
    def _addable(key, mask):
        """The cards that may go onto a meld (key, mask) (23.2): a run takes
        the natural card of its suit just below or above it until it has
        seven; a meld of a rank its rank, and a wild card while it is short
        of seven cards and of two wild ones; black threes more black threes."""
        if key >= RUN:
            if mask.bit_count() >= CANASTA:
                return 0
            lo, hi = run_ends(mask)
            return (RANK_MASK[lo - 1] | RANK_MASK[hi + 1]) & SUIT_NAT[key - RUN]
        if key == BLACK3:
            return T.black3
        if mask.bit_count() < CANASTA and (mask & T.wild).bit_count() < MAX_WILD:
            return RANK_MASK[key] | T.wild
        return RANK_MASK[key]

    def _shrink_ok(self, s, p, slot, key, used, gain=0, top=0):
        team = p & 1
        left = self._eff_hand(s, p) - popcount(used) + gain
        if left >= 2:
            return True
        if left < 0:
            return False
        keys, masks = self._after(s, team, slot, key, used | top)
        if self._may_empty(s, team, keys, masks, used | top):
            return True
        if left == 1 and s.ask != "no" and s.phase is self.Phase.MELD:
            last = s.hands[p] & ~used
            if not last:
                return False
            c = last.bit_length() - 1
            for k in range(len(keys)):
                if self._takes(keys[k], masks[k], c):
                    m2 = masks.copy()
                    m2[k] = masks[k] | (1 << c)
                    if self._may_empty(s, team, keys, m2, used | (1 << c)):
                        return True
        return False

    # -- dealing --------------------------------------------------------------------
    # -- DRAW -----------------------------------------------------------------------
    def _take_actions(self, s, p):
        if not s.pile:
            return []
        top = s.pile[-1]
        if (NO_TAKE_TOP >> top) & 1:
            return []
        team = p & 1
        r = DECK.rank_of[top]
        hand = s.hands[p]
        is_frozen = bool(mask_of(s.pile) & FREEZERS)
        gain = len(s.pile) - 1
        tb = 1 << top
        out = []
        pair = take_lowest(hand & T.rank[r], 2)
        if popcount(pair) == 2 and len(s.mkey[team]) < MAX_SLOTS \
                and self._shrink_ok(s, p, -1, r, pair, gain, tb):
            out.append(self.A_TAKE_WITH + self._ri[r])
        if s.opened[team] and not is_frozen:
            keys, masks = s.mkey[team], s.mmask[team]
            for k in range(len(keys)):
                key, mask = keys[k], masks[k]
                if key == BLACK3 or not self._takes(key, mask, top) or complete(key, mask):
                    continue          # 23.4: not onto a finished canasta or samba
                if self._shrink_ok(s, p, k, key, 0, gain, tb):
                    out.append(self.A_TAKE_TO + k)
        return out

    def _apply_draw(self, s, p, a):
        team = p & 1
        if self._draw_or_ask(s, p, a):
            return
        top = s.pile.pop()
        r = DECK.rank_of[top]
        if a >= self.A_TAKE_WITH:
            used = take_lowest(s.hands[p] & T.rank[r], 2)
            slot = len(s.mkey[team])
            s.mkey[team].append(r)
            s.mmask[team].append(used | (1 << top))
        else:
            used = 0
            slot = a - self.A_TAKE_TO
            s.mmask[team][slot] |= 1 << top
        s.hands[p] &= ~used
        s.melded = True
        if not s.opened[team]:
            rest, s.pile = s.pile, []
            self._pile_opening(s, p, top, used, rest, meld_no=slot + 1)
            return
        self._take_rest(s, p, s.pile, top, used, slot)

    def _take_rest(self, s, p, rest, top, used, slot):
        s.pile = []
        if self._pile_to_hand(s, p, rest, top, used, meld_no=slot + 1):
            self._check_empty(s, p)

    # -- melding ------------------------------------------------------------------------
    def _other_new_melds(self, s, p, hand, eff, out):
        """Sequences of three natural cards (23.2) and black threes (23.5)."""
        # the natural cards held as the first copy's ids: a suit's 13
        # bits run 2..A, so shifted down to bit 0 and up by two, bit r
        # says rank r is held; runs of three start where three bits in
        # a row are set
        naturals = T.first_copy(hand & T.natural)
        for su in range(4):
            held = ((naturals >> (13 * su)) & 0x1FFF) << 2
            starts = held & (held >> 1) & (held >> 2)
            if not starts:
                continue
            nat = hand & SUIT_NAT[su]
            base = self.A_MELD_RUN + su * len(RUN_LOWS) - RUN_LOWS[0]
            while starts:
                low = starts & -starts
                starts ^= low
                lo = low.bit_length() - 1
                if eff < 5:
                    used = 0
                    for r in (lo, lo + 1, lo + 2):
                        used |= take_lowest(nat & T.rank[r], 1)
                    if not self._shrink_ok(s, p, -1, RUN + su, used):
                        continue
                out.append(base + lo)
        b = hand & T.black3
        if b.bit_count() >= 3 and s.phase is self.Phase.MELD and BLACK3 not in s.mkey[p & 1]:
            used = take_lowest(b, 3)
            if self._black_ok(s, p, -1, used):
                out.append(self.A_MELD_B3)

    def _new_meld_ok(self, s, p, key, used):
        return self._shrink_ok(s, p, -1, key, used)

    def _add_ok(self, s, p, slot, key, card):
        if key == BLACK3:
            return s.phase is self.Phase.MELD and self._black_ok(s, p, slot, card)
        return self._shrink_ok(s, p, slot, key, card)

    def _black_ok(self, s, p, slot, used):
        team = p & 1
        left = s.hands[p] & ~used
        if popcount(left & ~T.black3) > 1:
            return False
        keys, masks = self._after(s, team, slot, BLACK3, used)
        return self._may_empty(s, team, keys, masks, used)

    # -- could_go_out's quick answer (23.5: two complete melds) -----------------------
    draws_per_turn = 2                       # 23.3

    def _complete_needed(self, s, side):
        return NEED_COMPLETE

    def _is_complete(self, key, mask):
        return complete(key, mask)

    def _joins(self, key):
        if key >= RUN:
            return SUIT_NAT[key - RUN]
        return 0 if key == BLACK3 else RANK_MASK[key] | T.wild

    def _new_meld_groups(self):
        return SAMBA_GROUPS

    def _stuck(self, s, p):
        """More than one card that no meld can take this turn (the one left
        is discarded): one or two black threes without their meld, and a
        natural card without a meld of its rank, too few of its rank for a
        new one (three, or two and a wild card) and no card of its suit
        near enough for a sequence."""
        if s.phase is not self.Phase.MELD:
            return False                  # a pile opening: the pile joins the hand
        team = p & 1
        hand = s.hands[p]
        keys = s.mkey[team]
        black = popcount(hand & T.black3)
        dead = black if black < 3 and BLACK3 not in keys else 0
        wild = bool(hand & T.wild)
        runs = 0
        for k, key in enumerate(keys):
            if key >= RUN:
                runs |= SUIT_NAT[key - RUN]
        rank_of, suit_of = DECK.rank_of, DECK.suit_of
        for c in ids(hand & T.natural):
            r = rank_of[c]
            n = popcount(hand & RANK_MASK[r])
            if r in keys or n >= 3 or (n == 2 and wild):
                continue
            near = SUIT_NAT[suit_of[c]] & (RANK_MASK[r - 2] | RANK_MASK[r - 1] | RANK_MASK[r + 1]
                                          | RANK_MASK[(r + 2) % 16])
            if hand & near or runs & (1 << c):
                continue
            dead += 1
        return dead > 1

    def _may_discard(self, s, p):
        team = p & 1
        n = popcount(s.hands[p])
        if BLACK3 in s.mkey[team] and n != 1:
            return False          # after black threes only the last card goes
        if n == 1 and not self._may_empty(s, team, s.mkey[team], s.mmask[team]):
            return False
        return super()._may_discard(s, p)

    def _meld_use(self, s, p, a):
        """The hand cards a meld action lays, the meld's key and its slot (None: new)."""
        team = p & 1
        hand = s.hands[p]
        d = self.decode(a)
        if d[0] == "meld":
            r, form = d[1], d[2]
            if r == BLACK3:
                used = take_lowest(hand & T.black3, 3)
            elif form == 0:
                used = take_lowest(hand & T.rank[r], 3)
            else:
                used = take_lowest(hand & T.rank[r], 2) | \
                    take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
            key, slot = r, None
        elif d[0] == "run":
            su, lo = d[1], d[2]
            used = 0
            for r in (lo, lo + 1, lo + 2):
                used |= take_lowest(hand & SUIT_NAT[su] & T.rank[r], 1)
            key, slot = RUN + su, None
        else:
            f, slot = d[1], d[2]
            used = take_lowest(hand & FACE_MASK[f], 1)
            key = s.mkey[team][slot]
        return used, key, slot

    def _end_deal(self, s, out_team, reason):
        hands = [s.hands[0] | s.hands[2], s.hands[1] | s.hands[3]]
        reds = [popcount(s.red3[t] | (hands[t] & T.red3)) for t in (0, 1)]
        lines = score_deal(s.mkey, s.mmask, reds, [h & ~T.red3 for h in hands], out_team,
                           s.penalties)
        self._record_deal(s, lines, reason, hands=[CardSet(h) for h in s.hands])

    # -- text -----------------------------------------------------------------------------
    def _normalize_text(self, text, state, seat):
        # Samba's own reading (runs keep their suits), not the family's rank words
        return _normalize(text)

    def why_illegal(self, s, seat, action):
        if not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        d = self.decode(action)
        team = seat & 1
        if s.phase is self.Phase.ANSWER:
            return "answer your partner: yes or no"
        if d[0] == "draw":
            return "you have drawn already this turn"
        if d[0] == "take":
            if s.phase is not self.Phase.DRAW:
                return "the pile can be taken only instead of drawing"
            if not s.pile:
                return "the pile is empty"
            if (NO_TAKE_TOP >> s.pile[-1]) & 1:
                return "a pile with a wild card or a black three on top cannot be taken"
            if d[1] == "pair" and popcount(s.hands[seat] & T.rank[d[2]]) < 2:
                return f"you do not hold two natural {RW[d[2]].upper()}s"
            if d[1] == "pair" and DECK.rank_of[s.pile[-1]] != d[2]:
                return "the pair must match the top card of the pile"
            if d[1] != "pair" and mask_of(s.pile) & FREEZERS:
                return "the pile is frozen: you need a natural pair of the top card's rank"
            if d[1] != "pair" and not s.opened[team]:
                return "your team has not opened: take the pile only with a natural pair"
            return "the top card does not extend that meld (or the meld is finished)"
        if s.phase is self.Phase.DRAW:
            return "draw or take the pile first"
        if d[0] == "discard":
            if not self._holds(s.hands[seat], d[1]):
                return f"{DECK.text(d[1])} is not in your hand"
            if s.tent and not self._tent_enough(s, team):
                return (f"your opening melds make {T.value(s.tent)} of the "
                        f"{self.requirement(s, team)} needed: meld more or say done")
            return "you may not empty your hand now (two canastas are needed, or your partner said no)"
        if d[0] == "add" and d[2] >= len(s.mkey[team]):
            return f"your team has no meld {d[2] + 1}"
        missing = self._missing(s.hands[seat], d)
        if missing:
            return f"you do not hold {missing}"
        return (f"{self.action_text(action)}: not allowed now (at most two wild cards in a "
                f"meld and none on a finished one; runs of one suit up to seven; black "
                f"threes only when going out; without two canastas keep two cards)")

    def _missing(self, hand, d):
        """The cards of a meld or add action that are not in ``hand`` (text), or ''."""
        if d[0] == "add":
            if hand & FACE_MASK[d[1]]:
                return ""
            return {"2": "a two", "jk": "a joker"}.get(FACES[d[1]]) or pretty(FACES[d[1]].upper())
        if d[0] == "run":
            need = [(r, T.rank[r] & SUIT_NAT[d[1]]) for r in range(d[2], d[2] + 3)]
            return " ".join(pretty(f"{RW[r].upper()}{SUITS[d[1]]}") for r, m in need if not hand & m)
        if d[0] == "meld" and d[1] == BLACK3:
            return "" if popcount(hand & T.black3) >= 3 else "three black threes"
        if d[0] == "meld":
            r, form = d[1], d[2]
            want = 3 if form == 0 else 2
            out = []
            if popcount(hand & T.rank[r]) < want:
                out.append(f"{want} natural {RW[r].upper()}s")
            if form == 1 and not hand & T.twos:
                out.append("a two")
            if form == 2 and not hand & T.jokers:
                out.append("a joker")
            return " and ".join(out)
        return ""

    # -- terminal ---------------------------------------------------------------------------
    def render_board(self, view):
        """For the terminal: each team's score, opening requirement, red threes
        and its melds numbered as the actions name them (runs and sambas
        marked), the pile and whether it is frozen, an opening under way and
        the state of "May I go out?"."""
        lines = [f"Deal {view['deal_no'] + 1}   ({goal_text(view, 10000)})"]
        for t in (0, 1):
            lines.append("")
            head = self.team_heading(view, t)
            melds = view["melds"][t]
            done = sum(1 for m in melds if complete(_key_of(m["kind"], None), int(m["cards"])))
            head += f"; canastas/sambas {done} (2 to go out)"
            lines.append(head)
            reds = int(view["red_threes"][t])
            if reds:
                sign = "" if done >= NEED_COMPLETE else ", count minus until the team has two canastas/sambas"
                lines.append(f"  red threes {cards_line(DECK, reds)}{sign}")
            if view["penalties"][t]:
                lines.append(f"  penalties: {view['penalties'][t]} x 300")
            if not melds:
                lines.append("  no melds")
            for i, m in enumerate(melds):
                lines.append(_meld_text(i, m["kind"], int(m["cards"])))
        lines.extend(self.board_end(view, view["pile_frozen"], FROZEN_BY_WILD))
        return "\n".join(lines)

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        self._common_view(s, seat, v)
        v["pile_frozen"] = bool(mask_of(s.pile) & FREEZERS)
        v["melds"] = [[{"kind": _kind(k), "cards": CardSet(m)} for k, m in zip(s.mkey[t], s.mmask[t])]
                      for t in (0, 1)]

    def sample_world(self, view, rng):
        mkey, mmask = [[], []], [[], []]
        table = 0
        for t in (0, 1):
            for m in view["melds"][t]:
                cards = int(m["cards"])
                mkey[t].append(_key_of(m["kind"], cards))
                mmask[t].append(cards)
                table |= cards
        s, _ = self._sample_common(view, rng, table)
        s.mkey, s.mmask = mkey, mmask
        return s


def _kind(key):
    if key >= RUN:
        return "run " + "shdc"[key - RUN]
    if key == BLACK3:
        return "black threes"
    return "rank " + RW[key]


def _meld_text(i, kind, mask):
    """``meld 2  run ♥  7♥ 8♥ 9♥  (3 cards, 4 more for a samba)``."""
    n = popcount(mask)
    if kind.startswith("run "):
        name = "run " + pretty_suit(kind[4])
        note = "SAMBA" if n >= CANASTA else f"{CANASTA - n} more for a samba"
        ordered = sorted(ids(mask), key=lambda c: DECK.rank_of[c])
        text = " ".join(pretty(DECK.text(c)) for c in ordered)
    elif kind == "black threes":
        name, note, text = "3s", "black threes", cards_line(DECK, mask)
    else:
        name = kind[5:].upper().replace("T", "10") + "s"
        wild = popcount(mask & T.wild)
        note = (f"CANASTA, {'mixed' if wild else 'natural'}" if n >= CANASTA
                else f"{CANASTA - n} more for a canasta")
        if wild or n < CANASTA:
            note += f", {wild} of 2 wild"
        text = cards_line(DECK, mask)
    return f"  meld {i + 1:<3}{name:<7}{text}  ({n} cards: {note})"


def pretty_suit(letter):
    return pretty("A" + letter.upper())[1:]


def _key_of(kind, cards):
    if kind.startswith("run "):
        return RUN + "shdc".index(kind[4])
    if kind == "black threes":
        return BLACK3
    return RANK_OF_WORD[kind[5:]]


def _normalize(text: str) -> str:
    """Card text in melds: ``meld 7S 7H 2D`` is ``meld 7 7 2``, ``meld 9H 7H 8H`` is
    ``meld 7h 8h 9h``, ``add 2H to meld 1`` is ``add 2 to meld 1``."""
    words = text.strip().split()
    if len(words) < 2:
        return text
    verb = words[0].lower()
    if verb == "meld":
        try:
            cards = [_card(w) for w in words[1:]]
        except ParseError:
            return text
        nat = [c for c in cards if c not in ("2", "jk")]
        if nat and len({c[:-1] for c in nat}) == 1 and len(nat) >= 2:
            r = RANK_OF_WORD[nat[0][:-1]] if nat[0][:-1] in RANK_OF_WORD else None
            if r is None:
                return text
            wild = [c for c in cards if c in ("2", "jk")]
            wild.sort(key=lambda w: w == "jk")
            return " ".join(["meld"] + [RW[r]] * len(nat) + wild)
        if nat and len(nat) == len(cards) and len({c[-1] for c in nat}) == 1:
            nat.sort(key=lambda c: RANK_OF_WORD.get(c[:-1], 0))
            return " ".join(["meld"] + nat)
        return text
    if verb == "add" and len(words) >= 2:
        try:
            f = _card(words[1])
        except ParseError:
            return text
        return " ".join(["add", f] + [w.lower() for w in words[2:]])
    return text


def _card(word):
    """A word of meld text: a natural card as ``7h``, a wild card as ``2``/``jk``,
    a bare rank (``7``) as itself."""
    w = word.lower()
    if w in ("2", "jk", "joker"):
        return "2" if w == "2" else "jk"
    if w in RANK_OF_WORD or w == "10":
        return w if w != "10" else "t"
    t = normalize_card_text(word)
    if t == "JK":
        return "jk"
    if t[0] == "2":
        return "2"
    return t.lower()
