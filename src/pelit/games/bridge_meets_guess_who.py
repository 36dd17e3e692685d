"""Bridge Meets Guess Who: bridge for two humans with android partners.

Rule source: seed 000 (Korppi, "My Games"), ch. 4 Bridge Meets Guess Who:
4.1 Setup, 4.2 Game (rake, deal, seating), 4.2.1 Auction, 4.2.2 Card play,
4.2.3 Scoring, 4.3 Questions, 4.4 (hcp); ch. 2 for the trick rules.

Table.  The seating is Android Whist's (``cards.android.android_seating``):
each human sees the android next to him (his opponents' android) and
partners the android across, whose cards he never sees.  He makes it play
by commands "SUIT LOW-HIGH lowest|highest" (e.g. ``hearts 5-k lowest``,
``spades a-a highest``), paying one chip to the opponent for each Error
Message, or by ``anything goes``, after which the opponent picks any card
the android may play.  A human may ask paid yes/no questions about his own
android's hand (``ask hearts >= 3 and has AS``).  Views and events name the
places ``human 0``, ``android 1`` (the android partnering human 1), ...

Question language (``cards.handquery``)::

    question := or_expr
    or_expr  := and_expr ("or" and_expr)*
    and_expr := not_expr ("and" not_expr)*
    not_expr := "not" not_expr | "(" or_expr ")" | atom
    atom     := "has" CARD | "void" SUIT | COUNT CMP NUMBER
              | COUNT "between" NUMBER "and" NUMBER
    COUNT    := spades | hearts | diamonds | clubs | hcp | aces | kings
              | queens | jacks | cards
    CMP      := = | != | < | <= | > | >=

A question that does not parse is refused with a ``ParseError`` and costs
nothing; so is an empty range (``hcp between 12 and 10``), surely a slip.  Question actions are ``ask QUESTION``; their ids are given out on
first use (records keep the text), and ``legal_actions`` lists a short menu
of common questions, while any well-formed question may be asked.

Decisions where the seed is silent (pinned in tests/games/test_bridge_meets_guess_who.py):

- 4.1/4.2: human 0 deals first; dealing is one card at a time clockwise from
  the dealer's left.  All 110 chips start with the players (55 each); the
  bank starts empty and holds the rakes.
- 4.2.1: the dealer calls first; the humans then alternate.  After a first
  pass the other human may bid; if he does, the auction goes on as usual
  (the next pass or double ends it).
- 4.2.2: a command names a suit, a rank range (low rank first) and a
  preference.  A command that returned an Error Message is not offered again
  on the same turn (it would fail again).  An Error Message when the android
  holds the lead suit and another suit was named, or no card fits, is the
  same message.
- 4.2.3 loans: one debt token lends one unit; the bank lends only from the
  chips it holds and while tokens last (20).  A player who can neither pay
  nor borrow may ask no question and may command his android only with
  ``anything goes``, which costs nothing.
- 4.2.3 end of a deal: the scoring payment is made first, then the dealer's
  debt is repaid, then the other human's; the next deal starts with the
  dealer's rake, then the other's.  The first payment that cannot be made
  from a player's own chips ends the match: that player loses.  The match
  score of each human is his chips less his debt.
- 4.3: questions may be asked when the asker is to act: on his turn to call,
  to play his own card, or to command his android (not while he picks a card
  for the opposing android after ``anything goes``).  Questions and answers
  are said aloud, so they are public; so are commands and Error Messages.
"""

from __future__ import annotations

import enum
from bisect import bisect_left
from dataclasses import dataclass

from ..cards.android import (ANDROID, android_render_hints, android_seating, android_web_layout,
                             gather_trick, hidden_hand_zones, range_command, seat_numbers,
                             seat_view, seating_lines, table_zones, won_view)
from ..cards.chips import Chips
from ..cards.deal import deal, sample_hands
from ..cards.deck import (CLUBS, DIAMONDS, HEARTS, RANK_TEXT, SPADES, SUIT_NAMES, Card,
                          CardSet, ids, mask_of, standard_deck)
