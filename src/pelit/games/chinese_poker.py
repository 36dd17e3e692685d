"""Chinese Poker, the Big Two style climbing game played to the first out.

Rule source: seed 000 (Tuomas Korppi, "My Games"), ch. 20 (Chinese Poker):
the deal (all 52 cards, the order two-ace-king-...-three), 20.1 Gameplay
(the four kinds of combination, passing, beating a play, suits for single
cards, the end of a round) and 20.2 End of game (out, the winner, the
loser, the next round after a player goes out).  Five-card hands: ch. 17
through ``cards.poker_hands``.

Decisions where the seed is silent (pinned in tests/games/test_chinese_poker.py):

- The dealer is drawn by lot (the match's random stream); cards are dealt
  one at a time from the dealer's left, so when the deal is uneven the
  players with a card more sit first from the dealer's left, and the player
  on the dealer's left starts (20: those with more cards play first).
- Five-card hands compare "as poker hands" (20.1), that is by ch. 17, where
  the ace is the highest card and the lowest in the straight A-2-3-4-5; the
  two is high only for single cards, pairs and triples.  Equal poker hands
  (two nine-high straights) do not beat each other.
- A player may pass whenever a combination lies on the table, also when he
  could beat it; the player who starts a round must play.
- A round ends when everyone still holding cards except the player of the
  last combination has passed in turn since it was played (a player who has
  just gone out no longer passes).  That player starts the next round; if he
  has gone out, the next player to his left who still has cards (20.2).
- The game goes on until one player is left with cards: he is the loser,
  the first out the winner (scores 1 and -1; the others 0); the outcome
  ranks everyone in the order they went out.  A match is one game: the
  seed plays each hand as a game of its own.
- Played cards lie face up: the view lists the cards of the round under
  way and every card played so far (what the table has seen).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import combinations

from ..cards.combos import CardCombos
from ..cards.deal import sample_hands
from ..cards.seats import others_hands
from ..cards.deck import (ALL_RANKS, HAND_SUIT_ORDER, Card, CardSet, Deck, ids, mask_of,
                          normalize_card_text, pretty, standard_deck)
from ..cards.poker_hands import Category, category, describe, evaluator
from ..cards.table_text import dealt_line
from ..core.actions import ActionSpace
from ..core.errors import ParseError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("52")
EVAL = evaluator(DECK)
RANK = DECK.rank_of
SUIT = DECK.suit_of
# 20: two highest, then ace, king, ..., three; 20.1: spades, hearts, diamonds, clubs
RANK_ORDER = {r: (r - 3) % 13 for r in range(2, 15)}       # 3 -> 0 ... A -> 11, 2 -> 12
SUIT_ORDER = {0: 3, 1: 2, 2: 1, 3: 0}                      # S H D C
SINGLE_VALUE = tuple(4 * RANK_ORDER[RANK[c]] + SUIT_ORDER[SUIT[c]] for c in range(52))
KINDS = {1: "single card", 2: "pair", 3: "three of a kind", 5: "poker hand"}


class TwosHighPack(Deck):
    """The 52-card pack as the terminal shows a Chinese Poker hand: by suit,
    and in each suit the game's order (20: the two highest, then the ace)."""

    __slots__ = ()

    def in_hand_order(self, cards) -> list[int]:
        return sorted(cards, key=lambda c: (HAND_SUIT_ORDER[self.suit_of[c]],
                                            -RANK_ORDER[self.rank_of[c]], c))


class Phase(enum.Enum):
    PLAY = 1


@dataclass(frozen=True)
class ChinesePokerOptions:
    players: int = option(4, "players", min=3, max=5)


class ChinesePokerState(State):
    __slots__ = ("dealer", "hands", "played", "table", "last_seat", "last_kind", "last_value",
                 "passed", "out", "leader")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hands = self.hands.copy()
        new.played = self.played
        new.table = self.table.copy()
        new.last_seat = self.last_seat
        new.last_kind = self.last_kind
        new.last_value = self.last_value
        new.passed = self.passed
        new.out = self.out.copy()
        new.leader = self.leader


