"""Klubiskruuvi, Modern Skruuvi with bolsu: one player against three.

Rule source: seed 000 ("My Games"), chapter 13 "Klubiskruuvi" (line 1030),
13.1 Structure of the game to 13.6 Final scores, written as differences
from Modern Skruuvi (chapter 12, ``games.skruuvi``), which this module
subclasses; what it changes:

- 13.1: a game is twelve deals, four basic deals, then four kotkas, and
  four bolsus whenever they are bid; a match is three games, so that
  everyone partners everyone once.
- 13.2: every deal is twelve cards each and four on the table; each deal
  opens with a bolsu round (``bid bolsu`` or ``pass``); in a kotka without
  a bolsu everyone takes one table card before the bidding.
- 13.3: bolsu: the declarer takes the table cards face up, gives everyone
  one card, and names 7 misere (the bolsu) or 7 of a suit or no trump
  (a Mussolini); each opponent may knock for himself, the declarer may
  answer with a kontra-knock; the declarer's left-hand opponent leads.
- 13.4: bolsu scoring, player by player, in a book of its own.
- 13.5: the scoring of basic deals and kotkas.
- 13.6: a player's final score: his bolsu points and twice his team's
  score in each game.

Decisions where the seed is silent (pinned in tests/games/test_klubiskruuvi.py):

- 13.1 seating: game 1 partners seats 0 and 2, game 2 seats 0 and 1, game 3
  seats 0 and 3; partners sit opposite, so the seats change places at
  the table between games (the view's ``ring`` is the clockwise order).
  Each game's first dealer sits on the right of seat 0; the deal passes
  to the left.  Basic deals and kotkas are counted apart from bolsus: the
  first four deals without a bolsu are basic deals, the next four kotkas.
- 13.2 bolsu round: asked clockwise from the dealer's left, leaving out the
  players who have had their bolsu in this game (each declares exactly
  one); when nobody may still bid it the round is skipped.  Several
  bidders: the first bidder says ``keep`` (he declares) or ``yield`` (the
  next bidder decides); the last bidder declares.  Once the basic deals
  and kotkas are all played, a player who has not had his bolsu may pass
  only when someone after him in the round has not had his either, or a
  bolsu has been bid already in this round.
- 13.2 kotka: the table cards go one each, face down, clockwise from the
  dealer's left, top card first.
- 13.3: the declarer gives his three cards clockwise from his left.  The
  knocks are asked clockwise from the declarer's right-hand opponent (the
  right-hand one, then the left-hand one, then the one across); one
  kontra-knock by the declarer answers every knock.
- 13.5: the bonuses for twelve or thirteen tricks are part of the contract's
  score and are doubled by knocks like it.  When a misere fails, each side
  still scores the aces in the other side's tricks (13.5); knocks double
  the opponents' ace points, but the declaring side's only if the misere
  was made.
- Pass misere is scored as in Modern Skruuvi (13 leaves it as it was).
- 13.6: the player with the highest final score wins (several on equal
  scores share the win).  The number of games is the option ``games``
  (three by default: with fewer, not everyone partners everyone).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.skruuvi import BASIC_ORDER, MISERE, Knocking, ace_points, bid_code, bid_level, \
    bid_name, bid_type
from ..core.errors import OptionError
from ..core.game import GameInfo, Outcome, option
from ..core.registry import register
from ._skruuvi_core import BASIC, BOLSU, KOTKA
from .skruuvi import FIRST_MISSING as MODERN_FIRST_MISSING, MADE, NEXT_MISSING, ModernSkruuvi, \
    ModernState

# 13.1: the seats clockwise around the table in each game
GAME_RINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
# 13.5: a made misere is worth less; a five's first missing trick costs 5
MISERE_MADE = {5: 10, 6: 20, 7: 30}
FIRST_MISSING = {**MODERN_FIRST_MISSING, 5: 5}
BOLSU_CONTRACTS = tuple(bid_code(7, t) for t in BASIC_ORDER)


class Phase(enum.Enum):
    BOLSU = 1
    YIELD = 2
    BID = 3
    GIVE = 4
    CONTINUE = 5
    DECLARE = 6
    KNOCK = 7
    PLAY = 8


def contract_points(code: int, taken: int, factor: int = 1, aces=(0, 0)) -> list[int]:
    """Points of a played basic deal or kotka (12.8 as 13.5 changes it) for
    (the declaring team, the opponents); arguments as in
    ``skruuvi.contract_points``."""
    level, kind = bid_level(code), bid_type(code)
    need = level + 6
    got = 13 - taken if kind == MISERE else taken
    made = got >= need
    if made:
        pts = MISERE_MADE[level] if kind == MISERE else MADE[level]
        if level == 5:
            pts += 5 * (got >= 12) + 5 * (got == 13)
        elif level == 6:
            pts += 6 * (got == 13)
        out = [pts * factor, 0]
    else:
        missing = need - got
        out = [-(FIRST_MISSING[level] + NEXT_MISSING[level] * (missing - 1)) * factor, 0]
    if kind == MISERE:
        out[0] += aces[1] * (factor if made else 1)
        out[1] += aces[0] * factor
    return out


def bolsu_points(code: int, declarer_tricks: int, factors, aces=(0, 0)) -> tuple[list[int], int]:
    """13.4: (each opponent's points, in the order of ``factors``; the
    declarer's).  ``factors`` are 1, 2 or 4 per opponent by his knock;
    ``aces`` the ace points in (the declarer's, all the opponents') tricks."""
    misere = bid_type(code) == MISERE
    lost = declarer_tricks if misere else 13 - declarer_tricks
    made = lost == 0
    base = -21 if made else 17 + 7 * (lost - 1)
    ace = aces[0] - aces[1] if misere else 0
    opp = [base * f + ace * (f if made else 1) for f in factors]
    return opp, -sum(opp)


@dataclass(frozen=True)
class KlubiskruuviOptions:
    games: int = option(3, "games in the match; three lets everyone partner everyone (13.1)",
                        min=1, max=3)
    basic_deals: int = option(4, "basic deals in each game (13.1)", min=0, max=40)
    kotkas: int = option(4, "kotkas in each game (13.1)", min=0, max=40)

    def __post_init__(self):
        if self.games < 1:
            raise OptionError("klubiskruuvi: the match needs a game")


class KlubiState(ModernState):
    __slots__ = ("game_no", "basic_done", "kotka_done", "bolsu_done", "bolsu_order",
                 "bolsu_asked", "bolsu_bids", "yielded", "individual", "bolsu_book")

    def _copy_into(self, new):
        super()._copy_into(new)
        new.game_no = self.game_no
        new.basic_done = self.basic_done
        new.kotka_done = self.kotka_done
        new.bolsu_done = self.bolsu_done
        new.bolsu_order = self.bolsu_order
        new.bolsu_asked = self.bolsu_asked
        new.bolsu_bids = self.bolsu_bids
        new.yielded = self.yielded
        new.individual = self.individual.copy()
        new.bolsu_book = self.bolsu_book.copy()


@register
class Klubiskruuvi(ModernSkruuvi):
    info = GameInfo(
        id="klubiskruuvi", name="Klubiskruuvi", min_seats=4, max_seats=4,
        family="trick-taking", source="000 ch. 13 Klubiskruuvi (line 1030)", hidden=True,
        chance=True, teams=True, zero_sum=False, aliases=("club-skruuvi",),
        summary=(
            "Modern Skruuvi as the Helsinki club plays it, with bolsu. A match is three "
            "games of twelve deals, with new partners each game. Every deal is twelve "
            "cards each and four face down on the table. It opens with a bolsu round: "
            "each player who has not yet declared a bolsu in this game may bid it. "
            "The bolsu declarer plays alone against the other three: he takes the "
            "table cards face up, gives everyone else a card, and names 7 misere (the "
            "bolsu: take no trick) or 7 of a suit or no trump (a Mussolini: take them "
            "all). Each opponent may knock for himself; the declarer may kontra-knock. "
            "If he makes it, each opponent scores -21; if not, +17 for the first "
            "trick he lost and +7 for each further one. In a bolsu each opponent also "
            "scores the aces in the declarer's tricks and loses the aces in all the "
            "opponents' tricks (an ace in the k-th trick counts k). Knocks double an "
            "opponent's score, a kontra-knock quadruples it; the declarer scores the "
            "opposite of the three together. Everyone declares exactly one bolsu a "
            "game; after four basic deals and four kotkas the rest must. Without a "
            "bolsu the deal is a basic deal or a kotka of Modern Skruuvi (in a kotka "
            "everyone first takes a table card), but a made misere scores 10, 20 or "
            "30, no trump scores as a suit, a five's first missing trick costs 5, a "
            "five with 12 tricks earns 5 more and with 13 another 5, a six with 13 "
            "earns 6 more, and the ace points of a misere count even when it fails. "
            "At the end each player scores his bolsu points and twice his team's "
            "score in each game."),
        verbs=(("bid bolsu", "declare a bolsu: you alone against the other three"),
               ("keep / yield", "with several bolsu bids: declare it, or let the next bidder"),
               ("bid 7m", "the bolsu declarer's contract: 7m (bolsu), 7s, 7c, 7d, 7h, 7nt"),
               ("bid 1s", "bid: a number 1-7 and m (misere), s, c, d, h or nt"),
               ("pass", "no bid; or no knock, no kontra-knock"),
               ("give QS", "hand a card on in an exchange"),
               ("knock", "double the scores (as an opponent of the declarer)"),
               ("kontra", "answer a knock: quadruple the scores"),
               ("QS", "play a card")),
    )
    Options = KlubiskruuviOptions
    Phase = Phase
    State = KlubiState
    test_options = {"games": 1, "basic_deals": 1, "kotkas": 1}
    # 13.1: everyone partners everyone, so no duplicate match (core.duplicate)
    partners_change = True
    render_hints = {
        **ModernSkruuvi.render_hints,
        "hide": ModernSkruuvi.render_hints["hide"] + [
            "basic_done", "kotka_done", "game_no", "bolsu_calls", "bolsu_yielded",
            "bolsu_done"],
        "per_seat": ModernSkruuvi.render_hints["per_seat"] + ["individual", "bolsu_book"],
        "labels": {**ModernSkruuvi.render_hints["labels"],
                   "individual": "match score", "bolsu_book": "bolsu book"},
    }

    def _add_actions(self, a):
        self.BOLSU_BID = a.choice("bid", ["bolsu"])
        self.KEEP = a.verb("keep")
        self.YIELD_ = a.verb("yield")

    def _hand_size(self, s):
        return 12                   # 13.2: every deal leaves four cards on the table

    # -- the match and its games (13.1, 13.6) ------------------------------------------
    def _setup(self, s):
        s.deal_no = -1
        s.individual = [0, 0, 0, 0]
        s.bolsu_book = [0, 0, 0, 0]
        s.results = []
        self._start_game(s, 0)

    def _start_game(self, s, number):
        s.game_no = number
        self._seat_ring(s, GAME_RINGS[number])
        s.dealer = s.ring[3]
        s.totals = [0, 0]
        s.basic_done = 0
        s.kotka_done = 0
        s.bolsu_done = ()
        s.log("game", None, game=number + 1, partners="seats {}+{} against seats {}+{}".format(
            s.ring[0], s.ring[2], s.ring[1], s.ring[3]))
        self._start_deal(s, self._deal_kind(s))

    def _forced(self, s) -> bool:
        """13.2: the basic deals and kotkas are over; the bolsus must come."""
        o = s.options
        return s.basic_done >= o.basic_deals and s.kotka_done >= o.kotkas

    def _deal_kind(self, s):
        o = s.options
        if s.basic_done < o.basic_deals:
            return BASIC
        if s.kotka_done < o.kotkas:
            return KOTKA
        return BOLSU

    def _next_deal(self, s):
        if s.kind == BASIC:
            s.basic_done += 1
        elif s.kind == KOTKA:
            s.kotka_done += 1
        s.dealer = self.left(s, s.dealer)
        if self._forced(s) and len(s.bolsu_done) == 4:
            self._end_game(s)
            return
        self._start_deal(s, self._deal_kind(s))

    def _end_game(self, s):
        for p in range(4):
            s.individual[p] += 2 * s.totals[self.team(s, p)]
        s.log("game_over", None, game=s.game_no + 1, team_scores=list(s.totals),
              individual=list(s.individual))
        if s.game_no + 1 < s.options.games:
            self._start_game(s, s.game_no + 1)
            return
        best = max(s.individual)
        winners = tuple(p for p in range(4) if s.individual[p] == best)
        ranking = tuple(1 + sum(1 for q in s.individual if q > s.individual[p])
                        for p in range(4))
        self.finish(s, Outcome(tuple(s.individual), winners,
                               f"{s.game_no + 1} game{'s' * (s.game_no > 0)} played; best "
                               f"score {best}: {', '.join(f'seat {w}' for w in winners)}",
                               ranking=ranking, details={"bolsu_book": list(s.bolsu_book)}))

    # -- the bolsu round (13.2) ----------------------------------------------------------------
    def _open_deal(self, s):
        s.bolsu_order = tuple(p for p in (self.left(s, s.dealer, k) for k in (1, 2, 3, 4))
                              if p not in s.bolsu_done)
        s.bolsu_asked = 0
        s.bolsu_bids = ()
        s.yielded = 0
        if not s.bolsu_order:
            self._open_contract_deal(s)
            return
        s.phase = self.Phase.BOLSU
        s.to_act = (s.bolsu_order[0],)

    def _legal_bolsu(self, s, seat):
        may_pass = (not self._forced(s) or s.bolsu_bids
                    or s.bolsu_asked < len(s.bolsu_order) - 1)
        return [self.BOLSU_BID, self.PASS] if may_pass else [self.BOLSU_BID]

    def _apply_bolsu(self, s, seat, action):
        s.bolsu_asked += 1
        if action == self.BOLSU_BID:
            s.bolsu_bids = s.bolsu_bids + (seat,)
        s.log("bolsu_call", seat, bolsu_call="bolsu" if action == self.BOLSU_BID else "pass")
        if s.bolsu_asked < len(s.bolsu_order):
            s.to_act = (s.bolsu_order[s.bolsu_asked],)
            return
        bids = s.bolsu_bids
        if not bids:
            self._open_contract_deal(s)
        elif len(bids) == 1:
            self._start_bolsu(s, bids[0])
        else:
            s.phase = self.Phase.YIELD
            s.to_act = (bids[0],)

    def _legal_yield(self, s, seat):
        return [self.KEEP, self.YIELD_]

    def _apply_yield(self, s, seat, action):
        if action == self.KEEP:
            s.log("bolsu_kept", seat)
            self._start_bolsu(s, seat)
            return
        s.yielded += 1
        s.log("bolsu_yielded", seat)
        nxt = s.bolsu_bids[s.yielded]
        if s.yielded == len(s.bolsu_bids) - 1:
            self._start_bolsu(s, nxt)
        else:
            s.to_act = (nxt,)

    def _open_contract_deal(self, s):
        """No bolsu: a basic deal or a kotka of Modern Skruuvi (13.2)."""
        if s.kind == KOTKA:
            self._share_table(s)
        self._start_bidding(s)

    # -- bolsu (13.3) -----------------------------------------------------------------------
    def _start_bolsu(self, s, declarer):
        s.kind = BOLSU
        s.declarer = declarer
        s.bolsu_done = s.bolsu_done + (declarer,)
        s.log("bolsu", declarer, declarer=declarer)
        self._turn_up_table(s, declarer)
        self._start_giving(s, self._bolsu_gives(s), "declare")

    def _bolsu_gives(self, s):
        return tuple((s.declarer, self.left(s, s.declarer, k)) for k in (1, 2, 3))

    def _after_giving_declare(self, s):
        s.phase = self.Phase.DECLARE
        s.to_act = (s.declarer,)

    def _legal_declare(self, s, seat):
        return [self.BID0 + c for c in BOLSU_CONTRACTS]

    def _apply_declare(self, s, seat, action):
        s.contract = action - self.BID0
        s.log("contract", seat, contract=bid_name(s.contract), declarer=seat,
              promise="take no trick" if bid_type(s.contract) == MISERE
              else "take every trick")
        self._ask_knocks(s, self._knocking_for(s))

    def _knocking_for(self, s):
        if s.kind == BOLSU:
            d = s.declarer
            askers = tuple(self.left(s, d, k) for k in (3, 1, 2))
            return Knocking(askers, {p: (d,) for p in askers}, independent=True)
        return super()._knocking_for(s)

    # -- scoring (13.4, 13.5) -------------------------------------------------------------------
    def _deal_played(self, s):
        if s.kind != BOLSU:
            super()._deal_played(s)
            return
        d = s.declarer
        opponents = [p for p in range(4) if p != d]
        aces = ace_points(self.ace_tricks(s, lambda w: 0 if w == d else 1))
        opp, mine = bolsu_points(s.contract, s.won[d], [self.factor(s, p) for p in opponents],
                                 aces)
        pts = [0, 0, 0, 0]
        pts[d] = mine
        for p, x in zip(opponents, opp):
            pts[p] = x
        for p in range(4):
            s.bolsu_book[p] += pts[p]
            s.individual[p] += pts[p]
        result = {"deal": s.deal_no + 1, "deal_kind": BOLSU, "contract": bid_name(s.contract),
                  "declarer": d, "knocks": [self.factor(s, p) if p != d else 0
                                            for p in range(4)],
                  "tricks": list(s.won), "points": pts, "bolsu_book": list(s.bolsu_book),
                  "reason": "{}: {}".format(
                      "bolsu" if bid_type(s.contract) == MISERE else "Mussolini",
                      "made" if self.made(s, s.won[d]) else "failed")}
        s.results.append(result)
        s.log("deal_scored", None, **result)
        self._next_deal(s)

    def _contract_points(self, code, taken, factor, aces):
        return contract_points(code, taken, factor, aces)

    # -- views ---------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        super()._view(s, seat, v)
        v["game_no"] = s.game_no + 1
        v["basic_done"] = s.basic_done
        v["kotka_done"] = s.kotka_done

        v["bolsu_done"] = list(s.bolsu_done)
        v["bolsu_calls"] = [[p, "bolsu" if p in s.bolsu_bids else "pass"]
                            for p in s.bolsu_order[:s.bolsu_asked]]
        v["bolsu_yielded"] = list(s.bolsu_bids[:s.yielded])
        v["individual"] = list(s.individual)
        v["bolsu_book"] = list(s.bolsu_book)

    def _deals_text(self, s):
        kind = {BASIC: "a basic deal", KOTKA: "a kotka", BOLSU: "a bolsu"}[s.kind]
        if s.phase in (self.Phase.BOLSU, self.Phase.YIELD) and s.kind != BOLSU:
            kind += " unless a bolsu is bid"
        return f"game {s.game_no + 1} of {s.options.games}, {kind}"

    def match_lines(self, view, name):
        lines = super().match_lines(view, name)
        lines[0] = lines[0].replace("Score     ", "This game ")
        o = view["options"]
        done = ", ".join(name(p) for p in view["bolsu_done"]) or "nobody yet"
        lines.append(f"Played     {view['basic_done']} of {o.basic_deals} basic deals, "
                     f"{view['kotka_done']} of {o.kotkas} kotkas; bolsus declared by {done}")
        if view["bolsu_calls"]:
            said = " · ".join(f"{name(p)} {c}" for p, c in view["bolsu_calls"])
            if view["bolsu_yielded"]:
                said += " (yielded: " + ", ".join(name(p) for p in view["bolsu_yielded"]) + ")"
            lines.append("Bolsu      " + said)
        if view["phase"] == "declare":
            lines.append("Declare    7m, the bolsu: take no trick; or a Mussolini, 7s 7c 7d 7h "
                         "7nt: take every trick; alone against the other three")
        return lines

    def result_line(self, event):
        """A bolsu is scored player by player (13.4)."""
        if event.get("deal_kind") != BOLSU:
            return super().result_line(event)
        pts = ", ".join(f"seat {p} {x:+}" for p, x in enumerate(event["points"]))
        return (f"Deal {event['deal']} (bolsu): {event['contract']} by seat "
                f"{event['declarer']}, who took {event['tricks'][event['declarer']]} "
                f"trick(s); {pts}")

    def _sample_scores(self, s, view):
        super()._sample_scores(s, view)
        s.game_no = view["game_no"] - 1
        s.individual = list(view["individual"])
        s.bolsu_book = list(view["bolsu_book"])
        s.bolsu_done = tuple(view["bolsu_done"])
        s.basic_done = view["basic_done"]
        s.kotka_done = view["kotka_done"]
        calls = view["bolsu_calls"]
        s.bolsu_bids = tuple(p for p, c in calls if c == "bolsu")
        s.yielded = len(view["bolsu_yielded"])
        done = s.bolsu_done
        if s.kind == BOLSU and s.declarer is not None:
            done = tuple(p for p in done if p != s.declarer)
        s.bolsu_order = tuple(p for p in (self.left(s, s.dealer, k) for k in (1, 2, 3, 4))
                              if p not in done)
        s.bolsu_asked = len(calls)

    def _pending_gives(self, s):
        if s.kind == BOLSU:
            return self._bolsu_gives(s)[len(s.handed):], "declare"
        return super()._pending_gives(s)

