"""Contract bridge.

Rule source: seed 002 (a 2 x 54 card set's rule sheet), "Bridge" (line 238):
Card values, Shuffling and dealing, Auction (bidding), the contract's
consequences, Passing (play for tricks), Winning tricks, Evaluation
(scoring) with its two tables (trick points and contract bonuses).

Seats 0..3 are North, East, South, West; North-South (0, 2) play East-West
(1, 3).  The auction, declarer and dummy play come from the shared layer
(``cards.auction``, ``cards.contract``, ``cards.dummy``).

Decisions where the seed is silent, cut off or slips (each pinned in
tests/games/test_bridge.py):

- Evaluation: the seed's tables call the cheap suits "clubs and spades" and
  the expensive ones "hearts and diamonds"; as in every bridge book, the
  cheap suits (20 a trick) are clubs and diamonds, the expensive ones (30)
  hearts and spades.
- Evaluation: the text stops inside its tables.  The rest is the laws of
  contract bridge: overtricks (trick value undoubled, 100/200 a trick
  doubled, twice that redoubled, not vulnerable/vulnerable); undertricks
  (50/100 a trick undoubled; doubled not vulnerable 100, 300, 500, then 300
  more a trick; doubled vulnerable 200, then 300 more a trick; redoubled
  twice the doubled figures); 50 for making a doubled contract, 100
  redoubled; the game bonus (300/500) whenever the contract's trick points,
  doubled or redoubled, reach 100, else the part-score bonus 50.  For
  undoubled contracts this is exactly the seed's bonus table (its 800/1250
  and 1300/2000 are game plus slam bonus).
- Auction: the seed allows only bids and passes; the laws add double and
  redouble (double an opponent's bid, redouble a double of your own side's
  bid), which the seed's doubled scoring needs.  Three passes in a row after
  a call end the auction; four passes at the start pass the deal out.
- Declarer (Auction): of the side that made the last bid, the partner who
  first named its strain.
- Shuffling and dealing: the dealer deals one card at a time, starting
  with the player on his left.
- Scoring mode (option ``scoring``): ``duplicate`` (the default) scores
  each deal on its own, as the seed's tables do; a match is ``deals``
  boards (default 4) whose dealer and vulnerability follow the standard
  board numbering (board 1: North deals, nobody vulnerable; 2: East, NS;
  3: South, EW; 4: West, both; the 16-board cycle after).  A passed-out
  board scores 0.  The side with more points wins.
- Preset ``rubber``: rubber bridge.  Trick points go below the line; 100
  below the line wins a game and starts a new one for both sides; a side
  with a game is vulnerable; two games win the rubber (bonus 700 if the
  opponents have no game, else 500).  Overtricks, slams, the doubled
  bonus, undertricks and honours (four of the five trump honours in one
  hand 100, all five 150; four aces in one hand at no trump 150) go above
  the line.  A passed-out deal is dealt again by the next dealer.  The
  match is ``rubbers`` rubbers (default 1); the side with more points in
  all wins.
- Dummy (Passing): the dummy's cards go face up after the opening lead and
  stay visible to everyone; before that only the dummy's owner sees them.
  The declarer chooses the dummy's cards; the dummy's owner never acts in
  the play.  Quitted tricks lie face down, as the laws have it: a view
  shows the trick on the table and the last trick (which the laws let a
  player review), the tricks won and the suits each hand has shown void.
- PBN (Portable Bridge Notation) export and import of deals:
  ``Bridge.to_pbn(state)`` writes every board played so far with its
  auction and play; ``Bridge.decks_from_pbn(text)`` reads deals back into
  stacked packs (with ``first_board`` for their board number), and
  ``Bridge.state_from_pbn(text)`` also replays a game's auction and play.
- Double-dummy analysis (``Bridge.double_dummy(state)``) uses the optional
  package endplay when it is installed (extra ``dd``); play never needs it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import pbn
from ..cards.auction import DOUBLE, PASS, REDOUBLE, Auction
from ..cards.contract import (BID_TEXT, BIDS, STRAIN_TRUMP,
                              contract_text, declarer_of, duplicate_score, honours_bonus,
                              rubber_score, score_lines)
from ..cards.deal import HandSampler
from ..cards.deck import SUIT_NAMES, Card, CardSet, standard_deck
from ..cards.dummy import DummyPlay, play_zones
from ..cards.seats import others_hands
from ..cards.table_text import play_text
from ..core.actions import ActionSpace
from ..core.errors import ParseError, PelitError
from ..core.game import Event, Game, GameInfo, Outcome, State, View, option
from ..core.registry import register

DECK = standard_deck("52")
SEAT_NAMES = ("North", "East", "South", "West")
ORDER = (0, 1, 2, 3)
DOWN_ZONES = tuple(f"down{p}" for p in ORDER)     # sample_world's zones of unseen played cards
TO_ACT = ((0,), (1,), (2,), (3,))
BIT = tuple(1 << c for c in range(52))
# Events are never changed once logged, so the play of each card is one
# prebuilt event per (seat acting, hand played from, card), shared by every
# match: logging a play costs a lookup.
PLAY_EVENTS = tuple(tuple(tuple(Event("play", seat, {"hand": hand, "card": Card(c)})
                                for c in range(52)) for hand in range(4))
                    for seat in range(4))

# the standard vulnerability of boards 1..16 (NS, EW)
_N, _NS, _EW, _ALL = (False, False), (True, False), (False, True), (True, True)
BOARD_VUL = (_N, _NS, _EW, _ALL, _NS, _EW, _ALL, _N, _EW, _ALL, _N, _NS, _ALL, _N, _NS, _EW)


def board_dealer(board: int) -> int:
    """Dealer of board number ``board`` (1-based): N, E, S, W in turn."""
    return (board - 1) % 4


def board_vulnerability(board: int) -> tuple[bool, bool]:
    return BOARD_VUL[(board - 1) % 16]


class Phase(enum.Enum):
    AUCTION = 1
    PLAY = 2


@dataclass(frozen=True)
class BridgeOptions:
    scoring: str = option("duplicate", "duplicate: each deal scored on its own; "
                          "rubber: rubber bridge", choices=("duplicate", "rubber"))
    deals: int = option(4, "boards in a duplicate-scored match", min=1, max=64)
    rubbers: int = option(1, "rubbers in a rubber-scored match", min=1, max=20)
    first_board: int = option(1, "board number of the first deal (sets dealer and "
                              "vulnerability in duplicate scoring)", min=1, max=9999)


class BridgeState(State):
    __slots__ = ("board", "pack_no", "dealer", "vul", "hands", "auction", "contract",
                 "dp", "scores", "results", "games", "below", "rubber_no", "rubber_games",
                 "archive", "plays")

    def _copy_into(self, new):
        new.board = self.board
        new.pack_no = self.pack_no
        new.dealer = self.dealer
        new.vul = self.vul
        new.hands = self.hands.copy()
        new.auction = self.auction.clone()
        new.contract = self.contract
        new.dp = self.dp.clone() if self.dp is not None else None
        new.scores = self.scores.copy()
        new.results = self.results.copy()
        new.games = self.games.copy()
        new.below = self.below.copy()
        new.rubber_no = self.rubber_no
        new.rubber_games = self.rubber_games.copy()
        new.archive = self.archive.copy()
        new.plays = self.plays.copy()


@register
class Bridge(Game):
    info = GameInfo(
        id="bridge", name="Bridge", min_seats=4, max_seats=4, family="trick-taking",
        source="002 Bridge (line 238)", hidden=True, chance=True, teams=True,
        aliases=("contract-bridge",), zero_sum=True,
        summary=(
            "Contract bridge for two partnerships, North-South against East-West, "
            "with a 52-card pack; spades rank highest, then hearts, diamonds, clubs. "
            "Everyone gets 13 cards. In the auction each player in turn passes, bids "
            "a number of tricks over six with a trump suit or no trump (each bid "
            "higher than the last), doubles an opponent's bid or redoubles a double; "
            "three passes end it. The side with the last bid must win that many tricks "
            "plus six: its player who first named the strain is the declarer, and his "
            "partner is the dummy. The player on the declarer's left leads; then the "
            "dummy's hand goes face up and the declarer plays it too. Follow suit if "
            "you can; the highest trump, else the highest card of the suit led, wins. "
            "Scoring: 20 a trick over six in clubs and diamonds, 30 in hearts and "
            "spades, 40 for the first and 30 for the rest at no trump; a part score "
            "earns 50 more, a game (100 trick points) 300, or 500 vulnerable; slams "
            "and doubled results earn more, undertricks go to the defenders. "
            "Duplicate scoring per deal by default; the 'rubber' preset plays "
            "rubber bridge."),
        verbs=(("QS", "play a card (the dummy's too, when you are the declarer)"),
               ("bid 1c .. bid 7nt", "bid a number of tricks over six in a strain"),
               ("pass", "make no bid"),
               ("double", "double the opponents' last bid"),
               ("redouble", "redouble the opponents' double of your side's bid")),
    )
    Options = BridgeOptions
    Phase = Phase
    State = BridgeState
    deck = DECK
    presets = {"rubber": {"scoring": "rubber"}}
    test_options = {"deals": 1}
    # the terminal: the board number and the play as lines of text (render_board)
    render_hints = {"hide": ["play"], "seat_fields": ["dummy", "hand"],
                    # one entry a side, for a duplicate match (core.duplicate); the
                    # boards' results are a list of their own
                    "team_lists": ["score", "above", "rubber_bonus", "rubber_games"],
                    "table": ["results", "rubber_games"]}

    def render_board(self, view):
        """Lines for the terminal from the public parts of a view: the board,
        and the play with hands named by compass point."""
        me = view.get("seat")
        vul = [side for side, v in zip(("North-South", "East-West"), view["vulnerable"]) if v]
        lines = [f"Board {view['board']}  dealer {SEAT_NAMES[view['dealer']]}; vulnerable: "
                 f"{', '.join(vul) or 'none'}"
                 + ("" if me is None else f"; you are {SEAT_NAMES[me]}"),
                 "Seats 0, 1, 2, 3 sit North, East, South, West; North-South play East-West"]
        play = play_text(DECK, view["play"], list(SEAT_NAMES), me)
        if play:
            lines.append(play)
        return "\n".join(lines)


    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.BID0 = self.actions.choice("bid", BID_TEXT)
        self.PASS = self.actions.verb("pass")
        self.DOUBLE = self.actions.verb("double")
        self.REDOUBLE = self.actions.verb("redouble")
        self._call_action = {PASS: self.PASS, DOUBLE: self.DOUBLE, REDOUBLE: self.REDOUBLE}
        self._action_call = {v: k for k, v in self._call_action.items()}
        # a call's text (as views list the auction) to the call, for sampled worlds
        self._call_of_text = {self.action_text(a): c for c, a in self._call_action.items()}
        self._call_of_text.update((self.action_text(self.BID0 + c), c) for c in range(len(BIDS)))
        # the action of each auction call, indexed by call + 3 (REDOUBLE is -3)
        self._call_actions = (self.REDOUBLE, self.DOUBLE, self.PASS) + tuple(
            self.BID0 + b for b in range(len(BIDS)))
        # auction action -> (call, the prebuilt "call" event of each seat)
        self._call_of = {a: (c, tuple(Event("call", seat, {"call": self.actions.text(a)})
                                      for seat in range(4)))
                         for c, a in enumerate(self._call_actions, -3)}

    def num_players(self, state):
        return 4

    # -- dealing -------------------------------------------------------------
    def _setup(self, s):
        s.board = 0
        s.pack_no = 0
        s.scores = [0, 0]
        s.results = []
        s.games = [0, 0]
        s.below = [0, 0]
        s.rubber_no = 0
        s.rubber_games = []
        s.archive = []
        s.dealer = board_dealer(s.options.first_board) if s.options.scoring == "duplicate" else 0
        self._deal(s)

    def _board_number(self, s):
        return s.options.first_board + s.board

    def _deal(self, s):
        if s.options.scoring == "duplicate":
            number = self._board_number(s)
            s.dealer = board_dealer(number)
            s.vul = board_vulnerability(number)
        else:
            s.vul = (s.games[0] > 0, s.games[1] > 0)
        pack = s.deal_pack(DECK, s.pack_no)
        s.pack_no += 1
        # one card at a time from the dealer's left: the hand i seats after
        # him gets every fourth card from the i-th (what cards.deal.deal does)
        first = s.dealer + 1
        hands = [0, 0, 0, 0]
        for i in range(4):
            hands[(first + i) % 4] = sum(map(BIT.__getitem__, pack[i::4]))
        s.hands = hands
        s.auction = Auction(4, s.dealer, allow_double=True, passes_to_end=3)
        s.contract = None
        s.dp = None
        s.plays = []
        for p in range(4):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(hands[p])}, count=13)
        s.log("board", None, board=self._board_number(s), dealer=s.dealer,
              vulnerable=list(s.vul))
        s.phase = Phase.AUCTION
        s.to_act = (s.dealer,)

    # -- auction ---------------------------------------------------------------
    def _calls(self, s):
        return s.auction.legal(len(BIDS))

    def _legal_auction(self, s, seat):
        actions = self._call_actions
        return [actions[c + 3] for c in self._calls(s)]

    def _apply_auction(self, s, seat, action):
        call, events = self._call_of[action]
        a = s.auction
        a.call(seat, call)
        s.events.append(events[seat])
        if not a.done:
            s.to_act = TO_ACT[a.turn]
            return
        if a.high is None:
            s.log("passed_out", None, board=self._board_number(s))
            self._end_board(s, None)
            return
        level, strain = BIDS[a.high]
        declarer = declarer_of(a.calls, a.high, a.high_seat)
        dummy = (declarer + 2) % 4
        s.contract = (level, strain, a.doubled, declarer)
        owner = tuple(declarer if h == dummy else h for h in range(4))
        s.dp = DummyPlay(DECK, s.hands, ORDER, owner, declarer, dummy, STRAIN_TRUMP[strain])
        s.log("contract", declarer, contract=contract_text(level, strain, a.doubled),
              declarer=declarer, dummy=dummy, leader=s.dp.leader)
        s.phase = Phase.PLAY
        s.to_act = (s.dp.seat_to_act(),)

    # -- play ----------------------------------------------------------------
    def _legal_play(self, s, seat):
        return s.dp.legal_cards()

    def _apply_play(self, s, seat, card):
        dp = s.dp
        hand, opening, winner = dp.play(card)
        s.plays.append((hand, card))
        events = s.events
        events.append(PLAY_EVENTS[seat][hand][card])
        if opening:
            s.log("dummy_shown", dp.dummy, cards=CardSet(dp.hands[dp.dummy]))
        if winner is not None:
            events.append(Event("trick", winner, {"winner": winner, "tricks_won": dp.won.copy()}))
            if dp.tricks_done == 13:
                self._end_board(s, dp.declarer_tricks())
                return
        s.to_act = TO_ACT[dp.owner[dp.turn]]

    # -- scoring -------------------------------------------------------------
    def _end_board(self, s, tricks):
        number = self._board_number(s)
        result = {"board": number, "dealer": s.dealer, "vulnerable": list(s.vul)}
        s.archive.append(self._archive_entry(s, tricks))
        if s.contract is None:
            result.update(contract="passed out", declarer=None, tricks=None, score=[0, 0])
            if s.options.scoring == "rubber":
                result["score"] = [0, 0]
                s.results.append(result)
                s.log("board_scored", None, **result)
                s.board += 1          # in rubber bridge the board number counts deals
                s.dealer = (s.dealer + 1) % 4
                self._deal(s)
                return
        else:
            level, strain, doubled, declarer = s.contract
            side = declarer % 2
            vul = s.vul[side]
            result.update(contract=contract_text(level, strain, doubled), declarer=declarer,
                          tricks=tricks, lines=score_lines(level, strain, doubled, vul, tricks))
            if s.options.scoring == "duplicate":
                pts = duplicate_score(level, strain, doubled, vul, tricks)
                score = [0, 0]
                score[side] = pts
                score[1 - side] = -pts
                s.scores[0] += score[0]
                s.scores[1] += score[1]
                result["score"] = score
            else:
                result.update(self._rubber_entry(s, level, strain, doubled, declarer, tricks))
        s.results.append(result)
        s.log("board_scored", None, **result)
        s.board += 1
        if s.options.scoring == "duplicate":
            if s.board >= s.options.deals:
                self._finish(s, f"{s.options.deals} board{'s' if s.options.deals > 1 else ''} played")
                return
        else:
            if s.rubber_no >= s.options.rubbers:
                self._finish(s, f"{s.options.rubbers} rubber{'s' if s.options.rubbers > 1 else ''} played")
                return
        s.dealer = (s.dealer + 1) % 4
        self._deal(s)

    def _rubber_entry(self, s, level, strain, doubled, declarer, tricks):
        side = declarer % 2
        vul = s.vul[side]
        below, above, penalty = rubber_score(level, strain, doubled, vul, tricks)
        above_pts = [0, 0]
        above_pts[side] += above
        above_pts[1 - side] += penalty
        orig = [s.hands[h] for h in range(4)]
        holder, honours = honours_bonus(orig, strain, DECK)
        if honours:
            above_pts[holder % 2] += honours
        below_pts = [0, 0]
        below_pts[side] = below
        s.below[side] += below
        entry = {"below": below_pts, "above": above_pts, "honours": honours,
                 "game": False, "rubber_bonus": [0, 0]}
        if s.below[side] >= 100:
            s.games[side] += 1
            s.below = [0, 0]
            entry["game"] = True
            if s.games[side] == 2:
                bonus = 700 if s.games[1 - side] == 0 else 500
                entry["rubber_bonus"][side] = bonus
                s.rubber_games.append(tuple(s.games))
                s.rubber_no += 1
                s.games = [0, 0]
        total = [below_pts[i] + above_pts[i] + entry["rubber_bonus"][i] for i in (0, 1)]
        s.scores[0] += total[0]
        s.scores[1] += total[1]
        entry["score"] = total
        return entry

    def _finish(self, s, reason):
        a, b = s.scores
        winners = () if a == b else ((0, 2) if a > b else (1, 3))
        side = "North-South" if a > b else "East-West"
        text = "a tie" if a == b else f"{side} win {max(a, b)} to {min(a, b)}"
        self.finish(s, Outcome((a, b, a, b), winners, f"{reason}: {text}",
                               details={"boards": [dict(r) for r in s.results]}))

    def _archive_entry(self, s, tricks):
        calls = [self.action_text(self.BID0 + c if c >= 0 else self._call_action[c])
                 for _, c in s.auction.calls]
        return (self._board_number(s), s.dealer, s.vul, tuple(s.hands), tuple(calls),
                s.contract, tuple(s.plays), tricks)

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            hand = s.dp.turn
            whose = "the dummy's hand" if hand != seat else "your hand"
            if not (s.dp.hands[hand] >> action) & 1:
                return f"{DECK.text(action)} is not in {whose}"
            lead = DECK.suit_of[s.dp.trick[0][1]]
            return f"you must follow suit ({SUIT_NAMES[lead]})"
        if s.phase is Phase.AUCTION:
            a = s.auction
            if self.BID0 <= action < self.BID0 + len(BIDS):
                return (f"{self.action_text(action)} is not higher than "
                        f"{contract_text(*BIDS[a.high])}")
            if action == self.DOUBLE:
                return "you may double only the opponents' bid, once"
            if action == self.REDOUBLE:
                return "you may redouble only when the opponents doubled your side's bid"
            return "that is not a call; the auction is on"
        return super().why_illegal(s, seat, action)

    # -- views -----------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.dp.hands[seat] if s.dp is not None else s.hands[seat])
        # the board on the table: once the match is over, the last one played
        v["board"] = self._board_number(s) - (1 if s.outcome is not None else 0)
        v["dealer"] = s.dealer
        v["vulnerable"] = list(s.vul)
        v["calls"] = [[p, self.action_text(self.BID0 + c if c >= 0 else self._call_action[c])]
                      for p, c in s.auction.calls]
        v["contract"] = None
        v["declarer"] = None
        if s.contract is not None:
            level, strain, doubled, declarer = s.contract
            v["contract"] = contract_text(level, strain, doubled)
            v["declarer"] = declarer
        v["scores"] = list(s.scores)
        v["results"] = [dict(r) for r in s.results]
        if s.options.scoring == "rubber":
            v["games"] = list(s.games)
            v["below"] = list(s.below)
            v["rubber_no"] = s.rubber_no
            v["rubber_games"] = [list(g) for g in s.rubber_games]
        if s.dp is not None:
            v["play"] = s.dp.public_view()
        else:
            v["play"] = None

    def zones(self, s):
        return play_zones(s.hands, s.dp)

    def unknown_cards(self, s, seat):
        hands = s.dp.hands if s.dp is not None else s.hands
        out = others_hands(hands, seat)
        if s.dp is not None and s.dp.exposed:
            out &= ~hands[s.dp.dummy]
        return out

    def view(self, state, seat):
        # a View keeps sample_world's plan, worked out at its first sample
        return View(Game.view(self, state, seat))

    def sample_world(self, view, rng):
        plan = getattr(view, "derived", None)
        if plan is None:
            plan = self._world_plan(view)
            if view.__class__ is View:
                view.derived = plan
        template, sampler, own_seat, own, dummy_seat, dummy_cards, known_played, dp = plan
        s = template.clone()
        s.seed = rng.getrandbits(63)
        placed = sampler.sample(rng)
        if dp is None:
            s.hands = [own if p == own_seat else placed[p] for p in range(4)]
            return s
        current = [own if p == own_seat else placed.get(p, 0) for p in range(4)]
        if dummy_seat is not None:
            current[dummy_seat] = dummy_cards
        played = [placed[DOWN_ZONES[p]] | known_played[p] for p in range(4)]
        s.hands = [current[p] | played[p] for p in range(4)]
        s.dp = dp = dp.clone()
        dp.hands = current
        dp.played = played
        return s

    def _world_plan(self, view):
        """What sample_world reads from a view once, for every world it
        samples from it: a template state with everything the view tells
        (the auction replayed, the play but its hands), a hand sampler for
        the cards the seat cannot see, and the cards it knows where they
        lie."""
        s = self.blank_world(view, None)
        seat = view["seat"]
        # a finished match's view names its last board (one less than the count)
        s.board = view["board"] - view["options"].first_board + (s.outcome is not None)
        s.pack_no = 0
        s.dealer = view["dealer"]
        s.vul = tuple(view["vulnerable"])
        s.scores = list(view["scores"])
        s.results = [dict(r) for r in view["results"]]
        s.archive = []
        if view["options"].scoring == "rubber":
            s.games = list(view["games"])
            s.below = list(view["below"])
            s.rubber_no = view["rubber_no"]
            s.rubber_games = [tuple(g) for g in view["rubber_games"]]
        else:
            s.games, s.below, s.rubber_no, s.rubber_games = [0, 0], [0, 0], 0, []
        s.auction = Auction(4, s.dealer, allow_double=True, passes_to_end=3)
        call_of = self._call_of_text
        for p, text in view["calls"]:
            s.auction.call(p, call_of[text])
        s.plays = []
        s.hands = [0] * 4
        s.dp = None
        pv = view["play"]
        own = int(view["hand"]) if seat is not None else 0
        if pv is None:
            s.contract = None
            sampler = HandSampler(DECK.all_mask & ~own, {p: 13 for p in range(4) if p != seat})
            return s, sampler, seat, own, None, None, None, None
        counts, known_played, seen = DummyPlay.sample_zones(pv, 4, 13)
        dummy_cards = int(pv["dummy"]) if pv["dummy"] is not None else None
        dummy_seat = None if dummy_cards is None else pv["dummy_hand"]
        known = own | seen | (dummy_cards or 0)
        allow = DummyPlay.allowed_by_voids(DECK, pv["voids"])
        allowed = {}
        for p in range(4):
            if p == seat or p == dummy_seat:
                continue
            counts[p] = pv["hand_sizes"][p]
            allowed[p] = allow[p]
        sampler = HandSampler(DECK.all_mask & ~known, counts, allowed)
        a = s.auction
        level, strain = BIDS[a.high]
        declarer = pv["declarer_hand"]
        s.contract = (level, strain, a.doubled, declarer)
        owner = tuple(declarer if h == pv["dummy_hand"] else h for h in range(4))
        dp = DummyPlay.from_view(DECK, pv, [0] * 4, [0] * 4, ORDER, owner)
        return s, sampler, seat, own, dummy_seat, dummy_cards, known_played, dp

    # -- double dummy (optional) ------------------------------------------------
    def double_dummy(self, s) -> dict:
        """Tricks each seat (N, E, S, W) would take as declarer in each strain
        with every card known, for the current deal as dealt.  This needs the
        optional package endplay (``pip install 'pelit[dd]'``); nothing in
        play depends on it."""
        try:
            from endplay.dds import calc_dd_table
            from endplay.types import Deal, Denom, Player
        except ImportError:
            raise PelitError("double-dummy analysis needs the optional package endplay "
                             "(pip install 'pelit[dd]')") from None
        table = calc_dd_table(Deal(pbn.deal_text(s.hands, DECK, 0)))
        denoms = {"c": Denom.clubs, "d": Denom.diamonds, "h": Denom.hearts,
                  "s": Denom.spades, "nt": Denom.nt}
        players = (Player.north, Player.east, Player.south, Player.west)
        return {k: [table[d, p] for p in players] for k, d in denoms.items()}

    # -- PBN -----------------------------------------------------------------
    def to_pbn(self, s, event: str = "pelit") -> str:
        """Every board finished so far, and the one in progress, as PBN."""
        entries = list(s.archive)
        if s.outcome is None:
            entries.append(self._archive_entry(s, s.dp.declarer_tricks() if s.dp else None))
        out = []
        for number, dealer, vul, hands, calls, contract, plays, tricks in entries:
            tags = [("Event", event), ("Site", ""), ("Date", ""), ("Board", str(number)),
                    ("West", ""), ("North", ""), ("East", ""), ("South", ""),
                    ("Dealer", pbn.seat_letter(dealer)), ("Vulnerable", pbn.vul_text(vul)),
                    ("Deal", pbn.deal_text(hands, DECK, dealer))]
            if s.options.scoring == "rubber":
                tags.append(("Scoring", "Rubber"))
            play = None
            if contract is None:
                passed_out = len(calls) == 4 and all(c == "pass" for c in calls)
                tags += [("Declarer", ""), ("Contract", "Pass" if passed_out else ""),
                         ("Result", "")]
            else:
                level, strain, doubled, declarer = contract
                tags += [("Declarer", pbn.seat_letter(declarer)),
                         ("Contract", contract_text(level, strain, doubled)),
                         ("Result", "" if tricks is None or len(plays) < 52 else str(tricks))]
                leader = (declarer + 1) % 4
                tricks_out = []
                for i in range(0, len(plays), 4):
                    by_hand = dict((h, DECK.text(c)) for h, c in plays[i:i + 4])
                    tricks_out.append([by_hand.get((leader + k) % 4, "-") for k in range(4)])
                play = (leader, tricks_out)
            tags.append(("Auction", pbn.seat_letter(dealer)))
            if play is not None:
                tags.append(("Play", pbn.seat_letter(play[0])))
            out.append(pbn.write_game(tags, (dealer, list(calls)), play))
        return "\n".join(out)

    @staticmethod
    def read_pbn(text: str) -> list[dict]:
        """Each game of a PBN file: board, dealer, vulnerability, hands (by seat),
        the calls and the card plays as our action text."""
        out = []
        for g in pbn.read_games(text):
            tags = g["tags"]
            if "Deal" not in tags:
                raise ParseError("a PBN game without a Deal tag")
            hands = pbn.parse_deal(tags["Deal"], DECK)
            board = int(tags["Board"]) if tags.get("Board", "").isdigit() else None
            dealer = pbn.seat_of(tags["Dealer"]) if tags.get("Dealer") else \
                (board_dealer(board) if board else 0)
            vul = pbn.parse_vul(tags["Vulnerable"]) if tags.get("Vulnerable") else \
                (board_vulnerability(board) if board else (False, False))
            calls = []
            for tok in g["auction"]:
                if tok.upper() == "AP":
                    # "all pass": the passes that end the auction
                    trailing = 0
                    for c in reversed(calls):
                        if c != "pass":
                            break
                        trailing += 1
                    need = 3 if any(c != "pass" for c in calls) else 4
                    calls.extend(["pass"] * max(need - trailing, 0))
                    continue
                if tok in ("-", "+"):
                    continue
                calls.append(pbn.call_action(tok))
            plays = []
            if g["play"]:
                leader = pbn.seat_of(tags.get("Play", "N"))
                plays = [[None if t == "-" else pbn.card_ours(t) for t in trick]
                         for trick in g["play"] if trick and trick[0] != "*"]
                plays = (leader, plays)
            out.append({"board": board, "dealer": dealer, "vulnerable": vul, "hands": hands,
                        "calls": calls, "plays": plays})
        return out

    def decks_from_pbn(self, text: str) -> list[list[int]]:
        """Stacked packs that deal each PBN game's hands (dealer's left first)."""
        return [pbn.pack_for(g["hands"], (g["dealer"] + 1) % 4, DECK) for g in self.read_pbn(text)]

    def state_from_pbn(self, text: str, seed: int = 0):
        """A one-board match from the first game of a PBN file, its auction and
        play replayed.  The board's dealer and vulnerability must be those of
        its board number (duplicate scoring)."""
        g = self.read_pbn(text)[0]
        board = g["board"] or 1
        if board_dealer(board) != g["dealer"] or board_vulnerability(board) != tuple(g["vulnerable"]):
            raise ParseError(f"board {board}: dealer and vulnerability differ from the "
                             "standard board numbering, which pelit follows")
        pack = pbn.pack_for(g["hands"], (g["dealer"] + 1) % 4, DECK)
        s = self.new_state(seed=seed, decks=[pack], deals=1, first_board=board)
        for call in g["calls"]:
            if s.phase is not Phase.AUCTION:
                break
            s.play(call)
        if g["plays"] and s.phase is Phase.PLAY:
            leader, tricks = g["plays"]
            # the trick lines are in seat order from the opening leader; the
            # play order of later tricks is from each trick's winner
            for trick in tricks:
                if s.phase is not Phase.PLAY:
                    break
                by_seat = {(leader + k) % 4: t for k, t in enumerate(trick) if t}
                for _ in range(4):
                    hand = s.dp.turn
                    if hand not in by_seat:
                        return s
                    s.play(by_seat[hand])
        return s


# The web table (core/presentation.py): the contract ("2D") as text, never as
# a card, in the banner with the declarer; the dummy face up at its seat; the
# trick in the middle; vulnerability and scores by partnership.  The engine's
# hand numbers, void bitmasks and trick counts stay out of the page.
Bridge.web_layout = {
    "table": "trick",
    "show": {
        "hand": "hand", "play.hand_sizes": "backs", "play.trick": "trick",
        "play.last_trick": "last_trick",
        "play.dummy": {"role": "open_hand", "label": "dummy", "seat_key": "play.dummy_hand"},
        "dealer": "tag", "contract": {"role": "banner", "text": True},
        "declarer": ["banner", "declarer"], "play.tricks_won": ["seat", "tricks"],
        "vulnerable": "team", "scores": "team", "games": "team", "below": ["team", "below the line"],
        "board": ["info", "board"], "calls": ["rows", "auction"],
    },
    "text": ["contract"],
    "sheet": {"event": "board_scored", "gained": "score",
              "hide": ["board", "dealer", "vulnerable", "honours", "game"]},
}
