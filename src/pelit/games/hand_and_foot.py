"""Hand and Foot, the five-pack American Canasta.

Rule source: seed 000 ch. 25 (line 1996), written as differences from
Canasta (ch. 21, ``pelit.games.canasta``): 25.1 Cards and deal, 25.2 Melds,
25.3 Beginning of a turn, 25.4 Threes, 25.5 Foot and going out, 25.6
Scoring, 25.7 Match.  Everything ch. 25 does not change is Canasta's: melds
of a rank with two or more natural cards and at most three wild ones, the
opening meld and its penalty, "May I go out?" and the 300 penalty, canasta
bonuses, 100 for going out and 100 more for opening in that turn.

Melds are numbered per team, as in Samba (a team may hold several of a
rank): ``meld 7 7 7`` / ``meld 7 7 2`` / ``meld 7 7 jk``, ``add 7h to meld 2``,
``add jk to meld 2``; the pile: ``take pile with 7 7``.

Decisions where the seed is silent (each pinned by a test):

- 25.1: hands are dealt one card at a time from the dealer's left, then the
  feet the same way; a foot lies face down and nobody (its owner neither)
  knows its cards until it is picked up.
- 25.3: ``draw`` takes two cards (the one left, if only one); a draw from an
  empty stock ends the deal (21.5).  Taking the pile always needs a natural
  pair of the top card; the top card and its pair make a new meld (several
  of a rank are allowed) and the top card counts among the seven cards
  picked up, so at most six more join the hand; the rest of the pile stays.
- 25.4: threes of both colours are never melded, are never laid as red
  threes and are not replaced; one on top of the pile blocks it.  The
  turned-up card is covered when it is a wild card or a red three (21.3).
- 25.5: a player whose hand empties picks up the foot at once; when the
  hand empties by a discard the turn ends there.  Emptying the hand needs
  no canastas; emptying the foot is going out and needs five canastas, two
  of them natural (and an opening that stands, and no "no" from the partner).
  A meld may leave a single foot card only if going out is then allowed.
- 25.6: cards left in hands and in feet not picked up count against the
  team, threes at -100 (black) and -500 (red).
- 25.7: a match is four deals (option ``deals``); the higher total wins,
  equal totals draw.
- A team can hold at most 40 melds (action numbering); no deal comes near.
- 21.6.5 (Canasta's, kept): asking "May I go out?" when unable costs 300
  at once, whatever the answer.  The engine judges it
  (``meld_game.could_go_out``): the cards the turn may bring (the stock's
  next cards, the pile, a foot not yet picked up) short of five canastas cannot go out; otherwise
  every way through the turn is tried, except that a player who may hold
  more than eight cards this turn gets the benefit of the doubt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import SUITS, CardSet, ids, normalize_card_text, standard_deck
from ..cards.meld_game import (DECLARED_OPENING_VERBS, TEAM_LISTS, NumberedMeldGame,
                               NumberedMeldState, deal_rounds)
from ..cards.meld_screen import meld_line
from ..cards.melds import CANASTA_POINTS, NATURAL_RANKS, MeldTables, meld_tally, \
    popcount, take_lowest
from ..cards.melds_extra import RANK_OF_WORD, RANK_WORD
from ..core.actions import ActionSpace
from ..core.errors import ParseError
from ..core.game import GameInfo, option
from ..core.registry import register

DECK = standard_deck("5x54")
T = MeldTables(DECK, CANASTA_POINTS, red_three=500, black_three=100)   # 25.6 (in hand)
HAND_SIZE = 11
FOOT_SIZE = 11
CANASTA = 7                      # 25.2: also the most a meld may hold
MAX_WILD = 3
NEED_CANASTAS = 5                # 25.5
NEED_NATURAL = 2
PICKUP = 7                       # 25.3
MAX_SLOTS = 40
OPENING_BY_DEAL = (50, 90, 120, 150)   # 25.7
THREES = T.rank[3]
NO_TAKE_TOP = T.wild | THREES
COVER = T.wild | T.red3
# every complete new meld lies within one rank's cards with the wild cards
RANK_GROUPS = tuple(T.rank[r] | T.wild for r in NATURAL_RANKS)
FACES = [f"{RANK_WORD[r]}{SUITS[s].lower()}" for s in range(4) for r in NATURAL_RANKS] + ["2", "jk"]
FACE_MASK = [T.rank[r] & DECK.suit_mask[s] for s in range(4) for r in NATURAL_RANKS] + \
    [T.twos, T.jokers]
FACE_OF = [-1] * DECK.size
for _i, _m in enumerate(FACE_MASK):
    for _c in ids(_m):
        FACE_OF[_c] = _i


class Phase(enum.Enum):
    DRAW = 1
    OPENING = 2
    MELD = 3
    ANSWER = 4


@dataclass(frozen=True)
class HandAndFootOptions:
    deals: int = option(4, "number of deals in the match", min=1, max=4)


def canastas(masks):
    """(all canastas, natural canastas) among a team's melds."""
    n = nat = 0
    for m in masks:
        if popcount(m) >= CANASTA:
            n += 1
            if not m & T.wild:
                nat += 1
    return n, nat


