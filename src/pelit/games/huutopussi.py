"""Math students' Huutopussi: bidding for points, trumps named by marriages.

Rule source: seed 000 (Korppi, "My Games"), chapter 8 "Math students'
Huutopussi" (line 550): 8.1 Setup, 8.2 Auction, 8.3 Card exchange, 8.4 The
actual game, 8.5 Scoring; chapter 2 for tricks, 1.4 for clockwise play.
Chapter 9 (strategy) guides the bot (``bots/huutopussi.py``).  The trick
play with marriages is shared with Marjapussi (``cards/marriage.py``); this
module states Huutopussi's side of it (``RULES``).

Seats 0..3 sit clockwise; partners sit opposite (seats 0 and 2 are team 0,
seats 1 and 3 team 1), so everyone sits between two opponents (8.1).

Decisions where the seed is silent (each pinned in tests/games/test_huutopussi.py):

- Dealing (8.1): seat 0 deals first, the deal passes to the left after every
  deal; cards go one at a time from the dealer's left (top card first).
- Auction (8.2): the dealer's opening bid is compulsory (he may not pass
  it).  Bids are 50..440 in fives; a player who passes is out of the
  auction.  The remaining player is the high bidder (everyone after a bid
  passes before the turn could come back to him).
- New deal (8.2): "three sixes" is at least three; "no card higher than a
  jack" is no queen, king, ten or ace.  The demand ("redeal") can be made
  only on the player's first turn in the auction (the dealer's is his
  opening); it is open to a player whose side may not bid (8.5), since it is
  no bid.  The same dealer deals again from a new shuffle; the table hears
  the reason.
- Exchange (8.3): the partner gives his three cards one at a time (``give
  QS``), seen by the declarer only; the declarer then states the contract
  (``contract 185``, at least his final bid, at most 440), and gives three
  cards back (``give QS``), seen by his partner.  The opponents see only
  that cards changed hands.
- Asking for a half (8.4): the asker holds exactly one of the king and
  queen of that suit (holding both he announces his own marriage); the
  answer is yes when the partner holds the other one.  Asking names an open
  suit (one never trumps in this deal): each suit can be trumps only once.
- Asking for a whole (8.4): answers are truthful; a partner with wholes in
  several open suits chooses which becomes trumps.  He always answers
  himself (``answer hearts`` / ``answer no``), so the table never learns
  from a pause that he had a choice.  The answer reveals only what it says:
  "no" that he holds no king and queen of any open suit, "yes, hearts" that
  he holds those two; the table's knowledge is ``cards.marriage.reveals``.
- Announcing (8.4): only the player who led a trick and won it, before he
  leads the next, and at most once (an announcement or a question).  After
  the ninth trick nobody holds a card, so nothing can be announced.
- Scoring (8.5): a side's card points include its trump announcements and
  the last trick.  The contract is made with card points equal to it or
  more.  A side without a trick loses the final bid (the bid before the
  raise) on top of whatever else it scores; so a declarer side with no trick
  loses contract plus bid, and a läpäri by the declarer that still misses
  a contract above 160 costs both sides (8.5).
- A cap on deals (option ``deals``, off by default) ends a match early, the
  side ahead winning; it keeps random-play tests short.
- Match end (8.5): the first side to reach 500 (option ``target``) wins; if
  both reach it in one deal the side with more wins, and with equal scores
  the match goes on to the next deal.  A side with -500 or less may not bid,
  but its dealer makes the compulsory opening of exactly 50.
- Views: won tricks lie face down; the last trick may be seen until the next
  card is played, earlier ones as counts per side.  Every announcement,
  question and answer of the deal stays on view (the table heard them).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deck import CardSet, ids
from ..cards.marriage import (BIT, PACK, MarriageActions, MarriageGame, MarriagePlay,
                              MarriageRules, PointAuction, card_points, deal_round,
                              describe_play_event, marriage_render_hints, match_outcome,
                              pass_card, point_table, why_refused)
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State, option
from ..core.registry import register

N = 4
HAND = 9
EXCHANGE = 3
TEAM = (0, 1, 0, 1)
TABLE = (0, 1, 2, 3)
PARTNER = (2, 3, 0, 1)
BIDS = tuple(range(50, 445, 5))
MIN_BID, MAX_BID = BIDS[0], BIDS[-1]
BAN = -500
LAST_TRICK = 20
CARD_POINTS = point_table({14: 10, 10: 10, 13: 5, 12: 5, 11: 5})
SIXES = PACK.rank_mask[6]
ABOVE_JACK = PACK.rank_mask[12] | PACK.rank_mask[13] | PACK.rank_mask[10] | PACK.rank_mask[14]
RULES = MarriageRules(whole="whole", must_trump=True, after_own_lead=True,
                      half_needs_one=True, ask_suit_once=False, first_lead_ace_spade=False)
SECTION = "8.4"


class Phase(enum.Enum):
    BID = 1
    GIVE = 2
    CONTRACT = 3
    RETURN = 4
    PLAY = 5
    ANSWER = 6


@dataclass(frozen=True)
class HuutopussiOptions:
    target: int = option(500, "game points that win the match (8.5)", min=50, max=5000)
    deals: int = option(0, "end the match after this many deals, the side ahead winning "
                        "(0: no limit, as the seed plays)", min=0, max=1000)


def redeal_reason(hand: int) -> str | None:
    """Why a hand may demand a new deal (8.2), or None."""
    if (hand & SIXES).bit_count() >= 3:
        return "three sixes"
    if not hand & ABOVE_JACK:
        return "no card above a jack"
    return None


def deal_points(won: list[int], last_side: int, marriage_points: list[int]) -> list[int]:
    """Each side's card points in a deal (8.5): 10 an ace or ten, 5 a king,
    queen or jack in its tricks, 20 for the last trick, and its trumps."""
    return [card_points(won[t], CARD_POINTS) + (LAST_TRICK if t == last_side else 0)
            + marriage_points[t] for t in (0, 1)]


def score_deal(bid: int, contract: int, declarer_side: int, points, tricks) -> tuple:
    """Game points of both sides for a deal (8.5) and whether the contract
    was made.  ``bid`` is the final bid before the raise (läpäri)."""
    d = declarer_side
    made = points[d] >= contract
    out = [0, 0]
    out[d] = contract if made else -contract
    out[1 - d] = points[1 - d]
    for t in (0, 1):
        if tricks[t] == 0:
            out[t] -= bid
    return (out[0], out[1]), made


class HuutopussiState(State):
    __slots__ = ("dealer", "deal_no", "hands_played", "scores", "results", "mp", "auction",
                 "redeals", "declarer", "bid", "contract", "given", "returned")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands_played = self.hands_played
        new.scores = self.scores
        new.results = self.results.copy()
        new.mp = self.mp.clone()
        new.auction = self.auction.clone()
        new.redeals = self.redeals
        new.declarer = self.declarer
        new.bid = self.bid
        new.contract = self.contract
        new.given = self.given
        new.returned = self.returned


@register
class Huutopussi(MarriageGame, Game):
    info = GameInfo(
        id="huutopussi", name="Math students' Huutopussi", min_seats=4, max_seats=4,
        family="trick-taking", source="000 ch. 8 Math students' Huutopussi (line 550)",
        hidden=True, chance=True, teams=True,
        aliases=("math-students-huutopussi", "math-students'-huutopussi"),
        summary=(
            "Four players, partners opposite, 36 cards (6 to ace), nine each. In each "
            "suit the ace is highest, then the ten, king, queen, jack, 9 down to 6. "
            "Auction: the dealer must open with 50 or more; then in turn bid higher in "
            "fives up to 440, or pass for good. With three sixes or nothing above a jack "
            "a player may demand a new deal at his first turn. The high bidder is the "
            "declarer: his partner gives him three cards, he may raise his bid to the "
            "contract, and gives three cards back. The declarer leads. There are no "
            "trumps at first. Follow suit, and beat the best card of the suit when you "
            "can; with none of the suit you must trump, over-trumping when you can. "
            "A player who leads a trick and wins it may, before leading again, name "
            "trumps once: by his own king and queen of a suit, by asking his partner "
            "for a whole (a king and queen of any suit), or by asking for the other "
            "half of a suit he holds the king or queen of. Each suit can be trumps once "
            "a deal; trumps are worth spades 40, clubs 60, diamonds 80, hearts 100. "
            "Card points: 10 an ace or ten, 5 a king, queen or jack, 20 the last trick. "
            "The declarer's side scores its contract if its points reach it, else loses "
            "it; the opponents score their points. A side with no trick also loses the "
            "final bid. First side to 500 wins; a side at -500 may not bid."),
        verbs=(("bid 120", "bid that many points (50..440, in fives)"),
               ("pass", "leave the auction for this deal"),
               ("redeal", "demand a new deal (three sixes or no card above a jack, "
                          "at your first turn)"),
               ("give QS", "pass a card: the partner to the declarer, then back"),
               ("contract 185", "as declarer, set the contract: your bid or more"),
               ("announce hearts", "your own king and queen make hearts trumps"),
               ("ask whole", "ask your partner for a king and queen of any suit"),
               ("ask half hearts", "ask your partner for the other half of hearts"),
               ("answer hearts / answer no", "answer your partner's question"),
               ("QS", "play a card to the trick")),
    )
    Options = HuutopussiOptions
    Phase = Phase
    State = HuutopussiState
    deck = PACK
    rules = RULES
    # random play loses contracts and sinks both sides: a cap on deals ends it
    test_options = {"target": 300, "deals": 4}
    render_hints = marriage_render_hints(labels={"scores": "game points team 0, team 1",
                                        "final_bid": "final bid"})

    def __init__(self):
        super().__init__()
        a = ActionSpace(PACK)
        a.cards()
        self.BID = a.numbers("bid", BIDS)
        self.PASS = a.verb("pass")
        self.REDEAL = a.verb("redeal")
        self.GIVE = a.card_block("give")
        self.CONTRACT = a.numbers("contract", BIDS)
        self.acts = MarriageActions(a, RULES)
        self.actions = a

    def num_players(self, state):
        return N

    # -- setup and dealing (8.1) ----------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.deal_no = 0
        s.hands_played = 0
        s.redeals = 0
        s.scores = (0, 0)
        s.results = []
        self._deal(s)

    def _deal(self, s):
        hands = deal_round(s.deal_pack(PACK, s.deal_no), s.dealer, TABLE)
        s.mp = MarriagePlay(RULES, hands, TABLE, TEAM)
        for p in range(N):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(hands[p])}, count=HAND)
        s.auction = PointAuction()
        s.declarer = None
        s.bid = None
        s.contract = None
        s.given = 0
        s.returned = 0
        s.phase = Phase.BID
        s.to_act = (s.dealer,)

    # -- auction (8.2) -------------------------------------------------------------
    def _legal_bid(self, s, seat):
        auction = s.auction
        banned = s.scores[TEAM[seat]] <= BAN
        if auction.high is None:                # the dealer's compulsory opening
            out = [self.BID] if banned else list(range(self.BID, self.BID + len(BIDS)))
        else:
            out = [self.PASS]
            if not banned and auction.high < MAX_BID:
                start = self.BID + (auction.high - MIN_BID) // 5 + 1
                out += range(start, self.BID + len(BIDS))
        if auction.first_turn(seat) and redeal_reason(s.mp.hands[seat]):
            out.append(self.REDEAL)
        return out

    def _apply_bid(self, s, seat, action):
        if action == self.REDEAL:
            s.log("redeal", seat, reason=redeal_reason(s.mp.hands[seat]))
            s.redeals += 1
            s.deal_no += 1
            self._deal(s)
            return
        auction = s.auction
        if action == self.PASS:
            auction.call(seat, None)
            s.log("pass", seat)
        else:
            auction.call(seat, BIDS[action - self.BID])
            s.log("bid", seat, bid=auction.high)
        if auction.over():
            self._end_auction(s)
            return
        s.to_act = (auction.next_seat(seat, s.mp.nxt),)

    def _end_auction(self, s):
        d = s.declarer = s.auction.high_seat
        s.bid = s.auction.high
        s.log("declarer", d, declarer=d, bid=s.bid)
        s.phase = Phase.GIVE
        s.to_act = (PARTNER[d],)

    # -- card exchange (8.3) ----------------------------------------------------
    def _legal_give(self, s, seat):
        return [self.GIVE + c for c in ids(s.mp.hands[seat])]

    def _apply_give(self, s, seat, action):
        pass_card(s, s.mp.hands, seat, s.declarer, action - self.GIVE)
        s.given |= BIT[action - self.GIVE]
        if s.given.bit_count() == EXCHANGE:
            s.phase = Phase.CONTRACT
            s.to_act = (s.declarer,)

    def _legal_contract(self, s, seat):
        start = self.CONTRACT + (s.bid - MIN_BID) // 5
        return list(range(start, self.CONTRACT + len(BIDS)))

    def _apply_contract(self, s, seat, action):
        s.contract = BIDS[action - self.CONTRACT]
        s.log("contract", seat, contract=s.contract, raised=s.contract - s.bid)
        s.phase = Phase.RETURN
        s.to_act = (seat,)

    def _legal_return(self, s, seat):
        return self._legal_give(s, seat)

    def _apply_return(self, s, seat, action):
        pass_card(s, s.mp.hands, seat, PARTNER[seat], action - self.GIVE)
        s.returned |= BIT[action - self.GIVE]
        if s.returned.bit_count() == EXCHANGE:
            s.mp.start(seat)                    # 8.4: the declarer leads
            s.phase = Phase.PLAY
            s.to_act = (seat,)

    # -- play (8.4): MarriageGame's _legal_play, _apply_play, _legal_answer, _apply_answer

    # -- scoring and the match (8.5) ----------------------------------------------
    def _score(self, s):
        mp = s.mp
        d = TEAM[s.declarer]
        points = deal_points(mp.won, TEAM[mp.last_winner], mp.marriage_points)
        tricks = tuple(mp.tricks)
        gained, made = score_deal(s.bid, s.contract, d, points, tricks)
        s.scores = (s.scores[0] + gained[0], s.scores[1] + gained[1])
        s.hands_played += 1
        lapari = 1 - d if tricks[1 - d] == 0 else (d if tricks[d] == 0 else None)
        reason = ("contract made" if made else "contract lost") + (
            "" if lapari is None else
            " with läpäri" if lapari != d else ", no trick")
        s.results.append((s.hands_played, s.declarer, s.bid, s.contract, tuple(points),
                          tricks, gained, s.scores))
        s.log("deal_scored", s.declarer, declarer=s.declarer, bid=s.bid, contract=s.contract,
              made=made, points=list(points), tricks=list(tricks), gained=list(gained),
              scores=list(s.scores), reason=reason)
        end = match_outcome(s.scores, s.options.target, s.hands_played, s.options.deals, TEAM,
                            {"deals": s.hands_played, "redeals": s.redeals})
        if end is not None:
            self.finish(s, end)
            return
        s.dealer = (s.dealer + 1) % N
        s.deal_no += 1
        self._deal(s)

    def describe_event(self, event):
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "redeal":
            return f"Seat {seat} demands a new deal ({event['reason']})"
        if kind == "declarer":
            return f"Seat {seat} is the declarer at {event['bid']}"
        if kind == "contract":
            raised = f", raised by {event['raised']}" if event["raised"] else ""
            return f"Seat {seat} sets the contract at {event['contract']}{raised}"
        if kind == "deal_scored":
            d = TEAM[event["declarer"]]
            pts, tricks, gained = event["points"], event["tricks"], event["gained"]
            side = ("Seats 0 and 2", "Seats 1 and 3")
            return (f"Deal scored: {side[d]} (declarer seat {event['declarer']}) "
                    f"{'made' if event['made'] else 'lost'} their contract of "
                    f"{event['contract']} with {pts[d]} points; {side[1 - d].lower()} took "
                    f"{pts[1 - d]}. Tricks {tricks[0]}-{tricks[1]}; game points "
                    f"{gained[0]:+d}, {gained[1]:+d}, now {event['scores'][0]}, "
                    f"{event['scores'][1]}")
        return describe_play_event(event, RULES.whole)

    def why_illegal(self, s, seat, action):
        ph = s.phase
        try:
            text = self.action_text(action)
        except Exception:
            return f"{action!r} is not an action of Huutopussi"
        if ph is Phase.BID:
            if action == self.REDEAL:
                if not s.auction.first_turn(seat):
                    return "a new deal can be demanded only at your first turn to bid (8.2)"
                return ("a new deal can be demanded only with three sixes or no card above "
                        "a jack (8.2)")
            if action == self.PASS:
                return "the dealer must open the bidding with 50 or more (8.2)"
            if self.BID <= action < self.BID + len(BIDS):
                if s.scores[TEAM[seat]] <= BAN:
                    return ("your side has -500 game points or less and may not bid; only "
                            "its dealer opens, with exactly 50 (8.5)")
                return f"bid more than {s.auction.high}, in fives, up to {MAX_BID} (8.2)"
            return "bid (bid 120) or pass (8.2)"
        if ph in (Phase.GIVE, Phase.RETURN):
            if self.GIVE <= action < self.GIVE + PACK.size:
                return f"{PACK.text(action - self.GIVE)} is not in your hand"
            return "give a card from your hand: give QS (8.3)"
        if ph is Phase.CONTRACT:
            return (f"the contract is your final bid ({s.bid}) or more, in fives, up to "
                    f"{MAX_BID} (8.3)")
        if ph in (Phase.PLAY, Phase.ANSWER) and (action < PACK.size or action >= self.acts.announce):
            return why_refused(s.mp, seat, action, self.acts, SECTION)
        return f"{text} is not allowed now ({self.phase_name(s)})"

    # -- what each seat sees --------------------------------------------------------
    def _view(self, s, seat, v):
        v["dealer"] = s.dealer
        v["deals_played"] = s.hands_played
        v["team"] = list(TEAM)
        v["scores"] = list(s.scores)
        v["results"] = [{"deal": r[0], "declarer": r[1], "bid": r[2], "contract": r[3],
                         "points": list(r[4]), "tricks": list(r[5]), "gained": list(r[6]),
                         "scores": list(r[7])} for r in s.results]
        v["redeals"] = s.redeals
        self._hand_view(s, seat, v)
        s.auction.view(v)
        if s.declarer is not None:
            v["declarer"] = s.declarer
            v["final_bid"] = s.bid
            v["contract"] = s.contract
        self._play_view(s, seat, v)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        s.dealer = view["dealer"]
        s.hands_played = view["deals_played"]
        s.deal_no = s.hands_played + view["redeals"]
        s.redeals = view["redeals"]
        s.scores = tuple(view["scores"])
        s.results = [(r["deal"], r["declarer"], r["bid"], r["contract"], tuple(r["points"]),
                      tuple(r["tricks"]), tuple(r["gained"]), tuple(r["scores"]))
                     for r in view["results"]]
        s.auction = PointAuction.from_view(view)
        s.declarer = view.get("declarer")
        s.bid = view.get("final_bid")
        s.contract = view.get("contract")
        self._sample_deal(s, view, rng, TABLE, TEAM)
        return s


# The web table leaves out the engine's bookkeeping (the call list is the
# seats' bids, the rest is for sampled worlds) and shows the points per side.
Huutopussi.web_layout = {
    "table": "trick",
    "show": {
        "hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
        "team": "team_of", "dealer": "tag", "declarer": ["banner", "declarer"],
        "contract": ["banner", "contract"], "high_bid": ["banner", "high bid"],
        "trump": ["banner", "trumps"],
        "bids": {"role": "seat", "label": "bid", "words": {"pass": "passed"}},
        "passed": ["info", "you gave"], "received": ["info", "you received"],
        "asking": ["banner", "asked about"],
        "announcements": {"role": "history", "label": "marriages asked and told",
                          "format": ["{seat} asks {kind} {suit}: {answer}, {trump} trumps",
                                     "{seat} asks {kind} {suit}: {answer}"]},
        "tricks_won": ["team", "tricks"], "marriage_points": ["team", "marriages"],
        "scores": ["team", "points"], "deals_played": ["info", "deals played"],
        "redeals": ["info", "redeals"],
    },
    "sheet": {"event": "deal_scored", "gained": "gained", "total": "scores",
              "hide": ["made"]},
}
