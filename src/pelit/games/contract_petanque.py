"""Contract Petanque: the auction and the score of petanque for three.

Rule source: seed 000 ("My Games"), ch. 34 Contract Petanque (line 2446):
34.1 Beginning, 34.2 Auction, 34.3 End game, 34.4 Scoring.  A referee game
(``games/_referee.py``): the players throw on the field and enter what
happened; pelit runs the auction by its rules and keeps the game points.

A round, as entered:

1. ``order 2 0 1``: after the target and one ball each (34.1), the players
   from the farthest ball to the closest (a fact: the scorekeeper, seat 0, enters it).
2. The auction (34.2), each player in turn, the farthest first, then the
   middle one, then the closest, and round again: ``bid N`` (1-5, higher
   than the last number bid), ``double``, ``redouble``, ``flee``, ``pass``.
3. The end game (34.3): pelit names who throws next and whose ball; each
   throw is confirmed with ``thrown`` (a fact).
4. ``balls 0 0 2``: the owners of the closest, second and third closest of
   the six balls (a fact), by the ball's colour: the fleer's ball thrown by
   the other defender is still the fleer's ball.  Then the round is scored.

Decisions where the seed is silent (pinned in tests/games/test_contract_petanque.py):

- 34.2 double: once per number bid (the seed says so); by a player who did
  not make that bid.
- 34.2 redouble: by the last number bidder when his bid is doubled, once
  per number bid (a second redouble would be meaningless).
- 34.2 flee: only the third player can meet its conditions (the bid is an
  opponent's and the double another opponent's); once per number bid.
  A new number bid voids the double, the redouble and the flee.
- 34.2 pass: allowed any time except as the first bidder's first bid; a
  player who passed may bid again later.  The auction ends at the second
  pass in a row (two players, consecutive turns).
- 34.3: of the two defenders, the one whose first ball lay farther from the
  target (34.1's order) throws first; the declarer second; the other
  defender last.  After a flee the other defender throws the fleer's ball
  in the fleer's place in that order.
- 34.4 ball points: only the three closest balls score (3, 2, 1); the
  contract is made when the declarer's balls among them give at least the
  bid.  The declarer wins or loses the bid in game points, twice that
  doubled, four times redoubled; a fleer wins or loses the same as the
  declarer; the doubler's points do not change.
- 34.4 last round: a player whose game points are more than twenty below
  those of each other player (below both of them) may only pass in the last
  round; if he bids first he bids 1 (the only bid he then makes) and passes
  after that.
- 34.4 end: after ``rounds`` rounds (10) the most game points win; equal
  best scores share the win.  Ties of distance on the field are measured
  again before anything is entered: pelit takes one order.
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass

from ..core.actions import ActionSpace
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._referee import FAMILY, SCOREKEEPER, RefereeGame, RefereeState, columns, seats_text

PLAYERS = 3
MAX_BID = 5
BALL_POINTS = (3, 2, 1)          # the closest, second and third closest ball (34.4)
BEHIND = 20                      # 34.4: more than this far behind: pass only in the last round
ORDERS = tuple(itertools.permutations(range(PLAYERS)))
# owners of the three closest balls: each player has two balls
CLOSEST = tuple(t for t in itertools.product(range(PLAYERS), repeat=3)
                if max(t.count(p) for p in range(PLAYERS)) <= 2)


class Phase(enum.Enum):
    ORDER = 1          # fact: the first balls from the farthest to the closest
    AUCTION = 2        # decisions, in the bidding order
    THROW = 3          # facts: the end game's throws, one by one
    BALLS = 4          # fact: who owns the three closest balls


@dataclass(frozen=True)
class ContractPetanqueOptions:
    rounds: int = option(10, "rounds in a game (34.4)", min=1, max=50)


class ContractPetanqueState(RefereeState):
    __slots__ = ("round", "scores", "order", "turn", "bids", "number", "number_by",
                 "doubled_by", "redoubled", "fled_by", "passes", "pass_only",
                 "throws", "thrown", "sheet")

    def _copy_fields(self, new):
        new.round = self.round
        new.scores = self.scores.copy()
        new.order = self.order
        new.turn = self.turn
        new.bids = self.bids.copy()
        new.number = self.number
        new.number_by = self.number_by
        new.doubled_by = self.doubled_by
        new.redoubled = self.redoubled
        new.fled_by = self.fled_by
        new.passes = self.passes
        new.pass_only = self.pass_only
        new.throws = self.throws
        new.thrown = self.thrown
        new.sheet = self.sheet.copy()


def ball_points(closest, seat: int) -> int:
    """34.4: what ``seat``'s balls among the three closest give (3, 2, 1)."""
    return sum(p for owner, p in zip(closest, BALL_POINTS) if owner == seat)