from ..cards.handquery import answer as answer_question
from ..cards.handquery import canonical, parse_question
from ..cards.table_text import voids_line
from ..cards.trick import (follow_mask, last_trick_from_view, lay_card, rank_strength,
                          winning_index)
from ..core.actions import ActionSpace
from ..core.errors import IllegalAction, ParseError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
STRENGTH = rank_strength(DECK)
HAND = 13
STRAINS = ("c", "d", "h", "s", "nt")
STRAIN_TRUMP = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES, "nt": None}
BIDS = tuple(f"{n}{s}" for n in range(7, 14) for s in STRAINS)
BID_LEVEL = tuple(n for n in range(7, 14) for _ in STRAINS)
BID_TRUMP = tuple(STRAIN_TRUMP[s] for _ in range(7, 14) for s in STRAINS)
RANKS = tuple(range(2, 15))
RTEXT = {r: RANK_TEXT[r].lower() for r in RANKS}
PREFS = ("lowest", "highest")
RANGES = tuple((lo, hi, pref) for lo in RANKS for hi in RANKS if hi >= lo for pref in PREFS)
RANGE_WORDS = tuple(f"{RTEXT[lo]}-{RTEXT[hi]} {pref}" for lo, hi, pref in RANGES)
MENU = ("hcp >= 10", "hcp >= 13", "spades >= 4", "hearts >= 4", "diamonds >= 4",
        "clubs >= 4")
RAKE = 5
BANK_TOKENS = 20
SAMPLE_TRIES = 100
# a deal's result as views give it (contract None: nobody bid)
RESULT_FIELDS = ("contract", "declarer", "doubled", "tricks", "payment")


class Phase(enum.Enum):
    BID = 1
    PLAY = 2
    CHOOSE = 3


@dataclass(frozen=True)
class GuessWhoOptions:
    chips: int = option(55, "chips each human starts with (4.1)", min=5, max=1000)


def deal_payment(level: int, tricks: int, doubled: bool) -> int:
    """Chips the declarer's opponent pays the declarer (negative: the declarer
    pays) for a contract of ``level`` when the declarer's side took ``tricks``
    (4.2.3)."""
    if tricks >= level:
        pay = 5 * (level - 6) + (tricks - 6)
    else:
        pay = -5 * (level - tricks)
    return 2 * pay if doubled else pay


class GuessWhoState(State):
    __slots__ = ("dealer", "deal_no", "places", "hands", "chips", "calls", "high",
                 "high_seat", "doubled", "declarer", "trump", "leader", "turn", "trick",
                 "tricks", "won", "voids", "tried", "played", "questions", "errors",
                 "results", "last_trick")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.places = self.places
        new.hands = self.hands.copy()
        new.chips = self.chips.clone()
        new.calls = self.calls.copy()
        new.high = self.high
        new.high_seat = self.high_seat
        new.doubled = self.doubled
        new.declarer = self.declarer
        new.trump = self.trump
        new.leader = self.leader
        new.turn = self.turn
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()
        new.won = self.won.copy()
        new.voids = self.voids.copy()
        new.tried = self.tried
        new.played = [p.copy() for p in self.played]
        new.questions = self.questions.copy()
        new.errors = self.errors.copy()
        new.results = self.results.copy()
        new.last_trick = self.last_trick


