"""Modern Skruuvi, the Finnish club game of bidding, exchanging and knocking.

Rule source: seed 000 ("My Games"), chapter 12 "Modern Skruuvi" (line 935),
12.1 Setup to 12.10 Kotka, read with chapter 11 and the basic trick-taking
rules of chapter 2.  The deal itself (bidding, the card exchange,
continuation bidding, the contract, knocking, the play, pass misere, the
kotka's differences) is ``games._skruuvi_core.SkruuviCore``, whose
docstring lists the decisions taken there; this module adds the match and
the scoring, 12.1, 12.8 and 12.9.

Seats 0..3 sit clockwise; partners sit opposite (seats 0 and 2 are team 0,
seats 1 and 3 team 1).

Decisions where the seed is silent (pinned in tests/games/test_skruuvi.py):

- The match (12.1): four basic deals, then four kotkas (options
  ``basic_deals`` and ``kotkas``); each team's deal scores are added up and
  the higher total wins; equal totals are a draw.
- Scoring (12.8): a made contract scores for the declaring team, a failed
  one costs it; the other team scores nothing from the contract.  In a
  misere made, the ace points (an ace in the k-th trick counts k) go to
  each team for the aces in the other team's tricks.
- Pass misere (12.9): each team scores the other team's tricks and the
  ace points in them, doubled by a knock, quadrupled by a kontra-knock.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.skruuvi import MISERE, NOTRUMP, ace_points, bid_level, bid_name, bid_type, \
    trick_and_ace_points
from ..core.errors import OptionError
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._skruuvi_core import BASIC, KOTKA, SkruuviCore, SkruuviState

# 12.8: the worth of a made contract, and of the first and each further missing trick
MADE = {5: 25, 6: 36, 7: 49}
FIRST_MISSING = {5: 11, 6: 11, 7: 17}
NEXT_MISSING = {5: 5, 6: 6, 7: 7}
TEAM_NAMES = ("seats 0 and 2", "seats 1 and 3")


def contract_points(code: int, taken: int, factor: int = 1, aces=(0, 0)) -> list[int]:
    """Points of a played contract (12.8) for (the declaring team, the
    opponents).  ``taken`` is the declaring team's tricks, ``factor`` 1, 2
    or 4 by the knocks, ``aces`` the ace points in (the declaring team's,
    the opponents') tricks."""
    level, kind = bid_level(code), bid_type(code)
    need = level + 6
    got = 13 - taken if kind == MISERE else taken
    if got < need:
        missing = need - got
        return [-(FIRST_MISSING[level] + NEXT_MISSING[level] * (missing - 1)) * factor, 0]
    pts = MADE[level] - 12 * (kind == MISERE) + 12 * (kind == NOTRUMP)
    out = [pts * factor, 0]
    if kind == MISERE:
        # each side scores the aces in the other side's tricks; knocks leave them be
        out[0] += aces[1]
        out[1] += aces[0]
    return out


def pass_misere_points(tricks, factor: int = 1) -> list[int]:
    """12.9: each team scores one a trick and the ace points in the other
    team's tricks, times the knocks.  ``tricks`` lists (team, aces) per trick."""
    own = trick_and_ace_points(tricks)
    return [own[1] * factor, own[0] * factor]


@dataclass(frozen=True)
class SkruuviOptions:
    basic_deals: int = option(4, "basic deals at the start of the match (12.1)", min=0, max=40)
    kotkas: int = option(4, "kotkas after the basic deals (12.1, 12.10)", min=0, max=40)

    def __post_init__(self):
        if self.basic_deals + self.kotkas < 1:
            raise OptionError("skruuvi: the match needs at least one deal")


class ModernState(SkruuviState):
    __slots__ = ("totals",)

    def _copy_into(self, new):
        super()._copy_into(new)
        new.totals = self.totals.copy()


@register
class ModernSkruuvi(SkruuviCore):
    info = GameInfo(
        id="skruuvi", name="Modern Skruuvi", min_seats=4, max_seats=4, family="trick-taking",
        source="000 ch. 12 Modern Skruuvi (line 935)", hidden=True, chance=True, teams=True,
        zero_sum=True, aliases=("modern-skruuvi",),
        summary=(
            "Four players, partners opposite, a 52-card pack; eight deals: four basic "
            "deals (twelve cards each, four face down on the table) and then four "
            "kotkas (thirteen each). Bids are a number 1-7 and a type; types rise "
            "misere, spades, clubs, diamonds, hearts, no trump (in a kotka: spades, "
            "clubs, diamonds, hearts, misere, no trump, and every bid at least 6). "
            "You may bid again after passing; eight passes in a row end the bidding. "
            "The high bidder turns the table cards up and takes them, gives his "
            "partner four cards, and the partner gives one card to each other player "
            "(in a kotka: four to the partner, four back). The two partners then bid "
            "on alone until four passes; the last bidder declares, and the contract "
            "is raised to 5 if lower: 5, 6, 7 promise 11, 12, 13 tricks, or in misere "
            "to leave them to the opponents. In a basic deal the opponents then pass "
            "each other a card, unless the declaring side's first bid was 6 or 7. The "
            "declarer's left-hand opponent and then his right-hand one may knock "
            "(scores double); the declaring side may answer with a kontra-knock "
            "(quadruple). The left-hand opponent leads; follow suit. A made contract "
            "scores 25, 36 or 49 (misere 12 less, no trump 12 more); a failed one "
            "costs 11, 11 or 17 for the first missing trick and 5, 6 or 7 for each "
            "further one. In a made misere each side also scores its opponents' aces: "
            "an ace in the first trick 1, in the second 2, and so on. If all four pass "
            "at once the deal is a pass misere: everyone takes a table card, gives "
            "his partner a card, one knock round, no trumps, and each team scores one "
            "for each trick the other team takes, plus the aces in them."),
        verbs=(("bid 1s", "bid: a number 1-7 and m (misere), s, c, d, h or nt"),
               ("pass", "no bid; or no knock, no kontra-knock"),
               ("give QS", "hand a card on in an exchange"),
               ("knock", "double the deal's scores (as an opponent of the declarer)"),
               ("kontra", "answer a knock: quadruple the scores"),
               ("QS", "play a card")),
    )
    Options = SkruuviOptions
    State = ModernState
    test_options = {"basic_deals": 1, "kotkas": 1}

    # -- the match (12.1) ------------------------------------------------------------
    def _setup(self, s):
        self._seat_ring(s, (0, 1, 2, 3))
        s.dealer = 3
        s.deal_no = -1
        s.totals = [0, 0]
        s.results = []
        self._start_deal(s, self._kind_of(s, 0))

    def _kind_of(self, s, number):
        return BASIC if number < s.options.basic_deals else KOTKA

    def _deals_in_match(self, s):
        return s.options.basic_deals + s.options.kotkas

    def _next_deal(self, s):
        if s.deal_no + 1 >= self._deals_in_match(s):
            self._finish_match(s)
            return
        s.dealer = self.left(s, s.dealer)
        self._start_deal(s, self._kind_of(s, s.deal_no + 1))

    def _finish_match(self, s):
        a, b = s.totals
        winners = () if a == b else ((0, 2) if a > b else (1, 3))
        said = (f"{TEAM_NAMES[0 if a > b else 1]} win {max(a, b)} to {min(a, b)}"
                if a != b else f"a draw at {a}")
        self.finish(s, Outcome((a, b, a, b), winners,
                               f"{s.deal_no + 1} deals played: {said}",
                               details={"deals": s.deal_no + 1}))

    # -- scoring (12.8, 12.9) ---------------------------------------------------------
    def _deal_played(self, s):
        factor = self.factor(s)
        tricks = self.team_tricks(s)
        aces = ace_points(self.ace_tricks(s))
        if s.pass_misere:
            pts = pass_misere_points(self.ace_tricks(s), factor)
            line = {"contract": "pass misere", "reason": self.ending(s, False)}
        else:
            dt = self.team(s, s.declarer)
            mine = self._contract_points(s.contract, tricks[dt], factor,
                                         (aces[dt], aces[1 - dt]))
            pts = [0, 0]
            pts[dt], pts[1 - dt] = mine
            line = {"contract": bid_name(s.contract), "declarer": s.declarer,
                    "reason": self.ending(s, self.made(s, tricks[dt]))}
        self._record(s, line, tricks, factor, pts)
        self._next_deal(s)

    def teams(self, s):
        return [[s.ring[0], s.ring[2]], [s.ring[1], s.ring[3]]]

    def _contract_points(self, code, taken, factor, aces):
        return contract_points(code, taken, factor, aces)

    def _record(self, s, line, tricks, factor, pts):
        s.totals = [s.totals[0] + pts[0], s.totals[1] + pts[1]]
        result = {"deal": s.deal_no + 1, "deal_kind": s.kind, **line, "knocks": factor,
                  "tricks": list(tricks), "points": list(pts), "totals": list(s.totals),
                  "teams": self.teams(s)}
        s.results.append(result)
        s.log("deal_scored", None, **result)

    # -- views ------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        super()._view(s, seat, v)
        v["scores"] = list(s.totals)
        v["deals"] = self._deals_text(s)

    def _deals_text(self, s):
        kind = "basic deal" if s.kind == BASIC else "kotka"
        return f"deal {s.deal_no + 1} of {self._deals_in_match(s)} ({kind})"

    def _sample_scores(self, s, view):
        s.totals = list(view["scores"])
