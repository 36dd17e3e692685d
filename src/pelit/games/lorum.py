"""Lórum, the Hungarian compendium of seven hands.

Rule source: seed 004 (ten games from a card-game site), "Lórum" (line 236):
Object, Setup, Game play, The seven hands (1. No hearts, 2. Queens, 3. No
tricks, 4. Hairy Ape, 5. Train, 6. Quart, 7. Domino), The eighth hand onward.

Four players, a 32-card pack (7 to ace), eight cards each.  Each dealer deals
the seven hands in order; then the deal passes to the left; after four
dealers (28 hands) the player with the most chips wins.  Chips are kept as
each player's balance from zero, and a pot in the middle.

Decisions where the seed is silent or slips (pinned in tests/games/test_lorum.py):

- Setup: the first dealer is drawn from the match's random stream; cards are
  dealt one at a time clockwise from the dealer's left.  A player may go
  below zero chips (he buys more); the outcome is the balances.
- Game play: in every hand the player on the dealer's left starts.  Won
  tricks lie face down (ch. 2 of 000, as ``cards.trick.won_tricks_view``
  shows them): a view shows how many tricks and cards each player has
  taken, not which, and the last trick until the next card is played
  (every card was seen as it was played; remembering is the player's
  business).  Likewise the train's pile and the quart's
  finished runs lie face down; the domino layout lies face up.
- 1. No hearts: a leader who holds nothing but hearts may lead one to the
  first trick.
- 2. Queens: the seed's "two players took hearts" line means queens: the
  two takers pay their queens' values, and the two others get five each.
- 3. No tricks: a trick costs one chip; the four cases are those of no
  hearts (with eight tricks in place of eight hearts).
- 4. Hairy Ape: a player holds his cards in the order dealt, backs to
  himself: everyone else sees them, he does not, so he chooses a card by its
  place (``pick 3``: the third card from his left among those left).  No
  one can be held to following suit.  When nobody follows the suit led
  each player takes back his own card, and the same leader leads again.
  The hand ends as soon as the K♥ is captured (the seed allows abandoning
  it; nothing else is paid).  Option ``ape = serious`` plays the seed's
  serious form instead: cards held normally, follow suit, the K♥'s taker
  pays four.
- 5. Train: the payments are for the plays that bring the running total to
  25, 50, 75 and 100 or past them.  The pack's values add up to 84, so the
  last payment never happens; it is kept as written.
- 6. Quart: the holder of the next card has no choice, so the engine plays
  it for him.  After the seven the sequence continues 8, 9, ... as usual.
  The hand ends the moment a player's last card is played.
- 7. Domino: ranks run 7 to ace with no wrap-around; a row grows by the next
  lower card on the left or the next higher on the right; a new row starts
  with a card of the starter's rank.  A player must play when he can
  (``pass`` only when he cannot).  The opponents pay the pot a chip for each
  card they hold; the winner then takes the whole pot, so the pot is empty
  at the end of each cycle.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import (ACE, HEARTS, KING, QUEEN, RANK_TEXT, SUIT_NAMES, Card, CardSet, ids,
                          mask_of, pretty, standard_deck)
from ..cards.table_text import voids_line
from ..cards.trick import (follow_mask, last_trick_from_view, note_void, rank_strength,
                          winning_index, won_tricks_view)
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("32")
STRENGTH = rank_strength(DECK)
HAND_SIZE = 8
HAND_NAMES = ("no hearts", "queens", "no tricks", "hairy ape", "train", "quart", "domino")
NO_HEARTS, QUEENS, NO_TRICKS, HAIRY_APE, TRAIN, QUART, DOMINO = range(7)
TRICK_HANDS = (NO_HEARTS, QUEENS, NO_TRICKS, HAIRY_APE)
HEART_MASK = DECK.suit_mask[HEARTS]
KING_HEARTS = DECK.parse("KH")
# 2. Queens: Q♥ 4, Q♦ 3, Q♠ 2, Q♣ 1
QUEEN_COST = {DECK.parse("QH"): 4, DECK.parse("QD"): 3, DECK.parse("QS"): 2, DECK.parse("QC"): 1}
# 5. Train: ace 11, king 4, queen 3, jack 2, ten 1, the rest 0
TRAIN_VALUE = tuple({ACE: 11, KING: 4, QUEEN: 3, 11: 2, 10: 1}.get(r, 0) for r in DECK.rank_of)
TRAIN_STOPS = ((25, 1), (50, 2), (75, 3), (100, 4))
# 6. Quart: the next card of the same suit, the ace followed by the seven


def _quart_next(card: int) -> int:
    rank = DECK.rank_of[card]
    nxt = 7 if rank == ACE else rank + 1
    return next(c for c in range(DECK.size)
                if DECK.suit_of[c] == DECK.suit_of[card] and DECK.rank_of[c] == nxt)


QUART_NEXT = tuple(_quart_next(c) for c in range(DECK.size))
# the card of each suit and rank (for the domino rows on the screen)
CARD_AT = tuple({DECK.rank_of[c]: c for c in range(DECK.size) if DECK.suit_of[c] == su}
                for su in range(4))

def avoidance_payments(counts: list[int], total: int) -> tuple[list[int], int]:
    """Chip changes per player and to the pot for no hearts, queens and no
    tricks (1, 2 and 3).  ``counts`` is what each player took (hearts, queen
    values, tricks), adding up to ``total``."""
    takers = [p for p in range(4) if counts[p] > 0]
    delta = [0, 0, 0, 0]
    pot = 0
    if len(takers) == 4:
        for p in range(4):
            delta[p] -= counts[p]
            pot += counts[p]
    elif len(takers) == 3:
        clean = next(p for p in range(4) if counts[p] == 0)
        for p in takers:
            delta[p] -= counts[p]
            delta[clean] += counts[p]
    elif len(takers) == 2:
        clean = [p for p in range(4) if counts[p] == 0]
        for p in takers:
            delta[p] -= counts[p]
        for p in clean:
            delta[p] += total // 2
    elif len(takers) == 1:
        taker = takers[0]
        for p in range(4):
            if p != taker:
                delta[p] -= total
                delta[taker] += total
    return delta, pot


def train_payment(before: int, after: int) -> int:
    """What the player pays the pot when his card takes the total from
    ``before`` to ``after`` (5. Train)."""
    pay = 0
    for stop, chips in TRAIN_STOPS:
        if before < stop <= after:
            pay += chips
    return pay


class Phase(enum.Enum):
    TRICKS = 1
    APE = 2
    TRAIN = 3
    QUART = 4
    DOMINO = 5


@dataclass(frozen=True)
class LorumOptions:
    cycles: int = option(4, "dealers in the match, each dealing the seven hands", min=1, max=40)
    ape: str = option("hairy", "4th hand: hairy (cards held backwards) or serious",
                      choices=("hairy", "serious"))


class LorumState(State):
    __slots__ = ("dealer", "hand_no", "kind", "hands", "won", "table", "trick", "leader",
                 "tricks_won", "voids", "chips", "pot", "results", "order", "train_total",
                 "paid", "quart_len", "quart_last", "rows", "starter", "played",
                 "last_trick")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.kind = self.kind
        new.hands = self.hands.copy()
        new.won = self.won.copy()
        new.table = self.table
        new.trick = self.trick.copy()
        new.leader = self.leader
        new.tricks_won = self.tricks_won.copy()
        new.last_trick = self.last_trick
        new.voids = self.voids.copy()
        new.chips = self.chips.copy()
        new.pot = self.pot
        new.results = self.results.copy()
        new.order = [o.copy() for o in self.order]
        new.train_total = self.train_total
        new.paid = self.paid.copy()
        new.quart_len = self.quart_len
        new.quart_last = self.quart_last
        new.rows = self.rows.copy()
        new.starter = self.starter
        new.played = self.played


@register
class Lorum(Game):
    info = GameInfo(
        id="lorum", name="Lórum", min_seats=4, max_seats=4, family="compendium",
        source="004 Lórum (line 236)", hidden=True, chance=True, aliases=("lórum",),
        summary=(
            "Four players, 32 cards (7 to ace), eight each, chips. Each dealer in turn "
            "deals seven different hands; the player on the dealer's left always "
            "starts. 1 No hearts: tricks (follow suit, no heart lead to the first); a "
            "chip per heart taken. 2 Queens: queen of hearts 4, diamonds 3, spades 2, "
            "clubs 1. 3 No tricks: a chip per trick. In these three, if everybody "
            "took some they pay the pot; if some did not, the takers pay them instead; "
            "one player who took everything collects the full amount from each other "
            "player. 4 Hairy ape: you hold your cards backwards, seeing everyone's but "
            "your own, and play them blind; the trick goes to the highest card of the "
            "suit led if anyone followed, else everyone keeps his own card; the king "
            "of hearts' taker pays 4 to the pot (the serious variant plays it "
            "normally). 5 Train: play cards in turn adding values (A 11, K 4, Q 3, J 2, "
            "10 1); reaching 25, 50, 75, 100 costs 1, 2, 3, 4 chips. 6 Quart: runs in a "
            "suit (after the ace comes the 7), each next card played by whoever holds "
            "it, four at most; the first player out is paid a chip per card left by "
            "each other. 7 Domino: build suit rows up and down from the first card's "
            "rank; first out takes the pot after each other pays in a chip per card "
            "left. After 28 hands the most chips wins."),
        verbs=(("QS", "play a card"), ("pick 3", "hairy ape: play the 3rd card from your left, unseen"),
               ("pass", "domino: you have no card to play")),
    )
    Options = LorumOptions
    Phase = Phase
    State = LorumState
    deck = DECK
    presets = {"serious": {"ape": "serious"}}
    test_options = {"cycles": 1}
    # the terminal: the chips column has the balances (each hand's payments are
    # in the log), voids are named by render_board; a trick is a table field
    # the web table: the trick (or, in the domino hand, the rows in the game's
    # own words), this hand's game in the banner, chips per seat and the pot
    web_layout = {
        "table": "trick",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
            "dealer": "tag", "leader": ["tag", "leads"], "quart_last": ["tag", "played last"],
            "kind": ["banner", "game"], "chips": ["chips", "chips"], "pot": ["pot", "pot"],
            "tricks_won": ["seat", "tricks"], "pile_sizes": ["seat", "cards taken"],
            "train_total": ["info", "train total"], "train_paid": ["seat", "paid to the train"],
            "board_text": ["text", "the table"],
            "hand_no": {"role": "info", "label": "hand", "one_based": True},
        },
        "sheet": {"event": "hand_scored", "gained": "chips", "total": "balance",
                  "hide": ["hand", "dealer"]},
    }
    render_hints = {"hide": ["voids", "results", "rows", "starter"], "table": ["trick"],
                    "seat_fields": ["quart_last"]}

    def render_board(self, view):
        """For the terminal: the suits each player has shown void in, and the
        domino layout (one row per suit, its lowest to highest card)."""
        lines = []
        if view.get("rows") is not None:
            rows = [f"{SUIT_NAMES[su]} {pretty(DECK.text(self._card(su, lo)))} to "
                    f"{pretty(DECK.text(self._card(su, hi)))}"
                    for su, row in enumerate(view["rows"]) if row is not None
                    for lo, hi in (row,)]
            starter = view["starter"]
            lines.append("Domino rows  " + ("; ".join(rows) if rows else "none yet")
                         + ("" if starter is None else
                            f" (new rows start with a {RANK_TEXT[starter].replace('T', '10')})"))
        voids = voids_line(view["voids"], [f"Seat {p}" for p in range(4)], view.get("seat"))
        if voids and view["kind"] in HAND_NAMES[:4]:
            lines.append(voids)
        return "\n".join(lines) or None

    @staticmethod
    def _card(suit, rank):
        return CARD_AT[suit][rank]

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.PICK0 = self.actions.numbers("pick", range(1, HAND_SIZE + 1))
        self.PASS = self.actions.verb("pass")

    def num_players(self, state):
        return 4

    # -- dealing ------------------------------------------------------------
    def _setup(self, s):
        s.dealer = stream(s.seed, "first dealer").randrange(4)
        s.hand_no = 0
        s.chips = [0, 0, 0, 0]
        s.pot = 0
        s.results = []
        self._deal(s)

    def _hairy(self, s):
        return s.kind == HAIRY_APE and s.options.ape == "hairy"

    def _deal(self, s):
        s.kind = s.hand_no % 7
        pack = s.deal_pack(DECK, s.hand_no)
        s.hands = [0, 0, 0, 0]
        s.order = [[], [], [], []]
        for i, c in enumerate(pack):
            p = (s.dealer + 1 + i) % 4
            s.hands[p] |= 1 << c
            s.order[p].append(c)
        s.won = [0, 0, 0, 0]
        s.table = 0
        s.trick = []
        s.tricks_won = [0, 0, 0, 0]
        s.last_trick = None
        s.voids = [0, 0, 0, 0]
        s.train_total = 0
        s.paid = [0, 0, 0, 0]
        s.quart_len = 0
        s.quart_last = None
        s.rows = [None, None, None, None]
        s.starter = None
        s.played = 0
        first = (s.dealer + 1) % 4
        s.leader = first
        hairy = self._hairy(s)
        if not hairy:
            s.order = [[], [], [], []]
        for p in range(4):
            if hairy:
                # 4. Hairy Ape: the others see this hand, its owner does not
                s.log("dealt", p, audience=tuple(q for q in range(4) if q != p),
                      private={"cards": [Card(c) for c in s.order[p]]}, count=HAND_SIZE)
            else:
                s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                      count=HAND_SIZE)
        s.log("hand", None, hand=s.hand_no + 1, hand_name=HAND_NAMES[s.kind], dealer=s.dealer)
        s.phase = {NO_HEARTS: Phase.TRICKS, QUEENS: Phase.TRICKS, NO_TRICKS: Phase.TRICKS,
                   HAIRY_APE: Phase.APE if hairy else Phase.TRICKS, TRAIN: Phase.TRAIN,
                   QUART: Phase.QUART, DOMINO: Phase.DOMINO}[s.kind]
        s.to_act = (first,)

    # -- trick hands (1, 2, 3 and the serious ape) ---------------------------
    def _legal_tricks(self, s, seat):
        hand = s.hands[seat]
        if not s.trick:
            if s.kind == NO_HEARTS and s.played == 0 and hand & ~HEART_MASK:
                return ids(hand & ~HEART_MASK)       # 1: no heart lead to the first trick
            return ids(hand)
        return ids(follow_mask(hand, DECK.suit_of[s.trick[0][1]], DECK))

    def _apply_tricks(self, s, seat, card):
        note_void(s.voids, seat, s.trick, card, DECK)
        self._put_in_trick(s, seat, card)
        if len(s.trick) < 4:
            s.to_act = ((seat + 1) % 4,)
            return
        win = s.trick[winning_index(s.trick, DECK, STRENGTH)][0]
        self._take_trick(s, win)

    def _put_in_trick(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        s.played |= 1 << card
        s.trick.append((seat, card))
        s.log("play", seat, card=Card(card))

    def _take_trick(self, s, win):
        taken = mask_of(c for _, c in s.trick)
        s.won[win] |= taken
        s.tricks_won[win] += 1
        s.log("trick", win, winner=win, cards=CardSet(taken))
        s.last_trick = (tuple(s.trick), win)
        s.trick = []
        s.leader = win
        if s.kind == HAIRY_APE and (taken >> KING_HEARTS) & 1:
            self._end_hand(s, self._pay_ape(s, win))
            return
        if s.played == DECK.all_mask:
            self._end_hand(s, self._pay_tricks(s))
            return
        s.to_act = (win,)

    def _pay_tricks(self, s):
        if s.kind == NO_HEARTS:
            counts = [(w & HEART_MASK).bit_count() for w in s.won]
            delta, pot = avoidance_payments(counts, 8)
        elif s.kind == QUEENS:
            counts = [sum(v for c, v in QUEEN_COST.items() if (w >> c) & 1) for w in s.won]
            delta, pot = avoidance_payments(counts, 10)
        else:
            counts = list(s.tricks_won)
            delta, pot = avoidance_payments(counts, 8)
        return {"taken": counts, "chips": delta, "pot": pot}

    def _pay_ape(self, s, taker):
        delta = [0, 0, 0, 0]
        delta[taker] = -4
        return {"king_of_hearts": taker, "chips": delta, "pot": 4}

    # -- 4. hairy ape ------------------------------------------------------------
    def _legal_ape(self, s, seat):
        return [self.PICK0 + i for i in range(len(s.order[seat]))]

    def _apply_ape(self, s, seat, action):
        card = s.order[seat].pop(action - self.PICK0)
        self._put_in_trick(s, seat, card)
        if len(s.trick) < 4:
            s.to_act = ((seat + 1) % 4,)
            return
        lead = DECK.suit_of[s.trick[0][1]]
        followed = any(DECK.suit_of[c] == lead for _, c in s.trick[1:])
        if followed:
            self._take_trick(s, s.trick[winning_index(s.trick, DECK, STRENGTH)][0])
            return
        # nobody followed: each player takes back his own card
        s.log("trick", None, winner=None, each_own=True)
        s.last_trick = (tuple(s.trick), None)
        leader = s.trick[0][0]
        king = None
        for p, c in s.trick:
            s.won[p] |= 1 << c
            if c == KING_HEARTS:
                king = p
        s.trick = []
        if king is not None:
            self._end_hand(s, self._pay_ape(s, king))
            return
        s.leader = leader
        s.to_act = (leader,)

    # -- 5. train ----------------------------------------------------------------
    def _legal_train(self, s, seat):
        return ids(s.hands[seat])

    def _apply_train(self, s, seat, card):
        before = s.train_total
        s.train_total += TRAIN_VALUE[card]
        pay = train_payment(before, s.train_total)
        s.hands[seat] &= ~(1 << card)
        s.played |= 1 << card
        s.table |= 1 << card
        s.log("play", seat, card=Card(card), total=s.train_total, pays=pay)
        s.paid[seat] += pay
        if not any(s.hands):
            self._end_hand(s, {"total": s.train_total, "chips": [-x for x in s.paid],
                               "pot": sum(s.paid)})
            return
        s.to_act = ((seat + 1) % 4,)

    # -- 6. quart ----------------------------------------------------------------
    def _legal_quart(self, s, seat):
        return ids(s.hands[seat])

    def _apply_quart(self, s, seat, card):
        s.quart_len = 0
        p, c = seat, card
        while True:
            s.hands[p] &= ~(1 << c)
            s.played |= 1 << c
            s.table |= 1 << c
            s.quart_len += 1
            s.quart_last = p
            s.log("play", p, card=Card(c), run=s.quart_len)
            if not s.hands[p]:
                counts = [h.bit_count() for h in s.hands]
                delta = [-n for n in counts]
                delta[p] = sum(counts)
                self._end_hand(s, {"out": p, "cards_left": counts, "chips": delta, "pot": 0})
                return
            nxt = QUART_NEXT[c]
            if s.quart_len >= 4 or (s.played >> nxt) & 1:
                break
            p = next(q for q in range(4) if (s.hands[q] >> nxt) & 1)
            c = nxt
        s.log("run_over", p, length=s.quart_len)
        s.quart_len = 0
        s.to_act = (p,)

    # -- 7. domino ---------------------------------------------------------------
    def _domino_playable(self, s):
        if s.starter is None:
            return DECK.all_mask
        out = 0
        for su in range(4):
            row = s.rows[su]
            if row is None:
                out |= DECK.suit_mask[su] & DECK.rank_mask[s.starter]
            else:
                low, high = row
                if low > 7:
                    out |= DECK.suit_mask[su] & DECK.rank_mask[low - 1]
                if high < ACE:
                    out |= DECK.suit_mask[su] & DECK.rank_mask[high + 1]
        return out

    def _legal_domino(self, s, seat):
        cards = s.hands[seat] & self._domino_playable(s)
        return ids(cards) if cards else [self.PASS]

    def _apply_domino(self, s, seat, action):
        if action == self.PASS:
            s.log("pass", seat)
            s.to_act = ((seat + 1) % 4,)
            return
        card = action
        su, r = DECK.suit_of[card], DECK.rank_of[card]
        if s.starter is None:
            s.starter = r
        row = s.rows[su]
        s.rows[su] = (r, r) if row is None else (min(row[0], r), max(row[1], r))
        s.hands[seat] &= ~(1 << card)
        s.played |= 1 << card
        s.table |= 1 << card
        s.log("play", seat, card=Card(card))
        if not s.hands[seat]:
            counts = [h.bit_count() for h in s.hands]
            delta = [-n for n in counts]
            pot = sum(counts)
            delta[seat] = s.pot + pot
            self._end_hand(s, {"out": seat, "cards_left": counts, "chips": delta, "pot": -s.pot})
            return
        s.to_act = ((seat + 1) % 4,)

    # -- end of a hand and of the match ---------------------------------------------
    def _end_hand(self, s, result):
        for p in range(4):
            s.chips[p] += result["chips"][p]
        s.pot += result["pot"]
        result = dict(result, hand=s.hand_no + 1, hand_name=HAND_NAMES[s.kind], dealer=s.dealer,
                      balance=list(s.chips), pot_after=s.pot)
        s.results.append(result)
        s.log("hand_scored", None, **result)
        s.hand_no += 1
        if s.hand_no % 7 == 0:
            s.dealer = (s.dealer + 1) % 4
        if s.hand_no >= 7 * s.options.cycles:
            best = max(s.chips)
            winners = tuple(p for p in range(4) if s.chips[p] == best)
            ranking = tuple(1 + sum(1 for q in range(4) if s.chips[q] > s.chips[p])
                            for p in range(4))
            self.finish(s, Outcome(tuple(s.chips), winners,
                                   f"{s.hand_no} hands played; most chips: "
                                   f"{', '.join('seat ' + str(w) for w in winners)} ({best})",
                                   ranking=ranking, details={"pot": s.pot}))
            return
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if 0 <= action < DECK.size:
            if s.phase is Phase.APE:
                return "in the hairy ape you cannot see your cards: choose one by place (pick N)"
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            if s.phase is Phase.TRICKS:
                if not s.trick:
                    return "hearts may not be led to the first trick"
                return f"you must follow suit ({SUIT_NAMES[DECK.suit_of[s.trick[0][1]]]})"
            if s.phase is Phase.DOMINO:
                return f"{DECK.text(action)} does not fit the layout"
        if action == self.PASS and s.phase is Phase.DOMINO:
            return "you may pass only when no card of yours fits the layout"
        return super().why_illegal(s, seat, action)

    # -- views -----------------------------------------------------------------------
    def _view(self, s, seat, v):
        hairy = self._hairy(s)
        if seat is not None:
            if hairy:
                v["hand"] = None
                v["others"] = {str(p): [Card(c) for c in s.order[p]] for p in range(4) if p != seat}
            else:
                v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["dealer"] = s.dealer
        v["hand_no"] = min(s.hand_no + 1, 7 * s.options.cycles)   # the last stays shown at the end
        v["kind"] = HAND_NAMES[s.kind]
        v["chips"] = list(s.chips)
        v["pot"] = s.pot
        v["results"] = [dict(r) for r in s.results]
        v["trick"] = [[p, Card(c)] for p, c in s.trick]
        v["leader"] = s.leader
        # won piles lie face down (ch. 2): counts, and the last trick until the next card
        v.update(won_tricks_view(s.tricks_won, s.last_trick, s.trick))
        v["pile_sizes"] = [w.bit_count() for w in s.won]
        v["table_count"] = s.table.bit_count()
        v["first_trick"] = s.kind in TRICK_HANDS and s.played.bit_count() < 4   # under way
        v["voids"] = list(s.voids)
        if s.kind == TRAIN:
            v["train_total"] = s.train_total
            v["train_paid"] = list(s.paid)
        if s.kind == QUART:
            v["quart_last"] = s.quart_last
        if s.kind == DOMINO:
            v["rows"] = [None if r is None else list(r) for r in s.rows]
            v["starter"] = s.starter

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(4)}
        for p in range(4):
            z[f"won{p}"] = s.won[p]
        z["trick"] = mask_of(c for _, c in s.trick)
        z["table"] = s.table
        return z

    def unknown_cards(self, s, seat):
        if self._hairy(s):
            if seat is None:
                return s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
            return s.hands[seat]
        out = 0
        for p in range(4):
            if p != seat:
                out |= s.hands[p]
        return out

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"] - 1
        s.kind = HAND_NAMES.index(view["kind"])
        s.chips = list(view["chips"])
        s.pot = view["pot"]
        s.results = [dict(r) for r in view["results"]]
        s.trick = [(p, int(c)) for p, c in view["trick"]]
        s.leader = view["leader"]
        s.tricks_won = list(view["tricks_won"])
        s.last_trick = last_trick_from_view(view["last_trick"])
        s.voids = list(view["voids"])
        s.train_total = view.get("train_total", 0)
        s.paid = list(view.get("train_paid", [0, 0, 0, 0]))
        s.quart_len = 0
        s.quart_last = view.get("quart_last")
        s.rows = [None if r is None else tuple(r) for r in view.get("rows", [None] * 4)]
        s.starter = view.get("starter")
        layout = 0
        for su, row in enumerate(s.rows):
            if row is not None:
                for r in range(row[0], row[1] + 1):
                    layout |= DECK.suit_mask[su] & DECK.rank_mask[r]
        trick = mask_of(c for _, c in s.trick)
        shown = [0, 0, 0, 0]            # the last trick's cards, in the piles they went to
        if s.last_trick is not None:
            plays, taker = s.last_trick
            for p, c in plays:
                shown[p if taker is None else taker] |= 1 << c
                trick |= 1 << c
        sizes = view["hand_sizes"]
        counts = {f"won{p}": view["pile_sizes"][p] - shown[p].bit_count() for p in range(4)}
        counts["table"] = view["table_count"] - layout.bit_count()
        allowed = {}
        pool = DECK.all_mask & ~trick & ~layout
        s.order = [[], [], [], []]
        hairy = self._hairy(s)
        own = 0
        if hairy and seat is not None:
            for p in range(4):
                if p != seat:
                    s.order[p] = [int(c) for c in view["others"][str(p)]]
                    pool &= ~mask_of(s.order[p])
            counts[f"hand{seat}"] = sizes[seat]
        elif hairy:
            for p in range(4):
                counts[f"hand{p}"] = sizes[p]
        else:
            own = int(view["hand"]) if seat is not None else 0
            pool &= ~own
            for p in range(4):
                if p == seat:
                    continue
                counts[f"hand{p}"] = sizes[p]
                m = DECK.all_mask
                for su in range(4):
                    if (s.voids[p] >> su) & 1:
                        m &= ~DECK.suit_mask[su]
                allowed[f"hand{p}"] = m
        if s.kind == HAIRY_APE:
            # the hand ends the moment the K♥ is taken: while it goes on, the
            # K♥ is in a hand, never in a pile
            for p in range(4):
                allowed[f"won{p}"] = pool & ~(1 << KING_HEARTS)
            allowed["table"] = pool & ~(1 << KING_HEARTS)
        placed = sample_hands(pool, counts, rng, allowed)
        s.won = [placed[f"won{p}"] | shown[p] for p in range(4)]
        s.table = placed["table"] | layout
        if hairy:
            for p in range(4):
                if f"hand{p}" in placed:
                    s.order[p] = shuffled(placed[f"hand{p}"], rng)
            s.hands = [mask_of(o) for o in s.order]
        else:
            s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(4)]
        s.played = DECK.all_mask & ~(s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3])
        return s
