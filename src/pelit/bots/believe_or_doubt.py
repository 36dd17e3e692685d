"""A Believe or Doubt player with a knowledge rate.

Knowing: for each question it meets, the bot knows the printed answer with
probability ``knowledge`` (0.6 by default; ``heuristic:0.8`` sets it from
the command line), decided once per question and kept for the match.  It
reads the printed answer from the question bank, as a person would recall
it; the view itself never shows it before the announcements end.

Answering: the printed answer when it knows it, else a guess among the
printed answer and the bank's wrong answers (a person's plausible guess).
Announcing: when it knows the answer it doubts exactly the wrong ones.
Otherwise it judges by the answerer's record of right answers so far
(public: the printed answer is read out after every round), counted with a
prior of one right and one wrong: it doubts below an even chance, and below
four in five when the answer would win the match.
The board (29.4): it moves to a pie square when it can, else a question
square (roll-again squares hand the colour to others); on a pie square it
takes the question; it bans and chooses colours at random.
"""

from __future__ import annotations

from ..games.believe_or_doubt import DONT_KNOW, square_kind
from ..trivia import bank_for, is_correct
from . import Bot, heuristic


@heuristic("believe-or-doubt")
class BelieveOrDoubtBot(Bot):
    name = "heuristic"
    knowledge = 0.6

    def __init__(self, game, seat, seed=0):
        super().__init__(game, seat, seed)
        self.known: dict[int, bool] = {}
        self.bank = None

    def configure(self, setting: str) -> None:
        """``heuristic:RATE``: the chance (0..1) that the bot knows an answer."""
        try:
            rate = float(setting)
        except ValueError:
            rate = -1.0
        if not 0.0 <= rate <= 1.0:
            from ..core.errors import PelitError
            raise PelitError(f"the believe-or-doubt bot's setting is a knowledge rate "
                             f"between 0 and 1, not {setting!r}")
        self.knowledge = rate

    def _knows(self, qno: int) -> bool:
        if qno not in self.known:
            self.known[qno] = self.rng.random() < self.knowledge
        return self.known[qno]

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if self.bank is None:
            o = view["options"]
            self.bank = bank_for(o.questions, o.shipped_questions)
        phase = view["phase"]
        if phase == "answer":
            q = self.bank.questions[view["question_no"]]
            if self._knows(view["question_no"]):
                text = q.printed
            else:
                text = self.rng.choice(q.choices()) if q.wrong else DONT_KNOW
            action = g.answer_action(text)
            return action if action in legal or not view["options"].multiple_choice \
                else self.rng.choice(legal)
        if phase == "announce":
            return g.DOUBT if self._doubts(view) else g.BELIEVE
        if phase == "move":
            def value(a):
                kind = square_kind(a - g.MOVE + 1)[0]
                return {"pie": 2, "plain": 1}.get(kind, 0)
            best = max(value(a) for a in legal)
            return self.rng.choice([a for a in legal if value(a) == best])
        if phase == "pie":
            return g.QUESTION
        return self.rng.choice(legal)

    def _doubts(self, view) -> bool:
        qno = view["question_no"]
        q = self.bank.questions[qno]
        if self._knows(qno):
            return not is_correct(q, view["given"])
        right, asked = (int(x) for x in view["record"][view["turn"]].split("/"))
        chance = (right + 1) / (asked + 2)
        scores = view.get("points")
        wins_now = (view["chips"][view["turn"]] <= 1) if scores is None \
            else scores[view["turn"]] + 1 >= view["target"]
        return chance < (0.8 if wins_now else 0.5)