@register
class BridgeMeetsGuessWho(Game):
    info = GameInfo(
        id="bridge-meets-guess-who", name="Bridge Meets Guess Who", min_seats=2, max_seats=2,
        family="trick-taking", source="000 ch. 4 Bridge Meets Guess Who (line 272)",
        hidden=True, chance=True, teams=True, zero_sum=True, aliases=("guess-who-bridge",),
        summary=(
            "Bridge for two people with android partners, played for chips. Each "
            "human starts with 55 chips and pays a 5-chip rake to the bank at the "
            "start of every deal. Four hands of 13 are dealt; you see your own hand "
            "and the android beside you (your opponents'), never your own android "
            "across the table. The humans bid in turn from 7 up (clubs, diamonds, "
            "hearts, spades, no trump); a pass or a double ends the auction, except "
            "that a first pass lets the other human still bid. The bidder's side must "
            "take that many tricks; the player on the declarer's left leads (with no "
            "bid, no trumps and the dealer leads). You play your own cards, and make "
            "your android play by naming a suit, a rank range and lowest or highest; "
            "if it holds no such card, or must follow another suit, it answers Error "
            "Message and you pay your opponent a chip and try again. 'anything goes' "
            "lets the opponent choose its card. On your turns you may ask yes/no "
            "questions about your android's hand at one chip each. A made contract "
            "earns 5 chips per level over six plus one per trick over six; a failed "
            "one costs 5 per missing trick; a double doubles it. The bank lends for "
            "questions and errors, to be repaid after the deal. Whoever cannot make "
            "a payment loses."),
        verbs=(("QS", "play a card from your hand, or pick the opposing android's card "
                      "after 'anything goes'"),
               ("bid 7c .. bid 13nt", "bid a number of tricks (7..13) and c, d, h, s or nt"),
               ("pass", "pass (ends the auction, except a first pass)"),
               ("double", "double the opponent's bid (ends the auction)"),
               ("SUIT LOW-HIGH lowest|highest",
                "command your android, e.g. 'hearts 5-k lowest', 'clubs q-q highest'"),
               ("anything goes", "let the opponent choose your android's card"),
               ("ask QUESTION", "a paid yes/no question about your android's hand: "
                "has CARD | void SUIT | COUNT CMP N | COUNT between N and N, joined "
                "with and / or / not and parentheses; COUNT is a suit, hcp, aces, "
                "kings, queens, jacks or cards; CMP is = != < <= > >=")),
    )
    Options = GuessWhoOptions
    Phase = Phase
    State = GuessWhoState
    deck = DECK
    test_options = {"chips": 12}
    web_layout = android_web_layout({
        "declarer": ["tag", "declarer"],
        "contract": {"role": "banner", "label": "contract", "text": True},
        "doubled": ["banner", "doubled"], "trump": ["banner", "trumps"],
        "turn_place": ["banner", "to play"],
        "chips.chips": ["chips", "chips"], "chips.debt": ["seat", "debt"],
        "chips.bank": ["info", "bank"], "chips.tokens": ["info", "tokens"],
        "tricks_won": ["team", "tricks"],
        "calls": ["rows", "calls"], "tried": ["info", "commands tried"],
        "questions": {"role": "history", "label": "questions",
                      "format": ["{place}: {question}? {answer}"]},
        "errors": {"role": "history", "label": "Error Messages",
                   "format": ["{place}: {command}"]},
    })
    # the terminal names the suits shown void in render_board; for a
    # duplicate match, each side's chips, the calls' rows by seat
    render_hints = android_render_hints(["errors"], ["trick", "calls"],
                                        team_lists=["chips", "debt"], seat_rows=["calls"])

    def render_board(self, view):
        """For the terminal: who is who at the table (3.4), and the suits each
        place has shown void in, by name."""
        lines = seating_lines(view)
        me = view.get("seat")
        if view["phase"] == "choose" and me in view["to_act"]:
            lines.append(f"'anything goes': you choose the card {view['turn_place']} plays "
                         "(it must follow suit when it can)")
        voids = voids_line(view["voids"], view["places"])
        if voids:
            lines.append(voids)
        return "\n".join(lines) or None

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.bid_base = a.choice("bid", BIDS)
        self.PASS = a.verb("pass")
        self.DOUBLE = a.verb("double")
        self.command_of = {}
        for suit in range(4):
            start = a.choice(SUIT_NAMES[suit], RANGE_WORDS)
            for i, (lo, hi, pref) in enumerate(RANGES):
                self.command_of[start + i] = (suit, lo, hi, pref == "highest")
        self.all_commands = sorted(self.command_of)
        self.ANYTHING = a.verb("anything goes")
        self.actions = a
        self.question_base = a.size
        self._q_text: list[str] = []
        self._q_tree: list = []
        self._q_id: dict[str, int] = {}
        self.menu = [self.question_action(q) for q in MENU]

    def num_players(self, state):
        return 2

    # -- questions as actions -------------------------------------------------
    def question_action(self, text: str) -> int:
        """The action id of a question (``ParseError`` if it is not one)."""
        tree = parse_question(text)
        key = canonical(tree)
        if key not in self._q_id:
            self._q_id[key] = self.question_base + len(self._q_text)
            self._q_text.append(key)
            self._q_tree.append(tree)
        return self._q_id[key]

    def is_question(self, action: int) -> bool:
        return isinstance(action, int) and \
            self.question_base <= action < self.question_base + len(self._q_text)

    def action_text(self, action):
        if self.is_question(action):
            return "ask " + self._q_text[action - self.question_base]
        return self.actions.text(action)

    def parse_action(self, state, text, seat=None):
        words = text.strip().split(None, 1)
        if words and words[0].lower() == "ask":
            if len(words) < 2:
                raise ParseError("'ask' wants a question, e.g. 'ask hearts >= 3'")
            return self.question_action(words[1])
        norm = " ".join(text.strip().lower().replace("10", "t").split())
        if norm.split()[:1] and norm.split()[0] in SUIT_NAMES[:4]:
            try:
                return super().parse_action(state, norm, seat)
            except ParseError:
                raise ParseError(self._command_problem(text, norm.split())) from None
        try:
            return super().parse_action(state, text, seat)
        except ParseError:
            words = norm.split()
            if len(words) == 2 and words[0] == "bid":
                raise ParseError(f"'{text.strip()}' is not a bid: a bid is 7 to 13 tricks and "
                                 "c, d, h, s or nt, e.g. 'bid 8h' (4.2.1)") from None
            raise

    @staticmethod
    def _command_problem(text, words) -> str:
        """What is wrong with a command that names a suit (4.2.2)."""
        example = f"e.g. '{words[0]} 2-a lowest' or '{words[0]} q-q highest'"
        if len(words) != 3 or words[2] not in PREFS:
            return (f"'{text.strip()}': a command is SUIT LOW-HIGH lowest|highest, "
                    f"{example} (4.2.2)")
        ends = words[1].split("-")
        rank = {t: r for r, t in RTEXT.items()}
        if len(ends) != 2 or any(e not in rank for e in ends):
            return (f"'{text.strip()}': the rank range is two ranks (2..10, j, q, k, a) "
                    f"joined by '-', {example} (4.2.2)")
        return (f"'{text.strip()}': the range runs from the low card to the high card, "
                f"'{words[0]} {ends[1]}-{ends[0]} {words[2]}' (4.2.2)")

    def _may_ask(self, s, seat):
        if s.phase == Phase.BID:
            return seat in s.to_act
        if s.phase == Phase.PLAY:
            return seat in s.to_act and s.chips.can_pay_on_credit(seat, 1)
        return False

    def apply(self, state, action, seat=None):
        if self.is_question(action) and action not in self.menu:
            if seat is None and len(state.to_act) == 1:
                seat = state.to_act[0]
            if seat is None or seat not in state.to_act:
                raise IllegalAction("the match is over" if state.outcome else
                                    f"seat {seat} may not ask now")
            if not self._may_ask(state, seat) or not state.chips.can_pay_on_credit(seat, 1):
                raise IllegalAction(self.why_illegal(state, seat, action))
            state.history.append((seat, action))
            state._legal = None
            self._ask(state, seat, action)
            return
        super().apply(state, action, seat)

    def _questions(self, s, seat):
        if self._may_ask(s, seat) and s.chips.can_pay_on_credit(seat, 1):
            return list(self.menu)
        return []

    def _ask(self, s, seat, action):
        """4.3: pay one chip to the opponent, get a truthful yes or no."""
        place = self._friendly_place(s, seat)
        text = self._q_text[action - self.question_base]
        tree = self._q_tree[action - self.question_base]
        yes = answer_question(tree, s.hands[place], DECK)
        borrowed = s.chips.pay_on_credit(seat, 1 - seat, 1)
        s.questions.append((seat, place, text, yes, len(s.played[place])))
        s.log("question", seat, place=self._label(s, place), question=text, answer="yes" if yes else "no",
              borrowed=borrowed, chips=list(s.chips.chips))

    # -- dealing ----------------------------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.deal_no = 0
        s.chips = Chips(2, s.options.chips, tokens=BANK_TOKENS)
        s.results = []
        s.hands = [0, 0, 0, 0]
        s.won = [0, 0]
        s.trick = []
        s.played = [[], [], [], []]
        self._start_deal(s)

    def _start_deal(self, s):
        # 4.2: both humans pay the rake, the dealer first
        for p in (s.dealer, 1 - s.dealer):
            if not s.chips.can_pay(p, RAKE):
                self._lose(s, p, f"seat {p} cannot pay the {RAKE}-chip rake")
                return
            s.chips.pay(p, None, RAKE)
        s.log("rake", None, chips=list(s.chips.chips), bank=s.chips.bank)
        s.places = android_seating(s.dealer)
        pack = s.deal_pack(DECK, s.deal_no)
        s.hands, _ = deal(pack, [HAND] * 4, start=1)
        s.calls = []
        s.high = s.high_seat = s.declarer = s.trump = None
        s.doubled = False
        s.trick = []
        s.tricks = [0, 0]
        s.won = [0, 0]
        s.voids = [0, 0, 0, 0]
        s.tried = ()
        s.played = [[], [], [], []]
        s.questions = []
        s.errors = []
        s.last_trick = None
        s.leader = s.turn = None
        s.log("deal", None, dealer=s.dealer, deal=s.deal_no,
              places=[f"{k} {h}" for k, h in s.places])
        for seat in (0, 1):
            s.log("dealt", seat, audience=(seat,), count=HAND,
                  private={"cards": CardSet(s.hands[self._own_place(s, seat)]),
                           "android_cards": CardSet(s.hands[self._seen_place(s, seat)])})
        s.phase = Phase.BID
        s.to_act = (s.dealer,)

    def _own_place(self, s, seat):
        return 0 if seat == s.dealer else 3

    def _friendly_place(self, s, seat):
        return 2 if seat == s.dealer else 1

    def _seen_place(self, s, seat):
        return 1 if seat == s.dealer else 2

    def _label(self, s, place):
        kind, h = s.places[place]
        return f"{kind} {h}"

    def _team(self, s, place):
        return s.places[place][1]

    # -- 4.2.1 auction -------------------------------------------------------------
    def _legal_bid(self, s, seat):
        out = [self.PASS]
        if s.high is not None:
            out.append(self.DOUBLE)
        start = 0 if s.high is None else s.high + 1
        out.extend(self.bid_base + i for i in range(start, len(BIDS)))
        return out + self._questions(s, seat)

    def _apply_bid(self, s, seat, action):
        if self.is_question(action):
            self._ask(s, seat, action)
            return
        text = self.action_text(action)
        s.calls.append((seat, text))
        s.log("call", seat, call=text)
        if action == self.PASS:
            if s.high is None and len(s.calls) == 1:
                s.to_act = (1 - seat,)        # a first pass: the other may still bid
                return
            self._end_auction(s)
        elif action == self.DOUBLE:
            s.doubled = True
            self._end_auction(s)
        else:
            s.high, s.high_seat = action - self.bid_base, seat
            s.to_act = (1 - seat,)

    def _end_auction(self, s):
        if s.high is None:
            s.declarer, s.trump = None, None
            first = 0                             # no bid: the dealer leads
        else:
            s.declarer = s.high_seat
            s.trump = BID_TRUMP[s.high]
            first = (self._own_place(s, s.declarer) + 1) % 4   # declarer's left leads
        s.log("contract", None, contract=None if s.high is None else BIDS[s.high],
              declarer=s.declarer, doubled=s.doubled)
        s.leader = s.turn = first
        s.phase = Phase.PLAY
        s.to_act = (s.places[first][1],)

    # -- 4.2.2 card play -------------------------------------------------------------
    def _lead_suit(self, s):
        return DECK.suit_of[s.trick[0][1]] if s.trick else None

    def _legal_play(self, s, seat):
        place = s.turn
        if s.places[place][0] == ANDROID:
            if not s.chips.can_pay_on_credit(seat, 1):
                return [self.ANYTHING]
            tried = s.tried
            cmds = self.all_commands
            if tried:                  # the commands that failed this turn, taken out
                cmds = cmds.copy()
                for a in tried:
                    del cmds[bisect_left(cmds, a)]
            return cmds + [self.ANYTHING] + self._questions(s, seat)
        lead = self._lead_suit(s)
        return ids(follow_mask(s.hands[place], lead, DECK)) + self._questions(s, seat)

    def _apply_play(self, s, seat, action):
        if self.is_question(action):
            self._ask(s, seat, action)
            return
        place = s.turn
        if action == self.ANYTHING:
            s.log("anything_goes", seat, place=self._label(s, place))
            s.phase = Phase.CHOOSE
            s.to_act = (1 - seat,)
            return
        if action in self.command_of:
            suit, lo, hi, high = self.command_of[action]
            lead = self._lead_suit(s)
            card = range_command(s.hands[place], lead, suit, lo, hi, high, DECK)
            text = self.action_text(action)
            if card is None:
                borrowed = s.chips.pay_on_credit(seat, 1 - seat, 1)
                s.tried = s.tried + (action,)
                s.errors.append((seat, place, text, lead, len(s.played[place])))
                s.log("error_message", seat, place=self._label(s, place), command=text, borrowed=borrowed,
                      chips=list(s.chips.chips))
                return
            s.log("command", seat, place=self._label(s, place), command=text)
            self._play_card(s, place, card)
            return
        self._play_card(s, place, action)

    def _legal_choose(self, s, seat):
        return ids(follow_mask(s.hands[s.turn], self._lead_suit(s), DECK))

    def _apply_choose(self, s, seat, card):
        s.phase = Phase.PLAY
        self._play_card(s, s.turn, card)

    def _play_card(self, s, place, card):
        lay_card(s, place, card, DECK)
        s.played[place].append(card)
        s.log("play", s.places[place][1], place=self._label(s, place), card=Card(card))
        s.tried = ()
        if len(s.trick) < 4:
            s.turn = (place + 1) % 4
            s.to_act = (s.places[s.turn][1],)
            return
        win = s.trick[winning_index(s.trick, DECK, STRENGTH, s.trump)][0]
        gather_trick(s, win, self._team(s, win), self._label(s, win))
        if s.hands[win]:
            s.leader = s.turn = win
            s.to_act = (s.places[win][1],)
            return
        self._end_deal(s)

    # -- 4.2.3 scoring ------------------------------------------------------------------
    def _end_deal(self, s):
        if s.high is None:
            declarer = 0 if s.tricks[0] > s.tricks[1] else 1     # as if it bid 7 no trump
            level, doubled = 7, False
        else:
            declarer, level, doubled = s.declarer, BID_LEVEL[s.high], s.doubled
        made = s.tricks[declarer]
        pay = deal_payment(level, made, doubled)
        payer, payee = (1 - declarer, declarer) if pay >= 0 else (declarer, 1 - declarer)
        s.results.append((None if s.high is None else BIDS[s.high], declarer, doubled,
                          list(s.tricks), pay))
        s.log("deal_scored", None, contract=None if s.high is None else BIDS[s.high],
              declarer=declarer, level=level, doubled=doubled, tricks=list(s.tricks),
              payment=abs(pay), payer=payer)
        if not s.chips.can_pay(payer, abs(pay)):
            self._lose(s, payer, f"seat {payer} cannot pay {abs(pay)} chips for the deal")
            return
        s.chips.pay(payer, payee, abs(pay))
        for p in (s.dealer, 1 - s.dealer):
            if s.chips.debt[p]:
                owed = s.chips.debt[p]
                if not s.chips.repay(p):
                    self._lose(s, p, f"seat {p} cannot repay a debt of {owed} to the bank")
                    return
                s.log("repaid", p, amount=owed)
        s.log("chips", None, chips=list(s.chips.chips), bank=s.chips.bank)
        s.deal_no += 1
        s.dealer = 1 - s.dealer
        self._start_deal(s)

    def _lose(self, s, loser, reason):
        winner = 1 - loser
        scores = (s.chips.net(0), s.chips.net(1))
        self.finish(s, Outcome(scores, (winner,), reason,
                               details={"deals": [list(r) for r in s.results],
                                        "chips": s.chips.to_json()}))

    def why_illegal(self, s, seat, action):
        if self.is_question(action):
            if s.phase == Phase.CHOOSE:
                return "no questions while you pick a card for the opposing android"
            return "you can neither pay nor borrow a chip for a question"
        if s.phase == Phase.BID:
            if action == self.DOUBLE:
                return "double needs a bid by your opponent (4.2.1)"
            if self.bid_base <= action < self.bid_base + len(BIDS):
                return "a bid must be higher than the last one (4.2.1)"
            return "now is the auction: bid, pass or double"
        if s.phase == Phase.PLAY and s.places[s.turn][0] == ANDROID:
            if 0 <= action < DECK.size:
                return "your android plays by command: you cannot name its card"
            if action in self.command_of:
                if not s.chips.can_pay_on_credit(seat, 1):
                    return "you cannot pay for an Error Message: only 'anything goes' is left"
                return f"'{self.action_text(action)}' already returned an Error Message this turn"
        if 0 <= action < DECK.size:
            hand = s.hands[s.turn]
            if not (hand >> action) & 1:
                return f"{DECK.text(action)} is not in the hand you play"
            return f"you must follow suit ({SUIT_NAMES[self._lead_suit(s)]})"
        if action in self.command_of or action == self.ANYTHING:
            return "commands are for your android when it is to play"
        return super().why_illegal(s, seat, action)

    # -- views ---------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[self._own_place(s, seat)])
            v["android_hand"] = CardSet(s.hands[self._seen_place(s, seat)])
        labels = [f"{k} {h}" for k, h in s.places]
        v["places"] = labels
        v["place_sides"] = [h for _, h in s.places]
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["chips"] = s.chips.to_json()
        v["calls"] = [list(c) for c in s.calls]
        v["high_bid"] = None if s.high is None else BIDS[s.high]
        v["high_bidder"] = s.high_seat
        v["doubled"] = s.doubled
        v["contract"] = None if s.high is None else BIDS[s.high]
        v["declarer"] = s.declarer
        v["trump"] = None if s.trump is None else SUIT_NAMES[s.trump]
        v["lead_place"] = None if s.leader is None else labels[s.leader]
        v["turn_place"] = None if s.turn is None else labels[s.turn]
        v["trick"] = [[labels[p], Card(c)] for p, c in s.trick]
        v["tried"] = [self.action_text(a) for a in s.tried]
        v.update(won_view(s, labels))
        v.update(seat_view(s, seat_numbers(s.places),
                           None if seat is None else self._seen_place(s, seat)))
        v["voids"] = list(s.voids)
        v["questions"] = [{"seat": a, "place": labels[p], "question": q,
                            "answer": "yes" if yes else "no", "after_plays": k}
                           for a, p, q, yes, k in s.questions]
        v["errors"] = [{"seat": a, "place": labels[p], "command": c,
                        "lead": None if lead is None else SUIT_NAMES[lead], "after_plays": k}
                       for a, p, c, lead, k in s.errors]
        v["results"] = [dict(zip(RESULT_FIELDS, r)) for r in s.results]

    def zones(self, s):
        return table_zones(s)

    def unknown_cards(self, s, seat):
        hidden = 0
        for p in range(4):
            if seat is None or p not in (self._own_place(s, seat), self._seen_place(s, seat)):
                hidden |= s.hands[p]
        return hidden

    def _consistent(self, s):
        """Do the sampled hands answer every question and Error Message as the real ones did?"""
        for _, place, text, yes, k in s.questions:
            then = s.hands[place] | mask_of(s.played[place][k:])
            if answer_question(self._q_tree[self._q_id[text] - self.question_base],
                               then, DECK) != yes:
                return False
        for _, place, text, lead, k in s.errors:
            then = s.hands[place] | mask_of(s.played[place][k:])
            action = self.actions.parse(text)[0]
            suit, lo, hi, high = self.command_of[action]
            if range_command(then, lead, suit, lo, hi, high, DECK) is not None:
                return False
        return True

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.places = android_seating(s.dealer)
        c = view["chips"]
        s.chips = Chips(2, 0, tokens=c["tokens"], bank=c["bank"])
        s.chips.chips = list(c["chips"])
        s.chips.debt = list(c["debt"])
        s.calls = [tuple(x) for x in view["calls"]]
        s.high = None if view["high_bid"] is None else BIDS.index(view["high_bid"])
        s.high_seat = view["high_bidder"]
        s.doubled = view["doubled"]
        s.declarer = view["declarer"]
        s.trump = None if view["trump"] is None else SUIT_NAMES.index(view["trump"])
        place = {label: i for i, label in enumerate(view["places"])}
        s.leader = None if view["lead_place"] is None else place[view["lead_place"]]
        s.turn = None if view["turn_place"] is None else place[view["turn_place"]]
        s.trick = [(place[p], int(x)) for p, x in view["trick"]]
        s.tried = tuple(self.actions.parse(text)[0] for text in view["tried"])
        s.tricks = list(view["tricks_won"])
        s.voids = list(view["voids"])
        for q in view["questions"]:
            self.question_action(q["question"])
        s.questions = [(q["seat"], place[q["place"]], q["question"], q["answer"] == "yes",
                        q["after_plays"]) for q in view["questions"]]
        s.errors = [(e["seat"], place[e["place"]], e["command"],
                     None if e["lead"] is None else SUIT_NAMES.index(e["lead"]), e["after_plays"])
                    for e in view["errors"]]
        s.last_trick = last_trick_from_view(view["last_trick"], place)
        s.results = [tuple(r[k] for k in RESULT_FIELDS) for r in view["results"]]
        known = {}
        if seat is not None:
            known[self._own_place(s, seat)] = int(view["hand"])
            known[self._seen_place(s, seat)] = int(view["android_hand"])
        sides = [self._team(s, p) for p in range(4)]
        unseen, counts, allowed = hidden_hand_zones(s, known, view["hand_sizes"], DECK, sides,
                                                    view["last_trick"])
        shown_won = list(s.won)
        # Won tricks lie face down: which cards each place played is not in
        # the view, only the last trick (while shown) and the trick now; a
        # place's played cards are some dealt again, then those.
        tail = [[] for _ in range(4)]
        if s.last_trick is not None:
            for p, c in s.last_trick[0]:
                tail[p].append(c)
        for p, c in s.trick:
            tail[p].append(c)
        earlier = [HAND - view["hand_sizes"][p] - len(tail[p]) for p in range(4)]
        # An Error Message to "SUIT LOW-HIGH" when the android was free to
        # play that suit means it held no card of it in the range.  (Free:
        # no suit led, the suit led named, or the card it then played to that
        # trick, where the view shows it, showed it void in the suit led.)
        for _, place, text, lead, k in s.errors:
            if place in allowed:
                suit, lo, hi, _ = self.command_of[self.actions.parse(text)[0]]
                i = k - earlier[place]
                then = tail[place][i] if 0 <= i < len(tail[place]) else None
                if lead is None or suit == lead or (
                        then is not None and DECK.suit_of[then] != lead):
                    allowed[place] &= ~mask_of(c for c in ids(DECK.suit_mask[suit])
                                               if lo <= DECK.rank_of[c] <= hi)
        # Rejection sampling keeps the worlds that answer every question and
        # Error Message as the real hand did; after SAMPLE_TRIES the last
        # world is kept (the view is the same either way).
        for _ in range(SAMPLE_TRIES):
            placed = sample_hands(unseen, counts, rng, allowed)
            s.hands = [known[p] if p in known else placed[p] for p in range(4)]
            s.won = [shown_won[t] | placed[f"won{t}"] for t in (0, 1)]
            down = ids(placed["won0"] | placed["won1"])
            rng.shuffle(down)
            s.played = []
            for p in range(4):
                s.played.append(down[:earlier[p]] + tail[p])
                down = down[earlier[p]:]
            if self._consistent(s):
                break
        return s
