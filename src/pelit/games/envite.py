"""Envite, the Canarian team game of three tricks, captains, stakes and signals.

Rule source: seed 001 (ten games from a card-game site), "Envite" (line
457): Setup (Supplies, Teams, The deal), Card ranking, Game play (Bidding,
Play of the hand, Lying down).

Four to twelve players sit alternately in two teams; with an odd number
one team has a dummy hand that its captain plays.  Each hand is three
cards each from a 40-card pack (no 8s, 9s, 10s) and a turned-up card for
trumps; the more players, the more cards are added on top of the trump
suit.  The team that takes two tricks wins the hand's stake.

Signals to the captain: before the captains speak, every player who is not
a captain sends his captain one signal from the table's agreed set
(option ``signals``: ``best`` names the best trump held, ``count`` how many
trumps; ``none`` plays without signals) or none (``pass``).  The signal
reaches the sender's team only: the other team's views and events show
that he has signalled, never what (``core.told.Told``; the leak suite
checks it).

The stakes (Bidding): two stones by default.  Either captain may ``raise
4``; the other ``accept``s, ``decline``s (the raisers take the stake before
the raise: 2 for a raise to 4, 4 for 7, 7 for 9, 9 for the game) or raises
on: 4, 7, 9, and ``raise game`` (the hand decides the game).  Captains who
are content say ``pass``; when both have, the hand is played.

Decisions where the seed is silent (pinned in tests/games/test_envite.py):

- Teams and captains: seats alternate teams (seat 0's team and seat 1's);
  the captains are seats 0 and 1.  With an odd number of players the
  dummy sits last at the table, on seat 1's team, and seat 1 sees and
  plays its hand.  The dummy deals in its turn like anyone.
- The deal: seat 0 deals first; three cards at a time to the right from
  the dealer's right (Envite is played to the right); then the next card
  is turned for trumps and the rest set aside unseen.
- Bidding: after an accepted raise the stake is settled: no more raises
  that hand.  A captain who has said ``pass`` may still answer (or, while
  the other has not spoken, be raised).  Signals are one per player and
  hand, sent before the captains speak.
- Trawling: a player void in trumps when a trump is led costs his team
  the hand at once, when his turn comes (in the order of play).  In a hand
  where one team is lying down, the other team scores 3 for winning it, and
  3 + 2 when the lying team fails a trawl; a lying team that wins (the
  other team failing a trawl included) wins the game.
- Lying down: a score of 11 or more is 11.  A game is won by winning a
  hand while lying down, by a hand played for the game, or at 12+ (never
  reached otherwise).  The match is best of three games (option
  ``games``: games needed to win); the deal keeps passing to the right
  from game to game.
- The tricks: only the last trick may be looked at; the tricks taken are
  counted per team.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands
from ..cards.deck import RANK_TEXT, SUIT_NAMES, Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.meld_screen import seat_label
from ..cards.trick import last_trick_cards, last_trick_from_view, shown_last_trick
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.told import Told

DECK = standard_deck("40")
RANK, SUIT = DECK.rank_of, DECK.suit_of
HAND = 3
LIE_DOWN = 11
STAKES = (2, 4, 7, 9, "game")            # Bidding: the stake levels
GAME = len(STAKES) - 1
TRAWL_BONUS = 2
LYING_LOSS, LYING_FORFEIT = 3, 1


def _card(text):
    return DECK.parse(text)


# Card ranking: cards added on top of the trump suit, highest first, by players a side
EXTRA_TRUMPS = (_card("AD"), _card("2D"), _card("5D"), _card("3C"), _card("QC"), _card("JD"))
PLAIN_ORDER = (2, 3, 4, 5, 6, 7, 14, 11, 12, 13)        # low to high: 2 .. 7, A, J, Q, K
TRUMP_ORDER = (3, 4, 5, 6, 7, 14, 11, 12, 13, 2)        # low to high: 3 .. 7, A, J, Q, K, 2


def extra_trumps(per_side: int) -> tuple[int, ...]:
    """The cards above the trump suit's own, highest first (Card ranking)."""
    return EXTRA_TRUMPS[len(EXTRA_TRUMPS) - {2: 0, 3: 3, 4: 4, 5: 5, 6: 6}[per_side]:]


