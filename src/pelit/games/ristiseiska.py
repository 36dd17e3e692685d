"""Ristiseiska, the Finnish "seven of clubs" stops game.

Rule source: seed 004 (ten games from a card-game site), "Ristiseiska"
(line 152): Setup, Game play, Begging for cards, Ending the game.

Decisions where the seed is silent (pinned in tests/games/test_ristiseiska.py):

- Setup: the last seat (``players - 1``) deals, one card at a time starting
  on its left (seat 0), so the seats nearest the dealer's left get the odd
  cards when 52 does not divide evenly.
- Game play: aces are low here (a six builds down to the ace, an eight up
  to the king), so each suit's row is A..6 below the seven and 8..K above.
  The holder of the seven of clubs must open with it.
- Game play: a player who can play must play (Ristiseiska is a stops game;
  the seed only lets a player pass or beg when unable to play).
- Begging for cards (the false beg): the software knows when a play exists,
  so begging (and the first-turn pass) is offered only when the player has
  no legal play.  A false beg therefore cannot happen and its penalty (one
  card from each opponent) never arises.
- Begging for cards: "first turn" is a player's own first turn; the holder
  of the seven of clubs has none to pass (it must open).
- Begging for cards: the giver is the nearest player to the right holding
  two or more cards, skipping as many one-card players as needed (the seed
  names one skip; with three players two one-card neighbours are possible).
  When nobody but the beggar holds two cards, the beg brings nothing and
  the turn simply ends.
- The given card is seen by the giver and the beggar only.  A player who
  gave a card remembers where it is (the view lists it under ``known``) until
  its new holder plays it or passes an unseen card on.
- Everyone knows who holds the seven of clubs until it is played (the
  holder opens with it).  A card a player once held stays "seen" by him for
  the leak suite, wherever it went.
- Ending the game: the first player out wins; the match is that one game.
  The outcome's scores are the cards left in each hand.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands
from ..cards.deck import ACE, SUIT_SYMBOLS, Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.seats import others_hands
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
SEVEN_CLUBS = DECK.parse("7C")
# position of a card in its suit's row: ace low (1) .. king (13)
POS = tuple(1 if r == ACE else r for r in DECK.rank_of)
# CARD_AT[suit][pos] -> card id
CARD_AT = [[None] * 14 for _ in range(4)]
for _c in range(52):
    CARD_AT[DECK.suit_of[_c]][POS[_c]] = _c


class Phase(enum.Enum):
    PLAY = 1
    GIVE = 2


@dataclass(frozen=True)
class RistiseiskaOptions:
    players: int = option(4, "number of players", min=3, max=5)


class RistiseiskaState(State):
    __slots__ = ("hands", "low", "high", "table", "turns", "known", "held", "beggar",
                 "giver", "turn_seat")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.low = self.low.copy()
        new.high = self.high.copy()
        new.table = self.table
        new.turns = self.turns.copy()
        new.known = self.known.copy()
        new.held = self.held.copy()
        new.beggar = self.beggar
        new.giver = self.giver
        new.turn_seat = self.turn_seat


def playable_mask(low: list[int], high: list[int]) -> int:
    """Cards that may go on the tableau now: every unopened suit's seven, and
    the next card down and up of each opened row."""
    m = 0
    for s in range(4):
        if low[s] == 0:
            m |= 1 << CARD_AT[s][7]
        else:
            if low[s] > 1:
                m |= 1 << CARD_AT[s][low[s] - 1]
            if high[s] < 13:
                m |= 1 << CARD_AT[s][high[s] + 1]
    return m


def giver_for(hands: list[int], beggar: int) -> int | None:
    """The nearest player to the beggar's right holding at least two cards."""
    n = len(hands)
    for k in range(1, n):
        seat = (beggar - k) % n
        if hands[seat].bit_count() >= 2:
            return seat
    return None