def combo_value(cards) -> tuple[int, int]:
    """(kind, value) of a legal combination, kind its card count; (0, 0) if
    the cards form none (20.1)."""
    k = len(cards)
    if k == 1:
        return 1, SINGLE_VALUE[cards[0]]
    if k in (2, 3):
        r = RANK[cards[0]]
        if all(RANK[c] == r for c in cards):
            return k, RANK_ORDER[r]
        return 0, 0
    if k == 5:
        v = EVAL.value(cards)
        return (5, v) if category(v) >= Category.STRAIGHT else (0, 0)
    return 0, 0


def _is_card_text(word: str) -> bool:
    try:
        normalize_card_text(word)
    except ParseError:
        return False
    return True


def order_key(c: int) -> int:
    """Cards written in the game's order, low to high."""
    return SINGLE_VALUE[c]


def five_card_hands(hand: int) -> list[list[int]]:
    """Every straight or better in a hand, built by kind rather than by
    trying all five-card subsets."""
    cards = ids(hand)
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(RANK[c], []).append(c)
        by_suit.setdefault(SUIT[c], []).append(c)
    found = set()
    # straights (and straight flushes): one card of each rank of a window
    for top in range(14, 4, -1):
        window = (14, 2, 3, 4, 5) if top == 5 else tuple(range(top - 4, top + 1))
        if all(r in by_rank for r in window):
            picks = [[]]
            for r in window:
                picks = [p + [c] for p in picks for c in by_rank[r]]
            found.update(tuple(sorted(p)) for p in picks)
    for suited in by_suit.values():                   # flushes
        if len(suited) >= 5:
            found.update(combinations(sorted(suited), 5))
    for t, tc in by_rank.items():                     # full houses and fours
        if len(tc) >= 3:
            for trio in combinations(tc, 3):
                for p, pc in by_rank.items():
                    if p != t and len(pc) >= 2:
                        for pair in combinations(pc, 2):
                            found.add(tuple(sorted(trio + pair)))
        if len(tc) == 4:
            for k in cards:
                if RANK[k] != t:
                    found.add(tuple(sorted(tc + [k])))
    return [list(f) for f in found]


