"""Mattis, the Norwegian two-part game: collect cards, then shed them; the last
with cards is the fool.

Rule source: seed 001 (ten games from a card-game site), "Mattis" (line
529): Setup, Game play (Building the hands, Ending the first half, Playing
the hands out, Ending the game).

Building the hands: three cards each and a stock.  Everyone plays a card
to each trick, any card; the highest rank wins it, suits do not matter.
Tied highest cards leave the trick on the table and the tied players play
again (again and again) until one wins it all.  Instead of a card from the
hand a player may play the stock's top card unseen (``blind``).  After each
trick everyone draws back to three.  Whoever takes the stock's last card
shows it: it goes to his won cards, its suit is trumps and he is the trump
maker.  The first half ends when someone has no card left; hands go into
the won piles, and a player with no cards at all is blåmattis.

Playing the hands out: the won piles are the new hands; the trump maker
leads.  Each play must beat the one before (a higher card of its suit, or
a trump over a non-trump); a run of two or more cards of a suit
(``run 7S-9S``) counts as one play, judged by its cards' ranks.  A player
who cannot beat picks up (``pick up``) the lowest play on the table.  A
trick is over after as many plays as there were players in it when it
began; its cards are thrown out and the last to play leads.  Players drop
out as their hands empty; the last one left is the mattis.

Decisions where the seed is silent (pinned in tests/games/test_mattis.py):

- Setup: the last seat deals, so seat 0 leads first; cards are dealt one
  at a time from seat 0.  One game is the match.
- Ties: the tied players play again in the order they played; any card of
  the hand or a blind card.  A tied player with no card left (and an empty
  stock) drops out of the tie; if only one tied player can still play, he
  takes the trick without playing; if none can, the trick goes to the tied
  player who played first.
- Drawing back up: after each trick, from its winner round to his right,
  one player at a time to three cards.  A last stock card played blind
  makes its player the trump maker (the card stays in the trick).
- The first half ends after the trick in which a player ran out of cards
  (stock empty).  Blåmattis are those with no cards once the hands have
  gone into the won piles; they stay in until they have picked up cards
  and shed them.  A player whose turn finds the table empty and his hand
  empty passes his turn (a blåmattis leading).
- Beating with runs: a play beats another when it is of the same suit and
  its lowest card outranks the other's highest card, or when it is trump
  and the other is not.  A player who can beat must play; he picks up only
  when he cannot.  The "lowest card on the table" is the earliest play
  still there (every play beats those before it).
- Tricks are counted in plays made: a play later picked up still counts.
- Won piles lie face down: a view shows their sizes and the last trick won
  only.  The phase-two discards are face down too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import (RANK_TEXT, SUIT_NAMES, SUITS, Card, CardSet, highest, ids, lowest,
                          mask_of, pretty, standard_deck)
from ..cards.trick import last_trick_cards, last_trick_from_view, shown_last_trick
from ..cards.rummy import count_cards
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
RANK, SUIT = DECK.rank_of, DECK.suit_of
HAND = 3
CARD_OF = {(SUIT[c], RANK[c]): c for c in range(52)}
# every run of two or more cards of a suit: (suit, lowest rank, highest rank)
RUNS = tuple((s, lo, hi) for s in range(4) for lo in range(2, 15) for hi in range(lo + 1, 15))
RUN_MASK = tuple(mask_of(CARD_OF[(s, r)] for r in range(lo, hi + 1)) for s, lo, hi in RUNS)


def run_text(run) -> str:
    s, lo, hi = run
    return f"{RANK_TEXT[lo]}{SUITS[s]}-{RANK_TEXT[hi]}{SUITS[s]}"


def beats(play: int, top: int, trump: int) -> bool:
    """Playing the hands out: a play (a card or a run, as a mask) beats the
    play ``top`` when it is of the same suit and its lowest card outranks
    the other's highest, or it is trump and the other is not."""
    suit, other = SUIT[lowest(play)], SUIT[lowest(top)]
    if suit == other:
        return RANK[lowest(play)] > RANK[highest(top)]
    return suit == trump


