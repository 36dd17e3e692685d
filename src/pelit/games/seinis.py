"""Seinis: kicking a ball at a wall in turn until one player is left.

Rule source: seed 000 ("My Games"), ch. 36 Seinis (line 2579): 36.1
Gameplay.  A referee game (``games/_referee.py``): the players kick on the
field; pelit keeps the order of kicking, says who kicks now and whether from
the starting spot, and keeps the order in which the players drop out.

Entered facts: ``hit`` (the kicker hit the target area of the wall) and
``miss`` (he did not: he drops out).

Decisions where the seed is silent (pinned in tests/games/test_seinis.py):

- 36 (the order): the players kick in seat order, seat 0 first, from the
  starting spot.
- 36.1 (faults): a kick that breaks the rules (the ball stopped or moved
  before the kick) has no penalty of its own in the seed; enter it as the
  players rule it, a hit or a miss.
- 36.1 (the end): the last player left wins; the others are ranked by when
  they dropped out, the last to drop second.  Each player's score is the
  number of players who dropped out before him.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState, seats_text


class Phase(enum.Enum):
    KICK = 1           # fact: the kick hit the target or missed


@dataclass(frozen=True)
class SeinisOptions:
    players: int = option(4, "number of players (36: two or more)", min=2, max=16)


class SeinisState(RefereeState):
    __slots__ = ("playing", "kicker", "from_spot", "round", "kicks", "out")

    def _copy_fields(self, new):
        new.playing = self.playing.copy()
        new.kicker = self.kicker
        new.from_spot = self.from_spot
        new.round = self.round
        new.kicks = self.kicks
        new.out = self.out.copy()


@register
class Seinis(RefereeGame):
    info = GameInfo(
        id="seinis", name="Seinis", min_seats=2, max_seats=16, family=FAMILY,
        source="000 ch. 36 Seinis (line 2579)", hidden=False, chance=True,
        summary=(
            "A soccer ball and a piece of wall marked as the target. The players kick "
            "in a fixed order, each at the ball as it comes back from the wall (moving or "
            "stopped, never stopped by hand or foot first); the first kick of a round is "
            "from the starting spot. A player who misses the target drops out and the "
            "game starts again from the spot with the next player; the last player left "
            "wins. pelit keeps the order: enter hit or miss for each kick."),
        verbs=(("hit", "the kicker hit the target"), ("miss", "the kicker missed: he drops out"),
               ("undo", "take back the last entry")),
    )
    Options = SeinisOptions
    Phase = Phase
    State = SeinisState
    test_options = {"players": 3}
    render_hints = {"hide": ["entered", "playing", "kicker", "from_spot", "round", "kicks", "out"],
                    "seat_fields": ["kicker", "player", "entered_by"]}

    def __init__(self):
        self.actions = ActionSpace()
        self.HIT = self.actions.verb("hit")
        self.MISS = self.actions.verb("miss")
        super().__init__()

    def _start(self, s):
        s.playing = list(range(s.options.players))
        s.out = []
        s.round = 0
        self._new_round(s, 0)

    def _new_round(self, s, kicker):
        s.round += 1
        s.kicker = kicker
        s.from_spot = True
        s.kicks = 0
        s.log("round", None, round=s.round, kicker=kicker, players=len(s.playing))
        s.phase = Phase.KICK
        s.to_act = SCOREKEEPER

    def _next_after(self, s, seat):
        """The next player still in, after ``seat`` in the kicking order."""
        n = s.options.players
        for k in range(1, n + 1):
            q = (seat + k) % n
            if q in s.playing:
                return q
        return seat

    def _legal_kick(self, s, seat):
        return [self.HIT, self.MISS]

    def _apply_kick(self, s, seat, action):
        kicker = s.kicker
        hit = action == self.HIT
        s.kicks += 1
        s.log("kick", seat, kicker=kicker, hit=hit, from_spot=s.from_spot)
        if hit:
            s.kicker = self._next_after(s, kicker)
            s.from_spot = False
            return
        nxt = self._next_after(s, kicker)
        s.playing.remove(kicker)
        s.out.append(kicker)
        s.log("dropped", None, player=kicker, left=len(s.playing))
        if len(s.playing) == 1:
            self._end(s)
            return
        self._new_round(s, nxt)

    def _end(self, s):
        winner = s.playing[0]
        n = s.options.players
        outlasted = [0] * n
        for i, p in enumerate(s.out):
            outlasted[p] = i
        outlasted[winner] = n - 1
        ranking = tuple(n - outlasted[p] for p in range(n))
        self.finish(s, Outcome(tuple(outlasted), (winner,),
                               f"seat {winner} is the last player left", ranking=ranking,
                               details={"dropped_out": list(s.out)}))

    def _referee_view(self, s, v):
        v["playing"] = list(s.playing)
        v["kicker"] = s.kicker
        v["from_spot"] = s.from_spot
        v["round"] = s.round
        v["kicks"] = s.kicks
        v["out"] = list(s.out)

    def board_lines(self, v):
        spot = " from the starting spot" if v["from_spot"] else ""
        out = [f"Round {v['round']}: Seat {v['kicker']} kicks{spot} "
               f"({v['kicks']} kicks this round)",
               f"Kicking order: {seats_text(v['playing'])}"]
        if v["out"]:
            out.append(f"Dropped out, first to last: {seats_text(v['out'])}")
        return out

    def describe(self, e):
        kind = e.get("kind")
        if kind == "round":
            return (f"── round {e['round']}: {e['players']} players; seat {e['kicker']} kicks "
                    f"from the starting spot ──")
        if kind == "kick":
            return f"Seat {e['kicker']} " + ("hit the target" if e["hit"] else "missed")
        if kind == "dropped":
            return f"Seat {e['player']} drops out ({e['left']} left)"
        return NotImplemented
