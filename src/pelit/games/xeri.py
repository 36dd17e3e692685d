"""Xeri, the Greek two-player fishing game.

Rule source: seed 001 (ten games from a card-game site), "Xeri" (line 349):
Setup, Game play, Capturing xeri, Replenishing the hands, Scoring.

Decisions where the seed is silent (pinned in tests/games/test_xeri.py):

- Setup: the four pile cards are dealt after the hands, the last one dealt
  on top.  When the pile must be re-dealt (a jack on top, or the two top
  cards of one rank), the four cards go back into the stock, the stock is
  shuffled by the deal's own random stream, and four new cards are dealt.
- Dealing is one card at a time, non-dealer first; the replenishing deals
  are the same.
- A card played to an empty pile (a jack included) captures nothing.
- If nobody captured anything in a hand, the cards left in the pile at the
  end go to nobody.
- A hand in which both players score the same is won by nobody.
- The match is a fixed number of hands (option ``hands``, default 5 (the
  seed leaves the number to the players); a match with equal hands won is
  a draw.
- Won piles are face down and may not be looked through (Capturing xeri):
  a view shows how many cards each player has won and the xeri cards
  (turned face up), not the rest.  The pile shows its top card and its size.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import JACK, Card, CardSet, ids, mask_of, standard_deck
from ..cards.seats import others_hands
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("52")
HAND_SIZE = 6
TEN_DIAMONDS = DECK.parse("TD")
TWO_CLUBS = DECK.parse("2C")
HONOURS = mask_of(c for c in range(52) if DECK.rank_of[c] >= 10)   # A K Q J 10


class Phase(enum.Enum):
    PLAY = 1


@dataclass(frozen=True)
class XeriOptions:
    hands: int = option(5, "number of hands in the match; more hands won wins", min=1, max=99)


class XeriState(State):
    __slots__ = ("dealer", "hand_no", "hands", "stock", "pile", "won", "xeris",
                 "last_capturer", "hands_won", "results", "shown_in_stock")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.pile = self.pile.copy()
        new.won = self.won.copy()
        new.xeris = self.xeris.copy()
        new.last_capturer = self.last_capturer
        new.hands_won = self.hands_won.copy()
        new.results = self.results.copy()
        new.shown_in_stock = self.shown_in_stock


def score_hand(won: list[int], xeris: list[int]) -> list[dict]:
    """The scoring lines of one hand for both players (seed: Scoring)."""
    counts = [w.bit_count() for w in won]
    lines = []
    for p in (0, 1):
        line = {
            "xeri": 10 * xeris[p].bit_count(),
            "most cards": 3 if counts[p] > counts[1 - p] else 0,
            "honours": (won[p] & HONOURS).bit_count(),
            "ten of diamonds": 1 if (won[p] >> TEN_DIAMONDS) & 1 else 0,
            "two of clubs": 1 if (won[p] >> TWO_CLUBS) & 1 else 0,
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


@register
class Xeri(Game):
    info = GameInfo(
        id="xeri", name="Xeri", min_seats=2, max_seats=2, family="fishing",
        source="001 Xeri (line 349)", hidden=True, chance=True, zero_sum=True,
        summary=(
            "Two players, a 52-card pack. Each gets six cards and four go face up "
            "as a pile (dealt again if a jack or a pair is on top). In turn, play a "
            "card onto the pile: one of the top card's rank, or any jack, takes the "
            "whole pile. Taking a one-card pile with the same rank is a xeri (10 "
            "points; a jack makes a xeri only of a lone jack). Hands are refilled "
            "with six cards while the stock lasts; at the end the last player to "
            "capture takes what is left. Per hand: 10 a xeri, 3 for more cards, 1 "
            "for each A K Q J 10, 1 for the 10 of diamonds, 1 for the 2 of clubs; "
            "the higher total wins the hand, and more hands won wins the match."),
        verbs=(("QS", "play a card from your hand onto the pile"),),
    )
    Options = XeriOptions
    Phase = Phase
    State = XeriState
    deck = DECK
    test_options = {"hands": 2}
    # terminal: what the bare numbers mean
    web_layout = {
        "table": "fishing",
        "show": {"hand": "hand", "hand_sizes": "backs", "stock": ["count", "stock"],
                 "pile_top": {"role": "pile", "label": "pile", "size": "pile_size"},
                 "pile_size": "size", "shown_in_stock": ["cards", "seen in the stock"],
                 "won_counts": ["seat", "cards won"], "xeri_cards": ["seat_cards", "xeri"],
                 "last_capturer": ["tag", "took last"], "dealer": "tag",
                 "hands_won": ["seat", "hands won"], "hand_no": ["info", "hands played"]},
        "sheet": {"event": "hand_scored", "total": "hands_won", "hide": ["won"]},
    }
    render_hints = {"labels": {"hand_no": "hands played",
                               "results": "hands (points seat 0, seat 1, winner)",
                               "won_counts": "cards won", "pile_size": "cards in pile"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()

    def num_players(self, state):
        return 2

    # -- setup and dealing ---------------------------------------------
    def _setup(self, s):
        s.dealer = 1          # seat 0 leads the first hand
        s.hand_no = 0
        s.hands_won = [0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.hand_no)
        s.stock = pack[::-1]          # top of the pack at the end: pop() deals
        s.hands = [0, 0]
        s.won = [0, 0]
        s.xeris = [0, 0]
        s.pile = []
        s.last_capturer = None
        s.shown_in_stock = 0
        self._deal_hands(s)
        reshuffles = 0
        while True:
            s.pile = [s.stock.pop() for _ in range(4)]
            top = s.pile[-1]
            if DECK.rank_of[top] != JACK and DECK.rank_of[top] != DECK.rank_of[s.pile[-2]]:
                break
            # Setup: a jack on top or a pair on top sends the pile back.
            s.log("pile_redealt", None, pile=CardSet(mask_of(s.pile)))
            s.stock.extend(s.pile)
            s.shown_in_stock |= mask_of(s.pile)     # everyone saw them go back
            reshuffles += 1
            stream(s.seed, "deal", s.hand_no, "reshuffle", reshuffles).shuffle(s.stock)
        s.log("pile_dealt", None, pile=[Card(c) for c in s.pile])
        s.phase = Phase.PLAY
        s.to_act = (1 - s.dealer,)

    def _deal_hands(self, s):
        first = 1 - s.dealer
        for _ in range(HAND_SIZE):
            for p in (first, 1 - first):
                s.hands[p] |= 1 << s.stock.pop()
        for p in (0, 1):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND_SIZE, stock=len(s.stock))

    # -- play ------------------------------------------------------------
    def _legal_play(self, s, seat):
        return ids(s.hands[seat])

    def _apply_play(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        pile = s.pile
        rank = DECK.rank_of[card]
        if pile and (rank == JACK or rank == DECK.rank_of[pile[-1]]):
            xeri = len(pile) == 1 and rank == DECK.rank_of[pile[0]]
            taken = mask_of(pile) | (1 << card)
            s.won[seat] |= taken
            if xeri:
                s.xeris[seat] |= 1 << pile[0]
            s.log("capture", seat, card=Card(card), count=len(pile) + 1, xeri=xeri,
                  xeri_card=Card(pile[0]) if xeri else None)
            s.pile = []
            s.last_capturer = seat
        else:
            pile.append(card)
            s.log("play", seat, card=Card(card))
        other = 1 - seat
        if s.hands[other]:
            s.to_act = (other,)
        elif s.stock:
            # Replenishing: both hands are empty (the non-dealer played first).
            self._deal_hands(s)
            s.to_act = (other,)
        else:
            self._end_hand(s)

    def _end_hand(self, s):
        if s.pile and s.last_capturer is not None:
            s.won[s.last_capturer] |= mask_of(s.pile)
            s.log("last_cards", s.last_capturer, count=len(s.pile))
            s.pile = []
        lines = score_hand(s.won, s.xeris)
        totals = [lines[0]["total"], lines[1]["total"]]
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        if winner is not None:
            s.hands_won[winner] += 1
        s.results.append((totals[0], totals[1], winner))
        s.log("hand_scored", None, lines=lines, winner=winner, hands_won=list(s.hands_won),
              won=[CardSet(s.won[0]), CardSet(s.won[1])])
        s.hand_no += 1
        if s.hand_no >= s.options.hands:
            a, b = s.hands_won
            winners = () if a == b else ((0,) if a > b else (1,))
            reason = (f"{s.options.hands} hands played: "
                      + ("a draw" if a == b else f"seat {winners[0]} won {max(a, b)} to {min(a, b)}"))
            self.finish(s, Outcome(tuple(s.hands_won), winners, reason,
                                   details={"hand_points": [list(r[:2]) for r in s.results]}))
            return
        s.dealer = 1 - s.dealer
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if 0 <= action < DECK.size:
            return f"{DECK.text(action)} is not in your hand"
        return super().why_illegal(s, seat, action)

    # -- what each seat sees ----------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["stock"] = len(s.stock)
        v["shown_in_stock"] = CardSet(s.shown_in_stock & mask_of(s.stock))
        v["pile_top"] = Card(s.pile[-1]) if s.pile else None
        v["pile_size"] = len(s.pile)
        v["won_counts"] = [w.bit_count() for w in s.won]
        v["xeri_cards"] = [CardSet(x) for x in s.xeris]
        v["last_capturer"] = s.last_capturer
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["hands_won"] = list(s.hands_won)
        v["results"] = [list(r) for r in s.results]

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "pile": mask_of(s.pile)}
        for p in (0, 1):
            z[f"hand{p}"] = s.hands[p]
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        return (mask_of(s.stock) & ~s.shown_in_stock) | others_hands(s.hands, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        top = view["pile_top"]
        xeris = [int(x) for x in view["xeri_cards"]]
        in_stock = int(view["shown_in_stock"])
        seen = own | (0 if top is None else 1 << top) | xeris[0] | xeris[1] | in_stock
        zones = {"stock": view["stock"] - in_stock.bit_count(), "pile": max(0, view["pile_size"] - 1)}
        for p in (0, 1):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p]
            zones[f"won{p}"] = view["won_counts"][p] - xeris[p].bit_count()
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.hands_won = list(view["hands_won"])
        s.results = [tuple(r) for r in view["results"]]
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in (0, 1)]
        s.stock = shuffled(placed["stock"] | in_stock, rng)
        s.shown_in_stock = in_stock
        s.pile = shuffled(placed["pile"], rng) + ([top] if top is not None else [])
        # a xeri card was captured with its twin: both sit in the won pile
        s.won = [placed[f"won{p}"] | xeris[p] for p in (0, 1)]
        s.xeris = xeris
        s.last_capturer = view["last_capturer"]
        return s
