"""Tuomas's Minibridge: three players and a dummy.

Rule source: seed 000 ("My Games", Tuomas Korppi), chapter 5: 5.1 Setup,
5.2 Declarer, 5.3 Contract, 5.4 The game, 5.5 Scoring; trick play by
chapter 2 (follow suit; the highest trump, else the highest card of the suit
led, wins; the winner leads).

Seats 0..2 are the players, clockwise; hand 3 is the dummy.  The dummy sits
across the table from the declarer, between his two opponents, so the play
goes declarer, left-hand opponent, dummy, right-hand opponent.  Dummy play
is the shared ``cards.dummy.DummyPlay``.

Decisions where the seed is silent (pinned in tests/games/test_minibridge.py):

- Setup: the dealer deals one card at a time, starting with the player on
  his left, going round the three players and then giving one card to the
  dummy's pile each round.  The first dealer is seat 0; the deal passes to
  the left each deal.
- Declarer (5.2): in the 17, 15 and 13 hcp rounds the rules leave nobody a
  choice (a player must announce with at least that many points and may not
  with fewer), so the engine makes those announcements in turn, dealer
  first, and logs each one for everyone; only the fourth round asks each
  player, in the same order, to ``declare`` or ``pass``.  When all pass in
  the fourth round the same dealer deals again; a redeal is not one of the
  ten deals.
- Contract (5.3): the right-hand opponent looks at the dummy (from then on
  he sees it) and announces its hcp and suit lengths truthfully; the engine
  makes this announcement for him, it being fully determined.  Everyone
  hears it.
- The game (5.4): after the opening lead the dummy is face up for everyone;
  the declarer chooses its cards; the right-hand opponent has seen it since
  his announcement.  Won tricks lie face down (chapter 2): a view shows the
  trick on the table, the tricks won and the suits shown void.
- Scoring (5.5): "the first five deals" use the beginning column (option
  ``early_deals``, default 5); a match is ``deals`` deals (default 10).  Only
  the declarer scores.  Players tied for the most points all win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.contract import hcp, hcp_table
from ..cards.deal import SampleError, sample_hands, shuffled
from ..cards.deck import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES, Card, CardSet, standard_deck
from ..cards.dummy import DummyPlay, play_zones
from ..cards.seats import others_hands
from ..cards.table_text import play_text
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
HCP = hcp_table(DECK)
DUMMY = 3
THRESHOLDS = (17, 15, 13)

# 5.3: (tricks, trump suit or None, text), in the seed's order
CONTRACTS = (
    (7, None, "7nt"), (7, HEARTS, "7h"), (7, SPADES, "7s"), (7, CLUBS, "7c"), (7, DIAMONDS, "7d"),
    (9, None, "9nt"), (10, HEARTS, "10h"), (10, SPADES, "10s"), (11, CLUBS, "11c"),
    (11, DIAMONDS, "11d"),
    (12, None, "12nt"), (12, HEARTS, "12h"), (12, SPADES, "12s"), (12, CLUBS, "12c"),
    (12, DIAMONDS, "12d"),
)


def contract_points(promised: int, tricks: int, late: bool) -> int:
    """Points for the declarer (5.5): the table's value when the contract is
    made, 3 for each trick over; 5 (later 10) lost for each trick short."""
    if tricks < promised:
        return -(promised - tricks) * (10 if late else 5)
    if promised == 7:
        base = 10
    elif promised == 12:
        base = 150 if late else 100
    else:
        base = 60 if late else 40
    return base + 3 * (tricks - promised)


class Phase(enum.Enum):
    DECLARE = 1
    CONTRACT = 2
    PLAY = 3


@dataclass(frozen=True)
class MinibridgeOptions:
    deals: int = option(10, "deals in the match", min=1, max=99)
    early_deals: int = option(5, "deals scored by the 'in the beginning' column", min=0, max=99)


class MinibridgeState(State):
    __slots__ = ("dealer", "deal_no", "pack_no", "hands", "announcements", "declarer",
                 "dummy_info", "contract", "dp", "scores", "results", "round4", "hcps")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.pack_no = self.pack_no
        new.hands = self.hands.copy()
        new.announcements = self.announcements.copy()
        new.declarer = self.declarer
        new.dummy_info = self.dummy_info
        new.contract = self.contract
        new.dp = self.dp.clone() if self.dp is not None else None
        new.scores = self.scores.copy()
        new.results = self.results.copy()
        new.round4 = self.round4
        new.hcps = self.hcps


@register
class Minibridge(Game):
    info = GameInfo(
        id="minibridge", name="Tuomas's Minibridge", min_seats=3, max_seats=3,
        family="trick-taking", source="000 ch. 5 (Tuomas's Minibridge, line 354)",
        hidden=True, chance=True, aliases=("tuomas-minibridge", "tuomas's-minibridge"),
        summary=(
            "Three players and a dummy hand, a 52-card pack dealt into four hands of "
            "13; the dummy lies face down. Count high card points (ace 4, king 3, "
            "queen 2, jack 1). The declarer is found in rounds, dealer first: whoever "
            "has 17 or more must declare; if nobody does, 15; then 13; in a fourth "
            "round anyone may choose to; if still nobody, deal again. The player on "
            "the declarer's right peeks at the dummy and tells everyone its points and "
            "suit lengths. The declarer then picks a contract: 7 tricks in any strain, "
            "9 at no trump, 10 in hearts or spades, 11 in clubs or diamonds, or 12 in "
            "any. The declarer's left-hand opponent leads; the dummy then goes face up "
            "and the declarer plays it from across the table, between the opponents. "
            "The declarer scores 10 for 7 tricks, 40 (later 60) for 9-11, 100 (later "
            "150) for 12, plus 3 a trick over; each trick short costs 5 (later 10). "
            "The later values apply from the sixth deal. Most points after ten deals wins."),
        verbs=(("QS", "play a card (the dummy's too, when you are the declarer)"),
               ("declare", "become the declarer (fourth round)"),
               ("pass", "do not become the declarer (fourth round)"),
               ("contract 10h", "choose the contract: tricks and strain (nt, h, s, c, d)")),
    )
    Options = MinibridgeOptions
    Phase = Phase
    State = MinibridgeState
    deck = DECK
    test_options = {"deals": 2}
    # the terminal: the play and the declarer rounds as lines of text (render_board)
    render_hints = {"hide": ["play", "announcements", "dummy_announced"],
                    "seat_fields": ["dummy", "hand"]}

    def render_board(self, view):
        """Lines for the terminal from the public parts of a view: the rounds
        of 5.2, the announcement of 5.3 and the play with named hands."""
        me = view.get("seat")
        lines = []
        rounds = {}
        for threshold, p, yes in view["announcements"]:
            who = "You" if p == me else f"Seat {p}"
            rounds.setdefault(threshold, []).append(f"{who} {'declares' if yes else 'no'}")
        for threshold, said in rounds.items():
            head = f"{threshold}+ hcp" if threshold else "free choice"
            lines.append(f"Declarer, {head}: {', '.join(said)}")
        info = view["dummy_announced"]
        if info is not None:
            lengths = ", ".join(f"{SUIT_NAMES[i]} {n}" for i, n in enumerate(info["lengths"]))
            lines.append(f"Dummy announced  {info['hcp']} hcp; {lengths}")
        play = play_text(DECK, view["play"], ["Seat 0", "Seat 1", "Seat 2", "dummy"], me)
        if play:
            lines.append(play)
        return "\n".join(lines) or None

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.DECLARE = self.actions.verb("declare")
        self.PASS = self.actions.verb("pass")
        self.CONTRACT0 = self.actions.choice("contract", [c[2] for c in CONTRACTS])

    def num_players(self, state):
        return 3

    # -- dealing and the declarer --------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.deal_no = 0
        s.pack_no = 0
        s.scores = [0, 0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.pack_no)
        s.pack_no += 1
        order = [(s.dealer + 1) % 3, (s.dealer + 2) % 3, s.dealer, DUMMY]
        hands = [0, 0, 0, 0]
        k = 0
        for _ in range(13):
            for p in order:
                hands[p] |= 1 << pack[k]
                k += 1
        s.hands = hands
        s.hcps = tuple(hcp(h, HCP) for h in hands[:3])
        s.announcements = []
        s.declarer = None
        s.dummy_info = None
        s.contract = None
        s.dp = None
        s.round4 = 0
        for p in range(3):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(hands[p])}, count=13)
        s.log("deal", None, deal=s.deal_no + 1, dealer=s.dealer)
        # 5.2: the three forced rounds
        for threshold in THRESHOLDS:
            for i in range(3):
                p = (s.dealer + i) % 3
                yes = s.hcps[p] >= threshold
                s.announcements.append((threshold, p, yes))
                s.log("announce", p, round=threshold, declarer=yes)
                if yes:
                    self._set_declarer(s, p)
                    return
        s.phase = Phase.DECLARE
        s.to_act = (s.dealer,)

    def _legal_declare(self, s, seat):
        return [self.DECLARE, self.PASS]

    def _apply_declare(self, s, seat, action):
        yes = action == self.DECLARE
        s.announcements.append((0, seat, yes))
        s.log("announce", seat, round=0, declarer=yes)
        if yes:
            self._set_declarer(s, seat)
            return
        s.round4 += 1
        if s.round4 < 3:
            s.to_act = ((seat + 1) % 3,)
            return
        s.log("redeal", None)
        self._deal(s)

    def _set_declarer(self, s, p):
        s.declarer = p
        rho = (p + 2) % 3
        dummy = s.hands[DUMMY]
        lengths = [(dummy & DECK.suit_mask[su]).bit_count() for su in range(4)]
        s.dummy_info = (hcp(dummy, HCP), tuple(lengths))
        s.log("dummy_seen", rho, audience=(rho,), private={"cards": CardSet(dummy)})
        s.log("dummy_announced", rho, hcp=s.dummy_info[0],
              lengths={SUIT_NAMES[su]: lengths[su] for su in range(4)})
        s.phase = Phase.CONTRACT
        s.to_act = (p,)

    # -- the contract ------------------------------------------------------------
    def _legal_contract(self, s, seat):
        return list(range(self.CONTRACT0, self.CONTRACT0 + len(CONTRACTS)))

    def _apply_contract(self, s, seat, action):
        s.contract = action - self.CONTRACT0
        tricks, trump, text = CONTRACTS[s.contract]
        d = s.declarer
        order = (d, (d + 1) % 3, DUMMY, (d + 2) % 3)
        owner = (0, 1, 2, d)
        s.dp = DummyPlay(DECK, s.hands, order, owner, d, DUMMY, trump)
        s.log("contract", d, contract=text, leader=s.dp.leader)
        s.phase = Phase.PLAY
        s.to_act = (s.dp.seat_to_act(),)

    # -- play ----------------------------------------------------------------
    def _legal_play(self, s, seat):
        return s.dp.legal_cards()

    def _apply_play(self, s, seat, card):
        dp = s.dp
        hand, opening, winner = dp.play(card)
        s.log("play", seat, hand=hand, card=Card(card))
        if opening:
            s.log("dummy_shown", None, cards=CardSet(dp.hands[DUMMY]))
        if winner is not None:
            s.log("trick", seat, winner=winner, tricks_won=dp.won.copy())
            if dp.tricks_done == 13:
                self._score(s)
                return
        s.to_act = (dp.seat_to_act(),)

    def _score(self, s):
        promised, _, text = CONTRACTS[s.contract]
        tricks = s.dp.declarer_tricks()
        late = s.deal_no >= s.options.early_deals
        pts = contract_points(promised, tricks, late)
        s.scores[s.declarer] += pts
        result = {"deal": s.deal_no + 1, "declarer": s.declarer, "contract": text,
                  "tricks": tricks, "points": pts, "column": "end" if late else "beginning"}
        s.results.append(result)
        s.log("deal_scored", s.declarer, **result, scores=list(s.scores))
        s.deal_no += 1
        if s.deal_no >= s.options.deals:
            best = max(s.scores)
            winners = tuple(p for p in range(3) if s.scores[p] == best)
            order = sorted(range(3), key=lambda p: -s.scores[p])
            ranking = tuple(1 + sum(1 for q in range(3) if s.scores[q] > s.scores[p])
                            for p in range(3))
            self.finish(s, Outcome(tuple(s.scores), winners,
                                   f"{s.options.deals} deals played; seat {order[0]} has "
                                   f"most points ({best})" if len(winners) == 1 else
                                   f"{s.options.deals} deals played; seats "
                                   f"{', '.join(map(str, winners))} share most points ({best})",
                                   ranking=ranking))
            return
        s.dealer = (s.dealer + 1) % 3
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            hand = s.dp.turn
            whose = "the dummy's hand" if hand == DUMMY else "your hand"
            if not (s.dp.hands[hand] >> action) & 1:
                return f"{DECK.text(action)} is not in {whose}"
            lead = DECK.suit_of[s.dp.trick[0][1]]
            return f"you must follow suit ({SUIT_NAMES[lead]})"
        return super().why_illegal(s, seat, action)

    # -- views -----------------------------------------------------------------
    def _rho_has_seen(self, s, seat):
        return s.declarer is not None and seat == (s.declarer + 2) % 3

    def _view(self, s, seat, v):
        hands = s.dp.hands if s.dp is not None else s.hands
        if seat is not None:
            v["hand"] = CardSet(hands[seat])
            v["hcp"] = s.hcps[seat]
            if self._rho_has_seen(s, seat):
                v["dummy_seen"] = CardSet(hands[DUMMY])
        v["dealer"] = s.dealer
        v["deal_no"] = min(s.deal_no + 1, s.options.deals)      # the last stays shown at the end
        v["announcements"] = [list(a) for a in s.announcements]
        v["declarer"] = s.declarer
        v["dummy_announced"] = None if s.dummy_info is None else {
            "hcp": s.dummy_info[0], "lengths": list(s.dummy_info[1])}
        v["contract"] = None if s.contract is None else CONTRACTS[s.contract][2]
        v["scores"] = list(s.scores)
        v["results"] = [dict(r) for r in s.results]
        v["play"] = s.dp.public_view() if s.dp is not None else None    # ch. 2: face down

    def zones(self, s):
        return play_zones(s.hands, s.dp)

    def unknown_cards(self, s, seat):
        hands = s.dp.hands if s.dp is not None else s.hands
        out = others_hands(hands, seat)
        if (s.dp is not None and s.dp.exposed) or self._rho_has_seen(s, seat):
            out &= ~hands[DUMMY]
        return out

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"] - 1
        s.pack_no = 0
        s.scores = list(view["scores"])
        s.results = [dict(r) for r in view["results"]]
        s.announcements = [tuple(a) for a in view["announcements"]]
        s.round4 = sum(1 for a in s.announcements if a[0] == 0 and not a[2])
        s.declarer = view["declarer"]
        da = view["dummy_announced"]
        s.dummy_info = None if da is None else (da["hcp"], tuple(da["lengths"]))
        s.contract = None
        if view["contract"] is not None:
            s.contract = [c[2] for c in CONTRACTS].index(view["contract"])
        pv = view["play"]
        own = int(view["hand"]) if seat is not None else 0
        dummy_known = None
        if "dummy_seen" in view:
            dummy_known = int(view["dummy_seen"])
        elif pv is not None and pv["dummy"] is not None:
            dummy_known = int(pv["dummy"])
        sizes = pv["hand_sizes"] if pv is not None else [13, 13, 13, 13]
        allow = [DECK.all_mask] * 4
        down = {}
        known_played = [0, 0, 0, 0]
        seen = 0
        if pv is not None:
            allow = DummyPlay.allowed_by_voids(DECK, pv["voids"])
            down, known_played, seen = DummyPlay.sample_zones(pv, 4, 13)
        known = own | (dummy_known or 0) | seen
        bounds = self._hcp_bounds(s.announcements)
        current, played = self._place(rng, seat, own, dummy_known, known, sizes, allow,
                                      down, known_played, s.dummy_info, bounds)
        s.hands = [current[p] | played[p] for p in range(4)]
        s.hcps = tuple(view["hcp"] if p == seat else hcp(s.hands[p], HCP) for p in range(3))
        if pv is None:
            s.dp = None
        else:
            d = s.declarer
            s.dp = DummyPlay.from_view(DECK, pv, current, played,
                                       (d, (d + 1) % 3, DUMMY, (d + 2) % 3), (0, 1, 2, d))
        return s

    @staticmethod
    def _hcp_bounds(announcements):
        """(low, high) hcp per player from the public announcements (5.2)."""
        bounds = [[0, 40] for _ in range(3)]
        for threshold, p, yes in announcements:
            if threshold == 0:
                continue
            if yes:
                bounds[p][0] = max(bounds[p][0], threshold)
            else:
                bounds[p][1] = min(bounds[p][1], threshold - 1)
        return bounds

    def _place(self, rng, seat, own, dummy_known, known, sizes, allow, down, known_played,
               dummy_info, bounds):
        """The unseen cards dealt again: the hands, honouring counts, shown
        voids, the announced dummy and the hcp bounds the announcements imply
        (as far as a few hundred tries find; counts and voids always hold),
        and the face-down played cards.  Returns (hands, played) per hand."""
        unknown = DECK.all_mask & ~known
        fallback = None
        for attempt in range(301):
            current = [0, 0, 0, 0]
            if seat is not None:
                current[seat] = own
            pool = unknown
            fixed = {seat} if seat is not None else set()
            if dummy_known is not None:
                current[DUMMY] = dummy_known
                fixed.add(DUMMY)
            elif attempt < 300 and dummy_info is not None and sizes[DUMMY] == 13:
                dummy = 0
                for su in range(4):
                    for c in shuffled(pool & DECK.suit_mask[su], rng)[:dummy_info[1][su]]:
                        dummy |= 1 << c
                if hcp(dummy, HCP) != dummy_info[0]:
                    continue
                current[DUMMY] = dummy
                fixed.add(DUMMY)
                pool &= ~dummy
            counts = dict(down)
            for p in range(4):
                if p not in fixed:
                    counts[p] = sizes[p]
            allowed = {p: allow[p] for p in range(4) if p not in fixed}
            try:
                placed = sample_hands(pool, counts, rng, allowed, tries=20 if attempt < 300 else 200)
            except SampleError:
                continue
            for p in range(4):
                if p not in fixed:
                    current[p] = placed[p]
            played = [placed.get(f"down{p}", 0) | known_played[p] for p in range(4)]
            if fallback is None:
                fallback = (current, played)
            if attempt >= 300 or all(
                    bounds[p][0] <= hcp(current[p] | played[p], HCP) <= bounds[p][1]
                    for p in range(3)):
                return current, played
        return fallback


# The web table: a trick table of four hands, the dummy (hand 3, no seat)
# in a place of its own with its cards face up once shown, clicked by the
# declarer; the contract ("12h") as text, never as a card; the points per
# player.  The auction's rounds are told in the log; the engine's hand
# numbers and void bitmasks stay off the page.
Minibridge.web_layout = {
    "table": "trick",
    "extra_hands": {"3": "dummy"},
    "show": {
        "hand": "hand", "play.hand_sizes": "backs", "play.trick": "trick",
        "play.last_trick": "last_trick",
        "play.dummy": {"role": "open_hand", "label": "dummy", "seat_key": "play.dummy_hand"},
        "dealer": "tag", "declarer": ["tag", "declarer"],
        "contract": {"role": "banner", "label": "contract", "text": True},
        "play.tricks_won": ["seat", "tricks"], "scores": ["seat", "points"],
        "hcp": ["info", "your high-card points"],
        "dummy_announced": {"role": "info", "label": "the dummy has",
                            "format": ["{hcp} points, suit lengths {lengths}"]},
        "deal_no": ["info", "deal"],
    },
    "text": ["contract"],
    "sheet": {"event": "deal_scored", "gained": "points", "total": "scores",
              "hide": ["deal", "column"]},
}
