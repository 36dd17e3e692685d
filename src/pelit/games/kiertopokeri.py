"""Kiertopokeri ("poker going round"), announcing poker hands that may be lies.

Rule source: seed 000 ("My Games", Korppi), ch. 19: 19.1 Gameplay, 19.2 End
of game, 19.3 Shuffling; hands by ch. 17 (``cards.poker_hands``), claims as
announced in 19.1 (``cards.poker_claims``).

One five-card hand goes round the table face down.  Its holder announces
a poker hand (``say pair Q J``: a pair of queens and a jack) and lays it
down.  The next player either says ``doubt`` (the hand is turned up; the
liar, or else the doubter, drops out) or picks it up (``pick up``), looks at
it, throws away any cards (``7H``, one at a time), draws as many from the
stock (``draw``) and must announce a higher hand.  The last player left
wins.

Decisions where the seed is silent (pinned in tests/games/test_kiertopokeri.py):

- 19.1 (what is truthful): the hand bears out an announcement when it is at
  least as good as the announced hand, compared as ch. 17 compares (the
  named ranks in order, then the rest counting for nothing): so a pair of
  queens with a king bears out "a pair of queens and a jack", and saying
  less than one holds is no lie.  Announcements name exactly the ranks
  19.1 lists; an announcement must describe a hand one pack can make.
- 19.1 (who may doubt): only the next player, who chooses between doubting
  and picking up; nobody else may doubt, so this window holds one seat.
- 19.1 (the first hand and the start over): seat 0 is dealt the first
  hand; after a doubt the hand turned up goes to the discards and the
  player who starts over is dealt five new cards from the stock.  The
  announcer may hold the hand he was dealt without changing it.
- 19.1 (no higher announcement): after a royal flush the next player can
  only doubt.
- 19.3: the discards (thrown-away cards and hands turned up) are shuffled
  into a new stock only when a card must be drawn from an empty stock.
- 19.2: players are ranked by when they dropped out; the last one left wins.
- What is seen: the holder sees the hand; the player who laid it down
  remembers what he laid down until it is picked up; thrown-away cards lie
  face down; a doubted hand is shown to all.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import CardSet, ids, mask_of, standard_deck
from ..cards.poker_claims import KIERTOPOKERI, at_least, claim_token, claim_values, claim_words
from ..cards.poker_hands import describe, evaluator
from ..cards.table_text import cards_line
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option, shuffle
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("52")
EVAL = evaluator(DECK)
HAND = 5
CLAIMS = claim_values("kiertopokeri")
CLAIM_INDEX = {c: i for i, c in enumerate(CLAIMS)}


class Phase(enum.Enum):
    ANNOUNCE = 1     # the holder announces a hand and lays it face down
    RESPOND = 2      # the next player doubts or picks it up
    DISCARD = 3      # the picker throws away cards, then draws


@dataclass(frozen=True)
class KiertopokeriOptions:
    players: int = option(4, "number of players", min=4, max=10)


class KiertopokeriState(State):
    __slots__ = ("stock", "discard", "hand", "holder", "claimant", "claim", "said",
                 "out", "thrown", "turned_up", "seen", "reshuffles", "rounds")

    def _copy_into(self, new):
        new.stock = self.stock.copy()
        new.discard = self.discard
        new.hand = self.hand
        new.holder = self.holder
        new.claimant = self.claimant
        new.claim = self.claim
        new.said = self.said.copy()
        new.out = self.out.copy()
        new.thrown = self.thrown
        new.turned_up = self.turned_up
        new.seen = self.seen.copy()
        new.reshuffles = self.reshuffles
        new.rounds = self.rounds


@register
class Kiertopokeri(Game):
    info = GameInfo(
        id="kiertopokeri", name="Kiertopokeri", min_seats=4, max_seats=10,
        family="bluffing (poker hands)", source="000 ch. 19 (Kiertopokeri)",
        hidden=True, chance=True,
        summary=(
            "Four or more players, one pack. One five-card hand goes round face "
            "down. Its holder announces a poker hand, true or not, naming the "
            "main ranks (a pair of queens and a jack; queens and tens and a five; "
            "a flush with a queen and a ten; a nine-high straight), and lays the "
            "hand down. The next player either doubts it, and the hand is shown: "
            "if it is at least what was announced the doubter is out and the "
            "player after him starts again with five new cards, otherwise the "
            "announcer is out and the doubter starts again; or he picks the hand "
            "up, swaps any cards for new ones from the stock and announces a "
            "higher hand. The last player left wins."),
        verbs=(("say pair Q J", "announce a hand (categories: high, pair, two pair, "
                                "three, straight, flush, full house, four, straight flush)"),
               ("doubt", "I doubt it: turn the hand up"),
               ("pick up", "take the hand to improve it"),
               ("7H", "throw this card away (after picking up)"),
               ("draw", "draw new cards for those thrown away")),
    )
    Options = KiertopokeriOptions
    Phase = Phase
    State = KiertopokeriState
    deck = DECK
    test_options = {"players": 4}
    web_layout = {
        "table": "cards",
        "show": {"hand": "hand", "your_hand": ["info", "your hand is"],
                 "thrown": ["cards", "you threw away"],
                 "laid_down": ["cards", "the hand you laid down"],
                 "claim": ["banner", "announced"], "holder": ["tag", "holds the hand"],
                 "claimant": ["tag", "announced"], "responder": ["tag", "doubts or picks up"],
                 "said": ["seat", "announced"], "status": "status",
                 "hand_count": ["info", "cards in the hand"],
                 "thrown_count": ["info", "cards thrown away"],
                 "stock": ["count", "stock"], "discards": ["count", "discards"],
                 "turned_up": ["cards", "turned up (in the discards)"]},
    }
    render_hints = {
        "seat_fields": ["holder", "claimant", "responder"],
        "per_seat": ["said", "status"],
        "hide": ["claim_index", "out"],
        "labels": {"claim": "announced", "claimant": "announced by", "holder": "holds the hand",
                   "responder": "doubts or picks up", "said": "announced this round",
                   "laid_down": "the hand you laid down", "thrown": "you threw away",
                   "stock": "stock", "discards": "discards",
                   "turned_up": "turned up (in the discards)", "status": "in the game",
                   "hand_count": "cards in the hand", "thrown_count": "cards thrown away",
                   "your_hand": "your hand is"},
        "not_cards_after": ["say", "pair", "high", "three", "four", "flush", "straight"]}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.SAY = a.choice("say", [claim_token(c, KIERTOPOKERI).lower() for c in CLAIMS])
        self.DOUBT = a.verb("doubt")
        self.PICK = a.verb("pick up")
        self.DRAW = a.verb("draw")
        self.actions = a

    def action_text(self, action):
        if self.SAY <= action < self.SAY + len(CLAIMS):
            return "say " + claim_token(CLAIMS[action - self.SAY], KIERTOPOKERI)
        return self.actions.text(action)

    # -- setup and the stock (19.3) ----------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, 0)
        s.stock = pack[::-1]             # drawn from the end: the top card first
        s.discard = 0
        s.out = []
        s.seen = [0] * n
        s.turned_up = 0
        s.reshuffles = 0
        s.rounds = 0
        self._start_over(s, 0)

    def _draw(self, s, count):
        drawn = 0
        for _ in range(count):
            if not s.stock:
                self._reshuffle(s)
            drawn |= 1 << s.stock.pop()
        return drawn

    def _reshuffle(self, s):
        """19.3: the stock has run out: the discards become a new stock."""
        s.reshuffles += 1
        pile = ids(s.discard)
        shuffle(stream(s.seed, "reshuffle", s.reshuffles), pile)
        s.stock = pile
        for p in range(len(s.seen)):
            s.seen[p] &= ~s.discard
        s.turned_up = 0
        s.discard = 0
        s.log("stock_rebuilt", None, count=len(pile))

    def _start_over(self, s, starter):
        """19.1: the starter gets five new cards from the stock."""
        s.hand = self._draw(s, HAND)
        s.holder = starter
        s.claimant = None
        s.claim = None
        s.said = [None] * s.options.players
        s.thrown = 0
        s.seen[starter] |= s.hand
        s.rounds += 1
        s.log("dealt", starter, audience=(starter,), private={"cards": CardSet(s.hand)},
              count=HAND, stock=len(s.stock))
        s.phase = Phase.ANNOUNCE
        s.to_act = (starter,)

    def _left(self, s, p):
        n = s.options.players
        for k in range(1, n + 1):
            q = (p + k) % n
            if q not in s.out:
                return q
        return p

    # -- announcing --------------------------------------------------------------------
    def _first_higher(self, s):
        return 0 if s.claim is None else CLAIM_INDEX[s.claim] + 1

    def _legal_announce(self, s, seat):
        return list(range(self.SAY + self._first_higher(s), self.SAY + len(CLAIMS)))

    def _is_legal_announce(self, s, seat, action):
        return self.SAY + self._first_higher(s) <= action < self.SAY + len(CLAIMS)

    def _apply_announce(self, s, seat, action):
        claim = CLAIMS[action - self.SAY]
        s.claim = claim
        s.claimant = seat
        s.holder = None
        s.said[seat] = claim_words(claim, KIERTOPOKERI)
        s.log("announce", seat, says=claim_words(claim, KIERTOPOKERI))
        s.phase = Phase.RESPOND
        s.to_act = (self._left(s, seat),)

    # -- doubting or picking up --------------------------------------------------------
    def _legal_respond(self, s, seat):
        if CLAIM_INDEX[s.claim] + 1 < len(CLAIMS):
            return [self.DOUBT, self.PICK]
        return [self.DOUBT]

    def _apply_respond(self, s, seat, action):
        if action == self.PICK:
            s.holder = seat
            s.seen[seat] |= s.hand
            s.thrown = 0
            s.log("pick_up", seat, audience=(seat,), private={"cards": CardSet(s.hand)})
            s.phase = Phase.DISCARD
            s.to_act = (seat,)
            return
        value = EVAL.value(ids(s.hand))
        truthful = at_least(value, s.claim)
        loser = seat if truthful else s.claimant
        s.log("doubt", seat, claimant=s.claimant, claim=claim_words(s.claim, KIERTOPOKERI),
              cards=CardSet(s.hand), hand=describe(value), truthful=truthful, loser=loser)
        s.discard |= s.hand
        s.turned_up |= s.hand
        s.hand = 0
        s.out.append(loser)
        if len(s.out) == s.options.players - 1:
            self._end(s)
            return
        self._start_over(s, self._left(s, seat) if truthful else seat)

    # -- improving the hand ------------------------------------------------------------------
    def _legal_discard(self, s, seat):
        return ids(s.hand) + [self.DRAW]

    def _apply_discard(self, s, seat, action):
        if action == self.DRAW:
            count = s.thrown.bit_count()
            drawn = self._draw(s, count)
            s.hand |= drawn
            s.discard |= s.thrown
            s.seen[seat] |= drawn
            s.log("draw", seat, count=count, audience=(seat,),
                  private={"cards": CardSet(drawn)})
            s.thrown = 0
            s.phase = Phase.ANNOUNCE
            return
        s.hand &= ~(1 << action)
        s.thrown |= 1 << action
        s.log("throw_away", seat, audience=(seat,), private={"card": CardSet(1 << action)})

    # -- the end (19.2) ----------------------------------------------------------------------
    def _end(self, s):
        n = s.options.players
        winner = next(p for p in range(n) if p not in s.out)
        place = {p: n - i for i, p in enumerate(s.out)}
        place[winner] = 1
        ranking = tuple(place[p] for p in range(n))
        self.finish(s, Outcome(tuple(n - place[p] for p in range(n)), (winner,),
                               f"seat {winner} is the last one left",
                               ranking=ranking, details={"out_order": list(s.out)}))

    def why_illegal(self, s, seat, action):
        if not isinstance(action, int):
            return super().why_illegal(s, seat, action)
        if self.SAY <= action < self.SAY + len(CLAIMS):
            if s.phase is not Phase.ANNOUNCE:
                return "announce only when you hold the hand, after drawing"
            return (f"announce higher than {claim_words(s.claim, KIERTOPOKERI)} "
                    f"(say {claim_token(CLAIMS[self._first_higher(s)], KIERTOPOKERI)} or higher)")
        if action in (self.DOUBT, self.PICK):
            if action == self.PICK and s.phase is Phase.RESPOND:
                return "nothing beats a royal flush: you can only doubt it"
            return "only the next player, right after an announcement, doubts or picks up"
        if action == self.DRAW:
            return "draw after picking up the hand and throwing cards away"
        if 0 <= action < 52:
            if s.phase is Phase.DISCARD:
                return f"{DECK.text(action)} is not in the hand"
            return "throw cards away only after picking the hand up"
        return super().why_illegal(s, seat, action)

    def describe_event(self, e):
        kind, seat = e["kind"], e.get("seat")
        if kind == "dealt":
            got = f": {cards_line(DECK, e['cards'])}" if "cards" in e else ""
            return f"seat {seat} gets five new cards from the stock{got}"
        if kind == "announce":
            return f"seat {seat} announces {e['says']} and lays the hand down"
        if kind == "pick_up":
            got = f": {cards_line(DECK, e['cards'])}" if "cards" in e else ""
            return f"seat {seat} picks the hand up{got}"
        if kind == "throw_away":
            got = f" ({cards_line(DECK, e['card'])})" if "card" in e else ""
            return f"seat {seat} throws a card away{got}"
        if kind == "draw":
            got = f": {cards_line(DECK, e['cards'])}" if "cards" in e else ""
            return f"seat {seat} draws {e['count']}{got}"
        if kind == "doubt":
            verdict = ("true (at least that): the doubter" if e["truthful"] else "a lie: the announcer")
            return (f"seat {seat} doubts seat {e['claimant']}'s claim, {e['claim']}: the hand is "
                    f"{cards_line(DECK, e['cards'])}, {e['hand']}; {verdict}, seat {e['loser']}, "
                    "is out")
        if kind == "stock_rebuilt":
            return f"the stock is empty: {e['count']} discards are shuffled into a new stock"
        return NotImplemented

    # -- views --------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None and seat == s.holder:
            v["hand"] = CardSet(s.hand)
            if s.hand.bit_count() == HAND:
                v["your_hand"] = describe(EVAL.value(ids(s.hand)))
            if s.phase is Phase.DISCARD:
                v["thrown"] = CardSet(s.thrown)
        if seat is not None and s.holder is None and seat == s.claimant:
            v["laid_down"] = CardSet(s.hand)
        v["holder"] = s.holder
        v["claimant"] = s.claimant
        v["claim"] = None if s.claim is None else claim_words(s.claim, KIERTOPOKERI)
        v["claim_index"] = None if s.claim is None else CLAIM_INDEX[s.claim]
        v["responder"] = s.to_act[0] if s.phase is Phase.RESPOND and s.to_act else None
        v["said"] = list(s.said)
        v["hand_count"] = s.hand.bit_count()
        v["thrown_count"] = s.thrown.bit_count()
        v["stock"] = len(s.stock)
        v["discards"] = s.discard.bit_count()
        v["turned_up"] = CardSet(s.turned_up)
        v["out"] = list(s.out)
        v["status"] = ["in" if p not in s.out else f"out ({_ordinal(s.out.index(p) + 1)} out)"
                       for p in range(s.options.players)]

    def zones(self, s):
        return {"stock": mask_of(s.stock), "discard": s.discard, "hand": s.hand,
                "thrown": s.thrown}

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock) | s.discard | s.hand | s.thrown
        m &= ~s.turned_up
        if seat is not None:
            m &= ~s.seen[seat]
            if seat == s.holder:
                m &= ~(s.hand | s.thrown)
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.holder = view["holder"]
        s.claimant = view["claimant"]
        s.claim = None if view["claim_index"] is None else CLAIMS[view["claim_index"]]
        own = int(view.get("hand", view.get("laid_down", 0)))
        thrown = int(view.get("thrown", 0))
        turned = int(view["turned_up"])
        fixed = own | thrown | turned
        counts = {"stock": view["stock"], "discard": view["discards"] - turned.bit_count()}
        if not own:
            counts["hand"] = view["hand_count"]
        if not thrown:
            counts["thrown"] = view["thrown_count"]
        placed = sample_hands(DECK.all_mask & ~fixed, counts, rng)
        s.hand = own or placed["hand"]
        s.thrown = thrown or placed["thrown"]
        s.stock = shuffled(placed["stock"], rng)
        s.discard = placed["discard"] | turned
        s.turned_up = turned
        s.said = list(view["said"])
        s.out = list(view["out"])
        n = view["players"]
        s.seen = [0] * n
        if seat is not None:
            s.seen[seat] = own | thrown
        s.reshuffles = 0
        s.rounds = 0
        return s


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
