"""Vint, the Russian ancestor of Skruuvi.

Rule source: seed 000 ("My Games"), chapter 15 "Vint" (line 1190), 15.1
Game, 15.2 Trick points, 15.3 Scoring, written as differences from
Historical Skruuvi (chapter 14, ``games.historical_skruuvi``), which this
module subclasses; what it changes:

- 15.1: all 52 cards are dealt, thirteen each; no card exchange, no misere,
  no continuation bidding (the highest bid is the contract), no raising (a
  contract of n promises 6 + n tricks), no kotkas, no knocking; if all four
  pass at once, the cards are dealt again.
- 15.2: trick points are ten times those of Historical Skruuvi; a game is
  500 trick points.
- 15.3: its own scoring: missing tricks, slams and twelve or thirteen
  tricks, cards held, games, and the passed deals for the rubber's winner.

Decisions where the seed is silent (pinned in tests/games/test_vint.py):

- 15.1 bidding: the types rise spades, clubs, diamonds, hearts, no trump
  (Modern Skruuvi's order without misere); eight passes in a row end it, as
  in Modern Skruuvi.  A deal all four pass is dealt again by the same
  dealer (a new shuffle); the deal then passes on as usual.
- 15.1: every contract is played; the unplayed four of 14.3 goes with the
  raising to four that Vint drops (and Vint has no knock to make one play).
- 15.3.1 replaces 14.4.1: no 200 for tricks beyond the contract.  Missing
  tricks cost the declaring team.  The 1000 for twelve tricks and 1000 more
  for thirteen go to whichever team took them.
- 15.3.2 replaces 14.4.2: the cards are the hands as dealt.  A run from the
  ace down counts 500 for AKQ and 500 more for each further card (AKQJ
  1000, as the seed says); in the trump suit it counts double.  Three aces
  in one hand are 500, four 1000, never doubled.  Ties on trumps 10 to ace
  cannot happen (five cards); on aces at 2-2 the team with more tricks
  scores.  Nothing here moves to the opponents for taking fewer tricks.
- 15.3.3: the k-th game a team wins is worth 1000 x k (1000, then 2000);
  the 500s for passed deals are added when the rubber is won.  The end of
  the match (14.5) is as in Historical Skruuvi.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.deck import ACE
from ..cards.skruuvi import TYPE_TRUMP, aces_in, bid_level, bid_type, top_run
from ..core.game import GameInfo, option
from ..core.registry import register
from ._skruuvi_core import DECK
from .historical_skruuvi import HONOURS, HistoricalSkruuvi

ACES = DECK.rank_mask[ACE]


def contract_points(code: int, tricks) -> list[int]:
    """15.3.1 for (the declaring team, the opponents): ``tricks`` the
    tricks of (the declaring team, the opponents)."""
    level = bid_level(code)
    need = level + 6
    out = [0, 0]
    if tricks[0] < need:
        out[0] = -1000 * level * (need - tricks[0])
    else:
        out[0] = {6: 5000, 7: 10000}.get(level, 0)
    for side in (0, 1):
        out[side] += 1000 * (tricks[side] >= 12) + 1000 * (tricks[side] == 13)
    return out


def hand_points(code: int, hands, team_of, tricks) -> list[dict]:
    """15.3.2: per team, the points for the cards dealt, line by line;
    ``tricks`` per team."""
    level = bid_level(code)
    trump = TYPE_TRUMP[bid_type(code)]
    lines = [{}, {}]
    team_hands = [0, 0]
    for p, h in enumerate(hands):
        t = team_of(p)
        team_hands[t] |= h
        for su in range(4):
            run = top_run(h, su, DECK)
            if run >= 3:
                worth = 500 * (run - 2) * (2 if su == trump else 1)
                lines[t]["sequences"] = lines[t].get("sequences", 0) + worth
        n = aces_in(h, DECK)
        if n >= 3:
            lines[t]["aces in one hand"] = lines[t].get("aces in one hand", 0) + (
                1000 if n == 4 else 500)
    aces = [(h & ACES).bit_count() for h in team_hands]
    more = (0 if aces[0] > aces[1] else 1) if aces[0] != aces[1] else (
        0 if tricks[0] > tricks[1] else 1)
    lines[more]["aces"] = (100 if trump is not None else 250) * level * aces[more]
    if trump is not None:
        honours = [(h & HONOURS[trump]).bit_count() for h in team_hands]
        top = 0 if honours[0] > honours[1] else 1
        lines[top]["trump honours"] = 100 * level * honours[top]
    return lines


@dataclass(frozen=True)
class VintOptions:
    game_points: int = option(500, "trick points that win a game (15.2)", min=10, max=10000)


@register
class Vint(HistoricalSkruuvi):
    info = GameInfo(
        id="vint", name="Vint", min_seats=4, max_seats=4, family="trick-taking",
        source="000 ch. 15 Vint (line 1190)", hidden=True, chance=True, teams=True,
        zero_sum=True,
        summary=(
            "The Russian ancestor of Skruuvi. Four players, partners opposite, thirteen "
            "cards each. One round of bidding: a number 1-7 and a type (spades, clubs, "
            "diamonds, hearts, no trump, rising); you may bid again after passing; "
            "eight passes in a row end it; if all four pass at once the cards are "
            "dealt again. The highest bid is the contract: n promises 6 + n tricks. "
            "The declarer's left-hand opponent leads; follow suit. Both teams score "
            "trick points, ten times the contract's number for each trick; 500 win a "
            "game and both start again from nothing; two games win the rubber, which "
            "ends the match. Each missing trick costs 1000 x the number; a six made "
            "is worth 5000, a seven 10000; any team taking twelve tricks scores 1000 "
            "and thirteen 1000 more. Cards dealt: a run A K Q in one hand 500, A K Q J "
            "1000 (double in trumps), three aces in a hand 500, four 1000; the team "
            "with more aces scores 100 (no trump 250) x number x its aces (at 2-2 the "
            "team with more tricks); in a trump contract the team with more trumps 10 "
            "to ace scores 100 x number x those cards. A team's first game is worth "
            "1000, its second 2000; trick points count too; the rubber's winner "
            "scores 500 for every deal all four passed. At the end the difference, "
            "divided by 100, is the result; under 10 the match is played again "
            "with every score doubled."),
        verbs=(("bid 1s", "bid: a number 1-7 and s, c, d, h or nt"),
               ("pass", "no bid"), ("QS", "play a card")),
    )
    Options = VintOptions
    test_options = {"game_points": 150}

    table_cards = False              # 15.1
    exchange = False
    continuation = False
    min_level = None
    knocking = False
    misere_bids = False
    trick_unit = 10                  # 15.2
    game_value = 1000                # 15.3.3

    def _kotkas(self, s):
        return 0                     # 15.1: a match is just a rubber

    def _all_passed(self, s):
        """15.1: no pass misere; the same dealer deals again."""
        s.passed_deals += 1
        s.log("redeal", None, passed_deals=s.passed_deals)
        self._start_deal(s, s.kind)

    def _contract_lines(self, s, lines, dt, tricks, factor):
        ordered = (tricks[dt], tricks[1 - dt])
        c = contract_points(s.contract, ordered)
        lines[dt]["contract"] = c[0]
        if c[1]:
            lines[1 - dt]["contract"] = c[1]
        held = hand_points(s.contract, self.start_hands(s), lambda p: self.team(s, p), tricks)
        for t in (0, 1):
            lines[t].update(held[t])

    def _rubber_won(self, s, team):
        """15.3.3: 500 for each deal all four passed."""
        if s.passed_deals:
            bonus = 500 * s.passed_deals * s.stake
            s.totals[team] += bonus
            s.log("passed_deals_bonus", None, to=self.side_text(s, team), worth=bonus)

    def _view(self, s, seat, v):
        super()._view(s, seat, v)
        v["passed_deals"] = s.passed_deals
