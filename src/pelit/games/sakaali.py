"""Sakaali, Korppi's signalling game for two partnerships.

Rule source: seed 000 (Korppi, "My Games"), chapter 26 "Sakaali" (line
2051): 26.2 Setup, 26.3 The game, 26.4 Scoring, 26.5 Team play, 26.6
Strategy (the basic signalling system); with 1.4 (clockwise play).  The
eight-player version (26.7) is ``sakaali-8`` in ``games/sakaali_eight.py``,
two tables of this game run by ``core.duplicate``.

Seats 0..3 sit clockwise, partners opposite (seats 0 and 2 are team 0,
seats 1 and 3 team 1), so everyone sits between two opponents (26.2).

Each of the four is dealt thirteen cards.  In turn, clockwise, everyone lays
one card face up in a row in front of himself, until each has laid eight
(26.3): the rows are public, in order, and stay on view for the deal; the
hands are not.  Then the partners put their five cards each together and
the ten cards are scored (26.4): nothing for a card in three or four of a
kind, 25 for each pair, and for every card left single its value (ace 1 ..
king 13) plus 20.  The side with fewer minus points scores the difference
plus a winning bonus of 20, and 30 more when all ten of its cards are in
threes and fours; the other side scores nothing.  A tied deal scores
nothing and carries the 20 to the next deal (40 there, 60 after two ties,
and so on).  The first side to 100 game points wins the game.

Decisions where the seed is silent (each pinned in tests/games/test_sakaali.py):

- Dealing (26.2): seat 3 deals the first deal and the deal passes to the
  left; cards are dealt one at a time from the dealer's left, and the
  player on the dealer's left lays the first card (1.4).
- The end of a deal (26.4): the four hands are shown when the teams put
  them together to score; the scoring event shows them to everyone.
- Ties (26.4): only the 20 winning bonus carries over, never the 30 for all
  sets; carried bonuses add up over successive ties.  A game never ends on
  a tie (nobody scores), so a carried bonus never outlives its game.
- The match (26.4): one game to 100 by default; the preset
  ``best-of-three`` plays games until a side has won two, each game from
  0-0, the deal passing on as before.  Option ``deals`` plays a fixed
  number of deals instead and ranks by game points (26.7 plays four a
  table); a tie there is a draw and a bonus still carried at the end lapses.
- Scores in the outcome: the game points of the one game, the games won in
  a best-of-three match (the points of every game are in the details), the
  game points of a fixed number of deals.
- Team play (26.5): partners agree signals and must tell them to their
  opponents.  In pelit the signalling system in use is the basic one of
  26.6, and it is public: the rules help describes it, and the table reads
  every row by it for everyone (``signals``).  Cards one and three of a row
  say "I hold a pair or three of the rank one below this card", card two
  "... one above"; an ace as card one or three and a king as card two say
  nothing (the ranks run ace 1 to king 13, as in the scoring).  Cards four
  to six answer the partner's cards one to three: a low card (ace to seven)
  says "I hold a card of the rank you showed", a high one (eight to king)
  "I do not"; an answer to a card that said nothing says nothing either.
  Cards seven and eight mean nothing.  The heuristic bot signals and reads
  signals by this system (``bots/sakaali.py``); a signal may be false.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands
from ..cards.deck import ACE, Card, CardSet, ids, mask_of, pretty, standard_deck
from ..cards.seats import others_hands, partner
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
N = 4
HAND = 13
ROW = 8                              # cards each player lays (26.3)
KEPT = HAND - ROW                    # cards each keeps for the scoring
PAIR_POINTS = 25
SINGLE_EXTRA = 20
WIN_BONUS = 20
ALL_SETS_BONUS = 30
LOW_ANSWER = 7                       # 26.6 answers: ace..7 low, 8..king high
TEAM_NAMES = ("team 0 (seats 0 and 2)", "team 1 (seats 1 and 3)")


def value_of(card: int) -> int:
    """The card's value in the scoring and the signals: ace 1 .. king 13."""
    rank = DECK.rank_of[card]
    return 1 if rank == ACE else rank


