"""Purkkis, hide and seek round a ball, and Kymmenen tikkua laudalla.

Rule source: seed 000 ("My Games"), ch. 38 Purkkis (line 2627): 38.1
Setup, 38.2 Basic rules, 38.3 Own name and rescuing, 38.4 Extra rule, 38.5
Etiquette; and ch. 39 Kymmenen tikkua laudalla (line 2669), the same game
with a plank and ten sticks instead of the ball.  Referee games
(``games/_referee.py``): pelit keeps who seeks, how many rounds he has
sought, who is hidden, the prisoners in the order they were found (the
first becomes the next seeker), the own-name sayers, and the tallies of the
achievements 38.5 names.

Entered facts: ``kick`` (a round starts: the ball kicked away, the plank
pushed down; the seeker fetches it), ``found X`` (the seeker saw hider X,
touched the ball and shouted his name), ``own X`` (hider X touched the
ball first and shouted "Own name"), ``rescue X`` (hider X kicked the ball
away and shouted "All rescued"), ``stop`` (the players stop).

Decisions where the seed is silent (pinned in tests/games/test_purkkis.py):

- 38.1: seat 0 seeks first.
- 38.4: a round is counted each time the ball is kicked and the seeker
  fetches it (``kick``); his third round in a row is the "third round",
  whatever ended the first two (a rescue, or all hiders saying own name).
- 38.2 / 38.4: the round ends when no hider is left hidden.  With a
  prisoner among them, the first prisoner found seeks next; with own-name
  sayers only, the same seeker seeks again, except in his third round, when
  the last to say own name seeks.  A new seeker's count starts again at one.
- 38.3: a rescue frees everyone (prisoners and own-name sayers hide again)
  and the same seeker seeks again: the round is over.
- 38.2 / 38.5 (the end): there is no winning or losing; ``stop`` ends the
  match with no winner.  The scores are each player's own names and
  rescues together (38.5's desirable achievements); the details also count
  rounds as seeker and times found first.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState, seats_text

MAX_PLAYERS = 24
THIRD = 3                       # 38.4: the same seeker at most three rounds in a row


class Phase(enum.Enum):
    KICK = 1           # fact: the ball is kicked (a round starts)
    SEEK = 2           # facts: found, own name, rescue


@dataclass(frozen=True)
class PurkkisOptions:
    players: int = option(10, "number of players (38.1: around ten)", min=3, max=MAX_PLAYERS)


class PurkkisState(RefereeState):
    __slots__ = ("seeker", "seeker_round", "prisoners", "owns", "rounds_seeking",
                 "found_first", "own_names", "rescues")

    def _copy_fields(self, new):
        new.seeker = self.seeker
        new.seeker_round = self.seeker_round
        new.prisoners = self.prisoners.copy()
        new.owns = self.owns.copy()
        new.rounds_seeking = self.rounds_seeking.copy()
        new.found_first = self.found_first.copy()
        new.own_names = self.own_names.copy()
        new.rescues = self.rescues.copy()


@register
class Purkkis(RefereeGame):
    info = GameInfo(
        id="purkkis", name="Purkkis", min_seats=3, max_seats=MAX_PLAYERS, family=FAMILY,
        source="000 ch. 38 Purkkis (line 2627)", hidden=False, chance=True,
        summary=(
            "Hide and seek round a ball. A hider kicks the ball from its spot; while the "
            "seeker fetches it the others hide. The seeker who sees a hider runs to the "
            "ball, touches it and shouts his name: a prisoner. When no prisoner is held, "
            "a hider may touch the ball first and shout 'Own name' (as good as caught, but "
            "not the next seeker); when prisoners are held, a free hider may kick the ball "
            "away shouting 'All rescued', and everyone hides again from the same seeker. "
            "When nobody is left hidden, the first prisoner found seeks next (all own "
            "names: the same seeker again). A seeker seeks three rounds in a row at most: "
            "in his third round nobody can be rescued, own name may be said even with "
            "prisoners, and if all say own name the last of them seeks. No winner: pelit "
            "keeps the seeker, the rounds, the prisoners and who said own name."),
        verbs=(("kick", "the ball is kicked away: a round starts"),
               ("found 3", "the seeker found seat 3"),
               ("own 3", "seat 3 said own name"),
               ("rescue 3", "seat 3 rescued everyone"),
               ("stop", "the players stop"), ("undo", "take back the last entry")),
    )
    Options = PurkkisOptions
    Phase = Phase
    State = PurkkisState
    test_options = {"players": 4}
    start_verb = "kick"
    render_hints = {"hide": ["entered", "seeker", "seeker_round", "third_round", "prisoners",
                             "own_name"],
                    "per_seat": ["status", "own_names", "rescues"],
                    "labels": {"own_names": "own names said"},
                    "seat_fields": ["seeker", "player", "rescuer", "next_seeker", "entered_by"]}

    def __init__(self):
        self.actions = ActionSpace()
        seats = [str(p) for p in range(MAX_PLAYERS)]
        self.START = self.actions.verb(self.start_verb)
        self.FOUND = self.actions.choice("found", seats)
        self.OWN = self.actions.choice("own", seats)
        self.RESCUE = self.actions.choice("rescue", seats)
        self.STOP = self.actions.verb("stop")
        super().__init__()

    def _start(self, s):
        n = s.options.players
        s.rounds_seeking = [0] * n
        s.found_first = [0] * n
        s.own_names = [0] * n
        s.rescues = [0] * n
        s.seeker = None
        s.seeker_round = 0
        self._new_round(s, 0)

    # -- rounds ----------------------------------------------------------------------
    def _new_round(self, s, seeker):
        if seeker != s.seeker:
            s.seeker_round = 0
        s.seeker = seeker
        s.seeker_round += 1
        s.rounds_seeking[seeker] += 1
        s.prisoners = []
        s.owns = []
        s.log("round", None, seeker=seeker, seeker_round=s.seeker_round,
              third=s.seeker_round == THIRD)
        s.phase = Phase.KICK
        s.to_act = SCOREKEEPER

    def _third(self, s) -> bool:
        return s.seeker_round == THIRD

    def _hidden(self, s) -> list[int]:
        caught = set(s.prisoners) | set(s.owns)
        return [p for p in range(s.options.players) if p != s.seeker and p not in caught]

    def _legal_kick(self, s, seat):
        return [self.START, self.STOP]

    def _apply_kick(self, s, seat, action):
        if action == self.STOP:
            self._end(s)
            return
        s.log(self.start_verb, seat, seeker=s.seeker, third=self._third(s))
        s.phase = Phase.SEEK
        s.to_act = SCOREKEEPER

    def _legal_seek(self, s, seat):
        hidden = self._hidden(s)
        out = [self.FOUND + p for p in hidden]
        if not s.prisoners or self._third(s):
            out += [self.OWN + p for p in hidden]
        if s.prisoners and not self._third(s):
            out += [self.RESCUE + p for p in hidden]
        return out + [self.STOP]

    def _apply_seek(self, s, seat, action):
        if action == self.STOP:
            self._end(s)
            return
        if action >= self.RESCUE:
            rescuer = action - self.RESCUE
            s.rescues[rescuer] += 1
            s.log("rescued", seat, rescuer=rescuer, freed=len(s.prisoners) + len(s.owns))
            self._new_round(s, s.seeker)
            return
        if action >= self.OWN:
            p = action - self.OWN
            s.owns.append(p)
            s.own_names[p] += 1
            s.log("own_name", seat, player=p)
        else:
            p = action - self.FOUND
            s.prisoners.append(p)
            s.log("found", seat, player=p, place=len(s.prisoners))
        if not self._hidden(s):
            self._round_over(s)

    def _round_over(self, s):
        if s.prisoners:
            nxt = s.prisoners[0]
            s.found_first[nxt] += 1
            why = "found first"
        elif self._third(s):
            nxt = s.owns[-1]
            why = "the last to say own name in the third round"
        else:
            nxt = s.seeker
            why = "everyone said own name"
        s.log("all_found", None, next_seeker=nxt, why=why)
        self._new_round(s, nxt)

    def _end(self, s):
        n = s.options.players
        scores = tuple(s.own_names[p] + s.rescues[p] for p in range(n))
        self.finish(s, Outcome(scores, (), "the players stopped (38.2: nobody wins or loses)",
                               details={"own_names": list(s.own_names),
                                        "rescues": list(s.rescues),
                                        "rounds_seeking": list(s.rounds_seeking),
                                        "found_first": list(s.found_first)}))

    # -- refusals and views --------------------------------------------------------------
    def why_not(self, s, seat, action):
        if s.phase is Phase.KICK:
            return f"a round starts with '{self.start_verb}' (or stop)"
        p = (action - self.FOUND) % MAX_PLAYERS if self.FOUND <= action < self.STOP else None
        if p is not None:
            if p >= s.options.players:
                return f"there is no seat {p}"
            if p == s.seeker:
                return f"seat {p} is the seeker"
            if p not in self._hidden(s):
                return f"seat {p} is no longer hidden"
            if action >= self.RESCUE:
                return ("nobody can be rescued in the third round (38.4)" if self._third(s)
                        else "there is no prisoner to rescue (38.3)")
            if action >= self.OWN:
                return "own name only while no prisoner is held, or in the third round (38.3, 38.4)"
        return super().why_not(s, seat, action)

    def _referee_view(self, s, v):
        n = s.options.players
        caught = set(s.prisoners)
        owns = set(s.owns)
        v["seeker"] = s.seeker
        v["seeker_round"] = s.seeker_round
        v["third_round"] = self._third(s)
        v["status"] = ["seeker" if p == s.seeker else "prisoner" if p in caught
                       else "own name" if p in owns else "hidden" for p in range(n)]
        v["prisoners"] = list(s.prisoners)
        v["own_name"] = list(s.owns)
        v["own_names"] = list(s.own_names)
        v["rescues"] = list(s.rescues)

    def board_lines(self, v):
        third = " (the third round: no rescue, own name even with prisoners)" \
            if v["third_round"] else ""
        out = [f"Seat {v['seeker']} seeks: round {v['seeker_round']} of {THIRD}{third}"]
        if v["phase"] == "kick":
            out.append(f"Next: {'push the plank' if self.start_verb == 'push' else 'kick the ball'}")
        if v["prisoners"]:
            out.append(f"Prisoners, in the order found: {seats_text(v['prisoners'])} "
                       f"(Seat {v['prisoners'][0]} seeks next)")
        if v["own_name"]:
            out.append(f"Said own name: {seats_text(v['own_name'])}")
        hidden = [p for p, st in enumerate(v["status"]) if st == "hidden"]
        out.append(f"Hidden: {seats_text(hidden)}")
        return out

    def describe(self, e):
        kind = e.get("kind")
        if kind == "round":
            return (f"── seat {e['seeker']} seeks, round {e['seeker_round']}"
                    + (" (third round: no rescue, own name any time)" if e["third"] else "")
                    + " ──")
        if kind == self.start_verb:
            return f"The {'plank is pushed' if self.start_verb == 'push' else 'ball is kicked'}; " \
                   f"seat {e['seeker']} fetches"
        if kind == "found":
            return f"Seat {e['player']} found (prisoner {e['place']})"
        if kind == "own_name":
            return f"Seat {e['player']}: own name!"
        if kind == "rescued":
            return f"Seat {e['rescuer']}: all rescued!"
        if kind == "all_found":
            return f"Nobody is hidden: seat {e['next_seeker']} seeks next ({e['why']})"
        return NotImplemented


@register
class KymmenenTikkuaLaudalla(Purkkis):
    """ch. 39: Purkkis with a plank and ten sticks: the round starts when the
    plank is pushed down (``push``) and the seeker sets the sticks back.  The
    id is the name's first two words, so ``pelit list`` keeps to 80 columns;
    the whole name is an alias."""

    info = GameInfo(
        id="kymmenen-tikkua", name="Kymmenen tikkua laudalla", min_seats=3,
        max_seats=MAX_PLAYERS, family=FAMILY,
        source="000 ch. 39 Kymmenen tikkua laudalla (line 2669)", hidden=False, chance=True,
        aliases=("kymmenen-tikkua-laudalla", "ten-sticks-on-a-plank"),
        summary=(
            "Purkkis (ch. 38) with a plank on a block of wood and ten sticks on its lower "
            "end instead of the ball: pushing the raised end down with a foot scatters the "
            "sticks, and the seeker must set plank and sticks back before he seeks. A "
            "rescuer pushes the plank. Everything else, and what pelit keeps, is as in "
            "Purkkis."),
        verbs=(("push", "the plank is pushed down: a round starts"),
               ("found 3", "the seeker found seat 3"),
               ("own 3", "seat 3 said own name"),
               ("rescue 3", "seat 3 pushed the plank: all rescued"),
               ("stop", "the players stop"), ("undo", "take back the last entry")),
    )
    start_verb = "push"
