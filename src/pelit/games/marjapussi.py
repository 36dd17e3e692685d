"""Marjapussi: the Finnish partnership game of pairs and halves.

Rule source: seed 003 (four games from a rule book), "Marjapussi" (line 35):
the sections Scoring Points, Dealing the Hand, A Round of Bidding, Rules of
Play, Doubling the Hand and End of the Game.  Its trick play with trumps
named by a king and queen ("a pair", or "a half" in each partner's hand) is
the one Huutopussi uses (``cards/marriage.py``); where the two differ this
game follows its own source (``RULES`` and the decisions below).

Seat numbers name the players; the cut decides where they sit.  ``table``
lists the seats clockwise from the first dealer and ``team`` gives each
seat's side: partners sit opposite, so a seat's partner is two places on.

Decisions where the seed is silent (each pinned in tests/games/test_marjapussi.py):

- The cut (Dealing the Hand): each player cuts one card (four cards off one
  shuffle of their own, seat 0 first).  Cards rank as in play, ace, ten,
  king down to six; between equal ranks hearts beat diamonds, clubs and
  spades (the order of their trump worth).  The highest cutter deals first
  and chooses his chair; that choice only decides which of the two middle
  cutters sits on his left (``left 3``); the lowest sits across as his
  partner.  Option ``cut`` off: seats 0 and 2 play against 1 and 3, and
  seat 0 deals first.
- Dealing: one card at a time clockwise from the dealer's left; the deal
  passes to the left.
- Bidding (A Round of Bidding): the dealer's left opens with 120 or passes;
  bids go up in fives to 420 (all a side can take: 120 card points, 20 for
  the last trick, 280 for four trumps); a pass is for good.  When all four
  pass there is no contract, no exchange and no doubling; the dealer's
  right leads, and each side scores its own points (End of the Game).
- The exchange: the declarer's partner either keeps his cards (``keep``)
  or gives four, one at a time (``give QS``), seen by the declarer only;
  the declarer then gives four back, seen by his partner.  The declarer
  states the contract after the exchange (or after his partner kept):
  ``contract 185``, his high bid or more, at most 420.
- The first lead (Rules of Play): an ace if the leader holds one, else a
  spade if he holds one, else any card; every later lead is free.
- Following: follow suit when able and beat the best card on the table when
  able; a player with none of the suit led must beat with a trump when he
  can, but when he cannot beat (he has no trump, or none above a trump
  already played) he may play any card: the seed names no duty to trump
  beyond beating (Huutopussi's must-trump rule is not this game's).
- Naming trumps (Rules of Play): the winner of any trick, before he leads
  the next, may once announce his own pair (``announce hearts``), ask his
  partner for a pair (``ask pair``) or ask for a half of a named suit
  (``ask half hearts``).  Only suits not yet trumps can be named or asked
  about: each suit is trumps at most once a deal, so trumps never go back.
  A player asks about each suit at most once a deal; his partner may still
  ask him about it.  The seed's line that a player who asked may not name a
  trump himself until a later trick is this same rule: one announcement or
  question for each trick won (its "hand" is a trick, as elsewhere there).
- Answers: truthful.  Asked for a half, the partner says yes when she holds
  the king or the queen of that suit: if the side then holds both (she has
  both, or each has one), the suit becomes trumps; if she has one and the
  asker lacks the other, the asker says so and leads ("half").  Asked for a
  pair, the partner answers himself (``answer hearts`` / ``answer no``),
  choosing when he holds several, so no pause tells the table he had a
  choice.  The table learns exactly what the answers say (``reveals``).
- Doubling (Doubling the Hand): a player says ``contra`` or ``re`` on his
  own turn to play, before his card.  The first contra is open to either
  opponent of the declarer while he holds nine cards; after it, re to the
  declarer's side while holding eight, then contra again at seven, re at
  six, and so on: at most nine doubles.  A side that lets its moment pass
  ends the doubling.  Each double doubles the contract's value.
- Scoring (Scoring Points, End of the Game): cards count ace 11, ten 10,
  king 4, queen 3, jack 2; the last trick 20; trumps hearts 100, diamonds
  80, clubs 60, spades 40 to the side that named them.  The contract is made
  with points equal to it or more, before rounding; the opponents score
  their points rounded to the nearest five (points end never in a half
  five).  A declarer's side without a trick loses twice its contract's
  value as doubled.  Opponents without a trick against a made contract lose
  twice the contract, or the contract once if it was doubled; against a
  lost one, nothing.
- Match end (End of the Game): the first side to reach 500 (option
  ``target``) wins; when both reach it in one deal the side with more wins,
  and with equal points the match goes on.  Option ``deals`` caps the
  number of deals (off by default), the side ahead winning.
- Views: won tricks lie face down; the last trick may be seen until the next
  card is played, earlier ones as counts per side.  The cut is shown as
  card text (those cards went back into the pack before the deal).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import CardSet, ids, pretty
from ..cards.marriage import (BIT, CARDS, PACK, STRENGTH, MarriageActions, MarriageGame,
                              MarriagePlay, MarriageRules, PointAuction, card_points,
                              deal_round, describe_play_event, marriage_render_hints,
                              match_outcome, pass_card, point_table, why_refused)
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State, option
from ..core.registry import register
from ..core.rng import stream

N = 4
HAND = 9
EXCHANGE = 4
BIDS = tuple(range(120, 425, 5))
MIN_BID, MAX_BID = BIDS[0], BIDS[-1]
MAX_DOUBLES = 9
LAST_TRICK = 20
CARD_POINTS = point_table({14: 11, 10: 10, 13: 4, 12: 3, 11: 2})
# ties in the cut: hearts over diamonds over clubs over spades (trump worth)
CUT_SUIT = (0, 3, 2, 1)
RULES = MarriageRules(whole="pair", must_trump=False, after_own_lead=False,
                      half_needs_one=False, ask_suit_once=True, first_lead_ace_spade=True)
SECTION = "Rules of Play"
FIXED_TABLE = (0, 1, 2, 3)
FIXED_TEAM = (0, 1, 0, 1)


class Phase(enum.Enum):
    SEAT = 1
    BID = 2
    GIVE = 3
    RETURN = 4
    CONTRACT = 5
    PLAY = 6
    ANSWER = 7


@dataclass(frozen=True)
class MarjapussiOptions:
    target: int = option(500, "points that win the match (End of the Game)", min=50, max=5000)
    cut: bool = option(True, "cut for partners, chairs and the first dealer (Dealing the "
                       "Hand); off: seats 0 and 2 against 1 and 3, seat 0 deals first")
    deals: int = option(0, "end the match after this many deals, the side ahead winning "
                        "(0: no limit, as the seed plays)", min=0, max=1000)


def cut_order(cards) -> list[int]:
    """Indices of the cut cards from highest to lowest (Dealing the Hand)."""
    return sorted(range(len(cards)), key=lambda i: (-STRENGTH[cards[i]],
                                                     -CUT_SUIT[PACK.suit_of[cards[i]]]))


def round5(points: int) -> int:
    """To the nearest five (End of the Game)."""
    return (points + 2) // 5 * 5


def deal_points(won: list[int], last_side: int, marriage_points: list[int]) -> list[int]:
    """Each side's points (Scoring Points): card points, 20 for the last
    trick and the trumps it named."""
    return [card_points(won[t], CARD_POINTS) + (LAST_TRICK if t == last_side else 0)
            + marriage_points[t] for t in (0, 1)]


def score_deal(contract, doubles: int, declarer_side, points, tricks) -> tuple:
    """Both sides' points for a deal (End of the Game) and whether the
    contract was made (None without a contract)."""
    if contract is None:
        return (round5(points[0]), round5(points[1])), None
    d = declarer_side
    value = contract << doubles
    made = points[d] >= contract
    out = [0, 0]
    if tricks[d] == 0:
        out[d] = -2 * value
    else:
        out[d] = value if made else -value
    out[1 - d] = round5(points[1 - d])
    if tricks[1 - d] == 0 and made:
        out[1 - d] -= contract if doubles else 2 * contract
    return (out[0], out[1]), made


class MarjapussiState(State):
    __slots__ = ("dealer", "deals_played", "scores", "results", "table", "team", "cut",
                 "mp", "auction", "declarer", "contract", "doubles", "given", "returned",
                 "kept")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deals_played = self.deals_played
        new.scores = self.scores
        new.results = self.results.copy()
        new.table = self.table
        new.team = self.team
        new.cut = self.cut
        new.mp = None if self.mp is None else self.mp.clone()
        new.auction = None if self.auction is None else self.auction.clone()
        new.declarer = self.declarer
        new.contract = self.contract
        new.doubles = self.doubles
        new.given = self.given
        new.returned = self.returned
        new.kept = self.kept


@register
class Marjapussi(MarriageGame, Game):
    info = GameInfo(
        id="marjapussi", name="Marjapussi", min_seats=4, max_seats=4, family="trick-taking",
        source="003 Marjapussi (line 35)", hidden=True, chance=True, teams=True,
        summary=(
            "Four players in two sides, partners opposite, 36 cards (6 to ace), nine "
            "each. In each suit the ace is highest, then the ten, king, queen, jack, 9 "
            "down to 6. A cut decides partners, chairs and the first dealer. Bidding "
            "from the dealer's left: 120 or more in fives, or pass for good. The high "
            "bidder's partner may give him four cards, and gets four back; the declarer "
            "then states his contract, his bid or more. The declarer leads (with no "
            "bid, the dealer's right), and the first lead must be an ace, else a spade. "
            "Follow suit and beat the best card when you can; with none of the suit, "
            "beat it with a trump if you can. There are no trumps at first: the winner "
            "of a trick may, before leading, announce his own king and queen of a suit "
            "(a pair), or ask his partner for a pair or for a half of a suit; a pair "
            "held by the side makes its suit trumps. Each suit is trumps once a deal. "
            "Points: ace 11, ten 10, king 4, queen 3, jack 2, the last trick 20, trumps "
            "hearts 100, diamonds 80, clubs 60, spades 40. The opponents may say contra "
            "while holding nine cards, the declarer's side re at eight, and so on, each "
            "doubling the contract. A made contract scores its value, a lost one loses "
            "it; the opponents score their points, rounded to five. A side without a "
            "trick pays extra. First side to 500 wins."),
        verbs=(("left 3", "as the highest cutter, seat that player on your left"),
               ("bid 120", "bid that many points (120..420, in fives)"),
               ("pass", "leave the bidding for this deal"),
               ("give QS", "pass a card: the partner to the declarer, then back"),
               ("keep", "as the declarer's partner, keep your cards: no exchange"),
               ("contract 185", "as declarer, state the contract: your bid or more"),
               ("contra / re", "double the contract (opponents / declarer's side)"),
               ("announce hearts", "your own pair makes hearts trumps"),
               ("ask pair", "ask your partner for a pair in any suit"),
               ("ask half hearts", "ask your partner for a half of hearts"),
               ("answer hearts / answer no", "answer your partner's question"),
               ("QS", "play a card to the trick")),
    )
    Options = MarjapussiOptions
    Phase = Phase
    State = MarjapussiState
    deck = PACK
    rules = RULES
    # random play loses contracts and sinks both sides: a cap on deals ends it
    test_options = {"target": 300, "deals": 4}
    render_hints = marriage_render_hints(table=["table"], labels={
        "table": "seats clockwise from the first dealer",
        "scores": "points team 0, team 1",
        "doubles": "contra and re said"})

    def __init__(self):
        super().__init__()
        a = ActionSpace(PACK)
        a.cards()
        self.LEFT = a.numbers("left", range(N))
        self.BID = a.numbers("bid", BIDS)
        self.PASS = a.verb("pass")
        self.GIVE = a.card_block("give")
        self.KEEP = a.verb("keep")
        self.CONTRACT = a.numbers("contract", BIDS)
        self.CONTRA = a.verb("contra")
        self.RE = a.verb("re")
        self.acts = MarriageActions(a, RULES)
        self.actions = a

    def num_players(self, state):
        return N

    # -- the cut and the deal (Dealing the Hand) -----------------------------------
    def _setup(self, s):
        s.deals_played = 0
        s.scores = (0, 0)
        s.results = []
        s.mp = None
        s.auction = None
        s.declarer = None
        s.contract = None
        s.doubles = 0
        s.given = s.returned = 0
        s.kept = False
        if not s.options.cut:
            s.cut = ()
            s.table, s.team = FIXED_TABLE, FIXED_TEAM
            s.dealer = 0
            self._deal(s)
            return
        pack = list(range(PACK.size))
        stream(s.seed, "cut").shuffle(pack)
        s.cut = tuple(pack[:N])
        order = cut_order(s.cut)
        high = order[0]
        s.log("cut", None, cards=[CARDS[c] for c in s.cut], highest=high, lowest=order[-1])
        s.table, s.team = None, None
        s.dealer = high
        s.phase = Phase.SEAT
        s.to_act = (high,)

    def _middle(self, s):
        order = cut_order(s.cut)
        return sorted(order[1:3])

    def _legal_seat(self, s, seat):
        return [self.LEFT + p for p in self._middle(s)]

    def _apply_seat(self, s, seat, action):
        order = cut_order(s.cut)
        left = action - self.LEFT
        right = [p for p in order[1:3] if p != left][0]
        s.table = (seat, left, order[-1], right)
        team = [0] * N
        team[left] = team[right] = 1
        s.team = tuple(team)
        s.log("seated", seat, table=list(s.table), left=left, partner=order[-1])
        self._deal(s)

    def _deal(self, s):
        hands = deal_round(s.deal_pack(PACK, s.deals_played), s.dealer, s.table)
        s.mp = MarriagePlay(RULES, hands, s.table, s.team)
        for p in range(N):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(hands[p])}, count=HAND)
        s.auction = PointAuction()
        s.declarer = None
        s.contract = None
        s.doubles = 0
        s.given = s.returned = 0
        s.kept = False
        s.phase = Phase.BID
        s.to_act = (s.mp.nxt[s.dealer],)

    # -- bidding (A Round of Bidding) --------------------------------------------------
    def _legal_bid(self, s, seat):
        high = s.auction.high
        start = 0 if high is None else (high - MIN_BID) // 5 + 1
        return [self.PASS] + list(range(self.BID + start, self.BID + len(BIDS)))

    def _apply_bid(self, s, seat, action):
        auction = s.auction
        if action == self.PASS:
            auction.call(seat, None)
            s.log("pass", seat)
        else:
            auction.call(seat, BIDS[action - self.BID])
            s.log("bid", seat, bid=auction.high)
        if not auction.over():
            s.to_act = (auction.next_seat(seat, s.mp.nxt),)
        elif auction.high is None:
            # no contract: the dealer's right leads (Rules of Play)
            right = s.table[(s.table.index(s.dealer) - 1) % N]
            s.log("no_contract", None, leader=right)
            self._start_play(s, right)
        else:
            d = s.declarer = auction.high_seat
            s.log("declarer", d, declarer=d, bid=auction.high)
            s.phase = Phase.GIVE
            s.to_act = (s.mp.partner[d],)

    # -- the exchange ----------------------------------------------------------------
    def _legal_give(self, s, seat):
        out = [self.GIVE + c for c in ids(s.mp.hands[seat])]
        if not s.given:
            out.append(self.KEEP)
        return out

    def _apply_give(self, s, seat, action):
        if action == self.KEEP:
            s.kept = True
            s.log("keep", seat)
            s.phase = Phase.CONTRACT
            s.to_act = (s.declarer,)
            return
        pass_card(s, s.mp.hands, seat, s.declarer, action - self.GIVE)
        s.given |= BIT[action - self.GIVE]
        if s.given.bit_count() == EXCHANGE:
            s.phase = Phase.RETURN
            s.to_act = (s.declarer,)

    def _legal_return(self, s, seat):
        return [self.GIVE + c for c in ids(s.mp.hands[seat])]

    def _apply_return(self, s, seat, action):
        pass_card(s, s.mp.hands, seat, s.mp.partner[seat], action - self.GIVE)
        s.returned |= BIT[action - self.GIVE]
        if s.returned.bit_count() == EXCHANGE:
            s.phase = Phase.CONTRACT
            s.to_act = (seat,)

    def _legal_contract(self, s, seat):
        start = self.CONTRACT + (s.auction.high - MIN_BID) // 5
        return list(range(start, self.CONTRACT + len(BIDS)))

    def _apply_contract(self, s, seat, action):
        s.contract = BIDS[action - self.CONTRACT]
        s.log("contract", seat, contract=s.contract, raised=s.contract - s.auction.high)
        self._start_play(s, seat)

    # -- play (Rules of Play, Doubling the Hand) -----------------------------------------
    def _start_play(self, s, leader):
        s.mp.start(leader)
        s.phase = Phase.PLAY
        s.to_act = (leader,)

    def _double(self, s, seat):
        """The double open to ``seat`` now, or None (Doubling the Hand)."""
        d = s.doubles
        if s.contract is None or d >= MAX_DOUBLES:
            return None
        declaring = s.team[seat] == s.team[s.declarer]
        if declaring != (d % 2 == 1) or s.mp.hands[seat].bit_count() != HAND - d:
            return None
        return self.RE if declaring else self.CONTRA

    def _legal_play(self, s, seat):
        out = super()._legal_play(s, seat)
        double = self._double(s, seat)
        return out + [double] if double is not None else out

    def _apply_play(self, s, seat, action):
        if action in (self.CONTRA, self.RE):
            s.doubles += 1
            s.log("contra" if action == self.CONTRA else "re", seat, doubles=s.doubles,
                  value=s.contract << s.doubles)
            return
        super()._apply_play(s, seat, action)

    # the answer phase is MarriageGame's

    # -- scoring and the match (End of the Game) ------------------------------------------
    def _score(self, s):
        mp = s.mp
        d = None if s.declarer is None else s.team[s.declarer]
        points = deal_points(mp.won, s.team[mp.last_winner], mp.marriage_points)
        tricks = tuple(mp.tricks)
        gained, made = score_deal(s.contract, s.doubles, d, points, tricks)
        s.scores = (s.scores[0] + gained[0], s.scores[1] + gained[1])
        s.deals_played += 1
        if made is None:
            reason = "no contract"
        else:
            reason = ("contract made" if made else "contract lost") + (
                " with a side taking no trick" if 0 in tricks else "")
        s.results.append((s.deals_played, s.declarer, s.contract, s.doubles, tuple(points),
                          tricks, gained, s.scores))
        s.log("deal_scored", s.declarer, declarer=s.declarer, contract=s.contract,
              doubles=s.doubles, made=made, points=list(points), tricks=list(tricks),
              gained=list(gained), scores=list(s.scores), reason=reason)
        end = match_outcome(s.scores, s.options.target, s.deals_played, s.options.deals,
                            s.team, {"deals": s.deals_played})
        if end is not None:
            self.finish(s, end)
            return
        s.dealer = s.mp.nxt[s.dealer]
        self._deal(s)

    def describe_event(self, event):
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "cut":
            return ("The cut: " + ", ".join(f"seat {p} {pretty(PACK.text(int(c)))}"
                                             for p, c in enumerate(event["cards"]))
                    + f"; seat {event['highest']} deals first, seat {event['lowest']} is "
                    f"his partner")
        if kind == "seated":
            return (f"Seat {seat} seats seat {event['left']} on his left: clockwise "
                    + ", ".join(f"seat {p}" for p in event["table"]))
        if kind == "no_contract":
            return f"Nobody bid: no contract; seat {event['leader']} leads"
        if kind == "declarer":
            return f"Seat {seat} is the declarer at {event['bid']}"
        if kind == "keep":
            return f"Seat {seat} keeps his cards: no exchange"
        if kind == "contract":
            raised = f", raised by {event['raised']}" if event["raised"] else ""
            return f"Seat {seat} states the contract: {event['contract']}{raised}"
        if kind in ("contra", "re"):
            return f"Seat {seat} says {kind}: the contract is worth {event['value']}"
        if kind == "deal_scored":
            pts, tricks, gained = event["points"], event["tricks"], event["gained"]
            if event["contract"] is None:
                head = f"Deal scored without a contract: points {pts[0]}, {pts[1]}"
            else:
                dseat = event["declarer"]
                head = (f"Deal scored: seat {dseat}'s side "
                        f"{'made' if event['made'] else 'lost'} the contract of "
                        f"{event['contract']}" + (f" (doubled {event['doubles']} times)"
                                                  if event["doubles"] else "")
                        + f" with points {pts[0]}, {pts[1]}")
            return (f"{head}. Tricks {tricks[0]}-{tricks[1]}; team 0 {gained[0]:+d}, team 1 "
                    f"{gained[1]:+d}, now {event['scores'][0]}, {event['scores'][1]}")
        return describe_play_event(event, RULES.whole)

    def why_illegal(self, s, seat, action):
        ph = s.phase
        try:
            text = self.action_text(action)
        except Exception:
            return f"{action!r} is not an action of Marjapussi"
        if ph is Phase.SEAT:
            return ("seat one of the two middle cutters on your left: "
                    + " or ".join(f"left {p}" for p in self._middle(s)) + " (Dealing the Hand)")
        if ph is Phase.BID:
            if self.BID <= action < self.BID + len(BIDS):
                high = s.auction.high
                return ("open with 120 or more" if high is None else f"bid more than {high}") \
                    + f", in fives, up to {MAX_BID} (A Round of Bidding)"
            return "bid (bid 120) or pass (A Round of Bidding)"
        if ph in (Phase.GIVE, Phase.RETURN):
            if action == self.KEEP:
                return ("only the declarer's partner may keep his cards, before giving any "
                        "(A Round of Bidding)")
            if self.GIVE <= action < self.GIVE + PACK.size:
                return f"{PACK.text(action - self.GIVE)} is not in your hand"
            return "give a card from your hand: give QS (A Round of Bidding)"
        if ph is Phase.CONTRACT:
            return (f"the contract is your high bid ({s.auction.high}) or more, in fives, up "
                    f"to {MAX_BID} (A Round of Bidding)")
        if action in (self.CONTRA, self.RE):
            if s.contract is None:
                return "there is no contract to double (Doubling the Hand)"
            want = "contra" if s.doubles % 2 == 0 else "re"
            who = "the declarer's opponents" if want == "contra" else "the declarer's side"
            return (f"the next double is {want}, by {who} on their turn while holding "
                    f"{HAND - s.doubles} cards (Doubling the Hand)")
        if ph in (Phase.PLAY, Phase.ANSWER) and (action < PACK.size or action >= self.acts.announce):
            return why_refused(s.mp, seat, action, self.acts, SECTION)
        return f"{text} is not allowed now ({self.phase_name(s)})"

    # -- what each seat sees ------------------------------------------------------------
    def _view(self, s, seat, v):
        v["dealer"] = s.dealer
        v["deals_played"] = s.deals_played
        v["scores"] = list(s.scores)
        v["results"] = [{"deal": r[0], "declarer": r[1], "contract": r[2], "doubles": r[3],
                         "points": list(r[4]), "tricks": list(r[5]), "gained": list(r[6]),
                         "scores": list(r[7])} for r in s.results]
        if s.cut:
            v["cut"] = [pretty(PACK.text(c)) for c in s.cut]
        v["table"] = None if s.table is None else list(s.table)
        v["team"] = None if s.team is None else list(s.team)
        if s.mp is None:
            return
        self._hand_view(s, seat, v)
        s.auction.view(v)
        if s.declarer is not None:
            v["declarer"] = s.declarer
            v["contract"] = s.contract
            v["doubles"] = s.doubles
            v["kept"] = s.kept
        self._play_view(s, seat, v)

    def zones(self, s):
        if s.mp is None:
            return {"pack": PACK.all_mask}
        return super().zones(s)

    def unknown_cards(self, s, seat):
        if s.mp is None:                # the cut cards were seen; the rest lie in the pack
            return PACK.all_mask & ~sum(BIT[c] for c in s.cut)
        return super().unknown_cards(s, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        s.dealer = view["dealer"]
        s.deals_played = view["deals_played"]
        s.scores = tuple(view["scores"])
        s.results = [(r["deal"], r["declarer"], r["contract"], r["doubles"],
                      tuple(r["points"]), tuple(r["tricks"]), tuple(r["gained"]),
                      tuple(r["scores"])) for r in view["results"]]
        s.cut = tuple(PACK.parse(t) for t in view.get("cut", ()))
        s.table = None if view["table"] is None else tuple(view["table"])
        s.team = None if view["team"] is None else tuple(view["team"])
        s.declarer = view.get("declarer")
        s.contract = view.get("contract")
        s.doubles = view.get("doubles", 0)
        s.kept = view.get("kept", False)
        s.mp = s.auction = None
        s.given = s.returned = 0
        if "hand_sizes" not in view:
            return s
        s.auction = PointAuction.from_view(view)
        self._sample_deal(s, view, rng, s.table, s.team)
        return s


# The web table: the trick table with the partners from the seats' team
# field (sides are not seats 0+2 and 1+3 after a cut).  Left out: the
# engine's bookkeeping (the call list is the seats' bids, the rest is for
# sampled worlds), the clockwise seat list and the cut (told in the log).
Marjapussi.web_layout = {
    "table": "trick",
    "show": {
        "hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
        "team": "team_of", "dealer": "tag", "declarer": ["tag", "declarer"],
        "leader": ["tag", "leads"], "asking": ["tag", "asking"],
        "high_bidder": {"role": "tag", "label": "high bidder", "phases": ["bid"]},
        "bids": {"role": "seat", "label": "bid", "phases": ["bid"]},
        "high_bid": {"role": "banner", "label": "high bid", "phases": ["bid"]},
        "contract": ["banner", "contract"], "trump": ["banner", "trumps"],
        "doubles": {"role": "banner", "label": "doubled", "words": {"0": "no", "1": "contra", "2": "re"}},
        "passed": ["cards", "you passed"], "received": ["cards", "you received"],
        "tricks_won": ["team", "tricks"], "marriage_points": ["team", "trump points"],
        "scores": ["team", "points"], "trumps_used": ["info", "trump suits so far"],
        "announcements": ["history", "trumps named and questions"],
        "deals_played": ["info", "deals played"],
    },
    "sheet": {"event": "deal_scored", "gained": "gained", "total": "scores",
              "side": ["points", "tricks"]},
}
