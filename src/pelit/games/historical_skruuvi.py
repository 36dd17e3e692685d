"""Historical Skruuvi, the game of the 1940s: trick points, games and a rubber.

Rule source: seed 000 ("My Games"), chapter 14 "Historical Skruuvi" (line
1094), 14.1 Trick points to 14.5 End of match, written as differences from
Modern Skruuvi (chapter 12, ``games.skruuvi``), which this module
subclasses; what it changes:

- 14.1: after a deal with a contract each team scores trick points: its
  tricks (in misere: the tricks it avoided, those the other team took)
  times the contract's number.  None in a pass misere.
- 14.2: the match is a rubber of basic deals: 60 trick points win a game
  and both teams start again from nothing; two games win the rubber.  Then
  four kotkas, where a game needs 60 trick points in one deal.
- 14.3: a contract is raised to four (ten tricks), not five; an unknocked
  four is not played but scored as ten tricks to the declarers and then
  three to the opponents, except a four misere, which is played.
- 14.4: the scoring: the contract (and 200 for each trick beyond it, not
  in a four), cards held when the play began, aces in misere (Modern
  Skruuvi's ace points times 100), all doubled by a knock and quadrupled
  by a kontra-knock; a team's first game 200, its second 400, its third
  600...; trick points count as points too; a pass misere is Modern
  Skruuvi's score times 100.
- 14.5: the difference of the scores, divided by 100 (50 rounding up), is
  the match's result; a difference under 10 means the match is played
  again with every score doubled.

Decisions where the seed is silent (pinned in tests/games/test_historical_skruuvi.py):

- 14.1 in a four that is not played, the declarers' ten tricks come first
  (14.3 says so) for the race to 60.
- 14.2: the trick points of a game-winning deal beyond 60 do not carry into
  the next game; the first kotka is dealt by the next dealer in turn.  Trick
  points in a kotka count only towards a game in that same deal.
- 14.4.1: missing tricks cost the declaring team, as in Modern Skruuvi.
- 14.4.2: the cards are those held when the play begins, after every
  exchange (in an unplayed four, the hands after the exchange).  There is
  no cards-in-hand score in misere (it has its aces instead).  The value
  cards in a trump contract are the four aces and the trumps 10 to ace, the
  ace of trumps counting twice, nine in all, so one team always has more.
  "Fewer tricks" hands the value-card score (not the aces or sequences held
  in one hand) to the opponents.  A sequence counts from the ace down: AKQ
  200, AKQJ 400, and so on.
- 14.4.4: knocks double the scores of 14.4.1-14.4.3, not trick points or
  games.
- 14.5: a replayed match is a whole new match (rubber and kotkas) with its
  scores doubled (again for a second replay); the match's result is its
  last playing's difference.  The outcome gives each player his team's
  result in the main book (plus for the winners, minus for the losers).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.deck import ACE, ids
from ..cards.skruuvi import MISERE, TYPE_TRUMP, ace_points, aces_in, bid_level, bid_name, \
    bid_type, top_run
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._skruuvi_core import BASIC, DECK, KOTKA
from .skruuvi import TEAM_NAMES, ModernSkruuvi, ModernState, pass_misere_points

# 14.4.1: made, the first missing trick, each further missing trick
TABLE = {7: (4500, 1700, 700), 6: (3000, 1100, 600), 5: (2000, 500, 500), 4: (1000, 400, 400)}
OVERTRICK = 200
ACES = DECK.rank_mask[ACE]
HONOURS = tuple(sum(1 << c for c in ids(DECK.suit_mask[su]) if DECK.rank_of[c] >= 10)
                for su in range(4))


def contract_points(code: int, taken: int) -> list[int]:
    """14.4.1 for (the declaring team, the opponents), before knocks."""
    level, kind = bid_level(code), bid_type(code)
    need = level + 6
    got = 13 - taken if kind == MISERE else taken
    made, first, further = TABLE[level]
    if got < need:
        return [-(first + further * (need - got - 1)), 0]
    return [made + (OVERTRICK * (got - need) if level != 4 else 0), 0]


def hand_points(code: int, hands, team_of, declarers: int, tricks) -> list[dict]:
    """14.4.2: per team, the points for cards held when the play began, line
    by line.  ``hands`` per seat, ``team_of(seat)``, ``declarers`` the
    declaring team, ``tricks`` per team."""
    kind = bid_type(code)
    lines = [{}, {}]
    if kind == MISERE:
        return lines
    level = bid_level(code)
    trump = TYPE_TRUMP[kind]
    team_hands = [0, 0]
    for p, h in enumerate(hands):
        team_hands[team_of(p)] |= h
    if trump is not None:
        count = [(h & ACES).bit_count() + (h & HONOURS[trump]).bit_count() for h in team_hands]
        more = 0 if count[0] > count[1] else 1
        value = level * count[more] * 10
        four, three = 400, 200
        runs = (trump,)
    else:
        count = [(h & ACES).bit_count() for h in team_hands]
        more = declarers if count[0] == count[1] else (0 if count[0] > count[1] else 1)
        value = level * (2 * count[more] + 1) * 10
        four, three = 800, 400
        runs = (0, 1, 2, 3)
    if tricks[declarers] < tricks[1 - declarers]:
        more = 1 - declarers
    lines[more]["value cards"] = value
    for p, h in enumerate(hands):
        t = team_of(p)
        n = aces_in(h, DECK)
        if n >= 3:
            lines[t]["aces in one hand"] = lines[t].get("aces in one hand", 0) + (
                four if n == 4 else three)
        for su in runs:
            run = top_run(h, su, DECK)
            if run >= 3:
                lines[t]["sequences"] = lines[t].get("sequences", 0) + 200 * (run - 2)
    return lines


def trick_gains(code: int, winners) -> list[int]:
    """The team that scores trick points for each trick in order (14.1):
    the winner's team, in misere the other team."""
    if bid_type(code) == MISERE:
        return [1 - t for t in winners]
    return list(winners)


