"""Commune, rising declarations of a poker hand hidden in everyone's cards.

Rule source: seed 004 (ten games from a card-game site), "Commune": Setup,
Game play.  Hands by ``cards.poker_hands``; declarations and whether one is
in the cards by ``cards.poker_claims`` (jokers and twos wild).

Each hand every player holds four cards less his tokens.  From the
dealer's left the players declare ever higher poker hands that they hope
can be picked out of all the cards dealt (``say pair Q``, ``say two pair K
9``, ``say straight 9``).  Any player but the one who made the last
declaration may ``call`` it, out of turn: all cards are shown, and if the
hand is there the caller loses a token, else the declarer does.  Out at no
tokens; the last player with tokens wins.

Decisions where the seed is silent (pinned in tests/games/test_commune.py):

- Setup: three tokens each (option ``tokens``; the cards dealt are four less
  the tokens held, so more tokens than three would deal nothing).  Seat 0
  deals first; cards go one at a time from the dealer's left.
- Declarations name the ranks the seed calls relevant and no kickers: the
  rank of a high card, pair, three, four or five of a kind; the top card of
  a straight, a flush or a straight flush; both ranks of two pair and a
  full house (``cards.poker_claims.COMMUNE``).  Twos are wild, so no
  declaration names a two except as the bottom of the five-high straight;
  five of a kind is the highest category.  A declaration compares by
  category, then the named ranks.  Only five-card poker hands may be
  declared (Game play: "any standard five-card poker hand"): a high card
  or a flush is seven high at least, so the lowest declaration is "seven
  high" (rules version 2; "three high" was possible before).
- What "present" means: the named cards can be picked out of all the cards
  dealt, a wild card standing for any card; the kickers need not exist
  (with few players there may be fewer than five cards in all).  A flush
  needs its top card and four lower cards of its suit.
- The call is a race window (``core.windows``): after a declaration every
  other player still in may ``call``; the next player may instead declare
  higher, which closes the window; a player who is not next may ``pass`` to
  let this declaration go.  Nobody may call before the first declaration.
  After five aces the next player can only call.
- After a call the deal passes to the next player still in on the
  dealer's left.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, hands_with_known, sample_hands, unknown_hand_zones
from ..cards.deck import CardSet, ids, mask_of, standard_deck
from ..cards.poker_claims import COMMUNE, claim_token, claim_values, claim_words, present
from ..cards.table_text import cards_line, dealt_line
from ..cards.tokens import last_in_outcome, left_in, log_outs, players_in
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State, option
from ..core.registry import register

DECK = standard_deck("54")
CLAIMS = claim_values("commune")
CLAIM_INDEX = {c: i for i, c in enumerate(CLAIMS)}
HAND_LIMIT = 4
WILD = DECK.joker_mask | DECK.rank_mask[2]


def heap_counts(mask: int):
    """(ranks, suits, wild) of a heap of cards, for ``poker_claims.present``."""
    ranks = [0] * 15
    suits = [[0] * 15 for _ in range(4)]
    wild = 0
    rank, suit = DECK.rank_of, DECK.suit_of
    for c in ids(mask):
        if (WILD >> c) & 1:
            wild += 1
        else:
            ranks[rank[c]] += 1
            suits[suit[c]][rank[c]] += 1
    return ranks, suits, wild


def in_the_cards(claim: int, mask: int) -> bool:
    """Can ``claim`` be picked out of the cards of ``mask``?"""
    ranks, suits, wild = heap_counts(mask)
    return present(claim, ranks, suits, wild)


class Phase(enum.Enum):
    DECLARE = 1      # the next player declares (or calls); others may call out of turn


@dataclass(frozen=True)
class CommuneOptions:
    players: int = option(4, "number of players", min=2, max=10)
    tokens: int = option(3, "tokens each at the start", min=1, max=3)


class CommuneState(State):
    __slots__ = ("hands", "stub", "tokens", "dealer", "nxt", "claim", "declarer", "said",
                 "passed", "deal_no", "last_call")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.stub = self.stub
        new.tokens = self.tokens.copy()
        new.dealer = self.dealer
        new.nxt = self.nxt
        new.claim = self.claim
        new.declarer = self.declarer
        new.said = self.said.copy()
        new.passed = self.passed
        new.deal_no = self.deal_no
        new.last_call = self.last_call


@register
class Commune(Game):
    info = GameInfo(
        id="commune", name="Commune", min_seats=2, max_seats=10,
        family="bluffing (poker hands)", source="004 Commune",
        hidden=True, chance=True, rules_version=2,
        summary=(
            "Two to ten players with three tokens each and a pack with two "
            "jokers; jokers and twos are wild. Each hand everyone gets four cards "
            "less the tokens he holds. From the dealer's left each player names a "
            "poker hand higher than the last, with its ranks but no kickers (king "
            "high, a pair of sixes, kings and nines, a nine-high straight), "
            "betting that it can be made from everybody's cards together. Anyone "
            "but the last declarer may call it: all cards are shown, and if the "
            "hand is there the caller loses a token, otherwise the declarer does. "
            "Without tokens you are out; the last player with tokens wins."),
        verbs=(("say pair Q", "declare a hand (high, pair, two pair, three, straight, flush, "
                              "full house, four, straight flush, five)"),
               ("call", "call the last declaration: show all cards"),
               ("pass", "let the last declaration go (when you are not next)")),
    )
    Options = CommuneOptions
    Phase = Phase
    State = CommuneState
    deck = DECK
    test_options = {"players": 3, "tokens": 2}
    web_layout = {
        "table": "cards",
        "show": {"hand": "hand", "hand_sizes": "backs", "tokens": ["chips", "tokens"],
                 "claim": ["banner", "declared"], "declarer": ["tag", "declared"],
                 "next": ["tag", "declares next"], "dealer": "tag",
                 "said": ["seat", "declared"], "passed": ["seat", ""],
                 "last_call": ["text", "last call"]},
        "sheet": {"event": "call", "total": "tokens", "start": "tokens",
                  "hide": ["declarer", "loser"]},
    }
    render_hints = {
        "seat_fields": ["dealer", "declarer", "next"],
        "per_seat": ["tokens", "hand_sizes", "said", "passed"],
        "hide": ["claim_index"],
        "labels": {"claim": "declared", "declarer": "declared by", "next": "declares next",
                   "said": "declared", "passed": "this declaration",
                   "last_call": "last call", "hand_sizes": "cards"},
        "not_cards_after": ["say", "pair", "high", "three", "four", "five", "flush",
                            "straight"]}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.SAY = a.choice("say", [claim_token(c, COMMUNE).lower() for c in CLAIMS])
        self.CALL = a.verb("call")
        self.PASS = a.verb("pass")
        self.actions = a

    def action_text(self, action):
        if self.SAY <= action < self.SAY + len(CLAIMS):
            return "say " + claim_token(CLAIMS[action - self.SAY], COMMUNE)
        return self.actions.text(action)

    # -- dealing -----------------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.tokens = [s.options.tokens] * n
        s.dealer = 0
        s.deal_no = 0
        s.last_call = None
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        s.hands, rest = deal(pack, [HAND_LIMIT - t if t else 0 for t in s.tokens],
                             start=left_in(s.tokens, s.dealer))
        s.stub = mask_of(rest)
        for p in players_in(s.tokens):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=s.hands[p].bit_count())
        s.claim = None
        s.declarer = None
        s.said = [None] * len(s.tokens)
        s.passed = 0
        s.nxt = left_in(s.tokens, s.dealer)
        s.phase = Phase.DECLARE
        self._set_to_act(s)

    # -- declaring and calling ------------------------------------------------------------
    def _callers(self, s):
        if s.claim is None:
            return []
        return [p for p in players_in(s.tokens)
                if p != s.declarer and not (s.passed >> p) & 1]

    def _set_to_act(self, s):
        s.to_act = tuple(sorted({s.nxt, *self._callers(s)}))

    def _first_higher(self, s):
        return 0 if s.claim is None else CLAIM_INDEX[s.claim] + 1

    def _legal_declare(self, s, seat):
        legal = []
        if seat == s.nxt:
            legal = list(range(self.SAY + self._first_higher(s), self.SAY + len(CLAIMS)))
        if s.claim is not None and seat != s.declarer:
            legal.append(self.CALL)
            if seat != s.nxt:
                legal.append(self.PASS)
        return legal

    def _apply_declare(self, s, seat, action):
        if action == self.CALL:
            self._call(s, seat)
            return
        if action == self.PASS:
            s.passed |= 1 << seat
            s.log("pass", seat)
            self._set_to_act(s)
            return
        s.claim = CLAIMS[action - self.SAY]
        s.declarer = seat
        s.said[seat] = claim_words(s.claim, COMMUNE)
        s.passed = 0
        s.log("declare", seat, says=claim_words(s.claim, COMMUNE))
        s.nxt = left_in(s.tokens, seat)
        self._set_to_act(s)

    def _call(self, s, caller):
        every = 0
        for h in s.hands:
            every |= h
        there = in_the_cards(s.claim, every)
        loser = caller if there else s.declarer
        s.tokens[loser] -= 1
        words = claim_words(s.claim, COMMUNE)
        s.last_call = (f"seat {caller} called seat {s.declarer}'s {words}; all the cards: "
                       f"{cards_line(DECK, every)}; "
                       + (f"it is there: seat {caller}, the caller, lost a token" if there
                          else f"it is not there: seat {s.declarer}, the declarer, lost a token"))
        s.log("call", caller, declarer=s.declarer, claim=words,
              hands=[CardSet(h) for h in s.hands], there=there, loser=loser,
              tokens=list(s.tokens))
        winner = log_outs(s, [loser])
        if winner is not None:
            self.finish(s, last_in_outcome(s.tokens, winner, f"seat {winner} is the last "
                                           "with tokens", s.deal_no + 1))
            return
        s.dealer = left_in(s.tokens, s.dealer)
        s.deal_no += 1
        self._deal(s)

    def describe_event(self, event):
        """Declarations in words; a call as the cards turned up, one line a
        hand, and who pays."""
        kind, seat = event.get("kind"), event.get("seat")
        if kind == "dealt":
            return dealt_line(DECK, event)
        if kind == "declare":
            return f"seat {seat} declares {event['says']}"
        if kind == "pass":
            return f"seat {seat} lets it go"
        if event.get("kind") != "call" or "hands" not in event:
            return NotImplemented
        lines = [f"seat {event['seat']} calls seat {event['declarer']}'s {event['claim']}: "
                 + ("it is there" if event["there"] else "it is not there")
                 + f"; seat {event['loser']} loses a token"]
        for p, cards in enumerate(event["hands"]):
            if cards:
                lines.append(f"  seat {p}: {cards_line(DECK, cards)}")
        return "\n".join(lines)

    def why_illegal(self, s, seat, action):
        if not isinstance(action, int):
            return super().why_illegal(s, seat, action)
        if self.SAY <= action < self.SAY + len(CLAIMS):
            if seat != s.nxt:
                return f"seat {s.nxt} declares next; you may only call or pass"
            if self._first_higher(s) == len(CLAIMS):
                return "nothing beats five aces: call it"
            return (f"declare higher than {claim_words(s.claim, COMMUNE)} "
                    f"(say {claim_token(CLAIMS[self._first_higher(s)], COMMUNE)} or higher)")
        if action == self.CALL:
            if s.claim is None:
                return "nothing has been declared yet"
            return "you cannot call your own declaration"
        if action == self.PASS:
            if seat == s.nxt:
                return "you are next: declare higher or call"
            return "there is no declaration for you to let go"
        return super().why_illegal(s, seat, action)

    # -- views -----------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None and s.hands[seat]:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["tokens"] = list(s.tokens)
        v["dealer"] = s.dealer
        v["next"] = s.nxt
        v["claim"] = None if s.claim is None else claim_words(s.claim, COMMUNE)
        v["claim_index"] = None if s.claim is None else CLAIM_INDEX[s.claim]
        v["declarer"] = s.declarer
        v["said"] = list(s.said)
        v["passed"] = ["lets it go" if (s.passed >> p) & 1 else None
                       for p in range(len(s.tokens))]
        v["last_call"] = s.last_call

    def zones(self, s):
        z = {"stub": s.stub}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        if s.outcome is not None:        # the last call showed every hand
            return s.stub
        m = s.stub
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view.get("hand", 0)) if seat is not None else 0
        n = view["players"]
        none = [0] * n
        counts = unknown_hand_zones(view["hand_sizes"], none, seat)
        unknown = DECK.all_mask & ~own
        counts["stub"] = unknown.bit_count() - sum(counts.values())
        placed = sample_hands(unknown, counts, rng)
        s.hands = hands_with_known(placed, own, none, seat)
        s.stub = placed["stub"]
        s.tokens = list(view["tokens"])
        s.dealer = view["dealer"]
        s.nxt = view["next"]
        s.claim = None if view["claim_index"] is None else CLAIMS[view["claim_index"]]
        s.declarer = view["declarer"]
        s.said = list(view["said"])
        s.passed = mask_of(p for p, x in enumerate(view["passed"]) if x)
        s.deal_no = 0
        s.last_call = view["last_call"]
        return s