def score_round(declarer: int, bid: int, doubled: bool, redoubled: bool, fled_by,
                closest) -> dict:
    """34.4: the round's ball points, whether the contract was made, and the
    change of each player's game points."""
    points = ball_points(closest, declarer)
    made = points >= bid
    multiplier = 4 if redoubled else 2 if doubled else 1
    value = bid * multiplier * (1 if made else -1)
    changes = [0] * PLAYERS
    changes[declarer] = value
    if fled_by is not None:
        changes[fled_by] = value
    return {"ball_points": points, "made": made, "multiplier": multiplier,
            "changes": changes}


def pass_only_seat(scores, round_no: int, rounds: int):
    """34.4: in the last round, the player more than twenty game points
    behind each of the others (None when nobody is)."""
    if round_no != rounds:
        return None
    for p, mine in enumerate(scores):
        if all(mine < other - BEHIND for q, other in enumerate(scores) if q != p):
            return p
    return None


@register
class ContractPetanque(RefereeGame):
    info = GameInfo(
        id="contract-petanque", name="Contract Petanque", min_seats=3, max_seats=3,
        family=FAMILY, source="000 ch. 34 Contract Petanque (line 2446)",
        hidden=False, chance=True,
        summary=(
            "Petanque for three, scored by a contract. After the target ball and one ball "
            "each, the players bid for the ball points they will make: the farthest ball "
            "bids first, then the middle one, then the closest, round and round. A bid is "
            "a number 1-5 above the last one, a double of another player's number bid, a "
            "redouble of one's own doubled bid, a flee (the third player joins the "
            "declarer's side when the bid is doubled) or a pass; two passes in a row end "
            "the auction. In the end game a defender throws, then the declarer, then the "
            "other defender (who throws the fleer's ball after a flee). The closest ball "
            "gives 3 ball points, the second 2, the third 1; the declarer who makes his "
            "bid wins that many game points, else loses them, doubled or quadrupled; a "
            "fleer wins or loses the same. Ten rounds; in the last, a player more than "
            "twenty behind may only pass. pelit keeps the auction and the score: enter "
            "the order of the balls, the bids and the three closest balls."),
        verbs=(("order 2 0 1", "the first balls from the farthest to the closest (seats)"),
               ("bid 3", "a number bid, 1-5, above the last one"),
               ("double", "double the other player's number bid"),
               ("redouble", "redouble your own doubled bid"),
               ("flee", "join the declarer's side of a doubled bid"),
               ("pass", "no bid"),
               ("thrown", "the ball pelit named has been thrown"),
               ("balls 0 0 2", "whose are the closest, second and third closest balls"),
               ("undo", "take back the last entry")),
    )
    Options = ContractPetanqueOptions
    Phase = Phase
    State = ContractPetanqueState
    test_options = {"rounds": 2}
    decision_phases = ("AUCTION",)
    render_hints = {
        "hide": ["entered", "order", "bids", "contract", "throws", "thrown", "next_throw", "sheet",
                 "pass_only", "round", "rounds"],
        "per_seat": ["scores"],
        "seat_fields": ["doubled_by", "fled_by", "thrower", "ball_of", "pass_only", "entered_by"],
        "seat_lists": ["farthest_first", "closest"],
        "labels": {"scores": "game points"},
        "deal_end": ["round_scored"]}

    def __init__(self):
        self.actions = ActionSpace()
        self.ORDER = self.actions.choice("order", [" ".join(map(str, o)) for o in ORDERS])
        self.BID = self.actions.numbers("bid", range(1, MAX_BID + 1))
        self.DOUBLE = self.actions.verb("double")
        self.REDOUBLE = self.actions.verb("redouble")
        self.FLEE = self.actions.verb("flee")
        self.PASS = self.actions.verb("pass")
        self.THROWN = self.actions.verb("thrown")
        self.BALLS = self.actions.choice("balls", [" ".join(map(str, t)) for t in CLOSEST])
        super().__init__()

    # -- a round -------------------------------------------------------------------
    def _start(self, s):
        s.round = 0
        s.scores = [0] * PLAYERS
        s.sheet = []
        self._new_round(s)

    def _new_round(self, s):
        s.round += 1
        s.order = None
        s.turn = 0
        s.bids = []
        s.number = 0
        s.number_by = None
        s.doubled_by = None
        s.redoubled = False
        s.fled_by = None
        s.passes = 0
        s.pass_only = pass_only_seat(s.scores, s.round, s.options.rounds)
        s.throws = ()
        s.thrown = 0
        s.log("round", None, round=s.round, pass_only=s.pass_only)
        s.phase = Phase.ORDER
        s.to_act = SCOREKEEPER

    # 34.1: the first balls
    def _legal_order(self, s, seat):
        return list(range(self.ORDER, self.ORDER + len(ORDERS)))

    def _apply_order(self, s, seat, action):
        s.order = ORDERS[action - self.ORDER]
        s.log("order", seat, farthest_first=list(s.order))
        s.phase = Phase.AUCTION
        s.to_act = (s.order[0],)

    # 34.2: the auction
    def _bidder(self, s):
        return s.order[s.turn % PLAYERS]

    def _legal_auction(self, s, seat):
        first = not s.bids
        if s.pass_only == seat:
            return [self.BID] if first else [self.PASS]
        out = [self.BID + v - 1 for v in range(s.number + 1, MAX_BID + 1)]
        if s.number_by is not None and s.number_by != seat and s.doubled_by is None:
            out.append(self.DOUBLE)
        if s.number_by == seat and s.doubled_by is not None and not s.redoubled:
            out.append(self.REDOUBLE)
        if s.number_by not in (None, seat) and s.doubled_by not in (None, seat) \
                and s.fled_by is None:
            out.append(self.FLEE)
        if not first:
            out.append(self.PASS)
        return out

    def _apply_auction(self, s, seat, action):
        text = self.action_text(action)
        s.bids.append((seat, text))
        if action == self.PASS:
            s.passes += 1
        else:
            s.passes = 0
            if action == self.DOUBLE:
                s.doubled_by = seat
            elif action == self.REDOUBLE:
                s.redoubled = True
            elif action == self.FLEE:
                s.fled_by = seat
            else:
                s.number = action - self.BID + 1
                s.number_by = seat
                s.doubled_by = None
                s.redoubled = False
                s.fled_by = None
        s.log("bid", seat, bid=text)
        if s.passes == 2:
            self._contract(s)
            return
        s.turn += 1
        s.to_act = (self._bidder(s),)

    # 34.3: the end game
    def _contract(self, s):
        declarer = s.number_by
        defenders = [p for p in s.order if p != declarer]      # the farther one first
        throws = []
        for slot in (defenders[0], declarer, defenders[1]):
            thrower = slot
            if slot == s.fled_by:
                thrower = defenders[0] if defenders[1] == slot else defenders[1]
            throws.append((thrower, slot))
        s.throws = tuple(throws)
        s.thrown = 0
        s.log("contract", None, declarer=declarer, bid=s.number,
              doubled_by=s.doubled_by, redoubled=s.redoubled, fled_by=s.fled_by,
              throws=[{"thrower": t, "ball_of": b} for t, b in throws])
        s.phase = Phase.THROW
        s.to_act = SCOREKEEPER

    def _legal_throw(self, s, seat):
        return [self.THROWN]

    def _apply_throw(self, s, seat, action):
        thrower, ball_of = s.throws[s.thrown]
        s.thrown += 1
        s.log("thrown", seat, thrower=thrower, ball_of=ball_of, throw_no=s.thrown)
        if s.thrown == len(s.throws):
            s.phase = Phase.BALLS
        s.to_act = SCOREKEEPER

    # 34.4: scoring
    def _legal_balls(self, s, seat):
        return list(range(self.BALLS, self.BALLS + len(CLOSEST)))

    def _apply_balls(self, s, seat, action):
        closest = CLOSEST[action - self.BALLS]
        s.log("balls", seat, closest=list(closest))
        got = score_round(s.number_by, s.number, s.doubled_by is not None, s.redoubled,
                          s.fled_by, closest)
        for p in range(PLAYERS):
            s.scores[p] += got["changes"][p]
        row = {"round": s.round, "declarer": s.number_by, "bid": s.number,
               "doubled_by": s.doubled_by, "redoubled": s.redoubled, "fled_by": s.fled_by,
               "closest": list(closest), "ball_points": got["ball_points"],
               "made": got["made"], "changes": got["changes"], "scores": list(s.scores)}
        s.sheet.append(row)
        s.log("round_scored", None, **row)
        if s.round == s.options.rounds:
            self._end(s)
        else:
            self._new_round(s)

    def _end(self, s):
        best = max(s.scores)
        winners = tuple(p for p in range(PLAYERS) if s.scores[p] == best)
        ranking = tuple(1 + sum(1 for q in s.scores if q > s.scores[p]) for p in range(PLAYERS))
        who = " and ".join(f"seat {p}" for p in winners)
        self.finish(s, Outcome(tuple(s.scores), winners,
                               f"after {s.round} rounds {who} {'has' if len(winners) == 1 else 'share'} "
                               f"the most game points ({best})", ranking=ranking,
                               details={"sheet": s.sheet}))

    # -- refusals --------------------------------------------------------------------
    def why_not(self, s, seat, action):
        if s.phase is Phase.AUCTION:
            if s.pass_only == seat:
                return ("more than twenty game points behind in the last round, you may only "
                        "pass" + (" (as the first bidder you bid 1)" if not s.bids else ""))
            if action == self.PASS:
                return "the first bidder may not pass his first bid"
            if self.BID <= action < self.BID + MAX_BID:
                return f"a number bid must be higher than {s.number}"
            if action == self.DOUBLE:
                if s.number_by is None:
                    return "there is no number bid to double"
                if s.number_by == seat:
                    return "you cannot double your own bid"
                return "the bid has been doubled already"
            if action == self.REDOUBLE:
                if s.number_by != seat:
                    return "only the last number bidder may redouble"
                if s.doubled_by is None:
                    return "redouble a bid that has been doubled"
                return "the bid has been redoubled already"
            if action == self.FLEE:
                if s.number_by is None or s.number_by == seat:
                    return "flee from another player's number bid"
                if s.doubled_by is None:
                    return "flee only from a doubled bid"
                if s.doubled_by == seat:
                    return "you doubled the bid; the third player may flee"
                return "you have fled already"
            return f"now it is the auction (seat {self._bidder(s)} bids)"
        if s.phase is Phase.ORDER:
            return "first enter the order of the balls, farthest first (order A B C)"
        if s.phase is Phase.THROW:
            t, b = s.throws[s.thrown]
            return f"the end game: enter 'thrown' when seat {t} has thrown seat {b}'s ball"
        if s.phase is Phase.BALLS:
            if self.BALLS <= action < self.BALLS + len(CLOSEST):
                return "each player has two balls"
            return "enter whose the three closest balls are (balls A B C)"
        return super().why_not(s, seat, action)

    # -- views -----------------------------------------------------------------------
    def _referee_view(self, s, v):
        v["round"] = s.round
        v["rounds"] = s.options.rounds
        v["scores"] = list(s.scores)
        v["order"] = None if s.order is None else list(s.order)
        v["bids"] = [[w, t] for w, t in s.bids]
        v["contract"] = None if s.number_by is None else {
            "bid": s.number, "declarer": s.number_by, "doubled_by": s.doubled_by,
            "redoubled": s.redoubled, "fled_by": s.fled_by}
        v["pass_only"] = s.pass_only
        v["throws"] = [{"thrower": t, "ball_of": b} for t, b in s.throws]
        v["thrown"] = s.thrown
        v["next_throw"] = (None if s.phase is not Phase.THROW else
                           {"thrower": s.throws[s.thrown][0], "ball_of": s.throws[s.thrown][1]})
        v["sheet"] = [dict(r) for r in s.sheet]

    def board_lines(self, v):
        """The round, the auction, the contract and its throws, the score sheet."""
        out = [f"Round {v['round']} of {v['rounds']}"]
        if v["order"] is None:
            out.append("Enter the order of the first balls, farthest first (order A B C)")
        else:
            out.append(f"Balls from the farthest (the bidding order): {seats_text(v['order'])}")
        if v["pass_only"] is not None:
            out.append(f"Seat {v['pass_only']} is more than 20 behind: pass only (34.4)")
        if v["bids"]:
            out.append("Auction: " + " · ".join(f"Seat {w} {t}" for w, t in v["bids"]))
        c = v["contract"]
        if c is not None:
            line = f"Contract: Seat {c['declarer']} bids {c['bid']}"
            if c["doubled_by"] is not None:
                line += f", doubled by Seat {c['doubled_by']}"
            if c["redoubled"]:
                line += ", redoubled"
            if c["fled_by"] is not None:
                line += f", Seat {c['fled_by']} fled"
            out.append(line)
        if v["throws"]:
            parts = []
            for i, t in enumerate(v["throws"]):
                ball = "" if t["thrower"] == t["ball_of"] else f" with Seat {t['ball_of']}'s ball"
                now = " <- now" if v["next_throw"] is not None and i == v["thrown"] else ""
                parts.append(f"{i + 1}. Seat {t['thrower']}{ball}{now}")
            out.append("End game: " + " · ".join(parts))
        if v["sheet"]:
            out.append("")
            rows = [["round", "declarer", "contract", "balls", ""]
                    + [f"Seat {p}" for p in range(PLAYERS)]]
            for r in v["sheet"]:
                contract = str(r["bid"]) + (" x4" if r["redoubled"] else
                                            " x2" if r["doubled_by"] is not None else "")
                if r["fled_by"] is not None:
                    contract += f", Seat {r['fled_by']} fled"
                rows.append([str(r["round"]), f"Seat {r['declarer']}", contract,
                             str(r["ball_points"]), "made" if r["made"] else "failed"]
                            + [f"{c:+d}" if c else "" for c in r["changes"]])
            rows.append(["total", "", "", "", ""] + [str(x) for x in v["scores"]])
            out += columns(rows)
        return out

    def describe(self, e):
        kind = e.get("kind")
        if kind == "round":
            line = f"── round {e['round']} ──"
            if e.get("pass_only") is not None:
                line += f" (seat {e['pass_only']} may only pass: more than 20 behind)"
            return line
        if kind == "order":
            return "Balls from the farthest: " + ", ".join(f"seat {p}" for p in e["farthest_first"])
        if kind == "bid":
            return f"Seat {e['seat']}: {e['bid']}"
        if kind == "contract":
            mult = " redoubled" if e["redoubled"] else " doubled" if e["doubled_by"] is not None else ""
            line = f"Contract: seat {e['declarer']} {e['bid']}{mult}"
            if e["fled_by"] is not None:
                line += f", seat {e['fled_by']} fled"
            return line + "; throws: " + ", ".join(
                f"seat {t['thrower']}" + (f" (seat {t['ball_of']}'s ball)" if t["thrower"] != t["ball_of"] else "")
                for t in e["throws"])
        if kind == "thrown":
            mine = e["thrower"] == e["ball_of"]
            return f"Seat {e['thrower']} threw" + ("" if mine else f" seat {e['ball_of']}'s ball")
        if kind == "balls":
            return "Closest balls: " + ", ".join(f"seat {p}" for p in e["closest"])
        if kind == "round_scored":
            verdict = "made" if e["made"] else "failed"
            changes = ", ".join(f"seat {p} {c:+d}" for p, c in enumerate(e["changes"]) if c)
            return (f"Round {e['round']}: seat {e['declarer']} {verdict} {e['bid']} with "
                    f"{e['ball_points']} ball points; {changes}; game points "
                    + ", ".join(map(str, e["scores"])))
        return NotImplemented