def game_won(before, gains, per_trick: int, target: int):
    """14.2: the team that reaches ``target`` trick points first, adding
    ``per_trick`` for each trick in ``gains`` (the team scoring it) to the
    points ``before`` the deal; None if neither does."""
    pts = list(before)
    for t in gains:
        pts[t] += per_trick
        if pts[t] >= target:
            return t
    return None


def main_book(totals):
    """14.5: (the winning team, the points it marks in the main book: the
    difference divided by 100, 50 rounding up); None when the difference is
    under 10 and the match is played again."""
    a, b = totals
    diff = abs(a - b)
    if diff < 10:
        return None
    return (0 if a > b else 1), (diff + 50) // 100


@dataclass(frozen=True)
class HistoricalOptions:
    game_points: int = option(60, "trick points that win a game (14.2)", min=1, max=1000)
    kotkas: int = option(4, "kotkas after the rubber (14.2)", min=0, max=40)


class HistoricalState(ModernState):
    __slots__ = ("trick_points", "games", "rubber_over", "kotkas_played", "stake",
                 "passed_deals")

    def _copy_into(self, new):
        super()._copy_into(new)
        new.trick_points = self.trick_points.copy()
        new.games = self.games.copy()
        new.rubber_over = self.rubber_over
        new.kotkas_played = self.kotkas_played
        new.stake = self.stake
        new.passed_deals = self.passed_deals