def ranking(trump: int, per_side: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(strength, suit) of every card for this trump and table size: the
    extra trumps belong to the trump suit, whatever they show."""
    extras = extra_trumps(per_side)
    strength, suit = [], []
    for c in range(DECK.size):
        if c in extras:
            strength.append(300 - extras.index(c))
            suit.append(trump)
        elif SUIT[c] == trump:
            strength.append(200 + TRUMP_ORDER.index(RANK[c]))
            suit.append(trump)
        else:
            strength.append(100 + PLAIN_ORDER.index(RANK[c]))
            suit.append(SUIT[c])
    return tuple(strength), tuple(suit)


RANKINGS = {(t, k): ranking(t, k) for t in range(4) for k in range(2, 7)}


def trump_order_text(trump: int, per_side: int) -> str:
    strength, suit = RANKINGS[(trump, per_side)]
    cards = sorted((c for c in range(DECK.size) if suit[c] == trump), key=lambda c: -strength[c])
    extras = extra_trumps(per_side)
    return " ".join(pretty(DECK.text(c)) if c in extras else RANK_TEXT[RANK[c]].replace("T", "10")
                    for c in cards)


SIGNAL_SETS = {
    "best": ("top", "second", "third", "small trump", "no trump"),
    "count": ("no trump", "one trump", "two trumps", "three trumps"),
    "none": (),
}
ALL_SIGNALS = tuple(dict.fromkeys(w for words in SIGNAL_SETS.values() for w in words))


def true_signal(hand: int, trump: int, per_side: int, kind: str) -> str:
    """The signal that tells the truth about ``hand`` in the table's set."""
    strength, suit = RANKINGS[(trump, per_side)]
    trumps = [c for c in ids(hand) if suit[c] == trump]
    if kind == "count":
        return SIGNAL_SETS["count"][len(trumps)]
    if not trumps:
        return "no trump"
    order = sorted((c for c in range(DECK.size) if suit[c] == trump), key=lambda c: -strength[c])
    place = min(order.index(c) for c in trumps)
    return ("top", "second", "third")[place] if place < 3 else "small trump"


def hand_points(stake_level: int, lying: bool, trawl: bool) -> int | str:
    """What the winners of a hand score: the stake, or 3 against a lying
    team; plus 2 when the losers failed a trawl; "game" wins the game."""
    base = LYING_LOSS if lying else STAKES[stake_level]
    if base == "game":
        return "game"
    return base + (TRAWL_BONUS if trawl else 0)


def _games(k: int) -> str:
    return f"{k} game{'' if k == 1 else 's'}"


class Phase(enum.Enum):
    SIGNAL = 1       # the players signal their captains
    BID = 2          # the captains raise, accept, decline or pass
    LYING = 3        # the captain of a team lying down plays or forfeits
    PLAY = 4         # three tricks, played to the right


@dataclass(frozen=True)
class EnviteOptions:
    players: int = option(4, "number of players (odd: a dummy on seat 1's team)", min=4, max=12)
    games: int = option(2, "games to win the match (best of three: 2)", min=1, max=5)
    signals: str = option("best", "the agreed signals: the best trump held, how many trumps, "
                          "or none", choices=tuple(SIGNAL_SETS))


class EnviteState(State):
    __slots__ = ("hands", "stub", "up", "trump", "dealer", "scores", "games_won", "game_no",
                 "level", "raiser", "answer", "passed", "settled", "signals", "leader",
                 "trick", "turn", "tricks", "last_trick", "played", "hand_no", "results")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.stub = self.stub
        new.up = self.up
        new.trump = self.trump
        new.dealer = self.dealer
        new.scores = self.scores.copy()
        new.games_won = self.games_won.copy()
        new.game_no = self.game_no
        new.level = self.level
        new.raiser = self.raiser
        new.answer = self.answer
        new.passed = self.passed
        new.settled = self.settled
        new.signals = self.signals.copy()
        new.leader = self.leader
        new.trick = self.trick.copy()
        new.turn = self.turn
        new.tricks = self.tricks.copy()
        new.last_trick = self.last_trick
        new.played = self.played
        new.hand_no = self.hand_no
        new.results = self.results.copy()


@register
class Envite(Game):
    info = GameInfo(
        id="envite", name="Envite", min_seats=4, max_seats=12, family="trick-taking (Truc)",
        source="001 Envite (line 457)", hidden=True, chance=True, teams=True,
        summary=(
            "Two teams sitting alternately, 4 to 12 players (an odd number gives one "
            "team a dummy hand its captain plays). A 40-card pack: no 8s, 9s or 10s. "
            "Three cards each and a card turned for trumps; trumps rank 2 K Q J A 7 6 "
            "5 4 3, other suits K Q J A 7 .. 2, and with more players 3♣ Q♣ J♦, then "
            "5♦, 2♦ and A♦ join the top of trumps. Players signal their captain (the "
            "other team never sees what). The captains set the stake: 2 stones, or "
            "raise to 4, 7, 9 and the whole game; a raise is accepted, raised on, "
            "or declined (the raisers take the stake before it). Play goes to the "
            "right: follow suit if you can; leading a trump is trawling, and a "
            "player with no trump to play loses the hand for his team at once (2 "
            "stones more). Two tricks win the hand. At 11 a team is lying down: "
            "its captain plays (winning the game, or giving 3) or forfeits (1). "
            "Twelve wins a game; two games win the match."),
        verbs=(("7S", "play a card"),
               ("signal top", "signal your captain (your team only sees it)"),
               ("raise 4", "raise the stake (4, 7, 9, game)"),
               ("accept", "accept the raise"), ("decline", "decline the raise: the raisers score"),
               ("pass", "no raise from you / no signal"),
               ("play", "lying down: play the hand"), ("forfeit", "lying down: give 1 stone")),
    )
    Options = EnviteOptions
    Phase = Phase
    State = EnviteState
    deck = DECK
    test_options = {"games": 1}
    render_hints = {
        "seat_fields": ["dealer", "turn", "leader", "raiser", "answer_by"],
        "per_seat": ["hand_sizes", "signalled"],
        # the board says the trumps, the teams and the dummy
        "hide": ["level", "teams", "captains", "dummy", "dummy_cards", "trump_order", "up_card",
                 "trumps", "settled", "hand_no", "results", "stake", "raiser", "answer_by",
                 "content", "lying_down", "team_signals",
                 # positions: the board says them, naming the dummy's place
                 "trick", "leader", "turn", "last_trick"],
        "table": ["scores", "games_won", "tricks", "results"],
        "labels": {"trick": "trick", "trumps": "trumps", "up_card": "turned up",
                   "trump_order": "trumps high to low", "stake": "the hand is worth",
                   "team_signals": "signals in your team", "scores": "stones (team of seat 0, seat 1)",
                   "games_won": "games (team of seat 0, seat 1)", "tricks": "tricks (team of seat 0, seat 1)",
                   "answer_by": "must answer", "dummy_hand": "the dummy's hand",
                   "content": "captains content", "raiser": "raised by"},
        "not_cards_after": ["signal", "raise"],
        # for a duplicate match (core.duplicate): each team's seats and captain
        # (one entry a team), the teams content or lying down (team numbers)
        "seat_lists": ["teams", "captains"],
        "team_lists": ["teams", "captains"],
        "team_fields": ["team", "content", "lying_down"]}
    # the web table: the trick between partners facing, the trumps and the
    # stake in the banner, stones, games and tricks by team, the signals
    # seen in one's own team
    web_layout = {
        "table": "trick",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
            "dealer": "tag", "leader": ["tag", "leads"], "raiser": ["tag", "raised"],
            "answer_by": ["tag", "to answer"],
            "dummy_cards": {"role": "open_hand", "label": "dummy", "seat_key": "dummy"},
            "up_card": ["cards", "turned up"], "trumps": ["banner", "trumps"],
            "trump_order": {"role": "info", "label": "trumps high to low", "text": True},
            "stake": ["banner", "stake"], "scores": ["team", "stones"],
            "games_won": ["team", "games"], "tricks": ["team", "tricks"],
            "signalled": ["seat", "signalled"], "team_signals": ["rows", "signals in your team"],
        },
        "sheet": {"event": "hand_won", "total": "scores"},
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.SIGNAL = a.choice("signal", ALL_SIGNALS)
        self.RAISE = a.choice("raise", [str(v) for v in STAKES[1:]])
        self.ACCEPT = a.verb("accept")
        self.DECLINE = a.verb("decline")
        self.PASS = a.verb("pass")
        self.PLAY = a.verb("play")
        self.FORFEIT = a.verb("forfeit")
        self.actions = a

    def num_players(self, state):
        return state.options.players

    # -- the table: positions, teams, captains, the dummy -------------------------------------
    @staticmethod
    def positions(n: int) -> int:
        return n + n % 2

    @staticmethod
    def team(pos: int) -> int:
        return pos % 2

    def _controller(self, s, pos):
        """Who plays a position: its player, or for the dummy its captain."""
        return pos if pos < s.options.players else 1

    def _team_seats(self, s, team):
        return tuple(p for p in range(s.options.players) if p % 2 == team)

    def _per_side(self, s):
        return self.positions(s.options.players) // 2

    def _ranking(self, s):
        return RANKINGS[(s.trump, self._per_side(s))]

    # -- the deal -------------------------------------------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.scores = [0, 0]
        s.games_won = [0, 0]
        s.game_no = 0
        s.hand_no = 0
        s.results = []
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        npos = self.positions(n)
        pack = s.deal_pack(DECK, s.hand_no)
        s.hands = [0] * npos
        for k in range(npos):
            pos = (s.dealer - 1 - k) % npos              # to the right, from the dealer's right
            s.hands[pos] = mask_of(pack[HAND * k:HAND * k + HAND])
        s.up = pack[HAND * npos]
        s.stub = mask_of(pack[HAND * npos + 1:])
        s.trump = SUIT[s.up]
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=HAND)
        if npos > n:
            s.log("dummy_dealt", 1, audience=(1,), private={"cards": CardSet(s.hands[n])})
        s.log("trump_turned", None, card=Card(s.up), trumps=SUIT_NAMES[s.trump], dealer=s.dealer,
              dummy_deals=s.dealer >= n)
        s.level = 0
        s.raiser = None
        s.answer = None
        s.passed = 0
        s.settled = False
        s.signals = {}
        s.trick = []
        s.tricks = [0, 0]
        s.last_trick = None
        s.played = 0
        s.leader = (s.dealer - 1) % npos
        s.turn = None
        lying = [t for t in (0, 1) if s.scores[t] >= LIE_DOWN]
        signallers = [p for p in range(2, n)]
        if len(lying) == 2:
            s.log("both_lying_down", None)
            self._start_play(s)
        elif signallers and s.options.signals != "none":
            s.phase = Phase.SIGNAL
            s.to_act = tuple(signallers)
        else:
            self._after_signals(s)

    # -- signals to the captain -----------------------------------------------------------------
    def _legal_signal(self, s, seat):
        words = SIGNAL_SETS[s.options.signals]
        return [self.SIGNAL + ALL_SIGNALS.index(w) for w in words] + [self.PASS]

    def _apply_signal(self, s, seat, action):
        word = None if action == self.PASS else ALL_SIGNALS[action - self.SIGNAL]
        s.signals[seat] = word
        team = self._team_seats(s, seat % 2)
        s.log("signalled", seat, audience=team,
              private={"signal": Told(word or "no signal", team)})
        s.to_act = tuple(p for p in s.to_act if p != seat)
        if not s.to_act:
            self._after_signals(s)

    def _after_signals(self, s):
        lying = [t for t in (0, 1) if s.scores[t] >= LIE_DOWN]
        if lying:
            s.phase = Phase.LYING
            s.to_act = (lying[0],)            # captains are seats 0 and 1, one a team
            return
        s.phase = Phase.BID
        s.to_act = (0, 1)

    # -- the captains' stakes ------------------------------------------------------------------------
    def _legal_bid(self, s, seat):
        legal = []
        if s.answer == seat:
            legal += [self.ACCEPT, self.DECLINE]
        if s.level < GAME and (s.answer == seat or s.raiser is None):
            legal.append(self.RAISE + s.level)
        if s.raiser is None:
            legal.append(self.PASS)
        return legal

    def _apply_bid(self, s, seat, action):
        if action == self.PASS:
            s.passed |= 1 << seat
            s.log("content", seat, stake=STAKES[s.level])
            s.to_act = tuple(p for p in (0, 1) if not (s.passed >> p) & 1)
            if not s.to_act:
                self._start_play(s)
            return
        if action == self.ACCEPT:
            s.log("accept", seat, stake=STAKES[s.level])
            s.settled = True
            self._start_play(s)
            return
        if action == self.DECLINE:
            stones = STAKES[s.level - 1]
            s.log("decline", seat, stake=STAKES[s.level], raisers_score=stones)
            self._hand_won(s, s.raiser, stones, "the raise was declined")
            return
        s.level += 1
        s.raiser = seat
        s.answer = 1 - seat
        s.log("raise", seat, to=STAKES[s.level])
        s.to_act = (s.answer,)

    # -- lying down ---------------------------------------------------------------------------------
    def _legal_lying(self, s, seat):
        return [self.PLAY, self.FORFEIT]

    def _apply_lying(self, s, seat, action):
        team = seat
        if action == self.FORFEIT:
            s.log("forfeit", seat, gives=LYING_FORFEIT)
            self._hand_won(s, 1 - team, LYING_FORFEIT, "the team lying down forfeited")
            return
        s.log("lying_down_plays", seat)
        self._start_play(s)

    # -- play of the hand ----------------------------------------------------------------------------
    def _start_play(self, s):
        s.phase = Phase.PLAY
        s.raiser = s.answer = None
        self._next_turn(s, s.leader)

    def _next_turn(self, s, pos):
        s.turn = pos
        strength, suit = self._ranking(s)
        if s.trick and suit[s.trick[0][1]] == s.trump and not any(
                suit[c] == s.trump for c in ids(s.hands[pos])):
            team = self.team(pos)
            s.log("trawl_failed", self._controller(s, pos), position=pos, team=team)
            self._play_won(s, 1 - team, trawl=True)
            return
        s.to_act = (self._controller(s, pos),)

    def _legal_play(self, s, seat):
        hand = s.hands[s.turn]
        if not s.trick:
            return ids(hand)
        _, suit = self._ranking(s)
        lead = suit[s.trick[0][1]]
        same = [c for c in ids(hand) if suit[c] == lead]
        return same or ids(hand)

    def _apply_play(self, s, seat, card):
        pos = s.turn
        s.hands[pos] &= ~(1 << card)
        s.trick.append((pos, card))
        s.log("play", seat, position=pos, card=Card(card))
        npos = len(s.hands)
        if len(s.trick) < npos:
            self._next_turn(s, (pos - 1) % npos)
            return
        strength, suit = self._ranking(s)
        lead = suit[s.trick[0][1]]
        best = max(s.trick, key=lambda pc: (suit[pc[1]] == s.trump, suit[pc[1]] == lead,
                                            strength[pc[1]]))
        winner = best[0]
        team = self.team(winner)
        s.tricks[team] += 1
        s.last_trick = (tuple(s.trick), winner)
        s.played |= mask_of(c for _, c in s.trick)
        s.log("trick", self._controller(s, winner), position=winner, team=team,
              tricks=list(s.tricks))
        s.trick = []
        if s.tricks[team] == 2:
            self._play_won(s, team, trawl=False)
            return
        self._next_turn(s, winner)

    # -- scoring --------------------------------------------------------------------------------------
    def _play_won(self, s, team, trawl):
        lying = [t for t in (0, 1) if s.scores[t] >= LIE_DOWN]
        if len(lying) == 2 or team in lying:
            self._game_won(s, team, "won the hand lying down" if len(lying) == 1
                           else "won the hand with both teams lying down")
            return
        points = hand_points(s.level, bool(lying), trawl)
        why = "the other team failed a trawl" if trawl else "two tricks"
        if points == "game":
            self._game_won(s, team, "won the hand played for the game")
            return
        self._hand_won(s, team, points, why)

    def _hand_won(self, s, team, stones, why):
        s.scores[team] = min(LIE_DOWN, s.scores[team] + stones)
        s.results.append(f"game {s.game_no + 1}: {stones} to the team of seat {team} ({why})")
        s.log("hand_won", team, stones=stones, why=why, scores=list(s.scores))
        self._next_hand(s)

    def _game_won(self, s, team, why):
        s.scores[team] = LIE_DOWN + 1
        s.games_won[team] += 1
        s.results.append(f"game {s.game_no + 1}: won by the team of seat {team} ({why})")
        s.log("game_won", team, why=why, scores=list(s.scores), games_won=list(s.games_won))
        if s.games_won[team] >= s.options.games:
            n = s.options.players
            self.finish(s, Outcome(tuple(s.games_won[p % 2] for p in range(n)),
                                   self._team_seats(s, team),
                                   f"the team of seat {team} won the match, "
                                   f"{_games(s.games_won[team])} to {s.games_won[1 - team]}",
                                   details={"hands": s.hand_no + 1}))
            return
        s.game_no += 1
        s.scores = [0, 0]
        self._next_hand(s)

    def _next_hand(self, s):
        s.hand_no += 1
        s.dealer = (s.dealer - 1) % len(s.hands)           # the deal passes to the right
        self._deal(s)

    # -- refusals -------------------------------------------------------------------------------------
    def why_illegal(self, s, seat, action):
        if not isinstance(action, int) or not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        if action < DECK.size:
            if s.phase != Phase.PLAY:
                return "the cards are played after the stakes are settled"
            if not (s.hands[s.turn] >> action) & 1:
                return f"{DECK.text(action)} is not in the hand you play"
            _, suit = self._ranking(s)
            lead = suit[s.trick[0][1]]
            what = "a trump (trawling)" if lead == s.trump else SUIT_NAMES[lead]
            return f"you must follow suit: {what}"
        if self.SIGNAL <= action < self.SIGNAL + len(ALL_SIGNALS):
            if s.phase != Phase.SIGNAL:
                return "signals are sent before the captains speak"
            return f"this table's signals are: {', '.join(SIGNAL_SETS[s.options.signals])}"
        if self.RAISE <= action < self.RAISE + GAME:
            if s.phase != Phase.BID:
                return "there is no bidding now"
            if s.settled or (s.raiser is not None and s.answer != seat):
                return "wait for the other captain's answer"
            return f"the next raise is to {STAKES[s.level + 1]}" if s.level < GAME \
                else "nothing is above the game"
        if action in (self.ACCEPT, self.DECLINE):
            return "there is no raise for you to answer"
        if action == self.PASS and s.phase == Phase.BID:
            return "answer the raise: accept, decline or raise"
        return super().why_illegal(s, seat, action)

    # -- text -----------------------------------------------------------------------------------------
    def describe_event(self, event):
        kind = event.get("kind")
        if kind == "signalled":
            sig = event.get("signal")
            return (f"seat {event['seat']} signals" if sig is None
                    else f"seat {event['seat']} signals: {sig}")
        seat = event.get("seat")
        if kind == "play":
            who = "the dummy" if event["position"] != seat else f"seat {seat}"
            return f"{who} plays {pretty(DECK.text(event['card']))}"
        if kind == "trump_turned":
            who = "the dummy's place" if event.get("dummy_deals") else f"seat {event['dealer']}"
            return (f"{who} deals; turned up {pretty(DECK.text(event['card']))}: "
                    f"{event['trumps']} are trumps")
        if kind == "dummy_dealt":
            cards = event.get("cards")
            shown = "" if cards is None else ": " + " ".join(
                pretty(DECK.text(c)) for c in ids(int(cards)))
            return f"captain seat {seat} takes up the dummy's hand{shown}"
        if kind == "content":
            return f"captain seat {seat} does not raise (stake {event['stake']})"
        if kind == "raise":
            return f"captain seat {seat} raises to {event['to']}"
        if kind == "accept":
            return f"captain seat {seat} accepts: the hand is played for {event['stake']}"
        if kind == "decline":
            return (f"captain seat {seat} declines the raise to {event['stake']}: "
                    f"{event['raisers_score']} to the raisers")
        if kind == "trick":
            who = "the dummy" if event["position"] != seat else f"seat {seat}"
            return f"{who} takes the trick (tricks {event['tricks'][0]}-{event['tricks'][1]})"
        if kind == "trawl_failed":
            who = "the dummy" if event["position"] != seat else f"seat {seat}"
            return f"{who} has no trump to follow the trawl: the team of seat {event['team']} loses"
        if kind == "hand_won":
            return (f"the team of seat {seat} scores {event['stones']} ({event['why']}); "
                    f"stones {event['scores'][0]}-{event['scores'][1]}")
        if kind == "game_won":
            return (f"the team of seat {seat} wins the game ({event['why']}); games "
                    f"{event['games_won'][0]}-{event['games_won'][1]}")
        if kind == "lying_down_plays":
            return f"captain seat {seat}, lying down, plays the hand"
        if kind == "forfeit":
            return f"captain seat {seat}, lying down, forfeits: 1 stone to the other team"
        return NotImplemented

    def render_board(self, view):
        dummy = view["dummy"]
        me = view["seat"]
        lines = [f"trumps {view['trumps']} (turned up {pretty(DECK.text(view['up_card']))}), "
                 f"high to low: {view['trump_order']}",
                 f"teams: seats {', '.join(map(str, view['teams'][0]))} (captain seat 0) against "
                 f"seats {', '.join(map(str, view['teams'][1]))} (captain seat 1)"
                 + (f"; seat 1 plays the dummy (place {dummy}, {view['dummy_cards']} cards)"
                    if dummy is not None else "")]
        lines.append(self._stake_line(view, me))
        for t in view["lying_down"]:
            seats = view["teams"][t]
            who = "your team" if me in seats else "the team of seats " + ", ".join(map(str, seats))
            lines.append(f"lying down (one stone from the game): {who}")
        lines.extend(self._trick_lines(view, me))
        signals = view.get("team_signals") or []
        if signals:
            lines.append("signals to your captain: " + ", ".join(
                f"{seat_label(p, me)} {sig}" for p, sig in signals))
        return "\n".join(lines)

    @staticmethod
    def _trick_lines(view, me):
        """The trick in play, who led it and who plays next, and the last
        trick: the dummy's place named as the dummy, not as a seat."""
        dummy = view["dummy"]

        def who(pos):
            return "the dummy (seat 1 plays it)" if pos == dummy else seat_label(pos, me)

        def plays(trick):
            return " · ".join(f"{'the dummy' if p == dummy else seat_label(p, me)} "
                              f"{pretty(DECK.text(c))}" for p, c in trick)

        if view["phase"] != "play":
            return [f"the first lead: {who(view['leader'])}"]
        to_play = "" if view["turn"] is None else f", {who(view['turn'])} to play"
        lines = [f"trick: {plays(view['trick']) if view['trick'] else 'no card yet'}; "
                 f"led by {who(view['leader'])}{to_play}"]
        last = view["last_trick"]
        if last is not None:
            lines.append(f"last trick: {plays(last['cards'])}, taken by {who(last['won_by'])}")
        return lines

    @staticmethod
    def _stake_line(view, me):
        stake = view["stake"]
        worth = "the game" if stake == "game" else f"{stake} stones"
        line = f"the hand is worth {worth}"
        if view["answer_by"] is not None:
            line += (f": {seat_label(view['raiser'], me)} raised, "
                     f"{seat_label(view['answer_by'], me)} to answer")
        elif view["content"]:
            line += "; content: " + ", ".join(f"captain {seat_label(p, me)}"
                                             for p in view["content"])
        return line

    # -- views -------------------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        n = s.options.players
        npos = len(s.hands)
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
            if seat == 1 and npos > n:
                v["dummy_hand"] = CardSet(s.hands[n])
        v["hand_sizes"] = [s.hands[p].bit_count() for p in range(n)]
        v["dummy"] = n if npos > n else None
        v["dummy_cards"] = s.hands[n].bit_count() if npos > n else None
        v["teams"] = [list(self._team_seats(s, 0)), list(self._team_seats(s, 1))]
        v["captains"] = [0, 1]
        v["dealer"] = s.dealer
        v["up_card"] = Card(s.up)
        v["trumps"] = SUIT_NAMES[s.trump]
        v["trump_order"] = trump_order_text(s.trump, self._per_side(s))
        v["scores"] = list(s.scores)
        v["games_won"] = list(s.games_won)
        v["lying_down"] = [t for t in (0, 1) if s.scores[t] >= LIE_DOWN]
        v["level"] = s.level
        v["stake"] = STAKES[s.level]
        v["raiser"] = s.raiser
        v["answer_by"] = s.answer
        v["settled"] = s.settled
        v["content"] = [p for p in (0, 1) if (s.passed >> p) & 1]
        v["signalled"] = [None if p < 2 else ("yes" if p in s.signals else None)
                          for p in range(n)]
        if seat is not None and seat < n:
            team = self._team_seats(s, seat % 2)
            v["team_signals"] = [[p, Told(s.signals[p] or "no signal", team)]
                                 for p in team if p in s.signals]
        v["trick"] = [[p, Card(c)] for p, c in s.trick]
        v["turn"] = s.turn
        v["leader"] = s.leader
        v["tricks"] = list(s.tricks)
        # won tricks lie face down: the last may be looked at until the next card is played
        v["last_trick"] = shown_last_trick(s.last_trick, s.trick)
        v["hand_no"] = s.hand_no
        v["results"] = list(s.results)

    def zones(self, s):
        z = {"stub": s.stub, "up": 1 << s.up, "trick": mask_of(c for _, c in s.trick),
             "played": s.played}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        m = s.stub
        n = s.options.players
        for p, h in enumerate(s.hands):
            if p != seat and not (seat == 1 and p == n):
                m |= h
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        npos = self.positions(n)
        own = int(view["hand"]) if seat is not None else 0
        dummy = int(view["dummy_hand"]) if "dummy_hand" in view else None
        s.up = int(view["up_card"])
        s.trump = SUIT[s.up]
        s.trick = [(p, int(c)) for p, c in view["trick"]]
        s.last_trick = last_trick_from_view(view["last_trick"])
        last = last_trick_cards(view["last_trick"])
        seen = own | (dummy or 0) | (1 << s.up) | mask_of(c for _, c in s.trick) | last
        sizes = list(view["hand_sizes"]) + ([view["dummy_cards"]] if npos > n else [])
        counts = {f"hand{p}": k for p, k in enumerate(sizes)
                  if p != seat and not (p == n and dummy is not None)}
        # the stub was never dealt; the tricks before the last are played and gone
        counts["played"] = HAND * npos - sum(sizes) - len(s.trick) - last.bit_count()
        unseen = DECK.all_mask & ~seen
        counts["stub"] = unseen.bit_count() - sum(counts.values())
        placed = sample_hands(unseen, counts, rng)
        s.hands = [own if p == seat else dummy if (p == n and dummy is not None)
                   else placed[f"hand{p}"] for p in range(npos)]
        s.stub = placed["stub"]
        s.played = placed["played"] | last
        s.dealer = view["dealer"]
        s.scores = list(view["scores"])
        s.games_won = list(view["games_won"])
        s.game_no = sum(s.games_won)
        s.level = view["level"]
        s.raiser = view["raiser"]
        s.answer = view["answer_by"]
        s.passed = mask_of(view["content"])
        s.settled = view["settled"]
        s.signals = {}
        for p, word in view.get("team_signals", []):
            s.signals[p] = None if word == "no signal" else str(word)
        for p, flag in enumerate(view["signalled"]):
            if flag and p not in s.signals:
                s.signals[p] = None             # the other team's: sent, unknown
        s.leader = view["leader"]
        s.turn = view["turn"]
        s.tricks = list(view["tricks"])
        s.hand_no = view["hand_no"]
        s.results = list(view["results"])
        return s