VALUE = tuple(value_of(c) for c in range(52))
VALUE_NAMES = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes",
               7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "jacks",
               12: "queens", 13: "kings"}
VALUE_ONE = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
             8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king"}
VALUE_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
# the cards of each value, as masks (value 1..13)
VALUE_MASK = {v: mask_of(c for c in range(52) if VALUE[c] == v) for v in range(1, 14)}


class Phase(enum.Enum):
    PLAY = 1


@dataclass(frozen=True)
class SakaaliOptions:
    target: int = option(100, "game points that win a game (26.4)", min=1, max=10000)
    games: int = option(1, "games in the match: 1, or 3 for best of three (26.4)",
                        choices=(1, 3))
    deals: int = option(0, "a fixed number of deals instead of games to the target "
                           "(0: play to the target); 26.7 plays four a table",
                        min=0, max=999)


class SakaaliState(State):
    __slots__ = ("dealer", "deal_no", "hands", "rows", "scores", "carried", "game_no",
                 "games_won", "game_points", "results")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = self.hands.copy()
        new.rows = [r.copy() for r in self.rows]
        new.scores = self.scores.copy()
        new.carried = self.carried
        new.game_no = self.game_no
        new.games_won = self.games_won.copy()
        new.game_points = [g.copy() for g in self.game_points]
        new.results = self.results.copy()      # records never changed once made


# -- scoring (26.4) ----------------------------------------------------------

def team_lines(cards: int) -> dict:
    """The minus points of a team's ten cards (26.4), line by line: the
    values in threes and fours of a kind (no minus), the pairs (25 each),
    the single cards (value plus 20 each)."""
    sets, pairs, singles = [], [], []
    for v in range(1, 14):
        n = (cards & VALUE_MASK[v]).bit_count()
        if n >= 3:
            sets.append(v)
        elif n == 2:
            pairs.append(v)
        elif n == 1:
            singles.append(v)
    minus = PAIR_POINTS * len(pairs) + sum(v + SINGLE_EXTRA for v in singles)
    return {"sets": sets, "pairs": pairs, "singles": singles, "minus": minus}


def score_deal(team_cards: list[int], carried: int) -> dict:
    """A deal's game points (26.4).  ``team_cards`` are the two teams' ten
    cards, ``carried`` the winning bonus carried from tied deals before.
    The side with fewer minus points wins the difference plus 20 (plus what
    was carried), and 30 more if all its cards are in threes and fours; a tie
    gives nothing and carries the 20 on."""
    lines = [team_lines(c) for c in team_cards]
    minus = [lines[0]["minus"], lines[1]["minus"]]
    if minus[0] == minus[1]:
        return {"lines": lines, "winning_team": None, "points": [0, 0], "bonus": 0,
                "all_sets": False, "carry": carried + WIN_BONUS}
    winner = 0 if minus[0] < minus[1] else 1
    all_sets = minus[winner] == 0
    bonus = WIN_BONUS + carried
    won = abs(minus[0] - minus[1]) + bonus + (ALL_SETS_BONUS if all_sets else 0)
    points = [0, 0]
    points[winner] = won
    return {"lines": lines, "winning_team": winner, "points": points, "bonus": bonus,
            "all_sets": all_sets, "carry": 0}


# -- the basic signalling system (26.6) ----------------------------------------

def signalled_value(row: list[int], place: int) -> int | None:
    """The value a pair-signal card says its player holds two or three of:
    card 1 and 3 one below, card 2 one above (``place`` counts from 0);
    None where the card says nothing (an ace as 1 or 3, a king as 2, or
    another place)."""
    if place >= len(row) or place > 2:
        return None
    v = VALUE[row[place]] + (1 if place == 1 else -1)
    return v if 1 <= v <= 13 else None


def answer_of(rows: list[list[int]], seat: int, place: int) -> tuple[int, bool] | None:
    """What card ``place`` (3, 4 or 5 from 0) of ``seat``'s row answers: the
    value the partner's card ``place - 3`` showed and whether the answer says
    "I hold one" (a low card).  None where it answers nothing."""
    row = rows[seat]
    if not 3 <= place <= 5 or place >= len(row):
        return None
    shown = signalled_value(rows[partner(seat)], place - 3)
    if shown is None:
        return None
    return shown, VALUE[row[place]] <= LOW_ANSWER