@register
class HistoricalSkruuvi(ModernSkruuvi):
    info = GameInfo(
        id="historical-skruuvi", name="Historical Skruuvi", min_seats=4, max_seats=4,
        family="trick-taking", source="000 ch. 14 Historical Skruuvi (line 1094)",
        hidden=True, chance=True, teams=True, zero_sum=True, aliases=("skruuvi-1940",),
        summary=(
            "Skruuvi as it was played in the 1940s: the deal of Modern Skruuvi, but a "
            "contract is raised only to 4 (ten tricks), and an unknocked four is not "
            "played (except a four misere): it scores as ten tricks made. After each "
            "contract both teams score trick points, their tricks (in misere the "
            "tricks they avoided) times the contract's number. 60 trick points win a "
            "game and both teams start again from nothing; two games win the rubber, "
            "and four kotkas follow, where a game takes 60 trick points in one deal. "
            "Scores: a contract of 4, 5, 6, 7 made is worth 1000, 2000, 3000, 4500 and "
            "200 for each trick beyond it (not in a four); failing costs 400, 500, "
            "1100, 1700 for the first missing trick and 400, 500, 600, 700 for each "
            "further one. Cards held when the play began: in a trump contract the "
            "team with more value cards (aces and trumps 10 to ace, the ace of trumps "
            "twice) scores number x count x 10, three aces in a hand 200, four 400, "
            "a trump run A K Q 200 and 200 for each further card; in no trump only "
            "aces count, number x (2 x count + 1) x 10, three aces 400, four 800, runs "
            "in every suit. If the declarers took fewer tricks than the opponents, "
            "the value-card score goes to the opponents. In misere, each side scores "
            "100 for each ace point in the other side's tricks (an ace in the k-th "
            "trick counts k). A knock doubles all this, a kontra-knock quadruples it. "
            "A team's first game is worth 200, its second 400 and so on; trick points "
            "count too; a pass misere scores as in Modern Skruuvi times 100. At the "
            "end the difference of the scores, divided by 100, is the result; under "
            "10 the match is played again with every score doubled."),
        verbs=ModernSkruuvi.info.verbs,
    )
    Options = HistoricalOptions
    State = HistoricalState
    test_options = {"game_points": 20, "kotkas": 1}
    min_level = 4                    # 14.3
    trick_unit = 1                   # 14.1: trick points per trick and contract number
    game_value = 200                 # 14.4.5
    misere_ace_value = 100           # 14.4.3
    render_hints = {
        **ModernSkruuvi.render_hints,
        "hide": ModernSkruuvi.render_hints["hide"] + [
            "trick_points", "games", "rubber_over", "kotkas_played", "stake", "passed_deals"],
    }

    # -- the match (14.2, 14.5) ----------------------------------------------------------
    def _setup(self, s):
        self._seat_ring(s, (0, 1, 2, 3))
        s.dealer = 3
        s.deal_no = -1
        s.results = []
        s.stake = 1
        self._new_match(s)
        self._start_deal(s, BASIC)

    def _new_match(self, s):
        s.totals = [0, 0]
        s.trick_points = [0, 0]
        s.games = [0, 0]
        s.rubber_over = False
        s.kotkas_played = 0
        s.passed_deals = 0

    def _next_deal(self, s):
        if s.rubber_over and s.kotkas_played >= self._kotkas(s):
            self._end_match(s)
            return
        s.dealer = self.left(s, s.dealer)
        self._start_deal(s, KOTKA if s.rubber_over else BASIC)

    def _kotkas(self, s):
        return s.options.kotkas

    def _end_match(self, s):
        a, b = s.totals
        result = main_book(s.totals)
        if result is None:
            s.stake *= 2
            s.log("replay", None, totals=[a, b], stake=s.stake)
            self._new_match(s)
            s.dealer = self.left(s, s.dealer)
            self._start_deal(s, BASIC)
            return
        win, book = result
        pts = [book if t == win else -book for t in (0, 1)]
        self.finish(s, Outcome((pts[0], pts[1], pts[0], pts[1]), (win, win + 2),
                               f"{TEAM_NAMES[win]} win by {abs(a - b)} points ({a} to {b}): "
                               f"{book} to the main book",
                               details={"totals": [a, b], "games": list(s.games),
                                        "stake": s.stake}))

    # -- the contract of four (14.3) -------------------------------------------------------
    def _knocking_done(self, s):
        if not s.pass_misere and bid_level(s.contract) == 4 \
                and bid_type(s.contract) != MISERE and self.factor(s) == 1:
            s.log("not_played", s.declarer, contract=bid_name(s.contract))
            self._score(s, played=False)
            return
        super()._knocking_done(s)

    # -- scoring (14.1, 14.4) ----------------------------------------------------------------
    def _deal_played(self, s):
        self._score(s, played=True)

    def _score(self, s, played):
        factor = self.factor(s)
        stake = s.stake
        lines = [{}, {}]
        if s.pass_misere:
            pts = pass_misere_points(self.ace_tricks(s), factor)
            for t in (0, 1):
                lines[t]["pass misere"] = pts[t] * 100
            gained = None
            tricks = self.team_tricks(s)
        else:
            dt = self.team(s, s.declarer)
            if played:
                tricks = self.team_tricks(s)
                winners = [self.team(s, w) for _, w in s.tricks]
            else:
                tricks = [0, 0]
                tricks[dt], tricks[1 - dt] = 10, 3
                winners = [dt] * 10 + [1 - dt] * 3
            self._contract_lines(s, lines, dt, tricks, factor)
            gained = trick_gains(s.contract, winners)
            level = bid_level(s.contract)
            unit = self.trick_unit * level
            tp = [gained.count(0) * unit, gained.count(1) * unit]
            for t in (0, 1):
                if tp[t]:
                    lines[t]["trick points"] = tp[t]
        pts = [sum(lines[t].values()) * stake for t in (0, 1)]
        if s.rubber_over:
            s.kotkas_played += 1
        s.totals = [s.totals[0] + pts[0], s.totals[1] + pts[1]]
        game = self._game_after(s, gained)
        if s.pass_misere:
            line = {"contract": "pass misere", "reason": self.ending(s, False)}
        else:
            line = {"contract": bid_name(s.contract), "declarer": s.declarer,
                    "played": played,
                    "reason": self.ending(s, self.made(s, tricks[self.team(s, s.declarer)]))
                    if played else f"{s.kind} deal: unknocked four, not played"}
        result = {"deal": s.deal_no + 1, "deal_kind": s.kind, **line, "knocks": factor,
                  "tricks": list(tricks), "lines": lines, "points": pts,
                  "game_won_by": game, "totals": list(s.totals), "teams": self.teams(s)}
        s.results.append(result)
        s.log("deal_scored", None, **result)
        self._next_deal(s)

    def _contract_lines(self, s, lines, dt, tricks, factor):
        """The contract, the cards in hand and the aces of 14.4.1-14.4.4."""
        code = s.contract
        c = contract_points(code, tricks[dt])
        lines[dt]["contract"] = c[0] * factor
        held = hand_points(code, self.start_hands(s), lambda p: self.team(s, p), dt, tricks)
        for t in (0, 1):
            for k, v in held[t].items():
                lines[t][k] = v * factor
        if bid_type(code) == MISERE:
            aces = ace_points(self.ace_tricks(s))
            for t in (0, 1):
                if aces[1 - t]:
                    lines[t]["aces"] = aces[1 - t] * self.misere_ace_value * factor

    def _game_after(self, s, gained):
        """Trick points towards games (14.2) and the games' worth (14.4.5);
        the team that won a game in this deal, or None."""
        if gained is None:
            return None               # 14.1: a pass misere gives no trick points
        unit = self.trick_unit * bid_level(s.contract)
        target = s.options.game_points
        if s.rubber_over:
            deal_pts = [gained.count(0) * unit, gained.count(1) * unit]
            won = next((t for t in (0, 1) if deal_pts[t] >= target), None)
        else:
            won = game_won(s.trick_points, gained, unit, target)
            if won is None:
                s.trick_points = [s.trick_points[0] + gained.count(0) * unit,
                                  s.trick_points[1] + gained.count(1) * unit]
            else:
                s.trick_points = [0, 0]
        if won is not None:
            s.games[won] += 1
            bonus = self.game_value * s.games[won] * s.stake
            s.totals[won] += bonus
            s.log("game_won", None, by=self.side_text(s, won), games_won=list(s.games),
                  worth=bonus)
            if not s.rubber_over and s.games[won] == 2:
                s.rubber_over = True
                self._rubber_won(s, won)
        return won

    def side_text(self, s, team) -> str:
        return "seats {}+{}".format(*self.teams(s)[team])

    def _rubber_won(self, s, team):
        """What a variant adds when the rubber is won (Vint 15.3.3)."""

    # -- views ---------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        super()._view(s, seat, v)
        v["trick_points"] = list(s.trick_points)
        v["games"] = list(s.games)
        v["rubber_over"] = s.rubber_over
        v["kotkas_played"] = s.kotkas_played
        v["stake"] = s.stake

    def _deals_text(self, s):
        if s.rubber_over:
            return f"kotka {s.kotkas_played + 1} of {self._kotkas(s)}"
        return f"the rubber: two games of {s.options.game_points} trick points win it"

    def match_lines(self, view, name):
        lines = super().match_lines(view, name)
        me = view["seat"]
        tp, games = view["trick_points"], view["games"]
        sides = [self.team_name(view, t, me) for t in (0, 1)]
        lines.append(f"Games      {sides[0]} {games[0]}, {sides[1]} {games[1]}"
                     + ("" if view["rubber_over"] else
                        f"; trick points towards the next game: {sides[0]} {tp[0]}, "
                        f"{sides[1]} {tp[1]}"))
        if view["stake"] > 1:
            lines.append(f"Replayed   every score counts {view['stake']} times (14.5)")
        if view.get("passed_deals"):
            lines.append(f"Passed     {view['passed_deals']} deal(s) passed by all four")
        return lines

    def _sample_scores(self, s, view):
        super()._sample_scores(s, view)
        s.trick_points = list(view["trick_points"])
        s.games = list(view["games"])
        s.rubber_over = view["rubber_over"]
        s.kotkas_played = view["kotkas_played"]
        s.stake = view["stake"]
        s.passed_deals = view.get("passed_deals", 0)
