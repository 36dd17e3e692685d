"""The out-of-turn model (core.windows) proved on a toy game.

Toy "claims": seats take turns laying a number 1..3 on a pile.  After each
lay, every other seat answers ``claim`` or ``pass`` (a collect window); the
first claimant after the layer in turn order takes the pile.  After three
lays, a race window opens: every seat may ``slap`` and the first to arrive
wins a point.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pytest

from pelit.core.actions import ActionSpace
from pelit.core.errors import IllegalAction
from pelit.core.game import Game, GameInfo, Outcome, State
from pelit.core.windows import Window


class Phase(enum.Enum):
    LAY = 1
    CLAIM = 2
    SLAP = 3


@dataclass(frozen=True)
class ClaimsOptions:
    players: int = 3


class ClaimsState(State):
    __slots__ = ("turn", "pile", "taken", "window", "lays", "slaps")

    def _copy_into(self, new):
        new.turn = self.turn
        new.pile = self.pile.copy()
        new.taken = self.taken.copy()
        new.window = self.window.clone() if self.window else None
        new.lays = self.lays
        new.slaps = self.slaps.copy()


class Claims(Game):
    info = GameInfo(id="claims-toy", name="Claims", min_seats=3, max_seats=3,
                    family="test", source="test", hidden=False, chance=False,
                    summary="toy")
    Options = ClaimsOptions
    Phase = Phase
    State = ClaimsState

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace()
        self.LAY = self.actions.numbers("lay", (1, 2, 3))
        self.CLAIM = self.actions.verb("claim")
        self.PASS = self.actions.verb("pass")
        self.SLAP = self.actions.verb("slap")

    def _setup(self, s):
        s.turn, s.pile, s.taken, s.window, s.lays, s.slaps = 0, [], [0, 0, 0], None, 0, [0, 0, 0]
        s.phase, s.to_act = Phase.LAY, (0,)

    def _legal_lay(self, s, seat):
        return [self.LAY, self.LAY + 1, self.LAY + 2]

    def _apply_lay(self, s, seat, a):
        s.pile.append(a - self.LAY + 1)
        s.lays += 1
        s.window = Window(x for x in range(3) if x != seat)
        s.phase, s.to_act = Phase.CLAIM, s.window.pending

    def _legal_claim(self, s, seat):
        return [self.CLAIM, self.PASS]

    def _apply_claim(self, s, seat, a):
        s.window.answer(seat, a)
        if not s.window.complete:
            s.to_act = s.window.pending
            return
        priority = [(s.turn + i) % 3 for i in range(1, 3)]
        won = s.window.first(priority, declined=self.PASS)
        if won is not None:
            s.taken[won[0]] += sum(s.pile)
            s.pile = []
        s.window = None
        s.turn = (s.turn + 1) % 3
        if s.lays == 3:
            s.phase, s.to_act = Phase.SLAP, (0, 1, 2)
        else:
            s.phase, s.to_act = Phase.LAY, (s.turn,)

    def _legal_slap(self, s, seat):
        return [self.SLAP]

    def _apply_slap(self, s, seat, a):
        s.slaps[seat] += 1          # first to arrive wins the race
        self.finish(s, Outcome(tuple(s.taken), (seat,), "slapped first"))

    def _view(self, s, seat, v):
        v["pile"] = list(s.pile)
        v["taken"] = list(s.taken)


GAME = Claims()


def test_collect_window_waits_for_every_answer_then_priority_decides():
    s = GAME.new_state(seed=1)
    s.play("lay 3")
    assert s.to_act == (1, 2)
    # seat 2 claims first, but seat 1 is next in turn and has priority
    s.apply(GAME.CLAIM, 2)
    assert s.to_act == (1,) and s.taken == [0, 0, 0]
    s.apply(GAME.CLAIM, 1)
    assert s.taken == [0, 3, 0] and s.to_act == (1,)


def test_collect_window_all_decline():
    s = GAME.new_state(seed=1)
    s.play("lay 2")
    s.apply(GAME.PASS, 1)
    s.apply(GAME.PASS, 2)
    assert s.pile == [2] and s.taken == [0, 0, 0]


def test_action_without_seat_in_a_window_is_refused():
    s = GAME.new_state(seed=1)
    s.play("lay 1")
    with pytest.raises(IllegalAction, match="say which seat"):
        s.apply(GAME.CLAIM)
    with pytest.raises(IllegalAction, match="may not act"):
        s.apply(GAME.CLAIM, 0)          # the layer is not in the window
    s.apply(GAME.PASS, 1)
    with pytest.raises(IllegalAction):
        s.apply(GAME.CLAIM, 1)          # one answer per seat


@pytest.mark.parametrize("first", [0, 1, 2])
def test_race_window_first_arrival_wins(first):
    s = GAME.new_state(seed=1)
    for _ in range(3):
        s.apply(GAME.LAY, s.to_act[0])
        for seat in s.to_act:
            s.apply(GAME.PASS, seat)
    assert s.to_act == (0, 1, 2)
    s.apply(GAME.SLAP, first)
    assert s.outcome.winners == (first,)
    with pytest.raises(IllegalAction, match="over"):
        s.apply(GAME.SLAP, (first + 1) % 3)