@register
class ChinesePoker(Game):
    info = GameInfo(
        id="chinese-poker", name="Chinese Poker", min_seats=3, max_seats=5, family="climbing",
        source="000 ch. 20", hidden=True, chance=True, aliases=("big-two",),
        summary=(
            "Three to five players share out the whole pack. Twos are the highest cards, "
            "then aces, kings and so on down to threes; among single cards of a rank "
            "spades beat hearts, diamonds and clubs. The player left of the dealer "
            "starts a round with a single card, a pair, three of a kind or a five-card "
            "poker hand that is a straight or better. In turn the others pass or beat "
            "it with a higher combination of the same kind: a higher single card, a "
            "higher pair or triple, a higher poker hand (any straight or better; poker "
            "hands rank as in poker, aces high). Passing does not stop you playing "
            "later. When everyone else has passed, the last player starts a new round "
            "with anything. Play your last card and you are out; the first out wins, "
            "and the last player still holding cards loses."),
        verbs=(("QS", "play a single card"),
               ("7S 7H", "play a pair, three of a kind or a five-card hand: its cards"),
               ("pass", "let the combination on the table stand")),
    )
    Options = ChinesePokerOptions
    Phase = Phase
    State = ChinesePokerState
    deck = TwosHighPack("52", ALL_RANKS)        # DECK's cards; a hand shows twos first
    test_options = {"players": 4}
    web_layout = {
        "table": "cards",
        "show": {"hand": "hand", "hand_sizes": "backs", "table": ["cards", "on the table"],
                 "last_seat": ["tag", "played it"], "leader": ["tag", "started this round"],
                 "dealer": "tag", "passed": {"role": "seat", "label": "",
                            "words": {"true": "passed", "false": "in the round"}},
                 "place": {"role": "seat", "label": "out", "words": {
                     "1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth",
                     "6": "sixth", "7": "seventh", "8": "eighth"}}},
    }
    render_hints = {"hide": ["played", "last_kind", "round_plays"],
                    "labels": {"hand_sizes": "cards", "table": "on the table",
                               "last_seat": "played by", "place": "out",
                               "table_hand": "which is", "leader": "started this round"},
                    "seat_fields": ["last_seat", "leader"]}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.PASS = self.actions.verb("pass")
        self.combos = CardCombos(DECK, (2, 3, 5), self.actions.size, order=order_key)

    # -- action text ------------------------------------------------------------
    def action_text(self, action):
        if action in self.combos:
            return self.combos.text(action)
        return super().action_text(action)

    def parse_action(self, s, text, seat=None):
        words = text.replace(",", " ").split()
        if len(words) >= 2 and all(_is_card_text(w) for w in words):
            return self.combos.parse(" ".join(words))
        try:
            return super().parse_action(s, text, seat)
        except ParseError as exc:
            raise ParseError(f"{exc}, or the cards of a combination (e.g. 7S 7H)") from None

    # -- the deal -----------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = stream(s.seed, "dealer").randrange(n)
        pack = s.deal_pack(DECK, 0)
        s.hands = [0] * n
        # 20: every card dealt, one at a time from the dealer's left
        for i, c in enumerate(pack):
            s.hands[(s.dealer + 1 + i) % n] |= 1 << c
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=s.hands[p].bit_count())
        s.played = 0
        s.out = []
        s.leader = (s.dealer + 1) % n
        self._new_round(s, s.leader)

    def _new_round(self, s, leader):
        s.table = []
        s.last_seat = None
        s.last_kind = 0
        s.last_value = 0
        s.passed = 0
        s.leader = leader
        s.phase = Phase.PLAY
        s.to_act = (leader,)

    # -- play -------------------------------------------------------------------------
    def _legal_play(self, s, seat):
        hand = s.hands[seat]
        cards = ids(hand)
        kind, value = s.last_kind, s.last_value
        out = []
        if kind in (0, 1):
            out += [c for c in cards if kind == 0 or SINGLE_VALUE[c] > value]
        if kind in (0, 2, 3):
            by_rank: dict[int, list[int]] = {}
            for c in cards:
                by_rank.setdefault(RANK[c], []).append(c)
            for r, rc in by_rank.items():
                if kind and RANK_ORDER[r] <= value:
                    continue
                for k in ((2, 3) if kind == 0 else (kind,)):
                    out += [self.combos.encode(x) for x in combinations(rc, k)]
        if kind in (0, 5):
            for five in five_card_hands(hand):
                v = EVAL.value(five)
                if kind == 0 or v > value:
                    out.append(self.combos.encode(five))
        if kind:
            out.append(self.PASS)
        return sorted(out)

    def _apply_play(self, s, seat, action):
        n = s.options.players
        if action == self.PASS:
            s.passed |= 1 << seat
            s.log("pass", seat)
            self._after(s, seat)
            return
        cards = [action] if action < DECK.size else self.combos.decode(action)
        kind, value = combo_value(cards)
        mask = mask_of(cards)
        s.hands[seat] &= ~mask
        s.played |= mask
        s.table.append((seat, cards))
        s.last_seat, s.last_kind, s.last_value = seat, kind, value
        s.passed = 0
        fields = {"cards": [Card(c) for c in sorted(cards, key=order_key)]}
        if kind == 5:
            fields["hand"] = describe(value)
        s.log("play", seat, **fields)
        if not s.hands[seat]:
            s.out.append(seat)
            s.log("out", seat, place=len(s.out))
            left = [p for p in range(n) if s.hands[p]]
            if len(left) == 1:
                self._finish(s, left[0])
                return
        self._after(s, seat)

    def _after(self, s, seat):
        """The next to play, or the round's end (20.1) and its winner's lead."""
        n = s.options.players
        holding = [p for p in range(n) if s.hands[p]]
        waiting = [p for p in holding if p != s.last_seat and not (s.passed >> p) & 1]
        if not waiting:
            winner = s.last_seat
            s.log("round_won", winner)
            if not s.hands[winner]:
                # 20.2: the one who went out winning the round: his left starts
                winner = next(p for p in ((winner + i) % n for i in range(1, n)) if s.hands[p])
            self._new_round(s, winner)
            return
        nxt = next(p for p in ((seat + i) % n for i in range(1, n + 1)) if p in waiting)
        s.to_act = (nxt,)

    def _finish(self, s, loser):
        n = s.options.players
        order = s.out + [loser]
        winner = order[0]
        scores = tuple(1 if p == winner else -1 if p == loser else 0 for p in range(n))
        ranking = tuple(order.index(p) + 1 for p in range(n))
        self.finish(s, Outcome(scores, (winner,), f"seat {winner} went out first; seat {loser} "
                               "is left holding cards", ranking=ranking,
                               details={"order_out": order}))

    def why_illegal(self, s, seat, action):
        if action.__class__ is not int:
            return super().why_illegal(s, seat, action)
        if action == self.PASS:
            return "you start this round: play any combination"
        if 0 <= action < DECK.size:
            cards = [action]
        elif action in self.combos:
            cards = self.combos.decode(action)
        else:
            return super().why_illegal(s, seat, action)
        if any(not (s.hands[seat] >> c) & 1 for c in cards):
            return f"{self.action_text(action)}: not all of those cards are in your hand"
        kind, value = combo_value(cards)
        if not kind:
            return ("a combination is a single card, a pair, three of a kind or a five-card "
                    "straight or better")
        if s.last_kind and kind != s.last_kind:
            return f"the table has a {KINDS[s.last_kind]}: play a higher one or pass"
        return f"that does not beat the {KINDS[s.last_kind]} on the table"

    def describe_event(self, e):
        kind, seat = e["kind"], e.get("seat")
        if kind == "dealt":
            return dealt_line(DECK, e, order=order_key)      # twos highest (20)
        if kind == "play":
            cards = " ".join(pretty(DECK.text(c)) for c in e["cards"])
            return f"seat {seat} plays {cards}" + (f" ({e['hand']})" if e.get("hand") else "")
        if kind == "pass":
            return f"seat {seat} passes"
        if kind == "round_won":
            return f"everyone else passed: seat {seat} wins the round"
        if kind == "out":
            return f"seat {seat} has played his last card: out in place {e['place']}"
        return NotImplemented

    # -- views ------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        last = s.table[-1] if s.table else None
        v["table"] = [Card(c) for c in sorted(last[1], key=order_key)] if last else []
        v["last_seat"] = s.last_seat
        if last and s.last_kind == 5:
            v["table_hand"] = describe(s.last_value)
        v["last_kind"] = s.last_kind
        v["passed"] = [bool((s.passed >> p) & 1) for p in range(s.options.players)]
        v["leader"] = s.leader
        v["dealer"] = s.dealer
        v["place"] = [s.out.index(p) + 1 if p in s.out else None
                      for p in range(s.options.players)]
        v["played"] = CardSet(s.played)
        v["round_plays"] = [[p, [Card(c) for c in sorted(cs, key=order_key)]] for p, cs in s.table]

    def zones(self, s):
        z = {f"hand{p}": h for p, h in enumerate(s.hands)}
        z["played"] = s.played
        return z

    def unknown_cards(self, s, seat):
        return others_hands(s.hands, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        played = int(view["played"])
        zones = {f"hand{p}": view["hand_sizes"][p] for p in range(n) if p != seat}
        placed = sample_hands(DECK.all_mask & ~own & ~played, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(n)]
        s.played = played
        s.dealer = view["dealer"]
        s.leader = view["leader"]
        places = view["place"]
        s.out = sorted((p for p in range(n) if places[p] is not None), key=lambda p: places[p])
        s.table = [(p, [int(c) for c in cs]) for p, cs in view["round_plays"]]
        s.last_seat = view["last_seat"]
        s.last_kind = view["last_kind"]
        s.last_value = combo_value(s.table[-1][1])[1] if s.table else 0
        s.passed = sum(1 << p for p in range(n) if view["passed"][p])
        return s
