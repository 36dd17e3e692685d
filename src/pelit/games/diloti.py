"""Diloti, the Greek fishing game with declarations and xeri.

Rule source: seed 001 (ten games from a card-game site), "Diloti" (line
144): Setup, Game play, Capturing cards, Regular declarations, Group
declarations, Capturing xeri, Replenishing the hands, Scoring.

A play is entered in steps: the card (``8H``); what it does (``lay``,
``capture`` or ``declare 10``); then, for a capture or a declaration, the
table items one by one (``take 5S``: a loose card, or a whole declaration
named by any of its cards) and ``done``.  Only steps that can still end in
a legal play are offered.

Card values: ace 1, two to ten their pips; jacks, queens and kings have
none (they capture only their own rank and never join a declaration).

Decisions where the seed is silent (pinned in tests/games/test_diloti.py):

- Setup: the last seat deals, one card at a time from its left, six each,
  then four to the table; a table with three or four of one rank goes back
  into the stock, which is shuffled (the deal's own random stream), and four
  new cards are dealt.  Replenishing deals are the same.  In the four-player
  game seats 0 and 2 play seats 1 and 3.
- Capturing cards: a numeric card captures any number of disjoint groups of
  loose cards that each add up to its value (a single card of its value is
  such a group) and any declarations of its value, each whole; it need not
  take every group it could.  A face card captures any loose cards of its
  rank.  Laying a card that could capture is allowed.
- Regular declarations: formed by playing a card onto one or more loose
  numeric cards, the total (2..10) being the declaration's value; the player
  must hold another card of that value.  Raising adds the played card to an
  opponent's regular declaration (one card from the hand; group declarations
  are not raised); the raiser must hold a card of the new value.  The former
  or raiser becomes the declaration's *owner*.
- Restrictions while a player owns a standing declaration (of value V):
  he may not lay, raise or form declarations, except a group declaration
  that takes in his own declaration; and while he holds no spare card of
  value V, his cards of value V may only be played in captures that take
  one of his declarations of value V.
- Group declarations: the played card joins one set (alone, with loose
  cards, or raising an opponent's regular declaration); every other set is
  loose cards adding up to the value, or a declaration of that value owned
  by the player or his partner.  The result is one declaration owned by the
  player.
- Capturing xeri: from the second play of a hand, a capture that leaves the
  table empty is a xeri; the capturing card's first taken card is shown as
  the xeri card.  The last capturer's sweep at the end is no xeri; if nobody
  captured in the hand the last cards go to nobody.
- Scoring: ties for the most cards score nobody (also in a 2 x 2 game).  The
  match ends after a hand in which a side has 61 or more (option ``target``)
  and a single side has the highest score; otherwise another hand is played.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache

from ..cards.deal import sample_hands
from ..cards.deck import ACE, Card, CardSet, ids, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("52")
RANK = DECK.rank_of
VALUE = tuple(1 if r == ACE else (r if r <= 10 else 0) for r in RANK)
HAND = 6
TEN_DIAMONDS = DECK.parse("TD")
TWO_CLUBS = DECK.parse("2C")
ACES = DECK.rank_mask[ACE]


class Phase(enum.Enum):
    PLAY = 1
    USE = 2
    SELECT = 3


@dataclass(frozen=True)
class DilotiOptions:
    players: int = option(2, "2 players, or 4 in two partnerships", choices=(2, 4))
    target: int = option(61, "points that end the match", min=1, max=500)


class DilotiState(State):
    __slots__ = ("dealer", "hand_no", "hands", "stock", "loose", "decls", "won", "xeris",
                 "last_capturer", "scores", "results", "played", "mode", "target_value",
                 "chosen", "turn", "plays", "shown")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.loose = self.loose
        new.decls = self.decls.copy()          # tuples: (mask, value, owner, group)
        new.won = self.won.copy()
        new.xeris = self.xeris.copy()
        new.last_capturer = self.last_capturer
        new.scores = self.scores.copy()
        new.results = self.results.copy()
        new.played = self.played
        new.mode = self.mode
        new.target_value = self.target_value
        new.chosen = self.chosen
        new.turn = self.turn
        new.plays = self.plays
        new.shown = self.shown


def score_hand(won: list[int], xeris: list[int]) -> list[dict]:
    """Scoring lines per side (seed: Scoring)."""
    counts = [w.bit_count() for w in won]
    lines = []
    for p, w in enumerate(won):
        most = counts[p] == max(counts) and counts.count(max(counts)) == 1
        line = {"xeri": 10 * xeris[p].bit_count(), "most cards": 4 if most else 0,
                "ten of diamonds": 2 if (w >> TEN_DIAMONDS) & 1 else 0,
                "aces": (w & ACES).bit_count(), "two of clubs": 1 if (w >> TWO_CLUBS) & 1 else 0}
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


def _counts(mask: int) -> tuple[int, ...]:
    """Loose numeric cards as counts per value (index 1..10)."""
    c = [0] * 11
    for x in ids(mask):
        if VALUE[x]:
            c[VALUE[x]] += 1
    return tuple(c)


def _fill(need, top, c, pool, exact):
    """Ways to take values (each at most ``top``, non-increasing) adding up to
    ``need`` from ``c`` (cards already chosen) or, unless ``exact``, ``pool``."""
    if need == 0:
        yield c, pool
        return
    for v in range(min(need, top), 0, -1):
        if c[v]:
            c2 = c[:v] + (c[v] - 1,) + c[v + 1:]
            yield from _fill(need - v, v, c2, pool, exact)
        if not exact and pool[v]:
            p2 = pool[:v] + (pool[v] - 1,) + pool[v + 1:]
            yield from _fill(need - v, v, c, p2, exact)


@lru_cache(maxsize=200_000)
def groupable(c: tuple, pool: tuple, target: int, first: int = 0, exact: bool = False) -> bool:
    """Can the chosen cards ``c`` (value counts) all be split into groups
    adding up to ``target`` (and, first, one group adding up to ``first``,
    which must exist), topping groups up from ``pool`` unless ``exact``?"""
    if first:
        return any(groupable(c2, p2, target, 0, exact) for c2, p2 in _fill(first, 10, c, pool, exact))
    top = max((v for v in range(1, 11) if c[v]), default=0)
    if not top:
        return True
    if top > target:
        return False
    c1 = c[:top] + (c[top] - 1,) + c[top + 1:]
    return any(groupable(c2, p2, target, 0, exact) for c2, p2 in _fill(target - top, top, c1, pool, exact))


@register
class Diloti(Game):
    info = GameInfo(
        id="diloti", name="Diloti", min_seats=2, max_seats=4, family="fishing",
        source="001 Diloti (line 144)", hidden=True, chance=True, teams=True,
        summary=(
            "Two players, or four in partnerships; six cards each and four face up on "
            "the table (dealt again if three are of one rank). In turn play one card. "
            "It may capture: loose cards of its rank, and any number of groups of "
            "loose cards adding up to its value (ace 1; jacks, queens, kings only by "
            "rank), and declarations of its value. It may form a declaration: played "
            "onto loose cards, the total (at most 10) is a bundle that only a card of "
            "that value captures; you must hold such a card and keep it for that. An "
            "opponent may raise a declaration with one more card if he holds the new "
            "value. A group declaration joins several sets of the same value, even an "
            "existing declaration of yours or your partner's. Or it is simply laid. "
            "A capture that clears the table after the first play is a xeri. Hands are "
            "refilled by six; the last capturer takes what is left. Score 10 a xeri, "
            "4 most cards, 2 the ten of diamonds, 1 each ace, 1 the two of clubs; "
            "first to 61 with the highest score wins."),
        verbs=(("8H", "play a card from your hand"),
               ("lay", "lay the played card on the table"),
               ("capture", "capture with the played card (then choose what)"),
               ("declare 10", "form or raise a declaration of 10 (then choose the cards)"),
               ("take 5S", "take this loose card, or the declaration it is in"),
               ("done", "finish the capture or declaration")),
    )
    Options = DilotiOptions
    Phase = Phase
    State = DilotiState
    deck = DECK
    test_options = {"target": 15}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.TAKE = self.actions.card_block("take")
        self.LAY = self.actions.verb("lay")
        self.CAPTURE = self.actions.verb("capture")
        self.DECLARE = self.actions.numbers("declare", range(2, 11))
        self.DONE = self.actions.verb("done")

    def side(self, s, seat):
        return seat % 2 if len(s.hands) == 4 else seat

    # -- dealing ---------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = n - 1
        s.hand_no = 0
        s.scores = [0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, s.hand_no)
        s.stock = pack[::-1]
        s.hands = [0] * n
        s.won = [0, 0]
        s.xeris = [0, 0]
        s.decls = []
        s.last_capturer = None
        s.played = None
        s.mode = None
        s.target_value = None
        s.chosen = 0
        s.plays = 0
        self._deal_hands(s)
        redeals = 0
        s.shown = 0
        while True:
            table = [s.stock.pop() for _ in range(4)]
            ranks = [RANK[c] for c in table]
            if max(ranks.count(r) for r in ranks) < 3:
                break
            s.log("table_redealt", None, cards=CardSet(mask_of(table)))
            s.shown |= mask_of(table)          # seen by all before going back
            s.stock.extend(table)
            redeals += 1
            stream(s.seed, "deal", s.hand_no, "redeal", redeals).shuffle(s.stock)
        s.loose = mask_of(table)
        s.log("table_dealt", None, cards=CardSet(s.loose))
        s.turn = (s.dealer + 1) % n
        s.phase = Phase.PLAY
        s.to_act = (s.turn,)

    def _deal_hands(self, s):
        n = len(s.hands)
        for _ in range(HAND):
            for k in range(1, n + 1):
                s.hands[(s.dealer + k) % n] |= 1 << s.stock.pop()
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND, stock=len(s.stock))

    # -- who owns what ------------------------------------------------------------
    def _partner_or_self(self, s, seat, owner):
        return self.side(s, owner) == self.side(s, seat)

    def _own_decls(self, s, seat):
        return [d for d in s.decls if d[2] == seat]

    def _reserved(self, s, seat, card):
        """Is ``card`` a card its player must keep for his own declaration?"""
        v = VALUE[card]
        if not v:
            return False
        mine = [d for d in s.decls if d[2] == seat and d[1] == v]
        if not mine:
            return False
        have = sum(1 for c in ids(s.hands[seat] | (1 << card)) if VALUE[c] == v)
        return have <= len(mine)

    # -- what a played card may do ---------------------------------------------
    def _decl_roles(self, s, seat, card, value):
        """Declarations on the table by role for a declaration of ``value``
        made with ``card``: (raise candidates, own/partner sets, own)."""
        v = VALUE[card]
        raise_, sets, own = 0, 0, 0
        for d in s.decls:
            if d[1] == value and self._partner_or_self(s, seat, d[2]):
                sets |= d[0]
                if d[2] == seat:
                    own |= d[0]
            elif not d[3] and d[1] + v == value and not self._partner_or_self(s, seat, d[2]):
                raise_ |= d[0]
        return raise_, sets, own

    def _capture_state(self, s, seat, card, chosen, exact):
        """Is ``chosen`` (table cards) a capture with ``card`` (``exact``), or
        can it still grow into one?"""
        v = VALUE[card]
        if not v:
            same = s.loose & DECK.rank_mask[DECK.rank_of[card]]
            return (chosen & ~same) == 0 and (bool(chosen) or (not exact and bool(same)))
        decl_v = 0
        own_v = 0
        for d in s.decls:
            if d[1] == v:
                decl_v |= d[0]
                if d[2] == seat:
                    own_v |= d[0]
        loose_chosen = chosen & s.loose
        if chosen & ~(s.loose | decl_v) or (loose_chosen & ~self._numeric(s)):
            return False
        pool = _counts(s.loose & ~chosen)
        cc = _counts(loose_chosen)
        if exact:
            if not chosen:
                return False
            if self._reserved(s, seat, card) and not chosen & own_v:
                return False        # the kept card may only take his declaration
            return groupable(cc, pool, v, 0, True)
        if not chosen:
            return bool(decl_v) or groupable(cc, pool, v, v, False)
        return groupable(cc, pool, v, 0, False)

    def _numeric(self, s):
        return mask_of(c for c in ids(s.loose) if VALUE[c])

    def _declare_state(self, s, seat, card, value, chosen, exact):
        """Is ``chosen`` a declaration of ``value`` with ``card`` (``exact``), or
        can it still grow into one?"""
        v = VALUE[card]
        if not v or not 2 <= value <= 10 or value < v:
            return False
        if not any(VALUE[c] == value for c in ids(s.hands[seat] & ~(1 << card))):
            return False            # he must hold a card that captures it
        raise_, sets, own = self._decl_roles(s, seat, card, value)
        restricted = bool(self._own_decls(s, seat))
        if restricted and not own:
            return False            # only a group that takes in his own declaration
        if chosen & ~(s.loose | raise_ | sets) or (chosen & s.loose & ~self._numeric(s)):
            return False
        raised = [d for d in s.decls if d[0] & chosen & raise_]
        if len(raised) > 1:
            return False
        cc = _counts(chosen & s.loose)
        pool = (0,) * 11 if exact else _counts(s.loose & ~chosen)
        has_sets = bool(chosen & sets) or any(cc)
        if exact and restricted and not chosen & own:
            return False
        ok = False
        # the played card's set: raising an opponent's declaration
        if raised or (not exact and raise_):
            ok = ok or groupable(cc, pool, value, 0, exact)
        if not raised:
            if value > v:          # the card with loose cards
                ok = ok or groupable(cc, pool, value, value - v, exact)
            if value == v:         # the card alone, in a group with other sets
                more = has_sets or (not exact and (bool(sets & ~chosen)
                                                   or groupable(cc, pool, value, value, False)))
                ok = ok or (more and groupable(cc, pool, value, 0, exact))
        return ok

    def _uses(self, s, seat, card):
        """(lay allowed, capture possible, declaration values possible) for a card in hand."""
        restricted = bool(self._own_decls(s, seat))
        reserved = self._reserved(s, seat, card)
        lay = not restricted and not reserved
        cap = self._capture_state(s, seat, card, 0, False)
        values = [] if reserved else [value for value in range(2, 11)
                                      if self._declare_state(s, seat, card, value, 0, False)]
        return lay, cap, values

    # -- phases -----------------------------------------------------------------------
    def _legal_play(self, s, seat):
        out = []
        restricted = bool(self._own_decls(s, seat))
        for c in ids(s.hands[seat]):
            if not restricted and not self._reserved(s, seat, c):
                out.append(c)       # it can always be laid
                continue
            lay, cap, values = self._uses(s, seat, c)
            if lay or cap or values:
                out.append(c)
        return out

    def _apply_play(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        s.played = card
        s.log("play", seat, card=Card(card))
        s.phase = Phase.USE
        s.to_act = (seat,)

    def _with_card_back(self, s, seat, fn, *args):
        s.hands[seat] |= 1 << s.played
        try:
            return fn(s, seat, s.played, *args)
        finally:
            s.hands[seat] &= ~(1 << s.played)

    def _legal_use(self, s, seat):
        lay, cap, values = self._with_card_back(s, seat, self._uses)
        out = []
        if lay:
            out.append(self.LAY)
        if cap:
            out.append(self.CAPTURE)
        out += [self.DECLARE + v - 2 for v in values]
        return out

    def _apply_use(self, s, seat, action):
        if action == self.LAY:
            s.loose |= 1 << s.played
            s.log("lay", seat, card=Card(s.played))
            s.played = None
            self._next(s, seat)
            return
        s.mode = "capture" if action == self.CAPTURE else "declare"
        s.target_value = None if action == self.CAPTURE else action - self.DECLARE + 2
        s.chosen = 0
        s.phase = Phase.SELECT
        s.to_act = (seat,)

    def _valid(self, s, seat, chosen, exact):
        if s.mode == "capture":
            return self._with_card_back(s, seat, self._capture_state, chosen, exact)
        return self._with_card_back(s, seat, self._declare_state, s.target_value, chosen, exact)

    def _item_of(self, s, card):
        """The table item (mask) a table card belongs to."""
        if (s.loose >> card) & 1:
            return 1 << card
        for d in s.decls:
            if (d[0] >> card) & 1:
                return d[0]
        return 0

    def _legal_select(self, s, seat):
        out = []
        table = s.loose
        for d in s.decls:
            table |= d[0]
        done_items = 0
        verdict = {}
        for c in ids(table & ~s.chosen):
            item = self._item_of(s, c)
            if item & done_items:
                if verdict[item]:
                    out.append(self.TAKE + c)
                continue
            done_items |= item
            # equal loose values share the answer
            key = ("v", VALUE[c], DECK.rank_of[c]) if item == 1 << c else item
            if key not in verdict:
                verdict[key] = self._valid(s, seat, s.chosen | item, False)
            verdict[item] = verdict[key]
            if verdict[item]:
                out.append(self.TAKE + c)
        # any card of a declaration names the whole declaration
        if self._valid(s, seat, s.chosen, True):
            out.append(self.DONE)
        return out

    def _apply_select(self, s, seat, action):
        if action != self.DONE:
            s.chosen |= self._item_of(s, action - self.TAKE)
            return
        card, taken = s.played, s.chosen
        if s.mode == "capture":
            self._capture(s, seat, card, taken)
        else:
            self._declare(s, seat, card, taken, s.target_value)
        s.played = None
        s.mode = None
        s.target_value = None
        s.chosen = 0
        self._next(s, seat)

    def _take_from_table(self, s, taken):
        s.loose &= ~taken
        s.decls = [d for d in s.decls if not d[0] & taken]

    def _capture(self, s, seat, card, taken):
        side = self.side(s, seat)
        self._take_from_table(s, taken)
        s.won[side] |= taken | (1 << card)
        s.last_capturer = seat
        xeri = s.plays > 0 and s.loose == 0 and not s.decls
        xeri_card = None
        if xeri:
            xeri_card = (taken & -taken).bit_length() - 1
            s.xeris[side] |= 1 << xeri_card
        s.log("capture", seat, card=Card(card), cards=CardSet(taken), xeri=xeri,
              xeri_card=None if xeri_card is None else Card(xeri_card))

    def _declare(self, s, seat, card, taken, value):
        absorbed = [d for d in s.decls if d[0] & taken]
        raised = [d for d in absorbed if d[2] != seat and not self._partner_or_self(s, seat, d[2])]
        self._take_from_table(s, taken)
        group = self._is_group(value, card, taken, absorbed)
        mask = taken | (1 << card)
        s.decls.append((mask, value, seat, group))
        s.log("declare", seat, card=Card(card), cards=CardSet(mask), value=value, group=group,
              raised=[d[2] for d in raised])

    @staticmethod
    def _is_group(value, card, taken, absorbed):
        total = VALUE[card] + sum(VALUE[c] for c in ids(taken))
        return total > value or any(d[3] for d in absorbed)

    def _next(self, s, seat):
        n = len(s.hands)
        s.plays += 1
        if not any(s.hands):
            if s.stock:
                self._deal_hands(s)
            else:
                self._end_hand(s)
                return
        s.turn = (seat + 1) % n
        s.phase = Phase.PLAY
        s.to_act = (s.turn,)

    def _end_hand(self, s):
        rest = s.loose
        for d in s.decls:
            rest |= d[0]
        if rest and s.last_capturer is not None:
            s.won[self.side(s, s.last_capturer)] |= rest
            s.log("last_cards", s.last_capturer, cards=CardSet(rest))
            s.loose = 0
            s.decls = []
        lines = score_hand(s.won, s.xeris)
        for p in (0, 1):
            s.scores[p] += lines[p]["total"]
        s.results.append([lines[0]["total"], lines[1]["total"]])
        s.log("hand_scored", None, lines=lines, scores=list(s.scores),
              won=[CardSet(w) for w in s.won])
        best = max(s.scores)
        n = len(s.hands)
        if best >= s.options.target and s.scores.count(best) == 1:
            w = s.scores.index(best)
            winners = tuple(p for p in range(n) if self.side(s, p) == w)
            scores = tuple(s.scores[self.side(s, p)] for p in range(n))
            self.finish(s, Outcome(scores, winners,
                                   f"side {w} reached {best} with the highest score",
                                   details={"hand_points": [list(r) for r in s.results]}))
            return
        s.hand_no += 1
        s.dealer = (s.dealer + 1) % n
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and 0 <= action < 52:
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            return (f"{DECK.text(action)} must be kept to capture your declaration, and you "
                    "may not lay or declare while your declaration stands")
        if s.phase is Phase.USE:
            if action == self.LAY:
                return "you may not lay while your declaration stands (or this card is kept for it)"
            if action == self.CAPTURE:
                return f"{DECK.text(s.played)} captures nothing here"
            if self.DECLARE <= action < self.DECLARE + 9:
                v = action - self.DECLARE + 2
                return (f"no declaration of {v} can be made with {DECK.text(s.played)}: you must "
                        f"hold another card of {v}, the cards must add up to {v}, and you may not "
                        "raise your own or your partner's declaration")
        if s.phase is Phase.SELECT and self.TAKE <= action < self.TAKE + 52:
            return f"{DECK.text(action - self.TAKE)} cannot be part of this {s.mode}"
        if s.phase is Phase.SELECT and action == self.DONE:
            return f"the {s.mode} is not complete yet"
        return super().why_illegal(s, seat, action)

    # -- views ---------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["loose"] = CardSet(s.loose)
        v["declarations"] = [{"cards": CardSet(d[0]), "value": d[1], "owner": d[2],
                              "group": d[3]} for d in s.decls]
        v["played"] = None if s.played is None else Card(s.played)
        v["mode"] = s.mode
        v["value"] = s.target_value
        v["chosen"] = CardSet(s.chosen)
        v["stock"] = len(s.stock)
        v["won_counts"] = [w.bit_count() for w in s.won]
        v["xeri_cards"] = [CardSet(x) for x in s.xeris]
        v["last_capturer"] = s.last_capturer
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["plays"] = s.plays
        v["scores"] = list(s.scores)
        v["results"] = [list(r) for r in s.results]
        v["turn"] = s.turn

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "loose": s.loose,
             "played": 0 if s.played is None else 1 << s.played}
        for i, d in enumerate(s.decls):
            z[f"decl{i}"] = d[0]
        for p in range(len(s.hands)):
            z[f"hand{p}"] = s.hands[p]
        for p in (0, 1):
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock)
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h
        return m & ~s.shown

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        played = view["played"]
        decls = [(int(d["cards"]), d["value"], d["owner"], d["group"])
                 for d in view["declarations"]]
        xeris = [int(x) for x in view["xeri_cards"]]
        seen = own | int(view["loose"]) | (0 if played is None else 1 << int(played))
        seen |= xeris[0] | xeris[1]
        for d in decls:
            seen |= d[0]
        # what the table shows about hidden hands: an owner holds a card of each
        # of his declarations' values; a player declaring V holds a card of V;
        # one capturing with a card of his own declaration's value may hold a spare
        need = {p: set() for p in range(n) if p != seat}
        for d in decls:
            if d[2] != seat:
                need[d[2]].add((d[1], 1))
        actor = view["turn"]
        if actor != seat and played is not None and view["mode"] is not None:
            if view["mode"] == "declare":
                need[actor].add((view["value"], 1))
            elif any(d[2] == actor and d[1] == VALUE[int(played)] for d in decls):
                need[actor].add((VALUE[int(played)], 1))     # a spare beside the played card
        pinned = [0] * n
        pool = DECK.all_mask & ~seen
        for p, wants in need.items():
            for value, k in sorted(wants):
                have = sum(1 for c in ids(pinned[p]) if VALUE[c] == value)
                free = [c for c in ids(pool) if VALUE[c] == value]
                rng.shuffle(free)
                room = view["hand_sizes"][p] - pinned[p].bit_count()
                for c in free[:max(0, min(k - have, room))]:
                    pinned[p] |= 1 << c
                    pool &= ~(1 << c)
        zones = {"stock": view["stock"]}
        for p in range(n):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p] - pinned[p].bit_count()
        for p in (0, 1):
            zones[f"won{p}"] = view["won_counts"][p] - xeris[p].bit_count()
        placed = sample_hands(pool, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] | pinned[p] for p in range(n)]
        s.won = [placed[f"won{p}"] | xeris[p] for p in (0, 1)]
        s.xeris = xeris
        stock = ids(placed["stock"])
        rng.shuffle(stock)
        s.stock = stock
        s.loose = int(view["loose"])
        s.decls = decls
        s.played = None if played is None else int(played)
        s.mode = view["mode"]
        s.target_value = view["value"]
        s.chosen = int(view["chosen"])
        s.last_capturer = view["last_capturer"]
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.plays = view["plays"]
        s.scores = list(view["scores"])
        s.results = [list(r) for r in view["results"]]
        s.turn = view["turn"]
        s.shown = 0
        return s
