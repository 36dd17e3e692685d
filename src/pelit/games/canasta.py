"""Canasta, Korppi's Finnish club rules.

Rule source: seed 000 ch. 21 (line 1522): 21.1 Cards, 21.2 Melds, 21.3 The
beginning of the game, 21.4 Turn, 21.5 End of a deal, 21.6 Special rules
(21.6.1 freezing, 21.6.2 opening meld, 21.6.3 red threes, 21.6.4 "May I go
out?", 21.6.5 penalties).  The heuristic bot follows ch. 22.

Four players in two teams (seats 0 and 2 against 1 and 3), two 54-card packs.

How actions are written (a person can type them; ``pelit rules canasta``):
suits do not matter in a meld of a rank, so melds name ranks.  A new meld is
laid with its smallest form (``meld 7 7 7``, ``meld 7 7 2``, ``meld 7 7 JK``,
``meld 3 3 3`` for black threes) and grown one card at a time
(``add 7 to 7s``, ``add 2 to 7s``, ``add JK to 7s``); every meld the rules
allow is reached this way.  Card text with suits is accepted on input
(``meld 7S 7H 7D`` is ``meld 7 7 7``); the engine puts down the lowest-id
copies of the named ranks from the hand.  The pile is taken with
``take pile`` (top card onto the team's meld of its rank) or
``take pile with 7 7`` / ``with 7 2`` / ``with 7 JK`` (the top card with two
hand cards).

Decisions where the seed is silent (each pinned by a test):

- 21.3: cards are dealt one at a time, starting left of the dealer, who
  passes the deal to the left; the player left of the dealer starts.
  Turned-up red threes and wild cards stay in the pile (they freeze it).
- 21.4 / 21.6.2: a team's first melds of a deal are *tentative* while the
  player lays them.  Opening from the hand: the turn's melds count together;
  the player discards once they reach the requirement, or says ``done``.
  Opening with the pile: ``take pile with 7 7`` puts the top card and the
  pair on the table and sets the rest of the pile aside; the player adds
  melds from the hand and says ``done``; only then does the rest of the
  pile join the hand.  The requirement counts card points only.
- 21.6.5 insufficient opening: ``done`` with too few points is the attempt
  the seed penalises: the tentative cards go back (the top card back onto
  the pile), the team's requirement rises by 10 for the rest of the deal,
  and the turn goes on (after a failed pile opening the player draws or
  tries again).  Discarding is not allowed while a tentative opening is
  short of the requirement.
- 21.5 going out: a player may empty the hand by a final discard or by
  melding the last card.  Without a canasta the hand may not be emptied, so
  a meld that would leave one card is allowed only when that card can then
  complete a canasta; otherwise at least two cards stay (one to discard).
- 21.5 black threes meld only in the going-out turn: a black-three meld
  needs a canasta and may leave at most one other card in hand; afterwards
  only the last card may be discarded.
- 21.5 stock exhaustion: ``draw`` from an empty stock ends the deal; so
  does a red-three replacement that finds the stock empty.  Taking the pile
  stays allowed while the stock is empty.
- 21.6.3: red threes are laid automatically (dealt ones at the start of the
  owner's first turn; drawn ones, and turned-up ones taken with the pile,
  at once) and each is replaced from the stock.  A red three still in a
  hand when the deal ends (its owner never had a turn) counts for its team
  like a laid one.  Four red threes: 800 (option ``four_red_threes``; the
  ``club`` preset gives the modern club value 400).
- 21.6.4: ``ask go out`` is allowed at the start of the turn or after
  drawing from the stock; the partner answers ``yes`` or ``no``.  "No" forbids
  emptying the hand this turn; "yes" obliges it.  Asking after melding or
  taking the pile needs no answer and obliges going out (21.6.5).
- 21.6.5 with 22.8.4: asking when the player cannot go out costs his team
  300, whatever the partner answers (a "no" does not excuse it; 22.8.4: the
  rules require that the asker can go out).  "Can go out" is judged when he
  asks, over the rest of that turn with the cards it would really bring: the
  card the stock gives him, or the pile he may take (a pile opening made
  first), then melding all his cards or all but one that he discards
  (``could_go_out``, ``meld_out_possible``).  The referee (the software)
  judges at once, so the penalty is logged when the question is asked.
  A binding question (a "yes", or asked after melding) that is not followed
  by going out before the turn ends also costs 300, once: a question already
  paid for as unable is not charged again.  If the deal ends by the stock
  before that turn ends, no penalty for not going out.
- 21.6.5 penalty cards (a card shown by accident) cannot happen here: the
  software shows no card by accident.
- 21.5 match end: a deal that brings a team to the target ends the match;
  the higher total wins.  Equal totals at or over the target play another
  deal.  The option ``deals`` (0 = to the target) plays a fixed number of
  deals instead; equal totals then are a draw.
- The discard pile is face up and every card of it was seen going there,
  so the view shows the whole pile; cards taken from the pile stay known
  while they are in the taker's hand (``hand_known``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import CardSet, ids, mask_of, standard_deck
from ..cards.meld_game import (DECLARED_OPENING_VERBS, FROZEN_BY_WILD, TEAM_LISTS,
                               DeclaredOpeningMeldGame, DeclaredOpeningState, rank_meld_forms)
from ..cards.meld_screen import cards_line, goal_text, meld_line
from ..cards.melds import (CANASTA_POINTS, NATURAL_RANKS, MeldTables, meld_tally,
                           has_canasta, popcount, red_three_points, take_lowest)
from ..cards.melds_extra import RANK_OF_WORD, RANK_WORD
from ..core.actions import ActionSpace
from ..core.game import GameInfo, option
from ..core.registry import register

DECK = standard_deck("2x54")
T = MeldTables(DECK, CANASTA_POINTS, red_three=100, black_three=5)
HAND_SIZE = 11
CANASTA = 7
MAX_WILD = 3
# 21.6.2: (lowest score, opening meld); below 0 the requirement is 15
OPENING_ZONES = ((-10**9, 15), (0, 50), (1500, 90), (3000, 120))
FREEZERS = T.wild | T.red3
NO_TAKE_TOP = T.wild | T.black3          # 21.4: the pile cannot be taken on these
BLACK3_RANK = 3
FORMS = ("nat", "two", "joker")           # third card of a new meld / pair partner


class Phase(enum.Enum):
    DRAW = 1        # draw, take the pile, ask to go out
    OPENING = 2     # laying an opening meld after taking the pile with a pair
    MELD = 3        # melding, adding, discarding
    ANSWER = 4      # the partner answers "May I go out?"


@dataclass(frozen=True)
class CanastaOptions:
    target: int = option(5000, "the score that wins the match", min=100, max=100000)
    four_red_threes: int = option(800, "value of all four red threes to one team",
                                  choices=(800, 400))
    deals: int = option(0, "play this many deals instead of to the target (0: to the target)",
                        min=0, max=100)


class CanastaState(DeclaredOpeningState):
    __slots__ = ("melds", "drew")

    def _copy_into(self, new):
        DeclaredOpeningState._copy_into(self, new)
        new.melds = [self.melds[0].copy(), self.melds[1].copy()]
        new.drew = self.drew


def score_deal(melds, red3_counts, opened, hands, went_out, concealed, penalties,
               four_red_threes: int = 800) -> list[dict]:
    """The scoring lines of one deal for both teams (000 21.5, 21.6.2, 21.6.3, 21.6.5).

    ``melds[t]`` is the team's list of meld masks, ``hands[t]`` the mask of
    the cards left in its players' hands, ``went_out`` the team that went out
    (or None), ``concealed`` whether it opened in that same turn,
    ``penalties[t]`` the number of 300-point penalties.
    """
    lines = []
    for t in (0, 1):
        melded, natural, mixed = meld_tally(melds[t], T, CANASTA)
        line = {
            "melded cards": melded,
            "natural canastas": 500 * natural,
            "mixed canastas": 300 * mixed,
            "red threes": red_three_points(red3_counts[t], opened[t], 100, four_red_threes),
            "going out": 100 if went_out == t else 0,
            "opening and going out": 100 if went_out == t and concealed else 0,
            "cards in hand": -T.value(hands[t]),
            "penalties": -300 * penalties[t],
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


# the points of a natural card of each rank (what discarding one takes off the opening)
RANK_POINTS = {r: T.points[min(ids(T.rank[r]))] for r in NATURAL_RANKS}


def meld_out_possible(hand: int, melds, need: int | None) -> bool:
    """Whether a player can empty ``hand`` this turn by melding, all of it or
    all but one card that he then discards (21.5), given his team's
    ``melds`` (16 masks by rank, 3 for black threes).  ``need``: the opening
    points the new melds must still make (21.6.2), None for an opened team.

    The rules the melding turn enforces (21.2, 21.5): a new meld has two
    natural cards or more, a meld holds at most three wild cards, black
    threes meld three or four at once and only in going out, the team needs
    a canasta.  The order of the melds never matters, so only the final
    table is checked: which card (if any) is discarded, where the wild cards
    go, and one meld reaching seven cards."""
    nat, size, lone = {}, {}, []
    had_canasta = False
    most = 0                  # the most natural cards a meld of one rank can hold
    for r in NATURAL_RANKS:
        n = nat[r] = (hand & T.rank[r]).bit_count()
        m = melds[r]
        k = size[r] = m.bit_count()
        if k >= CANASTA:
            had_canasta = True
        elif n == 1 and not m:
            if lone:
                return False  # two lone cards of unmelded ranks: one stays whatever is discarded
            lone.append(r)
        if k + n > most:
            most = k + n
    twos = (hand & T.twos).bit_count()
    jokers = (hand & T.jokers).bit_count()
    if not had_canasta and most + min(twos + jokers, MAX_WILD) < CANASTA:
        return False          # no meld can reach a canasta
    black = (hand & T.black3).bit_count()
    wild_on = {r: (melds[r] & T.wild).bit_count() for r in NATURAL_RANKS}
    value = T.value(hand)
    if lone:                  # the discard must be the lone card
        discards = [("nat", lone[0])]
    else:
        # a card of an unmelded pair would leave its partner alone
        discards = [None] + [("nat", r) for r in NATURAL_RANKS
                             if nat[r] and (melds[r] or nat[r] != 2)]
        discards += [("wild", 20)] * bool(twos) + [("wild", 50)] * bool(jokers)
        discards += [("black", 5)] * bool(black)
    for d in discards:
        gone = None           # the rank of a discarded natural card
        wilds = twos + jokers
        blacks = black
        lost = 0
        if d is not None:
            kind, x = d
            if kind == "nat":
                gone = x
                lost = RANK_POINTS[x]
            elif kind == "wild":
                wilds -= 1
                lost = x
            else:
                blacks -= 1
                lost = x
        if blacks and not melds[BLACK3_RANK] and blacks < 3:
            continue
        if need is not None and value - lost < need:
            continue
        room = 0
        pairs = 0
        final = []            # per rank: (cards before wild cards are added, room, a pair)
        for r in NATURAL_RANKS:
            k = nat[r] - (r == gone)
            if melds[r]:
                here = (size[r] + k, MAX_WILD - wild_on[r], False)
            elif k == 1:
                break
            elif k:
                here = (k, MAX_WILD, k == 2)
                pairs += k == 2
            else:
                continue
            room += here[1]
            final.append(here)
        else:
            if wilds > room or pairs > wilds:
                continue
            if had_canasta or any(c >= CANASTA for c, _, _ in final):
                return True
            for c, r_room, pair in final:
                short = CANASTA - c
                if short <= min(r_room, wilds) and pairs - pair <= wilds - short:
                    return True
    return False


def _rank_text(r):
    return RANK_WORD[r]


@register
class Canasta(DeclaredOpeningMeldGame):
    info = GameInfo(
        id="canasta", name="Canasta", min_seats=4, max_seats=4, family="rummy",
        source="000 ch. 21 (line 1522)", hidden=True, chance=True, teams=True,
        zero_sum=False, rules_version=2,
        summary=(
            "Two teams of two (partners sit opposite) with two packs and four jokers. "
            "Each player gets 11 cards. On your turn take the top card of the stock, "
            "or the whole discard pile if you can meld its top card at once (with a "
            "pair from your hand, a natural card and a wild card, or onto your team's "
            "meld of that rank); then meld, then discard one card. Melds are cards of "
            "one rank (4 to ace), at least three, with two or more natural cards and "
            "at most three wild cards (twos and jokers); a team has one meld per rank. "
            "Seven cards make a canasta: 500 without wild cards, 300 with. A wild card "
            "or red three in the pile freezes it: then only a natural pair takes it. "
            "A team's first meld of a deal must reach 50 points (15 below zero, 90 "
            "from 1500, 120 from 3000); opening with the pile counts only the top "
            "card and hand cards. Red threes are laid at once and replaced (100 each, "
            "800 for four, minus if the team never opened). Going out needs a canasta "
            "and scores 100 (another 100 if the team opened in that turn); black "
            "threes meld only then. You may ask your partner 'May I go out?' and must "
            "obey the answer. Asking when you cannot go out this turn costs 300, "
            "whatever the answer; so does a 'yes' (or asking after you melded) that "
            "does not end in going out. An opening attempt short of the requirement goes back "
            "to the hand and raises it by 10. Cards melded count for you, cards left in "
            "hand against. "
            "First team to 5000 wins."),
        verbs=(
            ("draw", "take the top card of the stock"),
            ("take pile", "take the pile, adding its top card to your team's meld"),
            ("take pile with 7 7", "take the pile, melding its top card with a pair "
             "(or '7 2', '7 JK': a natural and a wild card) from your hand"),
            ("meld 7 7 7", "lay a new meld: three naturals, or two and a wild "
             "('7 7 2', '7 7 JK'); 'meld 3 3 3' black threes when going out"),
            ("add 7 to 7s", "add one card to your team's meld ('add 2 to 7s', "
             "'add JK to 7s')"),
            *DECLARED_OPENING_VERBS,
        ),
    )
    Options = CanastaOptions
    Phase = Phase
    # the terminal draws the teams' tables itself (render_board): one block
    # per team instead of the view's paired lists
    render_hints = {
        "hide": ["stock", "pile", "pile_frozen", "pile_aside", "melds", "tentative",
                 "tentative_top", "red_threes", "opened", "requirement",
                 "requirement_raise", "penalties", "ask", "ask_back", "drew", "melded",
                 "opened_now", "deal_no", "scores", "sheet", "asked_unable"],
        "not_cards_after": ["to"],
        "team_lists": list(TEAM_LISTS),
    }
    State = CanastaState
    deck = DECK
    tables = T
    opening_zones = OPENING_ZONES
    hand_size = HAND_SIZE
    covered_upcards = FREEZERS      # 21.3: a turned-up red three or wild card is covered
    presets = {"club": {"four_red_threes": 400}}
    test_options = {"deals": 2}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.A_DRAW = a.verb("draw")
        self.A_TAKE = a.verb("take pile")
        self.A_TAKE_WITH = a.choice("take", [f"pile with {_rank_text(r)} {w}"
                                             for r in NATURAL_RANKS
                                             for w in (_rank_text(r), "2", "jk")])
        self.A_MELD = a.choice("meld", [f"{_rank_text(r)} {_rank_text(r)} {w}"
                                        for r in NATURAL_RANKS
                                        for w in (_rank_text(r), "2", "jk")] + ["3 3 3"])
        self.A_ADD = a.choice("add", [f"{w} to {_rank_text(r)}s"
                                      for r in NATURAL_RANKS
                                      for w in (_rank_text(r), "2", "jk")] + ["3 to 3s"])
        self.A_DISCARD = a.card_block("discard")
        self.A_DONE = a.verb("done")
        self.A_ASK = a.verb("ask go out")
        self.A_YES = a.verb("yes")
        self.A_NO = a.verb("no")
        self.actions = a
        self.n_ranks = len(NATURAL_RANKS)
        # decode tables: action -> (rank, form)
        self._rank_index = {r: i for i, r in enumerate(NATURAL_RANKS)}

    def decode(self, a):
        """An action id as a tuple a bot can read: ``("draw",)``, ``("take",
        rank, form)`` (form None: onto the team's meld; 0 a natural pair, 1 a
        natural and a two, 2 a natural and a joker), ``("meld", rank, form)``,
        ``("add", rank, form)`` (form 0 natural, 1 two, 2 joker), ``("discard",
        card)``, ``("done",)``, ``("ask",)``, ``("yes",)``, ``("no",)``."""
        n3 = 3 * self.n_ranks
        if a == self.A_DRAW:
            return ("draw",)
        if a == self.A_TAKE:
            return ("take", None, None)
        if self.A_TAKE_WITH <= a < self.A_TAKE_WITH + n3:
            k = a - self.A_TAKE_WITH
            return ("take", NATURAL_RANKS[k // 3], k % 3)
        if self.A_MELD <= a <= self.A_MELD + n3:
            k = a - self.A_MELD
            return ("meld", 3, 0) if k == n3 else ("meld", NATURAL_RANKS[k // 3], k % 3)
        if self.A_ADD <= a <= self.A_ADD + n3:
            k = a - self.A_ADD
            return ("add", 3, 0) if k == n3 else ("add", NATURAL_RANKS[k // 3], k % 3)
        if self.A_DISCARD <= a < self.A_DISCARD + DECK.size:
            return ("discard", a - self.A_DISCARD)
        return ({self.A_DONE: "done", self.A_ASK: "ask", self.A_YES: "yes",
                 self.A_NO: "no"}[a],)

    # -- small helpers ------------------------------------------------------
    @staticmethod
    def _form_mask(hand, rank, form, naturals):
        """The hand cards a form uses: ``naturals`` of ``rank`` plus one wild of the form."""
        nat = take_lowest(hand & T.rank[rank], naturals)
        if popcount(nat) < naturals:
            return None
        if form == 0:
            return nat
        extra = take_lowest(hand & (T.twos if form == 1 else T.jokers), 1)
        return nat | extra if extra else None

    def _new_turn_fields(self, s):
        s.drew = False

    # -- "May I go out?" (21.6.4, 21.6.5, 22.8.4): the engine's _ask charges it ------
    def could_go_out(self, s, p) -> bool:
        """Whether ``p``, in his turn (before drawing or in his melding),
        can end this turn by going out: with the card the stock would give
        him or with the pile he may take, then melding (``meld_out_possible``;
        a pile opening also lays its opening before the rest joins the hand).
        The engine's search over the turn's actions says the same (tested);
        this reads the final table instead, much faster."""
        if s.phase is Phase.MELD:
            return self._melds_out(s, p)
        # the stock's card: red threes on top are laid and replaced, so the
        # first card below them that is no red three; none: the deal ends
        team = p & 1
        for c in reversed(s.stock):
            if not (T.red3 >> c) & 1:
                need = None if s.opened[team] else self.requirement(s, team) - T.value(s.tent)
                if meld_out_possible(s.hands[p] | 1 << c, s.melds[team], need):
                    return True
                break
        pile = mask_of(s.pile)
        for a in self._take_actions(s, p):
            if self._lone_cards(s, p, pile) > 1:
                break
            t = s.clone()
            n = len(t.events)
            self._apply_draw(t, p, a)
            if self._turn_went_out(t, p, n):
                return True
            if t.to_act != (p,) or t.outcome is not None:
                continue               # the stock ran out: the deal is over
            if t.phase is Phase.MELD and self._melds_out(t, p):
                return True
            if t.phase is Phase.OPENING and self._opening_goes_out(t, p, set()):
                return True
        return False

    def _lone_cards(self, s, p, coming):
        """The natural cards in ``p``'s hand alone of their rank that nothing
        this turn can meld: no meld of the rank on his team's side and no
        other card of it among the cards ``coming`` (what the draw or the
        pile brings).  Only one card leaves the hand by the discard, so with
        two of them he cannot go out (what ``meld_out_possible`` finds later)."""
        hand = s.hands[p]
        melds = s.melds[p & 1]
        lone = 0
        for r in NATURAL_RANKS:
            cards = T.rank[r]
            if not melds[r] and not coming & cards and (hand & cards).bit_count() == 1:
                lone += 1
        return lone

    def _melds_out(self, s, p):
        team = p & 1
        need = None if s.opened[team] else self.requirement(s, team) - T.value(s.tent)
        return meld_out_possible(s.hands[p], s.melds[team], need)

    @staticmethod
    def _turn_went_out(s, p, since):
        return any(e.kind == "went_out" and e.seat == p for e in s.events[since:])

    def _opening_goes_out(self, s, p, seen):
        """A pile opening under way (phase OPENING): some opening the hand can
        lay, once made (the rest of the pile joining the hand), melds out."""
        key = (s.hands[p], s.tent)
        if key in seen:
            return False
        seen.add(key)
        if self._tent_enough(s, p & 1):
            t = s.clone()
            n = len(t.events)
            self._done(t, p)
            if self._turn_went_out(t, p, n):
                return True
            if t.to_act == (p,) and t.outcome is None and t.phase is Phase.MELD \
                    and self._melds_out(t, p):
                return True
        for a in self._meld_actions(s, p):
            t = s.clone()
            self._apply_meld_action(t, p, a)
            if self._opening_goes_out(t, p, seen):
                return True
        return False

    def _meld_masks(self, s, team):
        return s.melds[team]

    def _drop_tentative(self, s, team):
        for r in range(16):
            s.melds[team][r] &= ~s.tent

    def _may_empty(self, s, team, melds, tent_extra=0):
        """Going-out permission with the team's melds as given (21.5, 21.6.4)."""
        if s.ask == "no":
            return False
        if not has_canasta(melds, CANASTA):
            return False
        if s.tent and s.phase is Phase.MELD and not self._tent_enough(s, team, tent_extra):
            return False
        return True

    def _shrink_ok(self, s, p, used, rank, gain=0, top=0):
        """May player ``p`` put ``used`` (hand cards) onto the meld of ``rank``?
        ``gain`` counts pile cards that join the hand."""
        team = p & 1
        left = self._eff_hand(s, p) - popcount(used) + gain
        if left >= 2:
            return True
        if left < 0:
            return False
        melds = s.melds[team].copy()
        melds[rank] |= used | top
        if self._may_empty(s, team, melds, used | top):
            return True
        if left == 1 and s.ask != "no":
            # the last card must be able to complete a canasta by itself
            last = s.hands[p] & ~used
            if s.phase is Phase.OPENING or not last:
                return False
            c = last.bit_length() - 1
            r = DECK.rank_of[c]
            tgt = [r] if (T.natural >> c) & 1 else \
                ([x for x in NATURAL_RANKS if melds[x]] if (T.wild >> c) & 1 else [])
            for x in tgt:
                m = melds[x]
                if not m or popcount(m) != CANASTA - 1:
                    continue
                if (T.wild >> c) & 1 and popcount(m & T.wild) >= MAX_WILD:
                    continue
                after = melds.copy()
                after[x] = m | (1 << c)
                if self._may_empty(s, team, after, used | (1 << c)):
                    return True
        return False

    # -- setup and dealing ---------------------------------------------------
    def _new_deal_fields(self, s):
        super()._new_deal_fields(s)
        s.melds = [[0] * 16, [0] * 16]
        s.drew = False

    # -- DRAW ------------------------------------------------------------------
    def _take_actions(self, s, p):
        if not s.pile:
            return []
        top = s.pile[-1]
        if (NO_TAKE_TOP >> top) & 1:
            return []
        team = p & 1
        r = DECK.rank_of[top]
        i = self._rank_index[r]
        hand = s.hands[p]
        meld = s.melds[team][r]
        is_frozen = bool(mask_of(s.pile) & FREEZERS)
        gain = len(s.pile) - 1
        tb = 1 << top
        out = []
        if not s.opened[team]:
            # 21.6.2: open with the pile as if frozen: a natural pair
            used = self._form_mask(hand, r, 0, 2)
            if used is not None and self._shrink_ok(s, p, used, r, gain, tb):
                out.append(self.A_TAKE_WITH + 3 * i)
            return out
        if meld and not is_frozen and self._shrink_ok(s, p, 0, r, gain, tb):
            out.append(self.A_TAKE)
        for form in (0, 1, 2):
            if form and is_frozen:
                continue
            used = self._form_mask(hand, r, form, 2 if form == 0 else 1)
            if used is None:
                continue
            if form and popcount(meld & T.wild) + 1 > MAX_WILD:
                continue
            if self._shrink_ok(s, p, used, r, gain, tb):
                out.append(self.A_TAKE_WITH + 3 * i + form)
        return out

    def _apply_draw(self, s, p, a):
        team = p & 1
        if a == self.A_DRAW and s.stock:
            s.drew = True
        if self._draw_or_ask(s, p, a):
            return
        top = s.pile[-1]
        r = DECK.rank_of[top]
        if a == self.A_TAKE:
            used = 0
            form = None
        else:
            form = (a - self.A_TAKE_WITH) % 3
            used = self._form_mask(s.hands[p], r, form, 2 if form == 0 else 1)
        s.hands[p] &= ~used
        s.pile.pop()
        if not s.opened[team]:
            s.melds[team][r] |= used | (1 << top)
            rest, s.pile = s.pile, []
            self._pile_opening(s, p, top, used, rest)
            return
        s.melds[team][r] |= used | (1 << top)
        self._take_rest(s, p, s.pile, top, used)

    def _take_rest(self, s, p, rest, top, used):
        s.pile = []
        if self._pile_to_hand(s, p, rest, top, used):
            self._check_empty(s, p)

    # -- OPENING and MELD ------------------------------------------------------
    def _meld_actions(self, s, p):
        team = p & 1
        hand = s.hands[p]
        melds = s.melds[team]
        out = []
        black_meld = melds[BLACK3_RANK]
        # with two or more cards left after it, no meld is refused for
        # emptying the hand (_shrink_ok): a new meld lays three cards, an add one
        eff = self._eff_hand(s, p)
        two = hand & T.twos
        joker = hand & T.jokers
        A_MELD, A_ADD = self.A_MELD, self.A_ADD
        for i, r in enumerate(NATURAL_RANKS):
            nat = hand & T.rank[r]
            if not nat:
                continue
            if not melds[r]:
                n = nat.bit_count()
                if n < 2:
                    continue
                if eff >= 5:
                    rank_meld_forms(out, A_MELD + 3 * i, n, two, joker)
                    continue
                for form in (0, 1, 2):
                    used = self._form_mask(hand, r, form, 3 if form == 0 else 2)
                    if used is not None and self._shrink_ok(s, p, used, r):
                        out.append(A_MELD + 3 * i + form)
            elif eff >= 3 or self._shrink_ok(s, p, nat & -nat, r):
                out.append(A_ADD + 3 * i)
        if two or joker:
            for i, r in enumerate(NATURAL_RANKS):
                m = melds[r]
                if m and (m & T.wild).bit_count() < MAX_WILD:
                    for form, w in ((1, two), (2, joker)):
                        if w and (eff >= 3 or self._shrink_ok(s, p, w & -w, r)):
                            out.append(A_ADD + 3 * i + form)
        b = hand & T.black3
        if b and s.phase is Phase.MELD:
            if not black_meld and popcount(b) >= 3:
                used = take_lowest(b, 3)
                if self._black_ok(s, p, used):
                    out.append(self.A_MELD + 3 * self.n_ranks)
            elif black_meld:
                used = take_lowest(b, 1)
                if self._black_ok(s, p, used):
                    out.append(self.A_ADD + 3 * self.n_ranks)
        return out

    def _black_ok(self, s, p, used):
        """Black threes meld only when going out (21.5)."""
        team = p & 1
        left = s.hands[p] & ~used
        if popcount(left & ~T.black3) > 1:
            return False
        melds = s.melds[team].copy()
        melds[BLACK3_RANK] |= used
        return self._may_empty(s, team, melds, used)

    def _may_discard(self, s, p):
        team = p & 1
        n = popcount(s.hands[p])
        if s.melds[team][BLACK3_RANK] and n != 1:
            return False          # 21.5: after black threes only the last card goes
        if n == 1 and not self._may_empty(s, team, s.melds[team]):
            return False
        return super()._may_discard(s, p)

    def _finish_pile_opening(self, s, p, top, rest):
        self._take_rest(s, p, rest, top, 0)

    def _apply_meld_action(self, s, p, a):
        team = p & 1
        hand = s.hands[p]
        if self.A_MELD <= a < self.A_MELD + 3 * self.n_ranks + 1:
            k = a - self.A_MELD
            if k == 3 * self.n_ranks:
                r, used = BLACK3_RANK, take_lowest(hand & T.black3, 3)
            else:
                r, form = NATURAL_RANKS[k // 3], k % 3
                used = self._form_mask(hand, r, form, 3 if form == 0 else 2)
            kind = "meld"
        else:
            k = a - self.A_ADD
            if k == 3 * self.n_ranks:
                r, used = BLACK3_RANK, take_lowest(hand & T.black3, 1)
            else:
                r, form = NATURAL_RANKS[k // 3], k % 3
                pool = T.rank[r] if form == 0 else (T.twos if form == 1 else T.jokers)
                used = take_lowest(hand & pool, 1)
            kind = "add"
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.melds[team][r] |= used
        s.melded = True
        if not s.opened[team]:
            s.tent |= used
        s.log(kind, p, cards=CardSet(used),
              meld=CardSet(s.melds[team][r]) if kind == "add" else None)
        if s.phase is Phase.MELD:
            self._check_empty(s, p)

    # -- end of a deal -----------------------------------------------------------
    def _end_deal(self, s, out_team, reason):
        hands = [s.hands[0] | s.hands[2], s.hands[1] | s.hands[3]]
        reds = [popcount(s.red3[t] | (hands[t] & T.red3)) for t in (0, 1)]
        hand_rest = [h & ~T.red3 for h in hands]
        lines = score_deal([s.melds[0], s.melds[1]], reds, s.opened, hand_rest, out_team,
                           s.opened_now and out_team is not None, s.penalties,
                           s.options.four_red_threes)
        self._record_deal(s, lines, reason, hands=[CardSet(h) for h in s.hands])

    # -- terminal --------------------------------------------------------------------
    def render_board(self, view):
        """For the terminal: each team's score, opening requirement, red threes
        and melds (canastas marked), the pile and whether it is frozen, an
        opening under way and the state of "May I go out?"."""
        goal = goal_text(view, 5000)
        lines = [f"Deal {view['deal_no'] + 1}   ({goal})"]
        for t in (0, 1):
            lines.append("")
            head = self.team_heading(view, t)
            lines.append(head)
            reds = int(view["red_threes"][t])
            if reds:
                sign = "" if view["opened"][t] else ", count minus unless the team opens"
                lines.append(f"  red threes {cards_line(DECK, reds)}{sign}")
            if view["penalties"][t]:
                lines.append(f"  penalties: {view['penalties'][t]} x 300")
            melds = view["melds"][t]
            if not melds:
                lines.append("  no melds")
            for word in sorted(melds, key=lambda w: -RANK_OF_WORD[w]):
                lines.append(meld_line(DECK, word.upper().replace("T", "10") + "s",
                                       melds[word], CANASTA))
        lines.extend(self.board_end(view, view["pile_frozen"], FROZEN_BY_WILD))
        return "\n".join(lines)

    # -- text ----------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        a = self.actions
        if not 0 <= action < a.size:
            return super().why_illegal(s, seat, action)
        text = a.text(action)
        team = seat & 1
        if s.phase is Phase.ANSWER:
            return "answer your partner: yes or no"
        if action == self.A_DRAW:
            return "you have drawn already this turn"
        if action in (self.A_TAKE,) or self.A_TAKE_WITH <= action < self.A_MELD:
            if s.phase is not Phase.DRAW:
                return "the pile can be taken only instead of drawing"
            if not s.pile:
                return "the pile is empty"
            top = s.pile[-1]
            if (NO_TAKE_TOP >> top) & 1:
                return "a pile with a wild card or a black three on top cannot be taken"
            if not s.opened[team]:
                return (f"your team has not opened: take the pile only with a natural "
                        f"pair of the top card's rank (needs {self.requirement(s, team)})")
            if mask_of(s.pile) & FREEZERS:
                return "the pile is frozen: you need a natural pair of the top card's rank"
            return f"you cannot meld the top card {DECK.text(top)} that way"
        if self.A_DISCARD <= action < self.A_DISCARD + DECK.size:
            c = action - self.A_DISCARD
            if s.phase is not Phase.MELD:
                return "draw or take the pile first"
            if not self._holds(s.hands[seat], c):
                return f"{DECK.text(c)} is not in your hand"
            if s.tent and not self._tent_enough(s, team):
                return (f"your opening melds make {T.value(s.tent)} of the "
                        f"{self.requirement(s, team)} needed: meld more or say done")
            return "you may not empty your hand now (a canasta is needed, or your partner said no)"
        if s.phase is Phase.DRAW and (self.A_MELD <= action < self.A_DISCARD):
            return "draw or take the pile first"
        if self.A_MELD <= action < self.A_DISCARD:
            why = self._why_meld(s, seat, action)
            if why:
                return f"{text}: {why}"
        return f"{text}: not allowed now (a meld needs two naturals, at most three wild " \
               f"cards, one meld per rank; black threes only when going out; without a " \
               f"canasta keep two cards)"

    def _why_meld(self, s, seat, action):
        """The plain reason a meld or add is refused, where one is simple to name."""
        kind, r, form = self.decode(action)
        hand = s.hands[seat]
        melds = s.melds[seat & 1]
        word = "black threes" if r == BLACK3_RANK else f"{_rank_text(r)}s"
        if r == BLACK3_RANK:
            n = popcount(hand & T.black3)
            if kind == "meld" and melds[r]:
                return "your team has melded black threes already: add to them"
            if n < (3 if kind == "meld" else 1):
                return "you do not hold enough black threes"
            return "black threes meld only in the turn you go out (a canasta needed)"
        naturals = popcount(hand & T.rank[r])
        wild = (hand & (T.twos if form == 1 else T.jokers)) if form else 0
        if kind == "meld":
            if melds[r]:
                return f"your team has a meld of {word} already: add to it ('add ... to {word}')"
            need = 3 if form == 0 else 2
            if naturals < need or (form and not wild):
                return "you do not hold those cards"
        else:
            if not melds[r]:
                return f"your team has no meld of {word}: lay one first ('meld ...')"
            if (form == 0 and not naturals) or (form and not wild):
                return "you do not hold that card"
            if form and popcount(melds[r] & T.wild) >= MAX_WILD:
                return f"the {word} already hold three wild cards, the most a meld may have"
        return "without a canasta you must keep at least two cards (one to discard)"

    # -- views ---------------------------------------------------------------------
    def _view(self, s, seat, v):
        self._common_view(s, seat, v)
        v["pile_frozen"] = bool(mask_of(s.pile) & FREEZERS)
        v["melds"] = [{_rank_text(r): CardSet(m[r]) for r in range(16) if m[r]}
                      for m in s.melds]
        v["drew"] = s.drew

    def sample_world(self, view, rng):
        melds = [[0] * 16, [0] * 16]
        table = 0
        for t in (0, 1):
            for rt, m in view["melds"][t].items():
                melds[t][RANK_OF_WORD[rt]] = int(m)
                table |= int(m)
        s, _ = self._sample_common(view, rng, table)
        s.melds = melds
        s.drew = view["drew"]
        return s
