"""Swing Dodgeball: burning the players on the swings, runs and bonus lives.

Rule source: seed 000 ("My Games"), ch. 35 Swing Dodgeball (line 2513):
35.1 Setup, 35.2 Basic rules, 35.3 Catches, 35.4 Runs, 35.5 Bonus lives,
35.6 Back-burners.  A referee game (``games/_referee.py``): pelit keeps who
sits in the swings, who burns and who waits behind the swings, the runs and
bonus lives, and the half-catch that a second one would turn into a burn.

Entered facts (``X`` a target, the seat of a player in a swing):

- ``hit X``: the ball hit X between knees and neck (35.2; a back-burner's
  throw over the upper bar, 35.6); ``catch X``: a kick of X's caught
  before it touched the ground (35.3, 35.6); ``swing X``: in a run, the ball
  thrown between the ropes of X's empty swing (35.4).  Each burns X.
- ``half X``: a kick of X's caught after one bounce (35.3); a second one on
  the next throw burns X.
- ``throw``: a throw that changed nothing (it only ends a half-catch streak).
- ``run X 1``: X ran round the chosen object and got back in time, for so
  many runs (0.5 to 2, as agreed before the game, 35.4).
- ``stop``: the players stop (35.2: there is no winning or losing).

Decisions where the seed is silent (pinned in tests/games/test_swing_dodgeball.py):

- 35.2 / 35.6 (the start): seats 0 and 1 sit in the swings, seat 2 burns,
  seats 3 and 4 stand behind the swings as back-burners in that order.
- 35.3 half-catches: "two half-catches on consecutive throws": any fact
  entered between them (another target's half-catch, a plain ``throw``, a
  run, a burn) ends the streak.
- 35.5 runs and bonus lives: runs are counted per player, also across his
  times out of the swings.  A target without a bonus life gets one as soon
  as he has three runs not yet spent, which spends three; runs go on
  counting while he holds one, and when he loses it and has three runs
  again he gets the next at once.
- 35.5 a burn saved by the bonus life is still counted as a burn (the
  tally of burns), and the target stays in the swing.
- 35.6 with back-burners: the burned target joins the end of the line of
  back-burners, the burner takes his swing, and the back-burner at the
  front of the line (the longest one there) becomes the burner.
- The end: ``stop`` ends the match with no winner (35.2); the scores are
  the runs collected, the burns and bonus lives are in the outcome's
  details.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState, seats_text

MAX_PLAYERS = 5
RUN_VALUES = ("0.5", "1", "1.5", "2")            # 35.4: half a run to two runs
BONUS_AT = 6                                     # three runs, counted in halves (35.5)
BURNS = ("hit", "catch", "swing")


class Phase(enum.Enum):
    PLAY = 1           # facts from the swings


@dataclass(frozen=True)
class SwingDodgeballOptions:
    players: int = option(3, "number of players (35.1: three to five)", min=3, max=MAX_PLAYERS)


class SwingDodgeballState(RefereeState):
    __slots__ = ("swings", "burner", "back", "halves", "toward", "bonus", "burns",
                 "half_on", "throws")

    def _copy_fields(self, new):
        new.swings = self.swings.copy()
        new.burner = self.burner
        new.back = self.back.copy()
        new.halves = self.halves.copy()
        new.toward = self.toward.copy()
        new.bonus = self.bonus.copy()
        new.burns = self.burns.copy()
        new.half_on = self.half_on
        new.throws = self.throws


def runs_text(halves: int) -> str:
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2:g}"


@register
class SwingDodgeball(RefereeGame):
    info = GameInfo(
        id="swing-dodgeball", name="Swing Dodgeball", min_seats=3, max_seats=MAX_PLAYERS,
        family=FAMILY, source="000 ch. 35 Swing Dodgeball (line 2513)", hidden=False,
        chance=True,
        summary=(
            "Two players swing on two swings as targets; the burner throws a light ball "
            "at them from behind the burning line. A hit between knees and neck burns a "
            "target (not below the wrist of a hand on the rope); so does a catch of his "
            "kick before it bounces, or two catches after one bounce on consecutive "
            "throws. A burned target and the burner change places. A target who stops the "
            "ball under the swings kicks it far, and the targets may run round a tree "
            "while the burner fetches it: back in time, a run; a ball thrown between the "
            "ropes of an empty swing burns its owner. Three runs give a bonus life, which "
            "a burn takes instead of the swing. With more than three players the others "
            "burn from behind the swings; a burned target joins them, the burner takes "
            "the swing and the one who waited longest burns. No winner: enter what "
            "happens and pelit keeps the roles, runs and lives."),
        verbs=(("hit 0", "the ball hit target 0 between knees and neck: burned"),
               ("catch 0", "target 0's kick caught before it bounced: burned"),
               ("half 0", "target 0's kick caught after one bounce"),
               ("swing 0", "in a run, the ball went between the ropes of 0's swing: burned"),
               ("run 0 1", "target 0 made a run worth 1 (0.5, 1, 1.5 or 2)"),
               ("throw", "a throw that changed nothing"),
               ("stop", "the players stop"), ("undo", "take back the last entry")),
    )
    Options = SwingDodgeballOptions
    Phase = Phase
    State = SwingDodgeballState
    test_options = {"players": 4}
    render_hints = {"hide": ["entered", "swings", "burner", "back_burners", "half_catch"],
                    "per_seat": ["runs", "bonus_life", "burned"],
                    "labels": {"burned": "times burned", "bonus_life": "bonus life"},
                    "seat_fields": ["target", "burner", "entered_by"],
                    "seat_lists": ["swings", "back_burners"]}

    def __init__(self):
        self.actions = ActionSpace()
        seats = [str(p) for p in range(MAX_PLAYERS)]
        self.BURN = {kind: self.actions.choice(kind, seats) for kind in BURNS}
        self.HALF = self.actions.choice("half", seats)
        self.RUN = self.actions.choice("run", [f"{p} {r}" for p in seats for r in RUN_VALUES])
        self.THROW = self.actions.verb("throw")
        self.STOP = self.actions.verb("stop")
        super().__init__()

    def _start(self, s):
        n = s.options.players
        s.swings = [0, 1]
        s.burner = 2
        s.back = list(range(3, n))
        s.halves = [0] * n
        s.toward = [0] * n
        s.bonus = [False] * n
        s.burns = [0] * n
        s.half_on = None
        s.throws = 0
        s.phase = Phase.PLAY
        s.to_act = SCOREKEEPER
        self._log_roles(s)

    def _log_roles(self, s):
        s.log("roles", None, swings=list(s.swings), burner=s.burner, back_burners=list(s.back))

    def _legal_play(self, s, seat):
        out = []
        for target in sorted(s.swings):
            out += [self.BURN[k] + target for k in BURNS]
            out.append(self.HALF + target)
            out += [self.RUN + target * len(RUN_VALUES) + i for i in range(len(RUN_VALUES))]
        return sorted(out) + [self.THROW, self.STOP]

    def _apply_play(self, s, seat, action):
        s.throws += 1
        if action == self.STOP:
            self._end(s)
            return
        if action == self.THROW:
            s.half_on = None
            s.log("throw", seat)
            return
        if self.HALF <= action < self.HALF + MAX_PLAYERS:
            target = action - self.HALF
            if s.half_on == target:
                s.half_on = None
                s.log("half_catch", seat, target=target, second=True)
                self._burn(s, target, "two half-catches")
            else:
                s.half_on = target
                s.log("half_catch", seat, target=target, second=False)
            return
        s.half_on = None
        if self.RUN <= action < self.RUN + MAX_PLAYERS * len(RUN_VALUES):
            target, i = divmod(action - self.RUN, len(RUN_VALUES))
            worth = i + 1                                     # in halves
            s.halves[target] += worth
            s.toward[target] += worth
            s.log("run", seat, target=target, worth=RUN_VALUES[i],
                  runs=runs_text(s.halves[target]))
            self._grant_bonus(s, target)
            return
        for kind, start in self.BURN.items():
            if start <= action < start + MAX_PLAYERS:
                self._burn(s, action - start, kind)
                return

    def _grant_bonus(self, s, target):
        """35.5: three runs not yet spent give a bonus life, one at a time."""
        if not s.bonus[target] and s.toward[target] >= BONUS_AT:
            s.toward[target] -= BONUS_AT
            s.bonus[target] = True
            s.log("bonus_life", None, target=target)

    def _burn(self, s, target, how):
        s.burns[target] += 1
        if s.bonus[target]:
            s.bonus[target] = False
            s.log("burned", None, target=target, how=how, saved=True)
            self._grant_bonus(s, target)
            return
        s.log("burned", None, target=target, how=how, saved=False)
        s.swings[s.swings.index(target)] = s.burner
        if s.back:
            s.back.append(target)
            s.burner = s.back.pop(0)
        else:
            s.burner = target
        self._log_roles(s)

    def _end(self, s):
        runs = tuple(h / 2 for h in s.halves)
        self.finish(s, Outcome(runs, (), "the players stopped (35.2: nobody wins or loses)",
                               details={"burned": list(s.burns), "runs": list(runs),
                                        "bonus_life": list(s.bonus)}))

    def why_not(self, s, seat, action):
        if action < self.THROW:
            return f"only the players in the swings (seats {s.swings[0]} and {s.swings[1]}) " \
                   "are targets"
        return super().why_not(s, seat, action)

    def _referee_view(self, s, v):
        v["swings"] = list(s.swings)
        v["burner"] = s.burner
        v["back_burners"] = list(s.back)
        v["runs"] = [runs_text(h) for h in s.halves]
        v["bonus_life"] = list(s.bonus)
        v["burned"] = list(s.burns)
        v["half_catch"] = s.half_on

    def board_lines(self, v):
        out = [f"In the swings: {seats_text(v['swings'])}; Seat {v['burner']} burns"]
        if v["back_burners"]:
            out.append(f"Behind the swings, longest first: {seats_text(v['back_burners'])}")
        if v["half_catch"] is not None:
            out.append(f"A half-catch of Seat {v['half_catch']}'s kick: another on the next "
                       "throw burns him")
        return out

    def describe(self, e):
        kind = e.get("kind")
        if kind == "roles":
            back = ", ".join(f"seat {p}" for p in e["back_burners"])
            return (f"In the swings: seats {e['swings'][0]} and {e['swings'][1]}; seat "
                    f"{e['burner']} burns" + (f"; behind the swings: {back}" if back else ""))
        if kind == "burned":
            return f"Seat {e['target']} burns ({e['how']})" + (
                ": the bonus life saves him" if e["saved"] else "")
        if kind == "half_catch":
            return f"Half-catch of seat {e['target']}'s kick" + (
                " again" if e["second"] else "")
        if kind == "run":
            return f"Seat {e['target']} makes a run worth {e['worth']} ({e['runs']} in all)"
        if kind == "bonus_life":
            return f"Seat {e['target']} gets a bonus life"
        if kind == "throw":
            return "A throw: nothing happened"
        return NotImplemented