@register
class Ristiseiska(Game):
    info = GameInfo(
        id="ristiseiska", name="Ristiseiska", min_seats=3, max_seats=5, family="shedding",
        source="004 Ristiseiska (line 152)", hidden=True, chance=True,
        aliases=("seven-of-clubs",),
        summary=(
            "Three to five players share the whole 52-card pack. Whoever holds the "
            "seven of clubs lays it first; then, in turn to the left, each player "
            "must add one card to the layout if he can: a seven starts its suit's "
            "row, a six goes below a seven and builds down to the ace, an eight "
            "goes above and builds up to the king. A player who cannot play passes "
            "on his very first turn; later he must beg: the player on his right "
            "(or the next one along, if that player has a single card) hands him a "
            "card of his own choosing, face down, and the beggar's turn is over. "
            "The first player to empty his hand wins."),
        verbs=(("7H", "add a card from your hand to the layout"),
               ("pass", "no play on your first turn"),
               ("beg", "no play: ask the player on your right for a card"),
               ("give QS", "hand this card to the beggar")),
    )
    Options = RistiseiskaOptions
    Phase = Phase
    State = RistiseiskaState
    deck = DECK
    test_options = {"players": 3}
    # the web table: the cards laid out in the middle, cards one has given
    # each player, turns taken; who begs and who gives as tags
    web_layout = {
        "table": "cards",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "tableau": {"role": "cards", "label": "on the table", "by_suit": True},
            "known": ["seat_cards", "cards you gave them"], "turns": ["seat", "turns taken"],
            "beggar": ["tag", "begging"], "giver": ["tag", "gives a card"],
        },
    }
    render_hints = {"hide": ["rows", "tableau"],
                    "seat_fields": ["turn_seat", "beggar", "giver", "to"],
                    "labels": {"known": "cards you gave them", "hand_sizes": "cards",
                               "turns": "turns taken", "turn_seat": "turn of",
                               "beggar": "begging", "giver": "gives a card"}}

    def render_board(self, view):
        """The layout, one row per suit from its lowest card to its highest
        (``rows`` holds each suit's low and high end; 0 = not opened)."""
        lines = ["Layout (sixes build down to the ace, eights up to the king)"]
        for suit in range(4):
            low, high = view["rows"][suit]
            sym = SUIT_SYMBOLS[suit]
            if low == 0:
                lines.append(f"  {sym}  -   (its seven opens the row)")
                continue
            run = " ".join(pretty(DECK.text(CARD_AT[suit][p])) for p in range(low, high + 1))
            ends = [x for x, done in (("ace", low == 1), ("king", high == 13)) if done]
            lines.append(f"  {sym}  {run}" + (f"   (closed at the {' and '.join(ends)})"
                                               if ends else ""))
        return "\n".join(lines)

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.GIVE = self.actions.card_block("give")
        self.PASS = self.actions.verb("pass")
        self.BEG = self.actions.verb("beg")

    # -- setup -------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, 0)
        counts = [52 // n + (1 if i < 52 % n else 0) for i in range(n)]
        s.hands, _ = deal(pack, counts, start=0)
        s.low = [0, 0, 0, 0]
        s.high = [0, 0, 0, 0]
        s.table = 0
        s.turns = [0] * n
        s.known = [0] * n
        s.held = s.hands.copy()
        s.beggar = None
        s.giver = None
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=counts[p])
        first = next(p for p in range(n) if (s.hands[p] >> SEVEN_CLUBS) & 1)
        s.log("opens", first, card=Card(SEVEN_CLUBS))
        s.phase = Phase.PLAY
        s.turn_seat = first
        s.to_act = (first,)

    # -- play --------------------------------------------------------------
    def _legal_play(self, s, seat):
        if s.table == 0:
            return [SEVEN_CLUBS]
        plays = s.hands[seat] & playable_mask(s.low, s.high)
        if plays:
            return ids(plays)
        return [self.PASS] if s.turns[seat] == 0 else [self.BEG]

    def _apply_play(self, s, seat, action):
        n = len(s.hands)
        s.turns[seat] += 1
        if action == self.PASS:
            s.log("pass", seat)
        elif action == self.BEG:
            giver = giver_for(s.hands, seat)
            s.log("beg", seat, giver=giver)
            if giver is not None:
                s.beggar, s.giver = seat, giver
                s.phase = Phase.GIVE
                s.to_act = (giver,)
                return
        else:
            card = action
            suit, pos = DECK.suit_of[card], POS[card]
            s.hands[seat] &= ~(1 << card)
            s.table |= 1 << card
            if pos == 7:
                s.low[suit] = s.high[suit] = 7
            elif pos < 7:
                s.low[suit] = pos
            else:
                s.high[suit] = pos
            for p in range(n):
                s.known[p] &= ~(1 << card)
            closed = (pos == 1 or pos == 13)
            s.log("play", seat, card=Card(card), row_closed=closed)
            if not s.hands[seat]:
                self._end(s, seat)
                return
        self._next_turn(s, seat)

    def _next_turn(self, s, seat):
        nxt = (seat + 1) % len(s.hands)
        s.phase = Phase.PLAY
        s.turn_seat = nxt
        s.to_act = (nxt,)

    # -- giving ------------------------------------------------------------
    def _legal_give(self, s, seat):
        return [self.GIVE + c for c in ids(s.hands[seat])]

    def _apply_give(self, s, seat, action):
        card = action - self.GIVE
        beggar = s.beggar
        bit = 1 << card
        before = s.hands[seat]
        s.hands[seat] &= ~bit
        s.hands[beggar] |= bit
        s.held[beggar] |= bit
        for p in range(len(s.hands)):
            if p == seat:
                s.known[p] |= bit
            elif p == beggar:
                s.known[p] &= ~bit
            else:
                # an unseen card left the giver's hand: what p knew it held
                # may now be in either hand
                s.known[p] &= ~before
        s.log("give", seat, to=beggar, audience=(seat, beggar), private={"card": Card(card)})
        s.beggar = s.giver = None
        self._next_turn(s, beggar)

    def _end(self, s, winner):
        left = tuple(h.bit_count() for h in s.hands)
        self.finish(s, Outcome(left, (winner,), f"seat {winner} ran out of cards first",
                               details={"cards_left": list(left)}))

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            if s.table == 0:
                return "the seven of clubs opens the game"
            return f"{DECK.text(action)} does not fit the layout"
        if action in (self.PASS, self.BEG) and s.phase is Phase.PLAY:
            if s.hands[seat] & playable_mask(s.low, s.high) or s.table == 0:
                return "you have a card to play, so you must play it"
            return ("you may pass only on your first turn" if action == self.PASS
                    else "on your first turn you pass instead of begging")
        if s.phase is Phase.GIVE and self.GIVE <= action < self.GIVE + 52:
            return f"{DECK.text(action - self.GIVE)} is not in your hand"
        return super().why_illegal(s, seat, action)

    # -- views -------------------------------------------------------------
    def _view(self, s, seat, v):
        n = len(s.hands)
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
            v["known"] = [CardSet(s.known[seat] & s.hands[p]) for p in range(n)]
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["tableau"] = CardSet(s.table)
        v["rows"] = [[s.low[x], s.high[x]] for x in range(4)]
        v["turns"] = list(s.turns)
        v["turn_seat"] = s.turn_seat
        v["beggar"] = s.beggar
        v["giver"] = s.giver

    def zones(self, s):
        z = {"tableau": s.table}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        m = others_hands(s.hands, seat) & ~(1 << SEVEN_CLUBS)   # everyone knows who opens with it
        if seat is not None:
            # a card this seat once held was shown to it; where it went since
            # is the view's business (``known``), not a secret from this seat
            m &= ~(s.known[seat] | s.held[seat])
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        sizes = view["hand_sizes"]
        table = int(view["tableau"])
        own = int(view["hand"]) if seat is not None else 0
        known = [int(k) for k in view["known"]] if seat is not None else [0] * n
        if table == 0 and view["turn_seat"] != seat:
            # the opener holds the seven of clubs (Game play), everyone knows it
            known[view["turn_seat"]] |= 1 << SEVEN_CLUBS
        seen = table | own
        for k in known:
            seen |= k
        counts = {p: sizes[p] - known[p].bit_count() for p in range(n) if p != seat}
        placed = sample_hands(DECK.all_mask & ~seen, counts, rng)
        s.hands = [own if p == seat else placed[p] | known[p] for p in range(n)]
        s.table = table
        s.low = [r[0] for r in view["rows"]]
        s.high = [r[1] for r in view["rows"]]
        s.turns = list(view["turns"])
        s.known = [0] * n
        s.held = [h for h in s.hands]
        if seat is not None:
            s.known[seat] = mask_of(c for k in known for c in ids(k)) & ~(1 << SEVEN_CLUBS)
            s.held[seat] = own | s.known[seat]
        s.turn_seat = view["turn_seat"]
        s.beggar = view["beggar"]
        s.giver = view["giver"]
        return s