def read_row(rows: list[list[int]], seat: int) -> list[str]:
    """The seat's row read by the basic system, one short phrase a card that
    means something (what everyone at the table can read)."""
    out = []
    for place in range(len(rows[seat])):
        if place <= 2:
            v = signalled_value(rows[seat], place)
            if v is not None:
                out.append(f"{place + 1}: two+ {VALUE_NAMES[v]}")
        elif place <= 5:
            ans = answer_of(rows, seat, place)
            if ans is not None:
                v, has = ans
                out.append(f"{place + 1}: {'has' if has else 'no'} {VALUE_ONE[v]}")
    return out


def next_card_meaning(rows: list[list[int]], seat: int) -> str:
    """What the seat's next card will say by the basic system, in words."""
    place = len(rows[seat])
    if place <= 2:
        side = "above" if place == 1 else "below"
        return (f"card {place + 1}: says you hold two or three of the rank one {side} it")
    if place <= 5:
        mate = partner(seat)
        shown = signalled_value(rows[mate], place - 3)
        if shown is None:
            said = "said nothing" if place - 3 < len(rows[mate]) else "is not laid yet"
            return f"card {place + 1}: would answer your partner's card {place - 2}, which {said}"
        return (f"card {place + 1}: answers your partner's card {place - 2} (two+ "
                f"{VALUE_NAMES[shown]}): ace to 7 says you hold a {VALUE_ONE[shown]}, "
                f"8 to king that you do not")
    return f"card {place + 1}: means nothing"


SIGNALS_HELP = (
    "The signals (the basic system of 26.6, public to everyone): cards 1 and 3 "
    "of a row say 'I hold two or three of the rank one below this card', card 2 "
    "'... one above' (ace 1 to king 13; an ace as card 1 or 3, a king as card 2 "
    "say nothing). Cards 4, 5 and 6 answer the partner's cards 1, 2 and 3: a low "
    "card (ace to seven) 'I hold one of that rank', a high card (eight to king) "
    "'I hold none'. Cards 7 and 8 mean nothing. A signal may be false.")