def score_deal(masks, hands, feet, went_out, concealed, penalties) -> list[dict]:
    """Scoring lines of one deal (25.6 over 21.5): ``hands[t]``/``feet[t]``
    are the masks of cards left in the team's hands and unpicked feet."""
    lines = []
    for t in (0, 1):
        melded, natural, mixed = meld_tally(masks[t], T, CANASTA)
        line = {
            "melded cards": melded,
            "natural canastas": 500 * natural,
            "mixed canastas": 300 * mixed,
            "going out": 100 if went_out == t else 0,
            "opening and going out": 100 if went_out == t and concealed else 0,
            "cards in hand": -T.value(hands[t]),
            "cards in feet": -T.value(feet[t]),
            "penalties": -300 * penalties[t],
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


class HandAndFootState(NumberedMeldState):
    __slots__ = ("feet", "in_foot")

    def _copy_into(self, new):
        NumberedMeldState._copy_into(self, new)
        new.feet = self.feet.copy()
        new.in_foot = self.in_foot.copy()


@register
class HandAndFoot(NumberedMeldGame):
    info = GameInfo(
        id="hand-and-foot", name="Hand and Foot", min_seats=4, max_seats=4, family="rummy",
        source="000 ch. 25 (line 1996)", hidden=True, chance=True, teams=True,
        aliases=("hand-foot",),
        summary=(
            "Canasta for two teams with five packs. Each player gets a hand of 11 "
            "cards and a face-down foot of 11. Differences from Canasta: you draw two "
            "cards; a team may have several melds of a rank and no meld holds more "
            "than seven cards; the pile is always frozen: take it with a natural pair "
            "of its top card, picking up only its top seven cards. Threes are never "
            "melded and block the pile like black threes. When your hand runs out you "
            "pick up your foot and play on; you go out by emptying the foot, which "
            "needs five canastas, two of them natural. Cards left in hands and unpicked "
            "feet count against you (threes -100 black, -500 red). The opening meld is "
            "50, 90, 120 and 150 in the four deals of a match."),
        verbs=(
            ("draw", "take two cards from the stock"),
            ("take pile with 7 7", "take the top seven cards of the pile with a natural pair"),
            ("meld 7 7 7", "a new meld ('7 7 2', '7 7 jk' with a wild card)"),
            ("add 7h to meld 2", "add a card to your team's meld 2 ('add jk to meld 2')"),
            *DECLARED_OPENING_VERBS,
        ),
    )
    Options = HandAndFootOptions
    Phase = Phase
    State = HandAndFootState
    deck = DECK
    tables = T
    hand_size = HAND_SIZE
    max_slots = MAX_SLOTS
    add_faces = tuple(FACE_OF)
    not_added = THREES              # 25.4: threes are never melded
    covered_upcards = COVER
    dealt_fields = {"foot": FOOT_SIZE}
    lays_red_threes = False         # 25.4: threes are never laid; a red three stays in the hand
    emptied_to_go_out = "foot"      # 25.5: it is the foot that going out empties
    test_options = {"deals": 1}
    # the terminal draws the teams' tables itself (render_board): one block
    # per team with its players' hands and feet and its numbered melds
    web_show = {"pile_frozen": None, "red_threes": None, "foot_sizes": ["seat", "foot"],
                "in_foot": {"role": "seat", "label": "playing", "words": {"true": "the foot", "false": "the hand"}}}
    render_hints = {
        "hide": ["stock", "pile", "pile_aside", "melds", "tentative", "tentative_top",
                 "opened", "requirement", "requirement_raise", "penalties", "ask",
                 "ask_back", "melded", "opened_now", "deal_no", "scores", "sheet",
                 "foot_sizes", "in_foot", "asked_unable"],
        "team_lists": list(TEAM_LISTS),
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_DRAW = a.verb("draw")
        self.A_TAKE_WITH = a.choice("take", [f"pile with {RANK_WORD[r]} {RANK_WORD[r]}"
                                             for r in NATURAL_RANKS])
        self.A_MELD = a.choice("meld", [f"{RANK_WORD[r]} {RANK_WORD[r]} {w}" for r in NATURAL_RANKS
                                        for w in (RANK_WORD[r], "2", "jk")])
        self.A_ADD = a.choice("add", [f"{f} to meld {k + 1}" for f in FACES
                                      for k in range(MAX_SLOTS)])
        self.A_DISCARD = a.card_block("discard")
        self.A_DONE = a.verb("done")
        self.A_ASK = a.verb("ask go out")
        self.A_YES = a.verb("yes")
        self.A_NO = a.verb("no")
        self.actions = a
        self._ri = {r: i for i, r in enumerate(NATURAL_RANKS)}

    def decode(self, a):
        """For bots: ``("draw",)``, ``("take", "pair", rank)``, ``("meld", rank,
        form)``, ``("add", face, slot)`` (faces 44 and 45 are the two and the
        joker), ``("discard", card)``, ``("done",)``, ``("ask",)``, ..."""
        if a == self.A_DRAW:
            return ("draw",)
        if self.A_TAKE_WITH <= a < self.A_MELD:
            return ("take", "pair", NATURAL_RANKS[a - self.A_TAKE_WITH])
        if self.A_MELD <= a < self.A_ADD:
            k = a - self.A_MELD
            return ("meld", NATURAL_RANKS[k // 3], k % 3)
        if self.A_ADD <= a < self.A_DISCARD:
            k = a - self.A_ADD
            return ("add", k // MAX_SLOTS, k % MAX_SLOTS)
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        return ({self.A_DONE: "done", self.A_ASK: "ask", self.A_YES: "yes",
                 self.A_NO: "no"}[a],)

    # -- rules helpers --------------------------------------------------------------
    def requirement(self, s, team):
        return OPENING_BY_DEAL[min(s.deal_no, 3)] + s.bonus[team]

    def _may_out(self, s, p, masks, tent_extra=0):
        """May player ``p`` empty the foot (25.5)?"""
        if not s.in_foot[p] or s.ask == "no":
            return False
        n, nat = canastas(masks)
        if n < NEED_CANASTAS or nat < NEED_NATURAL:
            return False
        team = p & 1
        if s.tent and s.phase is Phase.MELD and not self._tent_enough(s, team, tent_extra):
            return False
        return True

    @staticmethod
    def _addable(key, mask):
        """The cards a meld of rank ``key`` takes: its rank, and wild cards
        while it holds fewer than three; nothing once it has seven (25.2)."""
        if mask.bit_count() >= CANASTA:
            return 0
        if (mask & T.wild).bit_count() < MAX_WILD:
            return T.rank[key] | T.wild
        return T.rank[key]

    def _shrink_ok(self, s, p, slot, used, gain=0, top=0):
        team = p & 1
        left = self._eff_hand(s, p) - popcount(used) + gain
        if not s.in_foot[p]:
            # the hand may run out: the foot follows (but an opening must stand first)
            if left == 0 and s.tent and s.phase is Phase.MELD \
                    and not self._tent_enough(s, team, used):
                return False
            return left >= 0
        if left >= 2:
            return True
        if left < 0:
            return False
        masks = s.mmask[team].copy()
        if slot < 0:
            masks.append(used | top)
        else:
            masks[slot] |= used | top
        if self._may_out(s, p, masks, used | top):
            return True
        if left == 1 and s.ask != "no" and s.phase is Phase.MELD:
            last = s.hands[p] & ~used
            if not last:
                return False
            c = last.bit_length() - 1
            nat = used & T.natural
            keys = s.mkey[team] + ([DECK.rank_of[(nat & -nat).bit_length() - 1]] if slot < 0 else [])
            for k in range(len(masks)):
                if self._takes(keys[k], masks[k], c):
                    m2 = masks.copy()
                    m2[k] |= 1 << c
                    if self._may_out(s, p, m2, used | (1 << c)):
                        return True
        return False

    # -- setup ------------------------------------------------------------------------
    def _deal_more(self, s, pack, pos, first):
        s.feet, pos = deal_rounds(pack, pos, first, 4, FOOT_SIZE)
        s.in_foot = [False] * 4
        return pos

    # -- DRAW -------------------------------------------------------------------------
    def _take_actions(self, s, p):
        if not s.pile:
            return []
        top = s.pile[-1]
        if (NO_TAKE_TOP >> top) & 1:
            return []
        team = p & 1
        if len(s.mkey[team]) >= MAX_SLOTS:
            return []
        r = DECK.rank_of[top]
        pair = take_lowest(s.hands[p] & T.rank[r], 2)
        gain = min(len(s.pile), PICKUP) - 1
        if popcount(pair) == 2 and self._shrink_ok(s, p, -1, pair, gain, 1 << top):
            return [self.A_TAKE_WITH + self._ri[r]]
        return []

    def _apply_draw(self, s, p, a):
        team = p & 1
        if self._draw_or_ask(s, p, a):
            return
        top = s.pile.pop()
        r = DECK.rank_of[top]
        used = take_lowest(s.hands[p] & T.rank[r], 2)
        slot = len(s.mkey[team])
        s.mkey[team].append(r)
        s.mmask[team].append(used | (1 << top))
        s.hands[p] &= ~used
        s.melded = True
        cut = max(0, len(s.pile) - (PICKUP - 1))
        rest, s.pile = s.pile[cut:], s.pile[:cut]
        if not s.opened[team]:
            self._pile_opening(s, p, top, used, rest, meld_no=slot + 1)
            return
        self._take_rest(s, p, rest, top, used, slot)

    def _take_rest(self, s, p, rest, top, used, slot):
        self._pile_to_hand(s, p, rest, top, used, meld_no=slot + 1, left=len(s.pile))
        self._check_empty(s, p)

    # -- melding ----------------------------------------------------------------------
    def _new_meld_ok(self, s, p, key, used):
        return self._shrink_ok(s, p, -1, used)

    def _add_ok(self, s, p, slot, key, card):
        return self._shrink_ok(s, p, slot, card)

    def _may_discard(self, s, p):
        if popcount(s.hands[p]) == 1 and s.in_foot[p] and \
                not self._may_out(s, p, s.mmask[p & 1]):
            return False
        return super()._may_discard(s, p)

    def _hand_emptied(self, s, p):
        if s.in_foot[p]:
            self._go_out(s, p)
            return True
        self._pick_up_foot(s, p)      # 25.5: and play on
        return False

    def _meld_use(self, s, p, a):
        """The hand cards a meld action lays, the meld's key and its slot (None: new)."""
        hand = s.hands[p]
        d = self.decode(a)
        if d[0] == "meld":
            r, form = d[1], d[2]
            if form == 0:
                used = take_lowest(hand & T.rank[r], 3)
            else:
                used = take_lowest(hand & T.rank[r], 2) | \
                    take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
            key, slot = r, None
        else:
            f, slot = d[1], d[2]
            used = take_lowest(hand & FACE_MASK[f], 1)
            key = s.mkey[p & 1][slot]
        return used, key, slot

    def _turn_key(self, s, p):
        return super()._turn_key(s, p) + (s.in_foot[p], s.feet[p])

    # -- could_go_out's quick answer (25.5: five canastas) ----------------------------
    draws_per_turn = 2                          # 25.3

    def _complete_needed(self, s, side):
        return NEED_CANASTAS

    def _joins(self, key):
        return T.rank[key] | T.wild

    def _new_meld_groups(self):
        return RANK_GROUPS

    def _turn_cards(self, s, p):
        """The foot comes with the turn until it is picked up."""
        cards = super()._turn_cards(s, p)
        return cards if s.in_foot[p] else cards | s.feet[p]

    def _stuck(self, s, p):
        """More cards that no meld can take this turn than may be discarded
        (the hand must empty by melding before the foot comes; only the
        foot's last card is discarded): threes, which never meld (25.4), and
        natural cards without a meld of their rank short of seven cards and
        too few of their rank for a new meld (three, or two and a wild card)."""
        if s.phase is not Phase.MELD:
            return False                  # a pile opening: the pile joins the hand
        hand = s.hands[p]
        dead = popcount(hand & THREES)
        open_ranks = {k for k, m in zip(s.mkey[p & 1], s.mmask[p & 1]) if popcount(m) < CANASTA}
        wild = bool(hand & T.wild)
        for r in NATURAL_RANKS:
            n = popcount(hand & T.rank[r])
            if n and r not in open_ranks and not (n >= 3 or (n == 2 and wild)):
                dead += n
        return dead > (1 if s.in_foot[p] else 0)

    def _pick_up_foot(self, s, p):
        s.hands[p] = s.feet[p]
        s.feet[p] = 0
        s.in_foot[p] = True
        s.log("foot", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
              count=popcount(s.hands[p]))

    def _end_deal(self, s, out_team, reason):
        hands = [s.hands[0] | s.hands[2], s.hands[1] | s.hands[3]]
        feet = [s.feet[0] | s.feet[2], s.feet[1] | s.feet[3]]
        lines = score_deal(s.mmask, hands, feet, out_team,
                           s.opened_now and out_team is not None, s.penalties)
        self._record_deal(s, lines, reason, hands=[CardSet(h) for h in s.hands],
                          feet=[CardSet(f) for f in s.feet])

    # -- text -------------------------------------------------------------------------
    def _normalize_text(self, text, state, seat):
        """Meld and take text as in the family (``meld 7S 7H 2D``); an add names
        a face with its suit (``add 7H to meld 2``, ``add 2D to meld 1`` is
        ``add 2 to meld 1``), so only its card word is normalised and the
        family's rank-only normaliser is skipped for it."""
        words = text.strip().split()
        if len(words) < 2 or words[0].lower() != "add":
            return super()._normalize_text(text, state, seat)
        try:
            return " ".join(["add", _face_word(words[1])] + [w.lower() for w in words[2:]])
        except ParseError:
            return text

    def why_illegal(self, s, seat, action):
        if not 0 <= action < self.actions.size:
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
            if not s.pile:
                return "the pile is empty"
            if (NO_TAKE_TOP >> s.pile[-1]) & 1:
                return "a pile with a wild card or a three on top cannot be taken"
            if popcount(s.hands[seat] & T.rank[d[2]]) < 2:
                return f"you do not hold two natural {RANK_WORD[d[2]].upper()}s"
            return "the pile is always frozen: you need a natural pair of the top card's rank"
        if s.phase is Phase.DRAW:
            return "draw or take the pile first"
        if d[0] == "discard":
            if not self._holds(s.hands[seat], d[1]):
                return f"{DECK.text(d[1])} is not in your hand"
            if s.tent and not self._tent_enough(s, team):
                return (f"your opening melds make {T.value(s.tent)} of the "
                        f"{self.requirement(s, team)} needed: meld more or say done")
            return "you may not go out yet (five canastas, two natural, are needed)"
        if d[0] == "add" and d[2] >= len(s.mkey[team]):
            return f"your team has no meld {d[2] + 1}"
        hand = s.hands[seat]
        if d[0] == "add" and not hand & FACE_MASK[d[1]]:
            return "you do not hold " + {"2": "a two", "jk": "a joker"}.get(
                FACES[d[1]], FACES[d[1]].upper().replace("T", "10"))
        if d[0] == "meld":
            want = 3 if d[2] == 0 else 2
            lack = []
            if popcount(hand & T.rank[d[1]]) < want:
                lack.append(f"{want} natural {RANK_WORD[d[1]].upper()}s")
            if d[2] == 1 and not hand & T.twos:
                lack.append("a two")
            if d[2] == 2 and not hand & T.jokers:
                lack.append("a joker")
            if lack:
                return "you do not hold " + " and ".join(lack)
        return (f"{self.action_text(action)}: not allowed now (a meld has at most seven "
                f"cards and three wild ones; threes never meld; you may not go out yet)")

    # -- terminal ------------------------------------------------------------------------
    def render_board(self, view):
        """For the terminal: each team's score, opening requirement of this deal
        (25.7), its players' hands and feet (25.5), its canastas toward going
        out and its melds numbered as the actions name them; the pile, which is
        always frozen (25.3); an opening under way and "May I go out?"."""
        me = view.get("seat")
        deals = view["options"]["deals"] if isinstance(view.get("options"), dict) else \
            getattr(view.get("options"), "deals", 4)
        lines = [f"Deal {view['deal_no'] + 1} of {deals}"]
        for t in (0, 1):
            lines.append("")
            head = self.team_heading(view, t)
            lines.append(head)
            feet = []
            for p in (t, t + 2):
                who = "You" if p == me else f"Seat {p}"
                where = ("playing the foot" if view["in_foot"][p]
                         else f"foot of {view['foot_sizes'][p]} waiting")
                feet.append(f"{who}: {view['hand_sizes'][p]} in hand, {where}")
            lines.append("  " + "; ".join(feet))
            melds = view["melds"][t]
            n, nat = canastas([int(m["cards"]) for m in melds])
            lines.append(f"  canastas {n} ({nat} natural); going out needs 5, 2 of them natural")
            if view["penalties"][t]:
                lines.append(f"  penalties: {view['penalties'][t]} x 300")
            if not melds:
                lines.append("  no melds")
            for i, m in enumerate(melds):
                name = m["rank"].upper().replace("T", "10") + "s"
                lines.append(f"  meld {i + 1:<3}" + meld_line(DECK, name, int(m["cards"]),
                                                              CANASTA).lstrip())
        lines.extend(self.board_end(view, True, "always: a natural pair of the top card's rank "
                                                "takes at most seven cards"))
        return "\n".join(lines)

    # -- views --------------------------------------------------------------------------
    def _view(self, s, seat, v):
        self._common_view(s, seat, v)
        v["foot_sizes"] = [popcount(f) for f in s.feet]
        v["in_foot"] = list(s.in_foot)
        v["melds"] = [[{"rank": RANK_WORD[k], "cards": CardSet(m)}
                       for k, m in zip(s.mkey[t], s.mmask[t])] for t in (0, 1)]

    def zones(self, s):
        z = super().zones(s)
        for p in range(4):
            z[f"foot{p}"] = s.feet[p]
        return z

    def unknown_cards(self, s, seat):
        hidden = super().unknown_cards(s, seat)
        if s.outcome is None:             # the last deal's scoring showed the feet
            for foot in s.feet:
                hidden |= foot            # nobody looks at a foot (25.1)
        return hidden

    def sample_world(self, view, rng):
        mkey, mmask = [[], []], [[], []]
        table = 0
        for t in (0, 1):
            for m in view["melds"][t]:
                cards = int(m["cards"])
                mkey[t].append(RANK_OF_WORD[m["rank"]])
                mmask[t].append(cards)
                table |= cards
        feet = {f"foot{p}": view["foot_sizes"][p] for p in range(4)}
        s, placed = self._sample_common(view, rng, table, feet)
        s.feet = [placed[f"foot{p}"] for p in range(4)]
        s.in_foot = list(view["in_foot"])
        s.mkey, s.mmask = mkey, mmask
        return s


def _face_word(word):
    """The face an add names: ``7h``, ``th``, ``2`` (any two) or ``jk``."""
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
