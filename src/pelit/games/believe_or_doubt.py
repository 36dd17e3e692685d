"""Believe or Doubt, the trivia game where a wrong answer may be a bluff.

Rule source: seed 000 ("My Games", Korppi), ch. 29: 29.1 Basic rules, 29.2
Poker chips, 29.3 Accuracy of the answer, 29.4 Special rules for the
Trivial Pursuit board.  The questions come from ``pelit.trivia`` (a shipped
bank of 515 questions in six categories, or a file of one's own).

How a round goes here: the player in turn is asked a question and answers
it (``answer TEXT``); the others then say ``believe`` or ``doubt`` one at a
time, from the answerer's left, until someone doubts or all believe.  Then
the printed answer is shown beside the given one and the round is scored.

Typed answers.  An answer is free text, so it cannot be one of a fixed list
of action ids.  As with Bridge Meets Guess Who's questions, ``answer TEXT``
gets an action id on first use (the game keeps the texts it has seen;
records keep the text, so a replay gives the same answers).  ``legal_actions``
is a short menu, while ``apply`` accepts any answer from the answerer: in
the seed's open form the menu holds ``answer I don't know`` (a wrong answer
like any other), and with the option ``multiple_choice`` (preset
``multiple-choice``) the menu is the printed answer and the bank's wrong
answers in alphabetical order, and only those may be given.  Whether an
answer is right is ``pelit.trivia.is_correct``: the printed answer rules
(29.3), read with the tolerance written there (case, accents, articles,
number words, one slip of the keyboard in a long word).

Decisions where the seed is silent (pinned in tests/games/test_believe_or_doubt.py):

- 29.1 (who starts, the category): seat 0 answers first.  Without the
  board the category is the roll of a die with one face per category; the
  question is the next card of that category's shuffled pile (a pile used
  up is shuffled again).
- 29.1 (the announcements): only the player whose turn it is to announce
  may speak; nobody else may doubt out of order, as the seed makes the
  announcements go round one by one ("no table talk").  The answer is said
  aloud, so everyone sees it while announcing; the printed answer is shown
  once the announcements end, whatever they were, with whether the answer
  was in fact right (the table reads the card).  Each player's record of
  right answers is public for that reason.
- 29.1/29.2 (the end): the match ends the moment a player reaches the
  target (10 points; in the chip form, his last chip gone).  The option
  ``target`` sets both.  The chip form is the option ``scoring=chips``
  (preset ``chips``); a chip given to a doubter is his to get rid of too.
- 29.3: accuracy is settled by the printed answer and the accepted forms in
  the bank, never negotiated.
- 29.4 (the board, preset ``trivial-pursuit``): the classic board of 73
  squares: the hub, six spokes of five squares and a ring of 42 squares
  with a pie square (headquarters) at the end of each spoke and, between two
  pie squares, six squares of which the second and fifth are roll-again
  squares.  Each colour is the colour of one category of the bank (which
  must have six); spoke and ring squares cycle through the colours.  A turn
  starts with a roll of one die and a move of exactly that many squares:
  from the hub out along a spoke of the player's choice, along a spoke
  outwards, and on the ring either way (never back into a spoke).  On a
  roll-again square the answerer bans a colour and the player on his right
  chooses the question's colour among the other five.  On a pie square the
  answerer either takes a question of its colour or changes seats: he sits
  down between two players who sit next to each other (neither being
  himself), and the turn passes to the player who sat on his left before.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache

from ..core.actions import ActionSpace
from ..core.errors import IllegalAction, OptionError, ParseError
from ..core.game import Game, GameInfo, Outcome, State, option, shuffle
from ..core.registry import register
from ..core.rng import stream
from ..trivia import COLOURS, bank_for, is_correct

DONT_KNOW = "I don't know"
MAX_ANSWER = 80

# -- the board of 29.4 --------------------------------------------------------
# Squares: 0 the hub; 1..30 spoke j (0..5) step k (1..5) as 1 + 5j + k - 1;
# 31..72 the ring, place i (0..41) as 31 + i, pie square j at ring place 7j.
HUB = 0
RING0 = 31
RING = 42
SPOKE_LEN = 5
BOARD_SQUARES = 73


def spoke_square(j: int, k: int) -> int:
    return 1 + SPOKE_LEN * j + k - 1


def ring_square(i: int) -> int:
    return RING0 + i % RING


def square_kind(sq: int) -> tuple[str, int | None]:
    """("pie", colour), ("again", None) or ("plain", colour) of a square."""
    if sq == HUB:
        return ("hub", None)
    if sq < RING0:
        j, k = divmod(sq - 1, SPOKE_LEN)
        return ("plain", (j + k + 1) % 6)
    j, o = divmod(sq - RING0, 7)
    if o == 0:
        return ("pie", j)
    if o in (2, 5):
        return ("again", None)
    return ("plain", (j + (1, 3, 4, 6).index(o) + 1) % 6)


def destinations(sq: int, roll: int) -> list[int]:
    """29.4: the squares a roll can reach (outwards first, then either way on the ring)."""
    if sq == HUB:
        return [spoke_square(j, roll) if roll <= SPOKE_LEN else ring_square(7 * j)
                for j in range(6)]
    if sq < RING0:
        j, k = divmod(sq - 1, SPOKE_LEN)
        t = k + 1 + roll
        if t <= SPOKE_LEN:
            return [spoke_square(j, t)]
        rest = t - SPOKE_LEN - 1
        if rest == 0:
            return [ring_square(7 * j)]
        return [ring_square(7 * j + rest), ring_square(7 * j - rest)]
    i = sq - RING0
    return [ring_square(i + roll), ring_square(i - roll)]


def square_name(sq: int, colours) -> str:
    if sq == HUB:
        return "hub"
    if sq < RING0:
        j, k = divmod(sq - 1, SPOKE_LEN)
        return f"{colours[j]} spoke {k + 1}"
    return f"ring {sq - RING0 + 1}"


def left_of(order, seat: int) -> int:
    return order[(order.index(seat) + 1) % len(order)]


def right_of(order, seat: int) -> int:
    return order[(order.index(seat) - 1) % len(order)]


def score_round(correct: bool, doubter: int | None) -> tuple[int, int]:
    """29.1 as (answerer's points, doubter's points) for one round; the chip
    form (29.2) is the same with chips got rid of counted as points."""
    if doubter is None:
        return (1, 0)
    if correct:
        return (1, -1)
    return (0, 0)


class Phase(enum.Enum):
    MOVE = 1        # 29.4: choose where the roll takes the pawn
    PIE = 2         # 29.4: on a pie square, a question or a change of seats
    BAN = 3         # 29.4: on a roll-again square, the answerer bans a colour
    CHOOSE = 4      # 29.4: the player on his right chooses the colour
    ANSWER = 5
    ANNOUNCE = 6


@dataclass(frozen=True)
class BelieveOrDoubtOptions:
    players: int = option(4, "number of players", min=3, max=6)
    target: int = option(10, "points to win (chips at the start in the chip form)", min=1, max=50)
    scoring: str = option("points", "points (29.1) or chips (29.2)", choices=("points", "chips"))
    board: bool = option(False, "29.4: move on the trivia board (categories by its squares)")
    multiple_choice: bool = option(False, "answers are chosen among the printed answer and "
                                          "wrong ones (not the seed's open answers)")
    questions: str = option("", "a question file to add (pelit text format, or OpenTDB .json)")
    shipped_questions: bool = option(True, "use the shipped question bank as well")


class BelieveOrDoubtState(State):
    __slots__ = ("bank", "order", "points", "turn", "category", "qid", "given", "said",
                 "drawn", "record", "last", "positions", "roll", "banned", "rounds")

    def _copy_into(self, new):
        new.bank = self.bank
        new.order = self.order.copy()
        new.points = self.points.copy()
        new.turn = self.turn
        new.category = self.category
        new.qid = self.qid
        new.given = self.given
        new.said = self.said.copy()
        new.drawn = self.drawn.copy()
        new.record = [r.copy() for r in self.record]
        new.last = self.last
        new.positions = self.positions.copy()
        new.roll = self.roll
        new.banned = self.banned
        new.rounds = self.rounds


@lru_cache(maxsize=512)
def _pile(seed: int, category: int, cycle: int, ids: tuple) -> tuple:
    pile = list(ids)
    shuffle(stream(seed, "questions", category, cycle), pile)
    return tuple(pile)


@register
class BelieveOrDoubt(Game):
    info = GameInfo(
        id="believe-or-doubt", name="Believe or Doubt", min_seats=3, max_seats=6,
        family="trivia bluffing", source="000 ch. 29 (Believe or Doubt)",
        hidden=True, chance=True, aliases=("believe-doubt",), rules_version=2,
        summary=(
            "Three to six players. The player in turn is asked a trivia question "
            "and answers it; a wrong answer may be given with a straight face. "
            "Then, starting on the answerer's left, each player says 'believe' or "
            "'doubt' until someone doubts or everyone believes. If everyone "
            "believes, the answer counts as right. If someone doubts, the printed "
            "answer decides: a wrong answer gives the turn to the doubter; a right "
            "one costs the doubter a point. A right answer (or one everyone "
            "believed) gives the answerer a point and another question. Ten points "
            "win; scores may go below zero. In the chip form each player starts "
            "with ten chips, drops one when nobody doubts, hands one to a doubter "
            "who was wrong, and wins with no chips left. On the trivia board a die "
            "roll moves the pawn and the square gives the category; a roll-again "
            "square lets the answerer ban a colour and his right-hand neighbour "
            "pick the colour; a pie square offers a change of seats instead."),
        verbs=(("answer TEXT", "answer the question (any text, e.g. 'answer Canberra')"),
               ("believe", "accept the answer"),
               ("doubt", "doubt the answer"),
               ("move ring 12", "29.4: move your pawn to this square"),
               ("ban blue", "29.4: ban a colour (roll-again square)"),
               ("choose green", "29.4: choose the colour of the question (roll-again square)"),
               ("question", "29.4: take a question on a pie square"),
               ("sit 1 2", "29.4: change seats: sit down between seats 1 and 2")),
    )
    Options = BelieveOrDoubtOptions
    Phase = Phase
    State = BelieveOrDoubtState
    presets = {"chips": {"scoring": "chips"},
               "trivial-pursuit": {"board": True},
               "multiple-choice": {"multiple_choice": True}}
    test_options = {"target": 3}
    render_hints = {
        "seat_fields": ["turn", "doubter", "answerer", "chooser"],
        "per_seat": ["points", "chips", "record", "positions", "said"],
        # the question, the answer given and the last round: drawn by render_board
        "hide": ["question_no", "order", "question", "category", "given", "last", "choices"],
        "labels": {"turn": "answering", "points": "points", "chips": "chips left",
                   "record": "right answers", "said": "says",
                   "given": "answer given", "last": "last question",
                   "positions": "pawn", "seating": "seating (clockwise)",
                   "roll": "die", "banned": "banned colour", "category": "category"}}
    web_layout = {
        "table": "cards",
        "text_actions": {"answer": "your answer"},
        "show": {"category": ["banner", "category"],
                 "question": {"role": "info", "label": "question", "text": True},
                 "choices": {"role": "info", "label": "choices", "text": True},
                 "given": {"role": "info", "label": "answer given", "text": True},
                 "turn": ["tag", "answering"], "said": ["seat", "says"],
                 "points": ["seat", "points"], "chips": ["chips", "chips left"],
                 "target": ["info", "to win"], "record": ["seat", "right answers"],
                 "positions": ["seat", "pawn"], "roll": ["info", "die"],
                 "banned": ["info", "banned colour"],
                 "destinations": {"role": "info", "label": "you may move to", "text": True},
                 "last": {"role": "info", "label": "last question", "text": True, "format": [
                     "{question} {answerer} answered \u201c{answer}\u201d, the card says "
                     "\u201c{printed}\u201d: {result}"]}},
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(None)
        self.BELIEVE = a.verb("believe")
        self.DOUBT = a.verb("doubt")
        self.QUESTION = a.verb("question")
        self.MOVE = a.choice("move", [square_name(sq, COLOURS) for sq in range(1, BOARD_SQUARES)])
        self.BAN = a.choice("ban", COLOURS)
        self.CHOOSE = a.choice("choose", COLOURS)
        self.pairs = [(x, y) for x in range(6) for y in range(6) if x != y]
        self.SIT = a.choice("sit", [f"{x} {y}" for x, y in self.pairs])
        self.actions = a
        self.answer_base = a.size
        self._answers: list[str] = []
        self._answer_id: dict[str, int] = {}

    # -- typed answers as actions ---------------------------------------------------
    def answer_action(self, text: str) -> int:
        """The action id of ``answer TEXT`` (``ParseError`` for an empty or long text)."""
        key = " ".join(str(text).split())
        if not key:
            raise ParseError("'answer' wants your answer, e.g. 'answer Canberra'")
        if len(key) > MAX_ANSWER:
            raise ParseError(f"an answer is at most {MAX_ANSWER} characters")
        if key not in self._answer_id:
            self._answer_id[key] = self.answer_base + len(self._answers)
            self._answers.append(key)
        return self._answer_id[key]

    def is_answer(self, action) -> bool:
        return isinstance(action, int) and \
            self.answer_base <= action < self.answer_base + len(self._answers)

    def answer_text(self, action: int) -> str:
        return self._answers[action - self.answer_base]

    def action_text(self, action):
        if self.is_answer(action):
            return "answer " + self.answer_text(action)
        return self.actions.text(action)

    def _square_word(self, sq):
        return square_name(sq, COLOURS)

    def parse_action(self, state, text, seat=None):
        raw = text.strip()
        head, _, rest = raw.partition(" ")
        word = head.lower()
        if word == "answer":
            return self.answer_action(rest)
        try:
            return super().parse_action(state, text, seat)
        except ParseError:
            if word == "move":
                raise ParseError(f"{raw!r}: a square is 'ring N' (1..42) or 'COLOUR spoke N' "
                                 "(1..5), e.g. 'move ring 12'") from None
            if word in ("ban", "choose"):
                raise ParseError(f"{raw!r}: name a colour: {', '.join(COLOURS)}") from None
            if state.phase is Phase.ANSWER:
                raise ParseError(f"{raw!r} is not an action: give your answer as "
                                 f"'answer {raw or 'TEXT'}'") from None
            raise

    def apply(self, state, action, seat=None):
        # Any typed answer from the answerer is accepted, not only the menu's.
        if self.is_answer(action) and state.phase is Phase.ANSWER \
                and not state.options.multiple_choice:
            if seat is None and len(state.to_act) == 1:
                seat = state.to_act[0]
            if seat not in state.to_act:
                raise IllegalAction(f"seat {seat} may not answer: seat {state.turn} answers")
            state.history.append((seat, action))
            state._legal = None
            self._apply_answer(state, seat, action)
            return
        super().apply(state, action, seat)

    # -- setup ------------------------------------------------------------------------
    def _setup(self, s):
        o = s.options
        n = o.players
        s.bank = bank_for(o.questions, o.shipped_questions)
        if o.board and len(s.bank.categories) != 6:
            raise OptionError(f"the trivia board needs six categories; the bank has "
                              f"{len(s.bank.categories)}")
        s.order = list(range(n))
        s.points = [0] * n if o.scoring == "points" else [o.target] * n
        s.turn = 0
        s.category = None
        s.qid = None
        s.given = None
        s.said = [None] * n
        s.drawn = [0] * len(s.bank.categories)
        s.record = [[0, 0] for _ in range(n)]
        s.last = None
        s.positions = [HUB] * n if o.board else []
        s.roll = None
        s.banned = None
        s.rounds = 0
        self._start_turn(s)

    def _start_turn(self, s):
        """A new turn for ``s.turn``: the board's roll, or the category die."""
        s.category = s.qid = s.given = s.banned = s.roll = None
        s.said = [None] * len(s.points)
        if s.options.board:
            s.roll = s.rng("roll").randint(1, 6)
            s.log("roll", s.turn, roll=s.roll)
            s.phase = Phase.MOVE
            s.to_act = (s.turn,)
            return
        k = len(s.bank.categories)
        self._ask(s, s.rng("category").randrange(k))

    def _ask(self, s, category):
        """Draw the next question of ``category`` for the player in turn."""
        ids = s.bank.by_category[category]
        cycle, place = divmod(s.drawn[category], len(ids))
        s.drawn[category] += 1
        s.category = category
        s.qid = _pile(s.seed, category, cycle, ids)[place]
        q = s.bank.questions[s.qid]
        s.log("question", s.turn, category=q.category, question=q.text)
        s.phase = Phase.ANSWER
        s.to_act = (s.turn,)

    # -- 29.4: the board --------------------------------------------------------------
    def _legal_move(self, s, seat):
        return [self.MOVE + sq - 1 for sq in destinations(s.positions[seat], s.roll)]

    def _apply_move(self, s, seat, action):
        sq = action - self.MOVE + 1
        s.positions[seat] = sq
        kind, colour = square_kind(sq)
        s.log("move", seat, square=self._square_word(sq),
              lands_on=self._kind_word(kind, colour))
        if kind == "plain":
            self._ask(s, colour)
        elif kind == "pie":
            s.phase = Phase.PIE
            s.to_act = (seat,)
        else:
            s.phase = Phase.BAN
            s.to_act = (seat,)

    def _kind_word(self, kind, colour):
        if kind == "pie":
            return f"pie square ({COLOURS[colour]})"
        if kind == "again":
            return "roll-again square"
        return f"{COLOURS[colour]} question"

    def _legal_pie(self, s, seat):
        return [self.QUESTION] + self._sit_actions(s, seat)

    def _sit_actions(self, s, seat):
        """Adjacent pairs (x, y), y on x's left, neither being ``seat``."""
        out = []
        for x in s.order:
            y = left_of(s.order, x)
            if seat not in (x, y):
                out.append(self.SIT + self.pairs.index((x, y)))
        return out

    def _apply_pie(self, s, seat, action):
        sq = s.positions[seat]
        if action == self.QUESTION:
            self._ask(s, square_kind(sq)[1])
            return
        x, y = self.pairs[action - self.SIT]
        before = left_of(s.order, seat)
        s.order.remove(seat)
        s.order.insert(s.order.index(x) + 1, seat)
        s.log("change_seats", seat, between=[x, y], seating=list(s.order))
        s.turn = before
        self._start_turn(s)

    def _legal_ban(self, s, seat):
        return [self.BAN + j for j in range(6)]

    def _apply_ban(self, s, seat, action):
        s.banned = action - self.BAN
        chooser = right_of(s.order, seat)
        s.log("ban", seat, colour=COLOURS[s.banned], chooser=chooser)
        s.phase = Phase.CHOOSE
        s.to_act = (chooser,)

    def _legal_choose(self, s, seat):
        return [self.CHOOSE + j for j in range(6) if j != s.banned]

    def _apply_choose(self, s, seat, action):
        colour = action - self.CHOOSE
        s.log("choose", seat, colour=COLOURS[colour])
        self._ask(s, colour)

    # -- answering -----------------------------------------------------------------------
    def _legal_answer(self, s, seat):
        if s.options.multiple_choice:
            return [self.answer_action(c) for c in s.bank.questions[s.qid].choices()]
        return [self.answer_action(DONT_KNOW)]

    def _apply_answer(self, s, seat, action):
        s.given = self.answer_text(action)
        s.log("answer", seat, answer=s.given)
        s.phase = Phase.ANNOUNCE
        s.to_act = (left_of(s.order, seat),)

    # -- the announcements (29.1) -----------------------------------------------------------
    def _legal_announce(self, s, seat):
        return [self.BELIEVE, self.DOUBT]

    def _apply_announce(self, s, seat, action):
        doubt = action == self.DOUBT
        s.said[seat] = "doubt" if doubt else "believe"
        s.log("doubt" if doubt else "believe", seat)
        nxt = left_of(s.order, seat)
        if doubt or nxt == s.turn:
            self._resolve(s, seat if doubt else None)
            return
        s.to_act = (nxt,)

    def _resolve(self, s, doubter):
        """29.1/29.2: the printed answer is read and the round scored."""
        q = s.bank.questions[s.qid]
        answerer = s.turn
        correct = is_correct(q, s.given)
        s.record[answerer][1] += 1
        s.record[answerer][0] += correct
        gain, loss = score_round(correct, doubter)
        chips = s.options.scoring == "chips"
        s.points[answerer] += -gain if chips else gain
        if doubter is not None:
            s.points[doubter] += -loss if chips else loss
        if doubter is None:
            result = "everyone believed: it counts as right"
        elif correct:
            result = "right: the doubter " + ("gets a chip" if chips else "loses a point")
        else:
            result = "wrong: the turn passes to the doubter"
        s.rounds += 1
        s.last = {"answerer": answerer, "question": q.text, "answer": s.given,
                  "printed": q.printed, "right": correct, "doubter": doubter,
                  "result": result}
        s.log("verdict", answerer, answer=s.given, printed=q.printed,
              verdict="right" if correct else "wrong", doubter=doubter, result=result,
              **{("chips" if chips else "points"): list(s.points)})
        if self._won(s, answerer):
            self._end(s, answerer)
            return
        if doubter is not None and not correct:
            s.turn = doubter
        self._start_turn(s)

    def _won(self, s, seat):
        if s.options.scoring == "chips":
            return s.points[seat] <= 0
        return s.points[seat] >= s.options.target

    def _end(self, s, winner):
        chips = s.options.scoring == "chips"
        scores = tuple((s.options.target - p) if chips else p for p in s.points)
        ranking = tuple(1 + sum(1 for x in scores if x > scores[p]) for p in range(len(scores)))
        if chips:
            reason = f"seat {winner} got rid of every chip"
        else:
            reason = f"seat {winner} reached {s.options.target} points"
        self.finish(s, Outcome(scores, (winner,), reason, ranking=ranking,
                               details={"rounds": s.rounds}))

    def why_illegal(self, s, seat, action):
        if not isinstance(action, int):
            return super().why_illegal(s, seat, action)
        if self.is_answer(action):
            if s.phase is not Phase.ANSWER:
                return "no question is waiting for an answer"
            return "with multiple choice, pick one of the offered answers"
        if action in (self.BELIEVE, self.DOUBT):
            return "believe or doubt is said only after an answer, in turn"
        if self.MOVE <= action < self.MOVE + BOARD_SQUARES - 1:
            if s.phase is not Phase.MOVE:
                return "there is no move to make now"
            return (f"a roll of {s.roll} does not reach {self.action_text(action)[5:]}; "
                    "move outwards, then either way round the ring (29.4)")
        if self.CHOOSE <= action < self.CHOOSE + 6 and s.phase is Phase.CHOOSE:
            return "that colour was banned"
        if self.SIT <= action < self.SIT + len(self.pairs) and s.phase is Phase.PIE:
            return "sit down between two players who sit next to each other, neither being you"
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        o = s.options
        v["points" if o.scoring == "points" else "chips"] = list(s.points)
        v["target"] = o.target
        v["turn"] = s.turn
        v["record"] = [f"{r}/{a}" for r, a in s.record]
        v["order"] = list(s.order)
        if o.board:
            v["seating"] = ", ".join(f"seat {p}" for p in s.order)
        if s.qid is not None:
            q = s.bank.questions[s.qid]
            v["category"] = q.category
            v["question"] = q.text
            v["question_no"] = s.qid
            if o.multiple_choice:
                v["choices"] = list(q.choices())
        v["given"] = s.given
        v["said"] = list(s.said)
        v["last"] = s.last
        if o.board:
            v["positions"] = [self._square_word(p) for p in s.positions]
            v["roll"] = s.roll
            v["banned"] = None if s.banned is None else COLOURS[s.banned]
            if s.phase is Phase.MOVE:
                v["destinations"] = [f"{self._square_word(sq)}: "
                                     f"{self._kind_word(*square_kind(sq))}"
                                     for sq in destinations(s.positions[s.turn], s.roll)]

    # -- the terminal ---------------------------------------------------------------------
    def render_board(self, view):
        """The question in play and the last round, as sentences."""
        lines = []
        if view.get("question"):
            lines.append(f"Question ({view['category']}): {view['question']}")
            for i, c in enumerate(view.get("choices") or (), 1):
                lines.append(f"  {i}. {c}")
            if view.get("given") is not None:
                lines.append(f"Seat {view['turn']} answers: {view['given']}")
        last = view.get("last")
        if last:
            doubt = "" if last["doubter"] is None else f"seat {last['doubter']} doubted; "
            lines.append(f"Last question, to seat {last['answerer']}: {last['question']}")
            lines.append(f"  answered {last['answer']!r}; the card says {last['printed']}; "
                         f"{doubt}{last['result']}")
        return "\n".join(lines)

    def describe_event(self, e):
        kind, seat = e["kind"], e.get("seat")
        if kind == "question":
            return f"seat {seat} is asked ({e['category']}): {e['question']}"
        if kind == "answer":
            return f"seat {seat} answers: {e['answer']}"
        if kind in ("believe", "doubt"):
            return f"seat {seat} {kind}s"
        if kind == "verdict":
            doubt = "" if e["doubter"] is None else f"seat {e['doubter']} doubted; "
            return f"the card says {e['printed']}; {doubt}{e['result']}"
        if kind == "roll":
            return f"seat {seat} rolls {e['roll']}"
        if kind == "move":
            return f"seat {seat} moves to {e['square']}: {e['lands_on']}"
        if kind == "ban":
            return f"seat {seat} bans {e['colour']}; seat {e['chooser']} chooses the colour"
        if kind == "choose":
            return f"seat {seat} chooses {e['colour']}"
        if kind == "change_seats":
            x, y = e["between"]
            return (f"seat {seat} changes seats, sitting down between seats {x} and {y}; "
                    f"the seating is now {', '.join(map(str, e['seating']))}")
        return NotImplemented

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        o = view["options"]
        s.bank = bank_for(o.questions, o.shipped_questions)
        s.order = list(view["order"])
        s.points = list(view.get("points", view.get("chips")))
        s.turn = view["turn"]
        s.qid = view.get("question_no")
        s.category = None if s.qid is None else \
            s.bank.categories.index(s.bank.questions[s.qid].category)
        s.given = view["given"]
        s.said = list(view["said"])
        s.drawn = [0] * len(s.bank.categories)
        s.record = [[int(x) for x in r.split("/")] for r in view["record"]]
        s.last = view["last"]
        names = {self._square_word(sq): sq for sq in range(BOARD_SQUARES)}
        s.positions = [names[p] for p in view.get("positions", [])]
        s.roll = view.get("roll")
        banned = view.get("banned")
        s.banned = None if banned is None else COLOURS.index(banned)
        s.rounds = 0
        return s
