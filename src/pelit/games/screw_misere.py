"""Screw Misere, Tuomas Korppi's stand-alone form of Skruuvi's pass misere.

Rule source: seed 000 ("My Games"), chapter 16: 16.1 Setup, 16.2 Gameplay,
16.3 Scoring, 16.4 Marking played tricks; trick play by chapter 2; the
Skruuvi chapters it comes from (12.9 Pass misere) for what 16 leaves open.

Two teams, seats 0 and 2 against 1 and 3; 13 cards each from 52; no trumps.

Decisions where the seed is silent (pinned in tests/games/test_screw_misere.py):

- Setup: the first dealer is seat 0; the deal passes to the left.  Cards
  are dealt one at a time from the dealer's left.
- Gameplay (16.2), the passing: the two players on the dealer's left give
  first, in clockwise order, then the other two; each choice is a ``give``
  action, and the card goes to the team-mate at once (shown only to the two
  of them).  In the second stage a player may hand on the card he was just
  given.  Nobody can see what his partner gave before choosing, since the
  first stage's givers receive nothing in it.
- Gameplay: as in 12.9, the player on the dealer's left leads to the first
  trick.
- Marking played tricks (16.4): finished tricks lie face down except aces.
  A view shows, for each finished trick, the team that won it and its aces,
  and (ch. 2, ``cards.trick.won_tricks_view``) the tricks per team and the
  last trick until the next card is played; what else was played is in the
  events, for players who remember.  A card passed shows to the two
  partners until it is played.  Suits a player has shown void in are
  public.
- Scoring (16.3): a deal in which both teams score the same protects both:
  if either would reach the limit, that team scores nothing and the other
  the difference (zero).  When both would reach the limit, the team with
  fewer minus points in the deal chooses (``use normal`` or ``use
  difference``); with normal scoring the smaller total wins, and on equal
  totals the choosing team wins.  The match is one game, to ``limit`` minus
  points (default 100); the scores shown are the minus points as negative
  numbers.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands
from ..cards.deck import ACE, SUIT_NAMES, Card, CardSet, ids, mask_of, standard_deck
from ..cards.skruuvi import trick_and_ace_points
from ..cards.table_text import voids_line
from ..cards.trick import (follow_mask, lay_card, last_trick_from_view, rank_strength,
                          winning_index, won_tricks_view)
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
STRENGTH = rank_strength(DECK)
ACES = DECK.rank_mask[ACE]
TEAM_NAMES = ("seats 0 and 2", "seats 1 and 3")


def settle(totals, deal, limit: int = 100, method: str | None = None):
    """The 100-point rules of 16.3.  Returns ``(new_totals, loser, chooser)``:
    the totals after the deal, the team that lost the game (or None), and,
    when the rules give a team the choice and ``method`` is None, that team
    (the totals are then not final)."""
    a, b = deal
    normal = [totals[0] + a, totals[1] + b]
    reach = [normal[0] >= limit, normal[1] >= limit]
    if not reach[0] and not reach[1]:
        return normal, None, None
    if a == b:
        # neither team got more than the other: neither can lose in this deal
        return list(totals), None, None
    if reach[0] and reach[1]:
        chooser = 0 if a < b else 1
        if method is None:
            return list(totals), None, chooser
        if method == "normal":
            if normal[0] == normal[1]:
                return normal, 1 - chooser, None
            return normal, (0 if normal[0] > normal[1] else 1), None
        other = 1 - chooser
        new = list(totals)
        new[other] += abs(a - b)
        return new, (other if new[other] >= limit else None), None
    x = 0 if reach[0] else 1
    if deal[x] <= deal[1 - x]:
        new = list(totals)
        new[1 - x] += deal[1 - x] - deal[x]
        return new, ((1 - x) if new[1 - x] >= limit else None), None
    return normal, x, None


class Phase(enum.Enum):
    GIVE = 1
    PLAY = 2
    CHOOSE = 3


@dataclass(frozen=True)
class ScrewMisereOptions:
    limit: int = option(100, "minus points that lose the game", min=10, max=1000)


class ScrewMisereState(State):
    __slots__ = ("dealer", "deal_no", "hands", "givers", "gifts", "trick", "leader",
                 "tricks", "aces", "facedown", "voids", "totals", "results", "pending",
                 "last_trick")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = self.hands.copy()
        new.givers = self.givers
        new.gifts = self.gifts.copy()
        new.trick = self.trick.copy()
        new.leader = self.leader
        new.tricks = self.tricks.copy()
        new.aces = self.aces.copy()
        new.facedown = self.facedown.copy()
        new.voids = self.voids.copy()
        new.totals = self.totals.copy()
        new.results = self.results.copy()
        new.pending = self.pending
        new.last_trick = self.last_trick


@register
class ScrewMisere(Game):
    info = GameInfo(
        id="screw-misere", name="Screw Misere", min_seats=4, max_seats=4,
        family="trick-taking", source="000 ch. 16 (Screw Misere, line 1247)",
        hidden=True, chance=True, teams=True, zero_sum=True,
        summary=(
            "Two teams of two, partners opposite; 13 cards each from a 52-card pack. "
            "Before play the two players on the dealer's left each give a card face "
            "down to their partner, then the other two do the same. Then tricks "
            "without trumps: follow suit if you can; the highest card of the suit led "
            "wins and leads next; the player on the dealer's left leads first. Every "
            "trick your team takes is a minus point, and an ace in it costs as many "
            "more as the trick's number (an ace in the 9th trick costs 9). The team "
            "that first reaches 100 minus points loses, but never in a deal where it "
            "got no more minus points than the other team: it then scores nothing "
            "for that deal and the others take the difference. If both would pass "
            "100 and one got fewer in the deal, that team chooses which way to count."),
        verbs=(("QS", "play a card"), ("give QS", "give a card to your partner"),
               ("use normal", "score the deal normally (when your team may choose)"),
               ("use difference", "score only the difference to the other team")),
    )
    Options = ScrewMisereOptions
    Phase = Phase
    State = ScrewMisereState
    deck = DECK
    # the terminal: voids are named by render_board; a trick is a table field
    won_face_up = ACES                 # 16.4: aces lie face up in the tricks
    render_hints = {"hide": ["voids"], "table": ["trick", "gifts_made", "tricks", "results"],
                    # for a duplicate match: who gave to whom, one entry a side
                    "seat_lists": ["gifts", "gifts_made"],
                    "team_lists": ["tricks_won", "deal_points", "scored", "totals"]}
    web_layout = {
        "table": "trick",
        "show": {"hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
                 "leader": "tag", "dealer": "tag", "partner_holds": ["cards", "your partner holds"],
                 "facedown_counts": ["seat", "face-down cards"], "tricks_won": ["team", "tricks won"],
                 "totals": ["team", "points"],
                 "deal_no": ["info", "deal"]},              # the view counts deals from 1
    }

    def render_board(self, view):
        """The suits each player has shown void in, by name, for the terminal."""
        return voids_line(view["voids"], [f"Seat {p}" for p in range(4)], view.get("seat"))

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.GIVE0 = self.actions.card_block("give")
        self.USE0 = self.actions.choice("use", ["normal", "difference"])

    def num_players(self, state):
        return 4

    # -- dealing and passing ---------------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.deal_no = 0
        s.totals = [0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        s.hands, _ = deal(pack, [13, 13, 13, 13], start=(s.dealer + 1) % 4)
        for p in range(4):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=13)
        s.log("deal", None, deal=s.deal_no + 1, dealer=s.dealer)
        d = s.dealer
        s.givers = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d)   # 16.2: two stages of two
        s.gifts = []
        s.trick = []
        s.leader = (d + 1) % 4
        s.tricks = []
        s.aces = []
        s.facedown = [0, 0, 0, 0]
        s.voids = [0, 0, 0, 0]
        s.last_trick = None
        s.pending = None
        s.phase = Phase.GIVE
        s.to_act = (s.givers[0],)

    def _legal_give(self, s, seat):
        return [self.GIVE0 + c for c in ids(s.hands[seat])]

    def _apply_give(self, s, seat, action):
        card = action - self.GIVE0
        mate = (seat + 2) % 4
        s.hands[seat] &= ~(1 << card)
        s.hands[mate] |= 1 << card
        s.gifts.append((seat, mate, card))
        s.log("give", seat, audience=(seat, mate), private={"card": Card(card)}, to=mate,
              stage=1 if len(s.gifts) <= 2 else 2)
        if len(s.gifts) < 4:
            s.to_act = (s.givers[len(s.gifts)],)
            return
        s.phase = Phase.PLAY
        s.to_act = (s.leader,)

    # -- play ----------------------------------------------------------------------
    def _legal_play(self, s, seat):
        lead = DECK.suit_of[s.trick[0][1]] if s.trick else None
        return ids(follow_mask(s.hands[seat], lead, DECK))

    def _apply_play(self, s, seat, card):
        lay_card(s, seat, card, DECK)
        s.log("play", seat, card=Card(card))
        if len(s.trick) < 4:
            s.to_act = ((seat + 1) % 4,)
            return
        win = s.trick[winning_index(s.trick, DECK, STRENGTH)][0]
        taken = mask_of(c for _, c in s.trick)
        aces = taken & ACES
        s.tricks.append(win)
        s.aces.append(aces)
        for p, c in s.trick:
            if not (aces >> c) & 1:
                s.facedown[p] |= 1 << c
        s.log("trick", win, winner=win, number=len(s.tricks), aces=CardSet(aces))
        s.last_trick = (tuple(s.trick), win)
        s.trick = []
        s.leader = win
        if len(s.tricks) < 13:
            s.to_act = (win,)
            return
        self._score(s)

    # -- scoring ---------------------------------------------------------------------
    def _score(self, s, method=None):
        # 16.3: a minus point a trick, and an ace in trick k costs k
        pts = trick_and_ace_points([(w % 2, a.bit_count()) for w, a in zip(s.tricks, s.aces)])
        new, loser, chooser = settle(s.totals, pts, s.options.limit, method)
        if chooser is not None:
            s.pending = tuple(pts)
            seat = next(p for p in ((s.dealer + 1 + i) % 4 for i in range(4)) if p % 2 == chooser)
            s.log("choice", seat, team=chooser, deal_points=list(pts))
            s.phase = Phase.CHOOSE
            s.to_act = (seat,)
            return
        added = [new[0] - s.totals[0], new[1] - s.totals[1]]
        s.totals = new
        result = {"deal": s.deal_no + 1, "deal_points": list(pts), "scored": added,
                  "totals": list(new), "method": method or ("normal" if added == list(pts)
                                                            else "difference")}
        s.results.append(result)
        s.log("deal_scored", None, **result)
        s.pending = None
        if loser is not None:
            winners = tuple(p for p in range(4) if p % 2 != loser)
            self.finish(s, Outcome((-new[0], -new[1], -new[0], -new[1]), winners,
                                   f"{TEAM_NAMES[loser]} reached {s.options.limit} minus "
                                   f"points ({new[0]} to {new[1]})"))
            return
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % 4
        self._deal(s)

    def _legal_choose(self, s, seat):
        return [self.USE0, self.USE0 + 1]

    def _apply_choose(self, s, seat, action):
        method = "normal" if action == self.USE0 else "difference"
        s.log("chose", seat, method=method)
        self._score(s, method)

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            return f"you must follow suit ({SUIT_NAMES[DECK.suit_of[s.trick[0][1]]]})"
        if s.phase is Phase.GIVE and self.GIVE0 <= action < self.GIVE0 + 52:
            return f"{DECK.text(action - self.GIVE0)} is not in your hand"
        if s.phase is Phase.GIVE:
            return "first give a card to your partner (give CARD)"
        return super().why_illegal(s, seat, action)

    # -- views -------------------------------------------------------------------------
    @staticmethod
    def _played(s):
        out = mask_of(c for _, c in s.trick)
        for m in s.facedown:
            out |= m
        for m in s.aces:
            out |= m
        return out

    def _known(self, s, seat):
        """Cards ``seat`` knows are in another hand: those it gave, still there."""
        out = 0
        for giver, to, card in s.gifts:
            if giver == seat and (s.hands[to] >> card) & 1:
                out |= 1 << card
        return out

    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
            # a card passed, as the two partners know it, until it is played
            down = self._played(s)
            v["gifts"] = [[g, t, None if down >> c & 1 else Card(c)]
                          for g, t, c in s.gifts if seat in (g, t)]
            v["partner_holds"] = CardSet(self._known(s, seat))
        v["gifts_made"] = [[g, t] for g, t, _ in s.gifts]
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no + 1
        v["trick"] = [[p, Card(c)] for p, c in s.trick]
        v["leader"] = s.leader
        v["tricks"] = [{"winner": w, "aces": CardSet(a)} for w, a in zip(s.tricks, s.aces)]
        team_tricks = [sum(1 for w in s.tricks if w % 2 == t) for t in (0, 1)]
        v.update(won_tricks_view(team_tricks, s.last_trick, s.trick))
        v["facedown_counts"] = [f.bit_count() for f in s.facedown]
        v["voids"] = list(s.voids)
        v["totals"] = list(s.totals)
        v["results"] = [dict(r) for r in s.results]
        v["pending"] = None if s.pending is None else list(s.pending)
        if s.pending is not None:
            # 16.3: what each scoring method the chooser may pick would give
            lim = s.options.limit
            for method in ("normal", "difference"):
                totals, loser, _ = settle(s.totals, s.pending, lim, method)
                v[f"if_{method}"] = (f"totals {totals[0]} to {totals[1]}; "
                                     f"{TEAM_NAMES[loser] if loser is not None else 'nobody'} "
                                     "lose" + ("" if loser is not None else "s"))

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(4)}
        for p in range(4):
            z[f"facedown{p}"] = s.facedown[p]
        z["aces"] = 0
        for a in s.aces:
            z["aces"] |= a
        z["trick"] = mask_of(c for _, c in s.trick)
        return z

    def unknown_cards(self, s, seat):
        out = 0
        for p in range(4):
            if p != seat:
                out |= s.hands[p]
        if seat is not None:
            out &= ~self._known(s, seat)
        return out

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"] - 1
        d = s.dealer
        s.givers = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d)
        s.trick = [(p, int(c)) for p, c in view["trick"]]
        s.leader = view["leader"]
        s.tricks = [t["winner"] for t in view["tricks"]]
        s.aces = [int(t["aces"]) for t in view["tricks"]]
        s.last_trick = last_trick_from_view(view["last_trick"])
        s.voids = list(view["voids"])
        s.totals = list(view["totals"])
        s.results = [dict(r) for r in view["results"]]
        s.pending = None if view["pending"] is None else tuple(view["pending"])
        own = int(view["hand"]) if seat is not None else 0
        partner_holds = int(view["partner_holds"]) if seat is not None else 0
        seen = own | partner_holds | mask_of(c for _, c in s.trick)
        for a in s.aces:
            seen |= a
        # the last trick, while shown: each player's card lies face down
        # before him (an ace face up, counted among the aces)
        down_known = [0, 0, 0, 0]
        if s.last_trick is not None:
            for p, c in s.last_trick[0]:
                if not (ACES >> c) & 1:
                    down_known[p] |= 1 << c
                    seen |= 1 << c
        rest = DECK.all_mask & ~seen
        counts = {}
        allowed = {}
        for p in range(4):
            if p == seat:
                continue
            n = view["hand_sizes"][p]
            if seat is not None and p == (seat + 2) % 4:
                n -= partner_holds.bit_count()
            counts[f"hand{p}"] = n
            m = DECK.all_mask
            for su in range(4):
                if (s.voids[p] >> su) & 1:
                    m &= ~DECK.suit_mask[su]
            allowed[f"hand{p}"] = m
        for p in range(4):
            counts[f"down{p}"] = view["facedown_counts"][p] - down_known[p].bit_count()
        placed = sample_hands(rest, counts, rng, allowed)
        s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(4)]
        if seat is not None:
            s.hands[(seat + 2) % 4] |= partner_holds
        s.facedown = [placed[f"down{p}"] | down_known[p] for p in range(4)]
        # the passing as far as this seat knows it; cards it did not see are
        # stood in for by cards of the receiving hand
        s.gifts = []
        played = self._played(s)
        for g, t in view["gifts_made"]:
            shown = next((c for gg, tt, c in view.get("gifts", []) if gg == g and tt == t),
                         False)
            if shown is None:           # known to him, and played: a face-down card
                pool = s.facedown[t] or played
                mine = ids(pool)[0] if pool else ids(DECK.all_mask)[0]
            elif shown is not False:
                mine = int(shown)
            else:
                mine = ids(s.hands[t])[0] if s.hands[t] else ids(DECK.all_mask)[0]
            s.gifts.append((g, t, mine))
        return s