def _cards_text(cards) -> str:
    return " ".join(pretty(DECK.text(c)) for c in ids(int(cards)))


class Phase(enum.Enum):
    BUILD = 1      # the first half: tricks to collect cards
    SHED = 2       # the second half: beat or pick up


@dataclass(frozen=True)
class MattisOptions:
    players: int = option(4, "number of players", min=3, max=8)


class MattisState(State):
    __slots__ = ("hands", "stock", "won", "dealer", "leader", "trick", "contenders", "round",
                 "last_trick", "trump", "trump_card", "trump_pile", "maker", "public",
                 "table", "made", "size", "turn", "out", "blamattis", "thrown", "ties")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.won = self.won.copy()
        new.dealer = self.dealer
        new.leader = self.leader
        new.trick = self.trick.copy()
        new.contenders = self.contenders.copy()
        new.round = self.round.copy()
        new.last_trick = self.last_trick
        new.trump = self.trump
        new.trump_card = self.trump_card
        new.trump_pile = self.trump_pile
        new.maker = self.maker
        new.public = self.public
        new.table = self.table.copy()
        new.made = self.made
        new.size = self.size
        new.turn = self.turn
        new.out = self.out.copy()
        new.blamattis = self.blamattis
        new.thrown = self.thrown
        new.ties = self.ties