@register
class Sakaali(Game):
    info = GameInfo(
        id="sakaali", name="Sakaali", min_seats=4, max_seats=4, family="signalling",
        source="000 ch. 26 Sakaali (line 2051)", hidden=True, chance=True, teams=True,
        zero_sum=True,
        summary=(
            "Four players, partners opposite, a 52-card pack, thirteen cards each. "
            "In turn everyone lays one card face up in a row in front of himself, "
            "eight cards each; the rows are public and read in order. Then partners "
            "put their last five cards together and score the ten: nothing for cards "
            "in three or four of a kind, 25 minus points for a pair, and the card's "
            "value plus 20 for a single card (ace 1, two 2, ... king 13). The side "
            "with fewer minus points wins the difference plus 20 game points, and 30 "
            "more if all ten cards are in threes and fours; the other side gets "
            "nothing. A tie carries the 20 on to the next deal. First to 100 game "
            "points wins (best of three games with the preset best-of-three). "
            "Partners may not talk; they talk through the cards they lay. "
            + SIGNALS_HELP),
        verbs=(("QS", "lay a card from your hand face up at the end of your row"),),
    )
    Options = SakaaliOptions
    Phase = Phase
    State = SakaaliState
    deck = DECK
    presets = {"best-of-three": {"games": 3}}
    test_options = {"target": 40}
    # teams: lists and numbers per partnership (a duplicate match of Sakaali
    # puts them in the order of its teams, core.duplicate)
    render_hints = {
        "team_lists": ["scores", "games_won", "game_points", "points", "minus", "lines"],
        "team_fields": ["winning_team", "team"],
        "table": ["results", "game_points"],
        "per_seat": ["rows", "signals"],
        "labels": {
            "rows": "cards laid, in order",
            "signals": "read by the basic system",
            "your_next_card": "your next card",
            "hand_sizes": "cards in hand",
            "scores": "game points team 0, team 1",
            "carried": "winning bonus carried from ties",
            "deal": "deal",
            "games_won": "games won team 0, team 1",
            "results": "deals played (minus points, game points: team by team)",
            "game_points": "games so far (game points team 0, team 1)",
        },
    }
    web_layout = {
        "table": "trick",
        "show": {"hand": "hand", "hand_sizes": "backs", "rows": ["seat_cards", "laid"],
                 "signals": ["seat", "says"], "your_next_card": ["info", "your next card"],
                 "dealer": "tag", "deal": ["info", "deal"], "carried": ["info", "carried over"],
                 "scores": ["team", "points"], "games_won": ["team", "games"]},
        "sheet": {"event": "deal_scored", "gained": "points", "total": "scores",
                  "side": ["winning_team"]},
    }

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()

    def num_players(self, state):
        return N

    # -- setup and dealing (26.2) ----------------------------------------------
    def _setup(self, s):
        s.dealer = 3
        s.deal_no = 0
        s.scores = [0, 0]
        s.carried = 0
        s.game_no = 0
        s.games_won = [0, 0]
        s.game_points = []
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        first = (s.dealer + 1) % N
        s.hands, _ = deal(pack, [HAND] * N, start=first)
        s.rows = [[] for _ in range(N)]
        for p in range(N):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND, dealer=s.dealer)
        s.phase = Phase.PLAY
        s.to_act = (first,)

    # -- the game (26.3) -------------------------------------------------------
    def _legal_play(self, s, seat):
        return ids(s.hands[seat])

    def _is_legal_play(self, s, seat, action):
        return 0 <= action < 52 and (s.hands[seat] >> action) & 1 == 1

    def _apply_play(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        s.rows[seat].append(card)
        s.log("lay", seat, card=Card(card), place=len(s.rows[seat]))
        nxt = (seat + 1) % N
        if len(s.rows[nxt]) < ROW:
            s.to_act = (nxt,)
        else:
            self._score(s)

    # -- scoring (26.4) ----------------------------------------------------------
    def _score(self, s):
        team_cards = [s.hands[0] | s.hands[2], s.hands[1] | s.hands[3]]
        carried_in = s.carried
        result = score_deal(team_cards, carried_in)
        s.carried = result["carry"]
        for t in (0, 1):
            s.scores[t] += result["points"][t]
        s.results.append({"deal": s.deal_no + 1,
                          "minus": [result["lines"][0]["minus"], result["lines"][1]["minus"]],
                          "points": list(result["points"])})
        s.log("deal_scored", None, hands=[CardSet(h) for h in s.hands],
              lines=result["lines"], winning_team=result["winning_team"],
              points=result["points"],
              bonus=result["bonus"], all_sets=result["all_sets"],
              carried=result["carry"], scores=list(s.scores))
        s.deal_no += 1
        if self._match_over(s):
            return
        s.dealer = (s.dealer + 1) % N
        self._deal(s)

    def _match_over(self, s) -> bool:
        o = s.options
        if o.deals:
            if s.deal_no < o.deals:
                return False
            a, b = s.scores
            winners = () if a == b else ((0, 2) if a > b else (1, 3))
            reason = (f"{o.deals} deals played: " + (f"a draw at {a} game points" if a == b else
                      f"{TEAM_NAMES[winners[0]]} won {max(a, b)} to {min(a, b)} game points"))
            self.finish(s, Outcome((a, b, a, b), winners, reason,
                                   details={"deals": s.deal_no}))
            return True
        leader = 0 if s.scores[0] >= s.scores[1] else 1
        if s.scores[leader] < o.target:
            return False
        # only the deal's winner scores, so only one side can reach the target
        s.games_won[leader] += 1
        s.game_points.append(list(s.scores))
        if o.games > 1:
            s.log("game_won", None, team=leader, scores=list(s.scores),
                  games_won=list(s.games_won))
        if s.games_won[leader] * 2 > o.games:
            a, b = s.scores if o.games == 1 else s.games_won
            if o.games == 1:
                reason = (f"{TEAM_NAMES[leader]} reached {s.scores[leader]} of {o.target} "
                          f"game points in deal {s.deal_no}")
            else:
                reason = (f"{TEAM_NAMES[leader]} won {s.games_won[leader]} games to "
                          f"{s.games_won[1 - leader]}")
            self.finish(s, Outcome((a, b, a, b), (leader, leader + 2), reason,
                                   details={"deals": s.deal_no, "game_points": s.game_points}))
            return True
        s.game_no += 1
        s.scores = [0, 0]
        return False

    def why_illegal(self, s, seat, action):
        if isinstance(action, int) and 0 <= action < 52:
            return f"{DECK.text(action)} is not in your hand"
        return super().why_illegal(s, seat, action)

    # -- what each seat sees -----------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["rows"] = [[Card(c) for c in row] for row in s.rows]
        v["signals"] = ["; ".join(read_row(s.rows, p)) for p in range(N)]
        if seat is not None and len(s.rows[seat]) < ROW:
            v["your_next_card"] = next_card_meaning(s.rows, seat)
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["dealer"] = s.dealer
        v["deal"] = s.deal_no + (s.outcome is None)       # the last one once it is over
        v["scores"] = list(s.scores)
        v["carried"] = s.carried
        if s.options.games > 1:
            v["games_won"] = list(s.games_won)
            v["game_points"] = [list(g) for g in s.game_points]
        v["results"] = [dict(r, minus=list(r["minus"]), points=list(r["points"]))
                        for r in s.results]

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(N)}
        for p in range(N):
            z[f"row{p}"] = mask_of(s.rows[p])
        return z

    def unknown_cards(self, s, seat):
        if all(len(row) == ROW for row in s.rows):
            return 0          # the last deal is scored: its hands were shown (26.4)
        return others_hands(s.hands, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        rows = [[int(c) for c in row] for row in view["rows"]]
        seen = own
        for row in rows:
            seen |= mask_of(row)
        zones = {f"hand{p}": view["hand_sizes"][p] for p in range(N) if p != seat}
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(N)]
        s.rows = rows
        s.dealer = view["dealer"]
        s.deal_no = view["deal"] - (view.get("outcome") is None)
        s.scores = list(view["scores"])
        s.carried = view["carried"]
        s.games_won = list(view.get("games_won", [0, 0]))
        s.game_no = sum(s.games_won)
        s.game_points = [list(g) for g in view.get("game_points", [])]
        s.results = [dict(r) for r in view["results"]]
        return s

    # -- the terminal ------------------------------------------------------------
    def describe_event(self, event):
        """The scoring of a deal as one line a team and one for the result.
        A team is named by its seats, read from the shown hands (one entry a
        seat, ``None`` for seats not at this table in a duplicate match)."""
        kind = event.get("kind")
        if kind == "dealt" and event.get("cards") is None:
            return None                 # another seat's thirteen cards: nothing to read
        if kind != "deal_scored":
            return NotImplemented
        hands = event["hands"]
        out = []
        members = []
        for t in (0, 1):
            seats = [p for p, h in enumerate(hands) if h is not None and p % 2 == t]
            members.append(f"seats {' and '.join(map(str, seats))}")
            cards = 0
            for p in seats:
                cards |= int(hands[p])
            ln = event["lines"][t]
            parts = [f"{word} {' '.join(_value_text(v) for v in ln[key])}"
                     for word, key in (("sets", "sets"), ("pairs", "pairs"),
                                       ("singles", "singles")) if ln[key]]
            shown = " ".join(pretty(DECK.text(c)) for c in DECK.in_hand_order(ids(cards)))
            out.append(f"{members[t]}: {shown} "
                       f"— {'; '.join(parts)}: minus {ln['minus']}")
        w = event["winning_team"]
        if w is None:
            out.append(f"a tie: nobody scores; the winning bonus carried is now {event['carried']}")
        else:
            extra = " + 30 all in sets" if event["all_sets"] else ""
            out.append(f"{members[w]} win {event['points'][w]} game points "
                       f"(the difference + {event['bonus']}{extra}); "
                       f"game points {event['scores'][0]} to {event['scores'][1]}")
        return "\n  ".join(out)


def _value_text(v: int) -> str:
    return VALUE_TEXT.get(v, str(v))
