"""Windows in which several seats may act out of turn.

Two shapes cover the rule books:

- **race**: the first action that arrives decides (Valepaska's "I doubt it"
  against the next player's play, Cactus matching a discard, Salute the
  King's reactions in arrival order).  The game lists every seat that may act
  in ``state.to_act``; whichever ``apply`` comes first is applied, and the game
  then opens the next window.  The arrival order is the order of ``apply``
  calls: a server serialises them, a simulator draws one at random.
- **collect**: every seat in the window answers once (an action or a decline)
  before anything happens, then the game resolves by its priority rule
  (claims of a discard go to the first claimant in turn order).

``Window`` keeps the answers of a collect window; race windows need no state
beyond ``to_act``.
"""

from __future__ import annotations


class Window:
    __slots__ = ("seats", "answers")

    def __init__(self, seats):
        self.seats = tuple(seats)
        self.answers: dict[int, object] = {}

    def clone(self) -> "Window":
        new = Window(self.seats)
        new.answers = dict(self.answers)
        return new

    def answer(self, seat: int, action) -> None:
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not in this window")
        if seat in self.answers:
            raise ValueError(f"seat {seat} has already answered")
        self.answers[seat] = action

    @property
    def pending(self) -> tuple[int, ...]:
        return tuple(s for s in self.seats if s not in self.answers)

    @property
    def complete(self) -> bool:
        return len(self.answers) == len(self.seats)

    def first(self, priority, declined=None):
        """The winning answer: the first seat in ``priority`` order whose
        answer is not ``declined``; ``None`` when every seat declined."""
        for seat in priority:
            if seat in self.answers and self.answers[seat] != declined:
                return seat, self.answers[seat]
        return None