@register
class Mattis(Game):
    info = GameInfo(
        id="mattis", name="Mattis", min_seats=3, max_seats=8, family="beating (Skitgubbe)",
        source="001 Mattis (line 529)", hidden=True, chance=True,
        summary=(
            "First half: three cards each and a stock. Everyone plays any card to "
            "each trick and the highest rank takes it (suits do not matter); tied "
            "players play again until one wins everything on the table. You may play "
            "the stock's top card unseen instead. Draw back to three after each "
            "trick. The stock's last card is trumps and goes to whoever takes it "
            "(the trump maker). When someone runs out of cards, the cards won are "
            "the new hands (nobody's: blåmattis). Second half: the trump maker "
            "leads; each play must beat the last: a higher card of its suit, or a "
            "trump. A run of cards of a suit counts as one play. If you cannot beat, "
            "pick up the lowest play on the table. After as many plays as there were "
            "players, the trick is thrown out and the last player leads. Out of "
            "cards, you are out; the last player with cards is the mattis."),
        verbs=(("7S", "play a card"),
               ("blind", "play the stock's top card unseen (first half)"),
               ("run 7S-9S", "play a run of cards of a suit as one play (second half)"),
               ("pick up", "take the lowest play on the table (when you cannot beat)")),
    )
    Options = MattisOptions
    Phase = Phase
    State = MattisState
    deck = DECK
    test_options = {"players": 3}
    render_hints = {
        "seat_fields": ["dealer", "leader", "trump_maker", "turn", "won_by"],
        "per_seat": ["hand_sizes", "won_counts", "out"],
        "hide": ["table", "trump_pile", "must_play", "round_plays", "made", "size", "trick_plays",
                 "tie_round"],
        "labels": {"trick": "on the table", "won_counts": "cards won", "stock": "stock",
                   "tie_round": "tie round", "trick_plays": "plays in this trick",
                   "thrown": "cards thrown out", "blamattis": "blåmattis"},
        "not_cards_after": []}
    web_layout = {
        "table": "trick",
        "show": {"hand": "hand", "hand_sizes": "backs", "trick": "trick",
                 "last_trick": "last_trick", "table": ["rows", "on the table"],
                 "trick_plays": ["banner", "plays in this trick"], "trumps": ["banner", "trumps"],
                 "trump_card": ["cards", "trump card"], "trump_maker": ["tag", "made trumps"],
                 "dealer": "tag", "leader": ["tag", "leads"], "stock": ["info", "stock"],
                 "won_counts": ["seat", "cards won"],
                 "out": {"role": "seat", "label": "out", "words": {
                     "1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth",
                     "6": "sixth", "7": "seventh", "8": "eighth"}},
                 "blamattis": ["rows", "bl\u00e5mattis (no cards won)"],
                 "thrown": ["info", "cards thrown out"]},
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.BLIND = a.verb("blind")
        self.PICK_UP = a.verb("pick up")
        self.RUN = a.choice("run", [run_text(r).lower() for r in RUNS])
        self.actions = a

    def action_text(self, action):
        if self.RUN <= action < self.RUN + len(RUNS):
            return "run " + run_text(RUNS[action - self.RUN])
        return self.actions.text(action)

    def num_players(self, state):
        return state.options.players

    # -- the deal --------------------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        pack = s.deal_pack(DECK, 0)
        s.hands = [0] * n
        for i in range(HAND * n):
            s.hands[i % n] |= 1 << pack[i]
        s.stock = pack[HAND * n:][::-1]            # top card last
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=HAND)
        s.won = [0] * n
        s.last_trick = None
        s.trump = s.trump_card = s.trump_pile = s.maker = None
        s.public = 0
        s.table, s.made, s.size, s.turn = [], 0, 0, None
        s.out = []
        s.blamattis = []
        s.thrown = 0
        s.phase = Phase.BUILD
        self._start_trick(s, 0)

    # -- building the hands ------------------------------------------------------------------
    def _start_trick(self, s, leader):
        n = len(s.hands)
        s.leader = leader
        s.trick = []
        s.round = []
        s.ties = 0
        s.contenders = [(leader + k) % n for k in range(n)]
        s.to_act = (leader,)

    def _legal_build(self, s, seat):
        legal = ids(s.hands[seat])
        if s.stock:
            legal.append(self.BLIND)
        return legal

    def _apply_build(self, s, seat, action):
        if action == self.BLIND:
            card = s.stock.pop()
            if not s.stock:
                self._make_trump(s, seat, card, drawn=False)
        else:
            card = action
            s.hands[seat] &= ~(1 << card)
        s.trick.append((seat, card))
        s.round.append((seat, card))
        s.contenders.pop(0)
        s.log("play", seat, card=Card(card), blind=action == self.BLIND)
        if s.contenders:
            s.to_act = (s.contenders[0],)
            return
        self._settle_round(s)

    def _settle_round(self, s):
        """Building the hands: the highest rank wins; a tie is played again."""
        top = max(RANK[c] for _, c in s.round)
        tied = [p for p, c in s.round if RANK[c] == top]
        if len(tied) == 1:
            self._take_trick(s, tied[0])
            return
        able = [p for p in tied if s.hands[p] or s.stock]
        s.log("tie", None, seats=tied, rank=RANK_TEXT[top])
        if len(able) <= 1:
            self._take_trick(s, able[0] if able else tied[0])
            return
        s.round = []
        s.ties += 1
        s.contenders = able
        s.to_act = (able[0],)

    def _take_trick(self, s, winner):
        cards = mask_of(c for _, c in s.trick)
        s.won[winner] |= cards
        s.public |= cards
        if s.trump_card is not None and (cards >> s.trump_card) & 1:
            s.trump_pile = winner
        s.last_trick = (tuple(s.trick), winner)
        s.log("trick_won", winner, cards=CardSet(cards), count=len(s.trick))
        n = len(s.hands)
        for k in range(n):
            p = (winner + k) % n
            while s.stock and s.hands[p].bit_count() < HAND:
                card = s.stock.pop()
                if s.stock:
                    s.hands[p] |= 1 << card
                    s.log("draw", p, audience=(p,), private={"card": Card(card)})
                else:
                    self._make_trump(s, p, card, drawn=True)
        if not s.stock and not all(s.hands):
            self._second_half(s)
            return
        self._start_trick(s, winner)

    def _make_trump(self, s, seat, card, drawn):
        """Ending the first half: the stock's last card is trumps; drawn, it
        goes to its taker's won cards."""
        s.trump = SUIT[card]
        s.trump_card = card
        s.maker = seat
        if drawn:
            s.won[seat] |= 1 << card
            s.public |= 1 << card
            s.trump_pile = seat
        s.log("trump", seat, card=Card(card), trumps=SUIT_NAMES[s.trump], drawn=drawn)

    # -- playing the hands out -----------------------------------------------------------------
    def _second_half(self, s):
        n = len(s.hands)
        for p in range(n):
            s.won[p] |= s.hands[p]
        s.hands = s.won
        s.won = [0] * n
        s.blamattis = [p for p in range(n) if not s.hands[p]]
        s.trick, s.round, s.contenders = [], [], []
        s.log("second_half", None, trumps=SUIT_NAMES[s.trump], trump_maker=s.maker,
              blamattis=list(s.blamattis), hand_sizes=[h.bit_count() for h in s.hands])
        s.phase = Phase.SHED
        self._start_shed_trick(s, s.maker)

    def _in(self, s):
        return [p for p in range(len(s.hands)) if p not in s.out]

    def _start_shed_trick(self, s, leader):
        s.table = []
        s.made = 0
        s.size = len(self._in(s))
        s.leader = leader
        self._turn(s, leader)

    def _next_in(self, s, seat):
        n = len(s.hands)
        for k in range(1, n + 1):
            p = (seat + k) % n
            if p not in s.out:
                return p
        return seat

    def _turn(self, s, seat):
        """Give ``seat`` (still in) the turn; with nothing on the table and
        nothing in hand there is nothing to do, and the turn passes."""
        while not s.table and not s.hands[seat]:
            s.log("turn_passed", seat)
            seat = self._next_in(s, seat)
        s.turn = seat
        s.to_act = (seat,)

    def _plays_of(self, hand: int) -> list[tuple[int, int]]:
        """(action, cards) for every card and every run in ``hand``."""
        out = [(c, 1 << c) for c in ids(hand)]
        for i, m in enumerate(RUN_MASK):
            if hand & m == m:
                out.append((self.RUN + i, m))
        return out

    def _legal_shed(self, s, seat):
        if not s.table:
            return [a for a, _ in self._plays_of(s.hands[seat])]
        top = s.table[-1][1]
        legal = [a for a, m in self._plays_of(s.hands[seat]) if beats(m, top, s.trump)]
        return legal or [self.PICK_UP]

    def _cards_of(self, action):
        return 1 << action if action < 52 else RUN_MASK[action - self.RUN]

    def _apply_shed(self, s, seat, action):
        if action == self.PICK_UP:
            _, cards = s.table.pop(0)
            s.hands[seat] |= cards
            s.public |= cards
            s.log("pick_up", seat, cards=CardSet(cards))
            self._turn(s, self._next_in(s, seat))
            return
        cards = self._cards_of(action)
        s.hands[seat] &= ~cards
        s.table.append((seat, cards))
        s.made += 1
        s.log("play", seat, cards=CardSet(cards))
        if not s.hands[seat]:
            s.out.append(seat)
            s.log("out", seat, place=len(s.out))
            left = self._in(s)
            if len(left) == 1:
                self._end(s, left[0])
                return
        if s.made == s.size:
            thrown = 0
            for _, m in s.table:
                thrown |= m
            s.thrown |= thrown
            s.log("trick_done", None, count=thrown.bit_count(), leader=seat)
            self._start_shed_trick(s, seat if seat not in s.out else self._next_in(s, seat))
            return
        self._turn(s, self._next_in(s, seat))

    def _end(self, s, mattis):
        n = len(s.hands)
        s.public |= s.hands[mattis]                # shown: the fool's cards
        s.log("mattis", mattis, cards=CardSet(s.hands[mattis]))
        place = {p: i + 1 for i, p in enumerate(s.out)}
        place[mattis] = n
        self.finish(s, Outcome(tuple(0 if p == mattis else 1 for p in range(n)),
                               tuple(p for p in range(n) if p != mattis),
                               f"seat {mattis} is the mattis",
                               ranking=tuple(place[p] for p in range(n)),
                               details={"order_out": list(s.out), "mattis": mattis}))

    # -- refusals -------------------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        if not isinstance(action, int) or not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        if s.phase == Phase.BUILD:
            if action == self.BLIND:
                return "the stock is empty: play from your hand"
            if action < 52:
                return f"{DECK.text(action)} is not in your hand"
            return "in the first half you play a card (or blind)"
        if action == self.BLIND:
            return "blind plays belong to the first half"
        if action == self.PICK_UP:
            return "you can beat the play on the table, so you must"
        cards = self._cards_of(action)
        if s.hands[seat] & cards != cards:
            return "those cards are not all in your hand"
        top = s.table[-1][1]
        return f"that does not beat {DECK.texts(ids(top))}: play higher in its suit, or a trump"

    # -- views -------------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        n = len(s.hands)
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["dealer"] = s.dealer
        v["trumps"] = None if s.trump is None else SUIT_NAMES[s.trump]
        v["trump_card"] = None if s.trump_card is None else Card(s.trump_card)
        v["trump_pile"] = s.trump_pile
        v["trump_maker"] = s.maker
        if s.phase == Phase.BUILD:
            v["stock"] = len(s.stock)
            v["won_counts"] = [w.bit_count() for w in s.won]
            v["trick"] = [[p, Card(c)] for p, c in s.trick]
            v["leader"] = s.leader
            v["tie_round"] = s.ties
            v["round_plays"] = len(s.round)
            v["must_play"] = list(s.contenders)
            # won cards lie face down: the last trick until the next card is played
            v["last_trick"] = shown_last_trick(s.last_trick, s.trick)
        else:
            v["table"] = [[p, CardSet(m)] for p, m in s.table]
            v["trick_plays"] = f"{s.made} of {s.size}"
            v["turn"] = s.turn
            v["leader"] = s.leader
            v["out"] = [s.out.index(p) + 1 if p in s.out else None for p in range(n)]
            v["blamattis"] = list(s.blamattis)
            v["thrown"] = s.thrown.bit_count()
            v["made"] = s.made
            v["size"] = s.size

    def describe_event(self, event):
        kind, seat = event.get("kind"), event.get("seat")
        if kind == "play" and "card" in event:
            card = pretty(DECK.text(event["card"]))
            if event.get("blind"):
                return f"seat {seat} plays blind: the stock's top card is {card}"
            return f"seat {seat} plays {card}"
        if kind == "play":
            return f"seat {seat} plays {_cards_text(event['cards'])}"
        if kind == "trick_won":
            return (f"seat {seat} takes the trick ({count_cards(event['count'])}: "
                    f"{_cards_text(event['cards'])})")
        if kind == "draw":
            card = event.get("card")
            return f"seat {seat} draws {'a card' if card is None else pretty(DECK.text(card))}"
        if kind == "pick_up":
            return f"seat {seat} cannot beat and picks up {_cards_text(event['cards'])}"
        if kind == "mattis":
            return (f"seat {seat} is the mattis, left holding {count_cards(len(event['cards']))}: "
                    f"{_cards_text(event['cards'])}")
        if kind == "trump":
            how = "draws" if event["drawn"] else "plays blind"
            return (f"seat {seat} {how} the last stock card, {pretty(DECK.text(event['card']))}: "
                    f"{event['trumps']} are trumps and seat {seat} is the trump maker")
        if kind == "out":
            return f"seat {seat} is out of cards (place {event['place']})"
        if kind == "tie":
            return (f"a tie of {event['rank']}s between seats "
                    f"{', '.join(map(str, event['seats']))}: they play again")
        if kind == "second_half":
            blue = (f"; blåmattis: seats {', '.join(map(str, event['blamattis']))}"
                    if event["blamattis"] else "")
            return (f"the first half is over: {event['trumps']} are trumps; seat "
                    f"{event['trump_maker']} leads{blue}")
        if kind == "trick_done":
            return (f"the trick is over: {count_cards(event['count'])} thrown out; "
                    f"seat {event['leader']} leads")
        if kind == "turn_passed":
            return f"seat {seat} has no cards to lead: the turn passes"
        return NotImplemented

    def render_board(self, view):
        if view["phase"] != "shed":
            # building the hands: a tie is said in words only while it is played off
            if not view.get("tie_round"):
                return None
            tied = " and ".join(f"seat {p}" for p in view["must_play"])
            again = "again" if view["tie_round"] == 1 else f"again (tie {view['tie_round']})"
            return f"a tie for the highest card: {tied} play {again}"
        if not view["table"]:
            return f"on the table: nothing ({view['trick_plays']} plays made in this trick)"
        lines = [f"on the table ({view['trick_plays']} plays made in this trick), lowest first:"]
        for p, cards in view["table"]:
            lines.append(f"  seat {p}: {' '.join(pretty(DECK.text(c)) for c in ids(int(cards)))}")
        return "\n".join(lines)

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "trick": mask_of(c for _, c in s.trick),
             "thrown": s.thrown}
        table = 0
        for _, m in s.table:
            table |= m
        z["table"] = table
        for p in range(len(s.hands)):
            z[f"hand{p}"] = s.hands[p]
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock)
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h
        return m & ~s.public

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        n = view["players"]
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        s.dealer = view["dealer"]
        s.trump_card = None if view["trump_card"] is None else int(view["trump_card"])
        s.trump = None if s.trump_card is None else SUIT[s.trump_card]
        s.trump_pile = view["trump_pile"]
        s.maker = view["trump_maker"]
        s.public = 0
        s.leader = view["leader"]
        if view["phase"] == "build":
            self._sample_build(s, view, rng, own, seat, n)
        else:
            self._sample_shed(s, view, rng, own, seat, n)
        return s

    def _sample_build(self, s, view, rng, own, seat, n):
        s.trick = [(p, int(c)) for p, c in view["trick"]]
        s.contenders = list(view["must_play"])
        s.ties = view["tie_round"]
        s.round = s.trick[len(s.trick) - view["round_plays"]:]
        s.last_trick = last_trick_from_view(view["last_trick"])
        known_won = [0] * n
        if s.last_trick is not None:
            known_won[s.last_trick[1]] |= last_trick_cards(view["last_trick"])
        if s.trump_pile is not None:
            known_won[s.trump_pile] |= 1 << s.trump_card
        seen = own | mask_of(c for _, c in s.trick)
        for m in known_won:
            seen |= m
        counts = {"stock": view["stock"]}
        for p in range(n):
            if p != seat:
                counts[f"hand{p}"] = view["hand_sizes"][p]
            counts[f"won{p}"] = view["won_counts"][p] - known_won[p].bit_count()
        placed = sample_hands(DECK.all_mask & ~seen, counts, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(n)]
        s.won = [placed[f"won{p}"] | known_won[p] for p in range(n)]
        for m in s.won:
            s.public |= m
        s.stock = shuffled(placed["stock"], rng)
        s.table, s.made, s.size, s.turn = [], 0, 0, None
        s.out, s.blamattis, s.thrown = [], [], 0

    def _sample_shed(self, s, view, rng, own, seat, n):
        s.table = [(p, int(m)) for p, m in view["table"]]
        s.made, s.size, s.turn = view["made"], view["size"], view["turn"]
        s.out = [p for p, _ in sorted(((p, k) for p, k in enumerate(view["out"]) if k),
                                      key=lambda x: x[1])]
        s.blamattis = list(view["blamattis"])
        on_table = 0
        for _, m in s.table:
            on_table |= m
        counts = {f"hand{p}": view["hand_sizes"][p] for p in range(n) if p != seat}
        counts["thrown"] = view["thrown"]
        placed = sample_hands(DECK.all_mask & ~own & ~on_table, counts, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(n)]
        s.thrown = placed["thrown"]
        s.won = [0] * n
        s.stock, s.trick, s.round, s.contenders, s.last_trick = [], [], [], [], None
        s.ties = 0
