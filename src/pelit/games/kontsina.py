"""Kontsina, the Greek fishing game of matches and sums.

Rule source: seed 001 (ten games from a card-game site), "Kontsina"
(line 266): Setup, Game play, Capturing cards, Replenishing the hands,
Ending the hand.

A play is entered as the card (``9H``) and then, if it is to capture, the
table cards it takes one by one (``take 5S``, ``take 4D``); the capture
happens when the chosen cards add up to the card's value (or match it).
``lay`` lays the card without capturing.

Decisions where the seed is silent (pinned in tests/games/test_kontsina.py):

- Setup: the last seat deals first; cards go one at a time from the
  dealer's left, four each, then four to the table; replenishing deals are
  the same (four each, from the dealer's left).  The deal passes left.
- Capturing cards: a play captures either one card of its rank or one
  combination of two or more cards whose pip values (ace 1) add up to its
  value; not both, and not several combinations.  A numeric card taking a
  single card of its rank is the match.  J, Q, K only match.
- Capturing is optional ("normally try"): a card that could capture may
  be laid instead (``lay``), decided before choosing any table card.
- Ending the hand: if nobody captured in the hand, the cards left on the
  table go to nobody.  "Most clubs" ties score nobody, as "most cards" ties do.
- Won piles are face down: a view shows how many cards each player has won,
  not which (the captures themselves were seen as they happened).
- The match ends after a hand in which someone has reached the target
  (option ``target``, 21) with a single highest score; a tie for the highest
  score plays further hands until it is broken.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands_won_and_stock
from ..cards.deck import ACE, CLUBS, Card, CardSet, ids, mask_of, standard_deck
from ..cards.seats import others_hands
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
HAND = 4
TWO_CLUBS = DECK.parse("2C")
TEN_DIAMONDS = DECK.parse("TD")
# pip value for sums: ace 1, 2..10 face value; J Q K none (0)
VALUE = tuple(1 if r == ACE else (r if r <= 10 else 0) for r in DECK.rank_of)
CLUB_MASK = DECK.suit_mask[CLUBS]


class Phase(enum.Enum):
    PLAY = 1
    CAPTURE = 2


@dataclass(frozen=True)
class KontsinaOptions:
    players: int = option(2, "number of players", min=2, max=4)
    target: int = option(21, "points that end the match (highest score wins)", min=1, max=200)


class KontsinaState(State):
    __slots__ = ("dealer", "hand_no", "hands", "stock", "table", "won", "last_capturer",
                 "scores", "results", "played", "chosen", "turn", "captured_any")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.table = self.table
        new.won = self.won.copy()
        new.last_capturer = self.last_capturer
        new.scores = self.scores.copy()
        new.results = self.results.copy()
        new.played = self.played
        new.chosen = self.chosen
        new.turn = self.turn
        new.captured_any = self.captured_any


def sums_reachable(mask: int) -> int:
    """Bitset of the sums (up to 10) that subsets of the numeric cards in ``mask`` make."""
    reach = 1
    for c in ids(mask):
        v = VALUE[c]
        if v:
            reach |= (reach << v) & 0x7FF
    return reach


def can_extend(card: int, table: int, chosen: int, extra: int) -> bool:
    """May ``extra`` be added to the cards ``chosen`` so far to capture with ``card``?"""
    rank = DECK.rank_of
    if VALUE[card] == 0 or VALUE[extra] == 0:
        # face cards: only one card of the same rank
        return chosen == 0 and rank[extra] == rank[card]
    got = sum(VALUE[c] for c in ids(chosen)) + VALUE[extra]
    need = VALUE[card] - got
    if need < 0:
        return False
    if need == 0:
        # one card alone must be the match (same rank); two or more make a sum
        return chosen != 0 or rank[extra] == rank[card]
    rest = table & ~chosen & ~(1 << extra)
    return bool((sums_reachable(rest) >> need) & 1)


def capture_targets(card: int, table: int, chosen: int = 0) -> list[int]:
    return [x for x in ids(table & ~chosen) if can_extend(card, table, chosen, x)]


def score_hand(won: list[int]) -> list[dict]:
    """The scoring lines of one hand (seed: Ending the hand)."""
    counts = [w.bit_count() for w in won]
    clubs = [(w & CLUB_MASK).bit_count() for w in won]

    def sole_best(values, p):
        best = max(values)
        return values[p] == best and values.count(best) == 1

    lines = []
    for p, w in enumerate(won):
        line = {
            "most cards": 2 if sole_best(counts, p) else 0,
            "most clubs": 1 if sole_best(clubs, p) else 0,
            "two of clubs": 1 if (w >> TWO_CLUBS) & 1 else 0,
            "ten of diamonds": 1 if (w >> TEN_DIAMONDS) & 1 else 0,
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


@register
class Kontsina(Game):
    info = GameInfo(
        id="kontsina", name="Kontsina", min_seats=2, max_seats=4, family="fishing",
        source="001 Kontsina (line 266)", hidden=True, chance=True,
        aliases=("koltsina", "kolitsina"),
        summary=(
            "Two to four players, four cards each and four face up on the table. In "
            "turn, play one card: it captures one table card of its rank, or a group "
            "of two or more cards whose values add up to it (ace 1, two to ten at "
            "face value; jacks, queens and kings only capture their own rank). A card "
            "that captures nothing stays on the table. When everyone has played four "
            "cards, four more each come from the stock. When all is played, the last "
            "player to capture takes what is left. Score 2 for the most cards, 1 for "
            "the most clubs, 1 for the two of clubs, 1 for the ten of diamonds (ties "
            "for most score nothing). Hands continue until someone reaches the "
            "target (21) with the single highest score."),
        verbs=(("9H", "play a card from your hand"),
               ("take 5S", "take this table card with the card you played"),
               ("lay", "leave the played card on the table without capturing")),
    )
    Options = KontsinaOptions
    Phase = Phase
    State = KontsinaState
    deck = DECK
    test_options = {"target": 5}
    web_layout = {
        "table": "fishing",
        "show": {"hand": "hand", "hand_sizes": "backs", "table": ["cards", "on the table"],
                 "played": ["banner", "played"], "chosen": ["cards", "taken so far"],
                 "stock": ["count", "stock"], "won_counts": ["seat", "cards won"],
                 "last_capturer": ["tag", "took last"], "dealer": "tag",
                 "scores": ["seat", "points"], "hand_no": ["info", "hands played"]},
        "sheet": {"event": "hand_scored", "total": "scores"},
    }
    render_hints = {
        "seat_fields": ["turn"],
        "table": ["results"],
        "labels": {"hand_sizes": "cards", "won_counts": "cards won", "scores": "points",
                   "table": "table", "played": "card played", "chosen": "taking so far",
                   "stock": "stock", "hand_no": "hand", "turn": "turn of",
                   "results": "points per hand (one list a hand, by seat)"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.TAKE = self.actions.card_block("take")
        self.LAY = self.actions.verb("lay")

    # -- dealing ---------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.hand_no = 0
        s.scores = [0] * n
        s.results = []
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, s.hand_no)
        s.stock = pack[::-1]
        s.hands = [0] * n
        s.won = [0] * n
        s.table = 0
        s.last_capturer = None
        s.captured_any = False
        s.played = None
        s.chosen = 0
        self._deal_hands(s)
        for _ in range(4):
            s.table |= 1 << s.stock.pop()
        s.log("table_dealt", None, cards=CardSet(s.table))
        s.turn = (s.dealer + 1) % n
        s.phase = Phase.PLAY
        s.to_act = (s.turn,)

    def _deal_hands(self, s):
        n = len(s.hands)
        for _ in range(HAND):
            for k in range(1, n + 1):
                s.hands[(s.dealer + k) % n] |= 1 << s.stock.pop()
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND, stock=len(s.stock))

    # -- playing -----------------------------------------------------------------
    def _legal_play(self, s, seat):
        return ids(s.hands[seat])

    def _apply_play(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        if capture_targets(card, s.table):
            s.played = card
            s.chosen = 0
            s.log("play", seat, card=Card(card))
            s.phase = Phase.CAPTURE
            s.to_act = (seat,)
            return
        s.table |= 1 << card
        s.log("lay", seat, card=Card(card))
        self._next(s, seat)

    def _legal_capture(self, s, seat):
        legal = [self.TAKE + x for x in capture_targets(s.played, s.table, s.chosen)]
        if not s.chosen:
            legal.append(self.LAY)
        return legal

    def _apply_capture(self, s, seat, action):
        card = s.played
        if action == self.LAY:
            s.table |= 1 << card
            s.played = None
            s.log("lay", seat, card=Card(card))
            self._next(s, seat)
            return
        s.chosen |= 1 << (action - self.TAKE)
        got = sum(VALUE[c] for c in ids(s.chosen))
        if VALUE[card] and got < VALUE[card]:
            return
        taken = s.chosen
        s.table &= ~taken
        s.won[seat] |= taken | (1 << card)
        s.last_capturer = seat
        s.captured_any = True
        s.log("capture", seat, card=Card(card), cards=CardSet(taken))
        s.played = None
        s.chosen = 0
        self._next(s, seat)

    def _next(self, s, seat):
        n = len(s.hands)
        nxt = (seat + 1) % n
        if not any(s.hands):
            if s.stock:
                self._deal_hands(s)
            else:
                self._end_hand(s)
                return
        s.turn = nxt
        s.phase = Phase.PLAY
        s.to_act = (nxt,)

    def _end_hand(self, s):
        n = len(s.hands)
        if s.table and s.last_capturer is not None:
            s.won[s.last_capturer] |= s.table
            s.log("last_cards", s.last_capturer, cards=CardSet(s.table))
            s.table = 0
        lines = score_hand(s.won)
        for p in range(n):
            s.scores[p] += lines[p]["total"]
        s.results.append([line["total"] for line in lines])
        s.log("hand_scored", None, lines=lines, scores=list(s.scores),
              won=[CardSet(w) for w in s.won])
        best = max(s.scores)
        if best >= s.options.target and s.scores.count(best) == 1:
            w = s.scores.index(best)
            self.finish(s, Outcome(tuple(s.scores), (w,),
                                   f"seat {w} reached {best} with the highest score",
                                   details={"hand_points": [list(r) for r in s.results]}))
            return
        if best >= s.options.target:
            s.log("tie_break", None, scores=list(s.scores))
        s.hand_no += 1
        s.dealer = (s.dealer + 1) % n
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            return f"{DECK.text(action)} is not in your hand"
        if s.phase is Phase.CAPTURE:
            if action == self.LAY:
                return "you have started a capture: finish it"
            if self.TAKE <= action < self.TAKE + 52:
                x = action - self.TAKE
                if not (s.table >> x) & 1 or (s.chosen >> x) & 1:
                    return f"{DECK.text(x)} is not on the table to take"
                if VALUE[s.played] == 0 or VALUE[x] == 0:
                    return "jacks, queens and kings capture only one card of their own rank"
                return (f"{DECK.text(x)} cannot be part of a capture worth "
                        f"{VALUE[s.played]} (one card of the rank, or cards adding up to it)")
            if 0 <= action < 52:
                return "take table cards with the card you played, or lay it"
        return super().why_illegal(s, seat, action)

    # -- views -------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["table"] = CardSet(s.table)
        v["played"] = None if s.played is None else Card(s.played)
        v["chosen"] = CardSet(s.chosen)
        v["stock"] = len(s.stock)
        v["won_counts"] = [w.bit_count() for w in s.won]
        v["last_capturer"] = s.last_capturer
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no + 1          # for people: the first hand is hand 1
        v["scores"] = list(s.scores)
        v["results"] = [list(r) for r in s.results]
        v["turn"] = s.turn

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "table": s.table,
             "played": 0 if s.played is None else 1 << s.played}
        for p in range(len(s.hands)):
            z[f"hand{p}"] = s.hands[p]
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        return mask_of(s.stock) | others_hands(s.hands, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        table = int(view["table"])
        played = view["played"]
        seen = own | table | (0 if played is None else 1 << int(played))
        s.hands, s.won, s.stock = sample_hands_won_and_stock(view, DECK.all_mask & ~seen, own, rng)
        s.table = table
        s.played = None if played is None else int(played)
        s.chosen = int(view["chosen"])
        s.last_capturer = view["last_capturer"]
        s.captured_any = view["last_capturer"] is not None
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"] - 1
        s.scores = list(view["scores"])
        s.results = [list(r) for r in view["results"]]
        s.turn = view["turn"]
        return s
