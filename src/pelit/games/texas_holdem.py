"""Texas Hold'em dealt from two packs (104 cards, no jokers).

Rule source: seed 002 (a 2 x 54 card set's rule sheet), "Texas Hold'em
Poker" (line 181): the hands, game progress (the dealer token, two pocket
cards, flop, turn, river, four betting rounds, the card reveal and split
pots), betting (blinds, the options of each turn, the end of a round, the
limit on raises, the first-turn rule, bet sizes, no-limit play, all-in and
side pots).  Poker hands and their order: ``cards.poker_hands`` (five of a
kind above the straight flush; the flush placed where 002's list lost it).
Betting and pots: ``cards.betting``.

Decisions where the seed is silent (pinned in tests/games/test_texas_holdem.py):

- Match: the seed describes one game (hand) after another and no end.  A
  match is a session of ``hands`` hands (100), each player starting with
  ``chips`` (100); most chips at the end wins (equal stacks share the
  win), and it ends sooner when one player holds every chip.  ``hands=0``
  plays on until then (a freezeout; without rising blinds a fixed-limit
  freezeout between even players lasts thousands of hands).  A player
  without chips after a hand is out; the dealer token then moves to the
  next player who still has chips.
- Limits: "the minimum bet" is the small bet (``min_bet``, 2); the small
  blind is half of it, the big blind all of it, the big bet ("maximum bet")
  twice it.  "The total value of the raise ... should not exceed three" is
  read as three raises a round (``raise_cap``); the opening bet (and before
  the flop the big blind) is not a raise.
- The first-turn rule ("check or call in their first turn, raise only in
  their second turn, unless otherwise agreed") holds in fixed-limit play:
  on his first turn of a round a player may bet if nobody has, but not
  raise.  Posting a blind is not a turn.  ``raise_on_first_turn`` lifts it;
  the ``no-limit`` preset plays no-limit without it (the seed's rule sits in
  its fixed-limit paragraph).
- No limit (002: "without limits"): blinds as in fixed limit, a bet at least
  the big blind, a raise at least the previous bet or raise of the round,
  anything up to all-in.  Antes (``ante``) are 0 unless agreed.
- Two players: the seed's rules are written for three or more (its first
  round is opened by "the third player").  With two, the dealer posts the
  small blind and the other player the big blind, as at every Hold'em
  table: the order of betting is then the seed's in every round (before
  the flop the player after the big blind, the dealer, opens; after it the
  player left of the dealer), and the big blind is not also first to act on
  every street.
- The button: the first dealer is drawn by lot (002) from the match's
  random stream (option ``dealer`` names one); blinds go to the next
  players who still have chips.  A blind short of chips is all-in for what
  it has, and the bet to call is the larger blind actually posted.
- No cards are burnt (the seed deals the flop, turn and river straight from
  the pack).  Pocket cards are dealt one at a time from the dealer's left.
- When nobody can bet any more (all but one all-in), the rest of the board
  is dealt without betting.  At the reveal every player still in shows,
  starting with the last to bet or raise in the last round (else the first
  player left of the dealer) and going round the table; a player who won
  because everyone else folded shows nothing.
- Split pots (002: "split the pot equally"): odd chips go one each to the
  winners in order from the dealer's left.  Each side pot is split among its
  own best hands.
- Two packs: identical cards and five of a kind happen; hands are compared
  exactly by ``cards.poker_hands`` (a five of a kind beats a straight flush).
- A player may fold only facing a bet (who may check does not fold).  002
  lists fold among the first player's options, but folding where a check
  costs nothing only throws the hand away (pokerkit, which reads our PHH
  histories, refuses such a fold in tournament mode and warns otherwise),
  so it is not offered.

Hand histories: ``to_phh(state, hand)`` writes a hand in the PHH format
(the poker hand history format pokerkit reads; variant FT or NT, players
from the dealer's left around), ``from_phh(text)`` plays one back into a
one-hand match.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import phh
from ..cards.betting import BET, CALL, CHECK, FOLD, RAISE, Betting, award
from ..cards.deal import sample_hands, shuffled
from ..cards.deck import Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.poker_hands import describe, evaluator
from ..cards.table_text import cards_line
from ..core.actions import ActionSpace
from ..core.errors import ParseError, PelitError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import load, register
from ..core.rng import stream

DECK = standard_deck("2x52")
EVAL = evaluator(DECK)
STREETS = ("preflop", "flop", "turn", "river")
MAX_CHIPS = 5000                       # a starting stack at most
MAX_TOTAL = 10 * MAX_CHIPS             # every chip of a full table


class Phase(enum.Enum):
    BET = 1


@dataclass(frozen=True)
class HoldemOptions:
    players: int = option(6, "players at the table", min=2, max=10)
    betting: str = option("fixed-limit", "fixed-limit (002) or no-limit",
                          choices=("fixed-limit", "no-limit"))
    min_bet: int = option(2, "the minimum (small) bet and big blind; the small blind is half "
                          "of it, the big bet twice it", min=2, max=1000)
    raise_cap: int = option(3, "fixed limit: raises allowed in one betting round", min=1, max=99)
    raise_on_first_turn: bool = option(False, "may a player raise on his first turn of a "
                                       "betting round (002: not unless agreed)")
    ante: int = option(0, "ante each player puts in before the deal", min=0, max=1000)
    chips: int = option(100, "chips each player starts with", min=1, max=MAX_CHIPS)
    stacks: str = option("", "starting chips seat by seat, comma-separated (instead of chips)")
    hands: int = option(100, "hands in the match (most chips wins); 0: play until one "
                        "player has every chip", min=0, max=1_000_000)
    dealer: int = option(-1, "the first dealer's seat; -1: drawn by lot (002)", min=-1, max=9)

    def __post_init__(self):
        if self.min_bet % 2:
            raise ValueError("min_bet must be even: the small blind is half of it")
        if self.dealer >= self.players:
            raise ValueError(f"dealer must be a seat of the {self.players} players")
        if self.stacks:
            stacks = starting_stacks(self)
            if len(stacks) != self.players:
                raise ValueError(f"stacks names {len(stacks)} seats for {self.players} players")


def starting_stacks(options) -> list[int]:
    if not options.stacks:
        return [options.chips] * options.players
    try:
        stacks = [int(x) for x in options.stacks.replace(",", " ").split()]
    except ValueError:
        raise ValueError(f"stacks must be whole numbers, not {options.stacks!r}") from None
    if any(not 1 <= x <= MAX_CHIPS for x in stacks):
        raise ValueError(f"each stack must be between 1 and {MAX_CHIPS}")
    return stacks


class HoldemState(State):
    __slots__ = ("dealer", "hand_no", "chips", "bet", "pockets", "board", "stock", "street",
                 "small_blind", "big_blind", "shown", "out_at", "start_stacks", "last_actor",
                 "winnings", "last_hand")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.chips = self.chips.copy()
        new.bet = self.bet.clone()
        new.pockets = self.pockets.copy()
        new.board = self.board.copy()
        new.stock = self.stock.copy()
        new.street = self.street
        new.small_blind = self.small_blind
        new.big_blind = self.big_blind
        new.shown = self.shown.copy()
        new.out_at = self.out_at.copy()
        new.start_stacks = self.start_stacks.copy()
        new.last_actor = self.last_actor
        new.winnings = self.winnings.copy()
        new.last_hand = self.last_hand


def next_live(seat: int, chips: list[int]) -> int:
    """The next seat clockwise after ``seat`` that still has chips."""
    n = len(chips)
    for i in range(1, n + 1):
        p = (seat + i) % n
        if chips[p] > 0:
            return p
    return seat


@register
class TexasHoldem(Game):
    info = GameInfo(
        id="texas-holdem", name="Texas Hold'em", min_seats=2, max_seats=10, family="poker",
        source="002 Texas Hold'em (line 181)", hidden=True, chance=True,
        aliases=("holdem", "hold-em", "texas-hold-em", "texas-hold'em"),
        summary=(
            "Two to ten players, two packs shuffled together (104 cards). The dealer "
            "token moves left after every hand; the player left of the dealer posts the "
            "small blind (half the minimum bet), the next the big blind (the minimum bet). "
            "Everyone gets two pocket cards; then come the flop (three common cards), the "
            "turn and the river (one each), with a betting round before the flop and after "
            "each of them. In a round you may fold, check, call, bet or raise; a round ends "
            "when everyone left has acted and put in the same amount. Fixed limit: bets "
            "and raises are the minimum bet in the first two rounds and twice that in the "
            "last two, three raises a round, and no raise on your first turn of a round. "
            "No limit (preset): any amount up to all your chips. Who cannot cover a bet "
            "goes all-in and can win only the part of the pot he matched (side pots). At "
            "the end the best five cards of the seven win; equal hands split the pot. "
            "With two packs five of a kind can happen: it beats a straight flush. Players "
            "without chips are out. A match is 100 hands (most chips wins) or until one "
            "player has every chip."),
        verbs=(("fold", "give up the hand (only facing a bet)"),
               ("check", "pass without betting when nothing is to call"),
               ("call", "match the bet (all your chips if fewer)"),
               ("bet N", "open the betting: your bet comes to N"),
               ("raise N", "raise: your bet this round comes to N (fixed limit: 'raise' alone)"),
               ("all in", "bet, raise or call with every chip you have")),
    )
    Options = HoldemOptions
    Phase = Phase
    State = HoldemState
    deck = DECK
    presets = {"no-limit": {"betting": "no-limit", "raise_on_first_turn": True}}
    test_options = {"players": 3, "chips": 20, "hands": 30}
    web_layout = {
        "table": "betting",
        "show": {"hand": "hand", "common_cards": ["cards", "board"], "street": ["banner", "street"],
                 "to_call": ["banner", "to call"], "pot": ["pot", "pot"],
                 "pots": ["info", "pots"], "stacks": ["chips", "chips"],
                 "bets": ["bets", "bet"], "status": "status", "shown": ["seat_cards", "shows"],
                 "dealer": "tag", "small_blind": ["tag", "small blind"],
                 "big_blind": ["tag", "big blind"], "bet_size": ["info", "bet size"],
                 "raises": ["info", "raises this round"], "hand_of": ["info", "hand"]},
        "sheet": {"event": "hand_over", "total": "stacks", "wait": False},
    }
    render_hints = {
        "hide": ["betting", "start_stacks", "out_at", "in_hand", "last_actor", "hand_no"],
        "labels": {"stacks": "chips", "bets": "bet this round", "status": "",
                   "hand_of": "hand", "pot": "pot", "pots": "pots",
                   "to_call": "to call", "raises": "raises this round",
                   "last_hand": "last hand"},
        "seat_fields": ["dealer", "small_blind", "big_blind"],
    }

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.FOLD = self.actions.verb("fold")
        self.CHECK = self.actions.verb("check")
        self.CALL = self.actions.verb("call")
        self.BET = self.actions.numbers("bet", range(1, MAX_TOTAL + 1)) - 1
        self.RAISE = self.actions.numbers("raise", range(1, MAX_TOTAL + 1)) - 1

    # -- actions as (kind, to) and back ------------------------------------------
    def encode(self, s, seat, kind: str, to: int) -> int:
        if kind == FOLD:
            return self.FOLD
        if kind == CHECK:
            return self.CHECK
        if kind == CALL:
            return self.CALL
        return (self.BET if kind == BET else self.RAISE) + to

    def kind_of(self, action: int) -> tuple[str, int]:
        """``(kind, to)`` of an action as its text says it: the total of a bet
        or raise, 0 for fold, check and call (bots sort long no-limit legal
        lists by this without writing each action out)."""
        if action == self.FOLD:
            return FOLD, 0
        if action == self.CHECK:
            return CHECK, 0
        if action == self.CALL:
            return CALL, 0
        if action > self.RAISE:
            return RAISE, action - self.RAISE
        return BET, action - self.BET

    def decode(self, s, seat, action: int) -> tuple[str, int]:
        if action == self.FOLD:
            return FOLD, s.bet.bets[seat]
        if action == self.CHECK:
            return CHECK, s.bet.bets[seat]
        if action == self.CALL:
            b = s.bet
            return CALL, b.bets[seat] + b.to_call(seat)
        if action > self.RAISE:
            return RAISE, action - self.RAISE
        return BET, action - self.BET

    # -- the match ------------------------------------------------------------
    def _setup(self, s):
        o = s.options
        s.chips = starting_stacks(o)
        if o.dealer >= 0:
            s.dealer = o.dealer
        else:
            # 002: players draw lots for the first deal
            s.dealer = stream(s.seed, "first dealer").randrange(o.players)
        s.hand_no = 0
        s.out_at = [None] * o.players
        s.winnings = [0] * o.players
        s.last_hand = None
        self._start_hand(s)

    def unit(self, s, street: int) -> int:
        """The bet size of a round (fixed limit) or the big blind (no limit)."""
        o = s.options
        if o.betting == "no-limit" or street < 2:
            return o.min_bet
        return 2 * o.min_bet

    def _start_hand(self, s):
        o = s.options
        n = o.players
        s.start_stacks = list(s.chips)
        s.bet = Betting(s.chips, no_limit=o.betting == "no-limit", raise_cap=o.raise_cap,
                        first_turn_raise=o.raise_on_first_turn)
        if sum(1 for c in s.chips if c > 0) == 2:
            s.small_blind = s.dealer            # two players: the dealer posts the small blind
        else:
            s.small_blind = next_live(s.dealer, s.chips)
        s.big_blind = next_live(s.small_blind, s.chips)
        order = self.seating(s)
        s.log("hand_start", None, hand=s.hand_no + 1, dealer=s.dealer, players=order,
              stacks=list(s.chips), small_blind=s.small_blind, big_blind=s.big_blind)
        pack = s.deal_pack(DECK, s.hand_no)
        s.stock = pack[::-1]              # top of the pack last: pop() deals
        s.pockets = [0] * n
        s.board = []
        s.shown = [0] * n
        s.street = 0
        if o.ante:
            for p in order:
                s.log("ante", p, chips=s.bet.post(p, o.ante))
            s.bet.collect_antes()
        s.log("small_blind", s.small_blind, chips=s.bet.post(s.small_blind, o.min_bet // 2))
        s.log("big_blind", s.big_blind, chips=s.bet.post(s.big_blind, o.min_bet))
        # 002: two pocket cards each, one at a time from the dealer's left
        dealt = {p: [] for p in order}
        for _ in range(2):
            for p in order:
                c = s.stock.pop()
                s.pockets[p] |= 1 << c
                dealt[p].append(Card(c))
        for p in order:
            s.log("dealt", p, audience=(p,), private={"cards": dealt[p]})
        s.bet.start_round(self.unit(s, 0), keep_bets=True)
        s.phase = Phase.BET
        s.last_actor = s.big_blind
        self._continue(s)

    def seating(self, s) -> list[int]:
        """The seats dealt in, from the dealer's left around (PHH's p1, p2, ...)."""
        first = next_live(s.dealer, s.chips)
        out = [first]
        p = next_live(first, s.chips)
        while p != first:
            out.append(p)
            p = next_live(p, s.chips)
        return out

    def _continue(self, s):
        """After an action or a deal: the next to act, the next street, or the end."""
        b = s.bet
        while True:
            if b.round_over():
                back = b.return_uncalled()
                if back is not None:
                    s.log("takes_back", back[0], chips=back[1])
            if len(b.live_seats()) <= 1:
                self._pay_pots(s, None)          # everyone else folded: nothing is shown
                return
            if not b.round_over():
                s.to_act = (b.next_to_act(s.last_actor),)
                return
            if s.street == 3:
                self._showdown(s)
                return
            self._deal_street(s)

    def _deal_street(self, s):
        s.street += 1
        count = 3 if s.street == 1 else 1
        cards = [s.stock.pop() for _ in range(count)]
        s.board += cards
        s.log(STREETS[s.street], None, cards=[Card(c) for c in cards])
        s.bet.start_round(self.unit(s, s.street))
        # 002: betting always starts from the dealer's left
        s.last_actor = s.dealer

    # -- betting --------------------------------------------------------------
    def _legal_bet(self, s, seat):
        # Betting.choices as ids, the bets and raises as one range of ids
        # (a no-limit list runs to hundreds of amounts)
        b = s.bet
        out = [self.encode(s, seat, k, to) for k, to in b.passive_choices(seat)]
        r = b.raise_range(seat)
        if r is not None:
            kind, low, high = r
            base = self.BET if kind == BET else self.RAISE
            out.extend(range(base + low, base + high + 1))
        return out

    def _is_legal_bet(self, s, seat, action):
        if action < 0 or action >= self.actions.size:
            return False
        kind, to = self.decode(s, seat, action)
        return s.bet.is_legal(seat, kind, to)

    def _apply_bet(self, s, seat, action):
        kind, to = self.decode(s, seat, action)
        b = s.bet
        paid = b.act(seat, kind, to)
        fields = {"chips": paid} if kind == CALL else {"to": to} if kind in (BET, RAISE) else {}
        if kind in (CALL, BET, RAISE) and b.stacks[seat] == 0:
            fields["all_in"] = True
        s.log(kind, seat, **fields)
        s.last_actor = seat
        self._continue(s)

    def why_illegal(self, s, seat, action):
        if action.__class__ is not int:
            return super().why_illegal(s, seat, action)
        if not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        kind, to = self.decode(s, seat, action)
        b = s.bet
        owe = b.current - b.bets[seat]
        r = b.raise_range(seat)
        if kind == FOLD:
            return "nothing to call: check rather than fold"
        if kind == CHECK:
            return (f"there is a bet: call {b.to_call(seat)}"
                    + (", raise" if r is not None else "") + " or fold")
        if kind == CALL:
            return "nothing to call: check" + (" or bet" if r is not None else "")
        if kind == BET and b.current > 0:
            return "there is a bet already: call" + (", raise" if r is not None else "") \
                + " or fold"
        if kind == RAISE and b.current == 0:
            return "nobody has bet: check" + (" or bet" if r is not None else "")
        if r is None:
            if owe > 0 and b.stacks[seat] <= owe:
                return "you cannot cover the bet: call all-in or fold"
            if not b.first_turn_raise and b.turns[seat] == 0 and b.current > 0:
                return ("no raise on your first turn of a betting round (002): "
                        + ("call or fold" if owe > 0 else "check"))
            if not b.no_limit and b.raises >= (b.raise_cap or 0):
                return f"the raises are capped at {b.raise_cap} a round: call or fold"
            if not b.may_raise[seat]:
                return "a short all-in raise does not reopen the raising: call or fold"
            return "nobody is left to bet against"
        _, low, high = r
        if low == high:
            return f"{kind} to exactly {low}" + (" (all-in)" if low == b.bets[seat] + b.stacks[seat]
                                                  else " (fixed limit)")
        return f"{kind} to between {low} and {high} (all-in)"

    def parse_action(self, s, text, seat=None):
        words = text.strip().lower().replace("-", " ").split()
        if seat is None and len(s.to_act) == 1:
            seat = s.to_act[0]
        if seat is not None and seat in s.to_act and words in (["bet"], ["raise"], ["all", "in"],
                                                                ["allin"]):
            legal = self.legal_actions(s, seat)
            if words[0] in ("bet", "raise"):
                base = self.BET if words[0] == "bet" else self.RAISE
                amounts = [a for a in legal if base < a <= base + MAX_TOTAL
                           and (base == self.RAISE or a <= self.RAISE)]
                if len(amounts) == 1:
                    return amounts[0]
                if amounts:
                    raise ParseError(f"say how much: {words[0]} "
                                     f"{amounts[0] - base} .. {words[0]} {amounts[-1] - base}")
                # why not, as for any amount (the first-turn rule, a bet already made, ...)
                raise ParseError(f"you may not {words[0]} now: "
                                 f"{self.why_illegal(s, seat, base + 1)}")
            b = s.bet
            everything = b.bets[seat] + b.stacks[seat]
            for a in legal:
                if self.decode(s, seat, a)[1] == everything and a != self.FOLD:
                    return a
            raise ParseError("you cannot go all-in now")
        return super().parse_action(s, text, seat)

    # -- the end of a hand ------------------------------------------------------
    def _showdown(self, s):
        b = s.bet
        board = s.board
        n = s.options.players
        strength = [0] * n
        # the last to bet or raise in the last round shows first, else the
        # first player left of the dealer; then around the table
        first = b.aggressor if b.aggressor is not None else next_live(s.dealer, s.start_stacks)
        for i in range(n):
            p = (first + i) % n
            if not b.live(p):
                continue
            cards = ids(s.pockets[p]) + board
            strength[p] = EVAL.value(cards)
            s.shown[p] = s.pockets[p]
            s.log("shows", p, cards=CardSet(s.pockets[p]), hand=describe(strength[p], kickers=True))
        self._pay_pots(s, strength)

    def _pay_pots(self, s, strength):
        """Every pot to its winners (``strength`` None: one seat is left)."""
        b = s.bet
        n = s.options.players
        first = next_live(s.dealer, s.start_stacks)       # odd chips from the dealer's left
        result = []
        entries = award(b.pots(), strength, n, first)
        for i, entry in enumerate(entries):
            split = len(entry["winners"]) > 1
            # with side pots (002: all-in), each pot is named: main, side 1, ...
            which = None if len(entries) == 1 else ("the main pot" if i == 0 else f"side pot {i}")
            for p in entry["winners"]:
                share = entry["shares"][p]
                if which:
                    s.log("wins", p, chips=share, pot=entry["amount"], split=split, which=which)
                else:
                    s.log("wins", p, chips=share, pot=entry["amount"], split=split)
                b.stacks[p] += share
                result.append(f"seat {p} won {share}"
                              + (f" of a split pot of {entry['amount']}" if split else "")
                              + (f" from {which}" if which else "")
                              + (f" with {describe(strength[p])}" if strength
                                 else ": everyone else folded"))
        if strength:
            result += [f"seat {p} showed {_pocket_text(s.shown[p])} "
                       f"({describe(strength[p], kickers=True)})"
                       for p in range(n) if s.shown[p]]
        s.last_hand = f"hand {s.hand_no + 1}: " + "; ".join(result)
        b.bets = [0] * n              # the pots are paid: nothing lies on the table
        b.total = [0] * n
        self._next_hand(s)

    def _next_hand(self, s):
        n = s.options.players
        for p in range(n):
            s.winnings[p] += s.bet.stacks[p] - s.start_stacks[p]
        s.chips = list(s.bet.stacks)
        s.hand_no += 1
        for p in range(n):
            if s.start_stacks[p] > 0 and s.chips[p] == 0:
                s.out_at[p] = s.hand_no
                s.log("out_of_chips", p)
        s.log("hand_over", None, hand=s.hand_no, stacks=list(s.chips))
        alive = [p for p in range(n) if s.chips[p] > 0]
        limit = s.options.hands
        if len(alive) <= 1 or (limit and s.hand_no >= limit):
            self._finish_match(s, alive)
            return
        s.dealer = next_live(s.dealer, s.chips)
        self._start_hand(s)

    def _finish_match(self, s, alive):
        n = s.options.players
        top = max(s.chips)
        winners = tuple(p for p in range(n) if s.chips[p] == top)
        # places: chips, then (for those out) how late they went out
        key = [(s.chips[p], s.out_at[p] or s.hand_no + 1) for p in range(n)]
        ranking = tuple(1 + sum(1 for q in range(n) if key[q] > key[p]) for p in range(n))
        if len(alive) == 1:
            reason = (f"seat {alive[0]} has every chip after {s.hand_no} "
                      f"hand{'s' if s.hand_no != 1 else ''}")
        else:
            reason = (f"{s.hand_no} hand{'s' if s.hand_no != 1 else ''} played: seat"
                      + (f" {winners[0]} has" if len(winners) == 1
                         else f"s {', '.join(map(str, winners))} share") + f" the most chips ({top})")
        self.finish(s, Outcome(tuple(s.chips), winners, reason, ranking=ranking,
                               details={"hands": s.hand_no, "net": list(s.winnings)}))

    # -- what each seat sees ------------------------------------------------------
    def _view(self, s, seat, v):
        b = s.bet
        n = s.options.players
        if seat is not None:
            v["hand"] = CardSet(s.pockets[seat])
        v["common_cards"] = [Card(c) for c in s.board]
        v["street"] = STREETS[s.street]
        v["hand_no"] = s.hand_no
        v["dealer"] = s.dealer
        v["small_blind"] = s.small_blind
        v["big_blind"] = s.big_blind
        v["hand_of"] = (f"{s.hand_no + 1} of {s.options.hands}" if s.options.hands
                        else str(s.hand_no + 1))
        v["stacks"] = list(b.stacks)
        v["bets"] = list(b.bets)
        v["pot"] = sum(b.total)
        if any(b.all_in(p) for p in range(n)):
            v["pots"] = "; ".join(
                f"{'main pot' if i == 0 else 'side pot'} {a} (seat{'s' if len(ps) > 1 else ''} "
                f"{', '.join(map(str, ps))})" for i, (a, ps) in enumerate(b.pots()))
        v["status"] = [self._status(s, p) for p in range(n)]
        v["shown"] = [CardSet(m) for m in s.shown]
        if seat is not None and seat in s.to_act:
            v["to_call"] = b.to_call(seat)
        v["bet_size"] = self.unit(s, s.street)
        if s.options.betting == "fixed-limit":
            v["raises"] = f"{b.raises} of {b.raise_cap}"
        v["betting"] = b.to_json()
        v["start_stacks"] = list(s.start_stacks)
        v["out_at"] = list(s.out_at)
        v["in_hand"] = [bool(h) for h in s.pockets]
        v["last_actor"] = s.last_actor
        v["last_hand"] = s.last_hand

    def _status(self, s, p) -> str:
        b = s.bet
        if s.out_at[p] is not None and not b.in_hand[p]:
            return "out"
        if not b.in_hand[p]:
            return ""
        if b.folded[p]:
            return "folded"
        if b.stacks[p] == 0:
            return "all-in"
        return ""

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "board": mask_of(s.board)}
        for p, h in enumerate(s.pockets):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        out = mask_of(s.stock)
        for p, h in enumerate(s.pockets):
            if p != seat:
                out |= h & ~s.shown[p]
        return out

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        shown = [int(m) for m in view["shown"]]
        board = [int(c) for c in view["common_cards"]]
        known = own | mask_of(board)
        for m in shown:
            known |= m
        zones = {"stock": DECK.size - 2 * sum(view["in_hand"]) - len(board)}
        for p in range(n):
            if p != seat and view["in_hand"][p] and not shown[p]:
                zones[f"hand{p}"] = 2
        placed = sample_hands(DECK.all_mask & ~known, zones, rng)
        s.pockets = [own if p == seat else shown[p] or placed.get(f"hand{p}", 0)
                   for p in range(n)]
        s.stock = shuffled(placed["stock"], rng)
        s.board = board
        s.shown = shown
        s.bet = Betting.from_json(view["betting"])
        s.chips = list(view["start_stacks"])
        s.start_stacks = list(view["start_stacks"])
        s.dealer = view["dealer"]
        s.small_blind = view["small_blind"]
        s.big_blind = view["big_blind"]
        s.hand_no = view["hand_no"]
        s.street = STREETS.index(view["street"])
        s.out_at = list(view["out_at"])
        s.last_actor = view["last_actor"]
        s.last_hand = view["last_hand"]
        s.winnings = [0] * n          # the match's running net is not needed to play on
        return s

    # -- words for the table ---------------------------------------------------------
    def describe_event(self, e):
        kind, seat = e["kind"], e.get("seat")
        if kind in ("hand_start", "hand_over"):
            # the seats and stacks are for hand histories; the table shows them
            return None
        if kind == "dealt":
            # others' deals say nothing the table does not; one's own, the cards
            return NotImplemented if "cards" in e else None
        if kind in ("small_blind", "big_blind", "ante"):
            what = {"small_blind": "the small blind", "big_blind": "the big blind",
                    "ante": "an ante"}[kind]
            return f"seat {seat} posts {what} of {e['chips']}"
        all_in = " (all-in)" if e.get("all_in") else ""
        if kind == "call":
            return f"seat {seat} calls {e['chips']}{all_in}"
        if kind == "bet":
            return f"seat {seat} bets {e['to']}{all_in}"
        if kind == "raise":
            return f"seat {seat} raises to {e['to']}{all_in}"
        if kind in ("fold", "check"):
            return f"seat {seat} {kind}s"
        if kind in STREETS:
            return f"{kind}: {cards_line(DECK, e['cards'])}"
        if kind == "shows":
            return f"seat {seat} shows {_pocket_text(e['cards'])}: {e['hand']}"
        if kind == "wins":
            split = f" (a split pot of {e['pot']})" if e["split"] else ""
            which = f" from {e['which']}" if e.get("which") else ""
            return f"seat {seat} wins {e['chips']}{which}{split}"
        if kind == "takes_back":
            return f"seat {seat} takes back {e['chips']} that nobody called"
        if kind == "out_of_chips":
            return f"seat {seat} has no chips left and is out"
        return NotImplemented


def _pocket_text(cards) -> str:
    return " ".join(pretty(DECK.text(c)) for c in ids(int(cards)))


# -- hand histories (PHH) ------------------------------------------------------------

def to_phh(state, hand: int | None = None, seat: int | None = None) -> str:
    """Hand ``hand`` (1-based; default the last one played to its end, or the
    one under way) of a Hold'em match as PHH text.  With ``seat``, others'
    pocket cards are written ``????`` unless shown (that seat's history);
    without, every card is written (the full record)."""
    game = state.game
    hands = _hand_events(state)
    if not hands:
        raise PelitError("no hand has been dealt")
    if hand is None:
        hand = len(hands)
    if not 1 <= hand <= len(hands):
        raise PelitError(f"hand {hand} does not exist; hands 1..{len(hands)}")
    events = hands[hand - 1]
    start = events[0].public
    order = start["players"]
    index = {p: i + 1 for i, p in enumerate(order)}
    o = state.options
    actions = []
    pockets = {}                  # as dealt, to show them in the same order
    for e in events:
        k = e.kind
        if k == "dealt":
            visible = seat is None or e.seat == seat
            cards = [int(c) for c in e.private["cards"]]
            pockets[e.seat] = cards
            actions.append(f"d dh p{index[e.seat]} "
                           + (phh.cards_text(DECK, cards) if visible else "????"))
        elif k in STREETS:
            actions.append("d db " + phh.cards_text(DECK, [int(c) for c in e.public["cards"]]))
        elif k == "fold":
            actions.append(f"p{index[e.seat]} f")
        elif k in ("check", "call"):
            actions.append(f"p{index[e.seat]} cc")
        elif k in ("bet", "raise"):
            actions.append(f"p{index[e.seat]} cbr {e.public['to']}")
        elif k == "shows":
            actions.append(f"p{index[e.seat]} sm {phh.cards_text(DECK, pockets[e.seat])}")
    record = {
        "variant": "FT" if o.betting == "fixed-limit" else "NT",
        "antes": [o.ante] * len(order),
        "blinds_or_straddles": [o.min_bet // 2, o.min_bet] + [0] * (len(order) - 2),
        "starting_stacks": [start["stacks"][p] for p in order],
        "actions": actions,
        "hand": hand,
        "seats": [p + 1 for p in order],
        "seat_count": o.players,
        "_pelit_raise_cap": o.raise_cap,
        "_pelit_raise_on_first_turn": o.raise_on_first_turn,
        "_pelit_pack": "2x52",
    }
    if o.betting == "fixed-limit":
        record["small_bet"] = o.min_bet
        record["big_bet"] = 2 * o.min_bet
    else:
        record["min_bet"] = o.min_bet
    finished = [e for e in events if e.kind == "hand_over"]
    if finished:
        record["finishing_stacks"] = [finished[0].public["stacks"][p] for p in order]
    return phh.dumps(record)


def _hand_events(state) -> list[list]:
    """The events of each hand, from its ``hand_start`` on."""
    hands = []
    for e in state.events:
        if e.kind == "hand_start":
            hands.append([])
        if hands:
            hands[-1].append(e)
    return hands


def from_phh(text: str, seed: int = 0):
    """A PHH hand of fixed-limit (FT) or no-limit (NT) hold'em played into a
    one-hand Texas Hold'em match: the players p1, p2, ... sit at seats 0, 1,
    ... with the dealer last, the pack stacked to deal the recorded cards
    (unknown ones from what is left), and every recorded action applied.
    The blinds must be the seed's (the small blind half the big one, the big
    blind the minimum bet, fixed limit's big bet twice it)."""
    game = load("texas-holdem")
    rec = phh.loads(text)
    variant = rec.get("variant")
    if variant not in ("FT", "NT"):
        raise ParseError(f"only Texas hold'em hands (variant FT or NT) can be read, not {variant!r}")
    stacks = [int(x) for x in rec["starting_stacks"]]
    n = len(stacks)
    blinds = [int(x) for x in rec["blinds_or_straddles"]] + [0] * n
    big = blinds[1]
    antes = {int(x) for x in rec.get("antes", [0])} or {0}
    if blinds[0] * 2 != big or any(blinds[2:n]) or len(antes) != 1:
        raise ParseError("the hand's blinds are not this game's: small blind half the big one, "
                         "no straddles, one ante for all")
    if variant == "FT" and (int(rec["small_bet"]) != big or int(rec["big_bet"]) != 2 * big):
        raise ParseError("fixed limit here has the big blind as the small bet and twice it as the big bet")
    options = {"players": n, "min_bet": big, "ante": antes.pop(),
               "stacks": ",".join(map(str, stacks)), "hands": 1, "dealer": n - 1,
               "betting": "fixed-limit" if variant == "FT" else "no-limit",
               "raise_cap": int(rec.get("_pelit_raise_cap", 3)),
               "raise_on_first_turn": bool(rec.get("_pelit_raise_on_first_turn", True))}
    holes: dict[int, list[int]] = {}
    board: list[int] = []
    used = 0
    plays = []
    for line in rec["actions"]:
        words = line.split("#")[0].split()
        if words[:2] == ["d", "dh"]:
            p = phh.player_index(words[2])
            cards = phh.parse_cards(DECK, words[3], used)
            for c in cards:
                used |= 1 << c
            holes[p] = cards
        elif words[:2] == ["d", "db"]:
            cards = phh.parse_cards(DECK, words[2], used)
            for c in cards:
                used |= 1 << c
            board += cards
        elif len(words) >= 2 and words[1] in ("f", "cc", "cbr"):
            plays.append((phh.player_index(words[0]), words[1], words[2:]))
        elif len(words) >= 2 and words[1] == "sm":
            continue                  # the reveal: the engine shows every hand left
        else:
            raise ParseError(f"{line!r} is not a hold'em action pelit can play back")
    rest = [c for c in range(DECK.size) if not (used >> c) & 1]
    deal = []
    for _ in range(2):
        for p in range(n):
            got = holes.get(p)
            if got and len(got) == 2:
                deal.append(got[_])
            else:
                deal.append(rest.pop(0))
    pack = deal + board + rest          # unknown cards ("????") come from the rest
    state = game.new_state(seed=seed, decks=[pack], **options)
    for p, kind, args in plays:
        seat = p
        if kind == "f":
            text = "fold"
        elif kind == "cc":
            text = "check" if state.bet.current == state.bet.bets[seat] else "call"
        else:
            text = ("raise " if state.bet.current else "bet ") + args[0]
        state.play(text, seat)
    return state
