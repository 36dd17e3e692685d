"""Diloti, the Greek fishing game with declarations, for two or four players.

Rule source: seed 001 (ten games from a card-game site), "Diloti" (line 144):
Setup, Game play, Capturing cards, Regular declarations, Group declarations,
Capturing xeri, Replenishing the hands, Scoring.

Values: an ace counts 1, two to ten their pips; jacks, queens and kings have
no value (they capture only cards of their own rank and never join a
declaration).  A turn is one card from the hand, used in one of three ways:

- ``lay 7H``: put it on the table as a loose card;
- ``take 8H: 5S 3H 8D``: capture the listed cards with it; every part of the
  capture is a loose card of the same value, a set of loose cards adding up to
  it, or a whole declaration of that value (several parts at once are fine);
- ``declare 5H: 2S 3D = 10``: bundle the card with table cards into a
  declaration of the stated value, captured later only as a unit by a card of
  that value.  One set is a regular declaration; several sets each worth the
  value are a group declaration.  A set may be loose cards with the played
  card, an opponent's regular declaration raised by the played card, or (as
  another set of a group) any whole declaration of that value.

Decisions where the seed is silent or loose (pinned in tests/games/test_diloti.py):

- Capturing is optional; laying is always allowed to a player without a
  standing declaration.  A capture may take any choice of the parts open to
  it (not necessarily all).
- A face card captures one or more loose cards of its own rank.
- Only regular declarations can be raised, by the raiser's played card alone
  (Regular declarations: "adding an additional card"); a raise may in the same
  move become a group with other sets of the new value.
- "Cannot use the card for any other purpose" (Regular declarations): while a
  player's declaration stands, his last card of its value may be played only
  in a capture that takes that declaration.  The same player may not lay, form
  or raise declarations, except a group that takes in his own declaration
  (Group declarations).  Whoever forms a group becomes answerable for it; the
  owners of declarations taken into it are released.
- The played card may be a set of its own in a group (a 9 played beside a
  loose 9 makes a group of 9s), as long as the player keeps another 9.
- A xeri needs every card on the table, declarations included, taken by one
  card; it is not possible on the very first play of a hand (Capturing xeri,
  "beginning on the second turn").  The cards left at the end are not a xeri.
- The initial four cards are re-dealt when three or more share a rank: they go
  back into the stock, which is shuffled by the deal's own random stream.
- Dealing is one card at a time from the dealer's left; the first dealer is
  the last seat, so seat 0 plays first.  The deal passes left.
- The match ends after the hand in which a side reaches 61; the higher score
  wins; equal scores at or over 61 play another hand.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, sample_hands, shuffled
from ..cards.deck import ACE, Card, CardSet, ids, mask_of, standard_deck
from ..cards.seats import others_hands
from ..core.errors import ParseError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = standard_deck("52")
HAND = 6
TARGET = 61
TEN_DIAMONDS = DECK.parse("TD")
TWO_CLUBS = DECK.parse("2C")
ACES = DECK.rank_mask[ACE]
VALUE = tuple(1 if r == ACE else (r if r <= 10 else 0) for r in DECK.rank_of)
FACES = mask_of(c for c in range(52) if VALUE[c] == 0)
VALUED = [mask_of(c for c in range(52) if VALUE[c] == v) for v in range(11)]

LAY, TAKE, DECLARE = 0, 1, 2
KIND_WORD = {LAY: "lay", TAKE: "take", DECLARE: "declare"}


# -- action codes: kind | card << 2 | value << 8 | table mask << 12 ---------

def encode(kind: int, card: int, mask: int = 0, value: int = 0) -> int:
    return kind | card << 2 | value << 8 | mask << 12


def decode(action: int):
    return action & 3, (action >> 2) & 63, (action >> 8) & 15, action >> 12


class DilotiActions:
    """Action text for Diloti: ``lay 7H``, ``take 8H: 5S 3H``, ``declare 5H: 2S 3D = 10``."""

    size = 1 << 64

    def text(self, action: int) -> str:
        kind, card, value, mask = decode(action)
        if kind not in KIND_WORD or card >= 52:
            raise ParseError(f"{action} is not a Diloti action")
        out = f"{KIND_WORD[kind]} {DECK.text(card)}"
        if kind != LAY:
            out += ": " + DECK.texts(mask)
        if kind == DECLARE:
            out += f" = {value}"
        return out

    def parse(self, text: str) -> list[int]:
        words = text.replace(":", " ").replace("=", " = ").split()
        if not words or words[0].lower() not in ("lay", "take", "declare"):
            raise ParseError(f"{text.strip()!r} is not a Diloti action; {self.describe()}")
        if len(words) < 2:
            example = {"lay": "lay 7H", "take": "take 8H: 5S 3H",
                       "declare": "declare 5H: 2S 3D = 10"}[words[0].lower()]
            raise ParseError(f"say which card from your hand, e.g. '{example}'")
        kind = {"lay": LAY, "take": TAKE, "declare": DECLARE}[words[0].lower()]
        value = 0
        if kind == DECLARE:
            if len(words) < 4 or words[-2] != "=" or not words[-1].isdigit():
                raise ParseError("a declaration ends with its value, e.g. 'declare 5H: 2S 3D = 10'")
            value = int(words[-1])
            words = words[:-2]
            if not 1 <= value <= 10:
                raise ParseError("a declaration is worth 1 to 10")
        card = DECK.parse(words[1])
        cards = DECK.parse_many(" ".join(words[2:]))
        if kind == LAY and cards:
            raise ParseError("'lay' takes one card only, e.g. 'lay 7H'")
        if kind != LAY and not cards:
            raise ParseError(f"say which table cards: e.g. '{words[0].lower()} {words[1]}: 5S 3H'")
        return [encode(kind, card, mask_of(cards), value)]

    def describe(self) -> str:
        return "actions look like 'lay 7H', 'take 8H: 5S 3H', 'declare 5H: 2S 3D = 10'"


class Phase(enum.Enum):
    PLAY = 1


@dataclass(frozen=True)
class DilotiOptions:
    players: int = option(2, "two players, or four in partnerships", choices=(2, 4))
    target: int = option(TARGET, "the match ends when a side reaches this score", min=1, max=1000)


class DilotiState(State):
    # decls: tuple (cards mask, value, owner seat) per declaration on the table
    __slots__ = ("dealer", "hand_no", "hands", "stock", "loose", "decls", "won", "xeris",
                 "last_capturer", "plays", "scores", "results", "shown_in_stock")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.loose = self.loose
        new.decls = self.decls.copy()
        new.won = self.won.copy()
        new.xeris = self.xeris.copy()
        new.last_capturer = self.last_capturer
        new.plays = self.plays
        new.scores = self.scores.copy()
        new.results = self.results.copy()
        new.shown_in_stock = self.shown_in_stock


def score_hand(won: list[int], xeris: list[int]) -> list[dict]:
    """Scoring, per side: 10 a xeri, 4 for most cards (none on a 26-26 tie),
    2 for the ten of diamonds, 1 an ace, 1 for the two of clubs."""
    counts = [w.bit_count() for w in won]
    lines = []
    for side, w in enumerate(won):
        line = {
            "xeri": 10 * xeris[side],
            "most cards": 4 if counts[side] > max(counts[:side] + counts[side + 1:]) else 0,
            "ten of diamonds": 2 if (w >> TEN_DIAMONDS) & 1 else 0,
            "aces": (w & ACES).bit_count(),
            "two of clubs": 1 if (w >> TWO_CLUBS) & 1 else 0,
        }
        line["total"] = sum(line.values())
        lines.append(line)
    return lines


def sums_of(mask: int) -> dict[int, list[int]]:
    """All non-empty subsets of the valued cards in ``mask``, by their sum (≤ 10)."""
    found = [(0, 0)]
    for c in ids(mask & ~FACES):
        v = VALUE[c]
        found += [(m | 1 << c, t + v) for m, t in found if t + v <= 10]
    out: dict[int, list[int]] = {}
    for m, t in found[1:]:
        out.setdefault(t, []).append(m)
    return out


def disjoint_unions(groups: list[int]) -> list[int]:
    """Every union of pairwise disjoint groups, the empty union included."""
    out = {0}
    for g in groups:
        for u in list(out):
            if not u & g:
                out.add(u | g)
    return list(out)


@register
class Diloti(Game):
    info = GameInfo(
        id="diloti", name="Diloti", min_seats=2, max_seats=4, family="fishing",
        source="001 Diloti (line 144)", hidden=True, chance=True, teams=True, zero_sum=True,
        summary=(
            "Two players, or four in partnerships across the table. Six cards each and "
            "four face up on the table (re-dealt if three share a rank). In turn play one "
            "card: lay it, capture with it (loose cards of its value, sets of loose cards "
            "adding up to it, whole declarations of its value; face cards take only their "
            "own rank), or declare: bundle it with table cards into a declaration of a "
            "value you hold another card of, to be taken later only as a unit. Opponents "
            "may raise a regular declaration with one more card (to at most 10) if they "
            "hold the new value; several sets of one value make a group declaration, "
            "which may take in declarations already there. While your declaration stands "
            "you may not lay or declare (except a group taking it in), and you keep a "
            "card to take it. Taking every table card at once from the second play on is "
            "a xeri. Hands are refilled with six while the stock lasts; the last capturer "
            "takes what is left. Per hand: 10 a xeri, 4 for most cards, 2 the ten of "
            "diamonds, 1 an ace, 1 the two of clubs. First side to 61 ends the match; "
            "the higher score wins."),
        verbs=(("lay 7H", "put a card on the table"),
               ("take 8H: 5S 3H", "capture the listed table cards with a card from your hand"),
               ("declare 5H: 2S 3D = 10", "bundle your card with table cards into a declaration")),
    )
    Options = DilotiOptions
    Phase = Phase
    State = DilotiState
    deck = DECK
    test_options = {"target": 15}
    # terminal: who answers for each declaration by name, what the numbers count
    web_layout = {
        "table": "fishing",
        "show": {"hand": "hand", "hand_sizes": "backs", "loose": ["cards", "on the table"],
                 "declarations": ["history", "builds declared"], "stock": ["count", "stock"],
                 "shown_in_stock": ["cards", "seen in the stock"],
                 "won_counts": ["seat", "cards won"], "xeris": ["seat", "xeris"],
                 "last_capturer": ["tag", "took last"], "dealer": "tag",
                 "scores": ["team", "points"], "hand_no": ["info", "hands played"]},
        "sheet": {"event": "hand_scored", "gained": "lines", "total": "scores"},
    }
    render_hints = {"seat_fields": ["owner"],
                    # for a duplicate match: rows of one entry a side
                    "team_lists": ["results", "hand_points"],
                    "labels": {"loose": "loose cards", "hand_no": "hands played",
                               "plays": "cards played this hand", "won_counts": "cards won",
                               "results": "hand points (side 0, side 1)"}}

    def __init__(self):
        super().__init__()
        self.actions = DilotiActions()

    def num_players(self, state):
        return state.options.players

    @staticmethod
    def side(state, seat):
        return seat % 2

    # -- setup ------------------------------------------------------------
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
        s.decls = []
        s.won = [0, 0]
        s.xeris = [0, 0]
        s.last_capturer = None
        s.plays = 0
        s.shown_in_stock = 0
        self._deal_hands(s)
        redeals = 0
        while True:
            table = [s.stock.pop() for _ in range(4)]
            ranks = [DECK.rank_of[c] for c in table]
            if max(ranks.count(r) for r in ranks) < 3:
                break
            # Setup: three or more of a rank go back and four new are dealt
            s.log("table_redealt", None, cards=CardSet(mask_of(table)))
            s.stock.extend(table)
            s.shown_in_stock |= mask_of(table)      # everyone saw them go back
            redeals += 1
            stream(s.seed, "deal", s.hand_no, "redeal", redeals).shuffle(s.stock)
        s.loose = mask_of(table)
        s.log("table", None, cards=CardSet(s.loose))
        first = (s.dealer + 1) % n
        s.phase, s.to_act = Phase.PLAY, (first,)

    def _deal_hands(self, s):
        n = s.options.players
        pack = s.stock[::-1][:HAND * n]
        hands, _ = deal(pack, [HAND] * n, start=(s.dealer + 1) % n)
        del s.stock[len(s.stock) - HAND * n:]
        for p in range(n):
            s.hands[p] = hands[p]
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(hands[p])},
                  count=HAND, stock=len(s.stock))

    # -- what a card may do ----------------------------------------------
    def _own_decl(self, s, seat):
        for d in s.decls:
            if d[2] == seat:
                return d
        return None

    def _captures(self, s, card, by_sum):
        """Masks of table cards that ``card`` may capture."""
        v = VALUE[card]
        if v == 0:
            same = s.loose & DECK.rank_mask[DECK.rank_of[card]]
            return [u for u in disjoint_unions([1 << c for c in ids(same)]) if u]
        groups = by_sum.get(v, []) + [d[0] for d in s.decls if d[1] == v]
        return [u for u in disjoint_unions(groups) if u]

    def _declarations(self, s, seat, card, by_sum, own):
        """(mask of table cards, value) for every declaration ``card`` may make."""
        v = VALUE[card]
        hand = s.hands[seat] & ~(1 << card)
        out = set()
        for total in range(max(v, 1), 11):
            if not hand & VALUED[total]:
                continue                     # must hold another card of the value
            # the played card's own set: loose cards, nothing, or a raised declaration
            starts = [(m, None) for m in by_sum.get(total - v, [])]
            if total == v:
                starts.append((0, None))
            for d in s.decls:
                if d[1] == total - v and not self._is_group(d) and (d[2] - seat) % 2 == 1:
                    starts.append((d[0], d))        # raising an opponent's declaration
            others = by_sum.get(total, [])
            for first_mask, raised in starts:
                groups = [m for m in others if not m & first_mask]
                groups += [d[0] for d in s.decls if d[1] == total and d is not raised]
                for extra in disjoint_unions(groups):
                    mask = first_mask | extra
                    if not mask:
                        continue             # the card alone is just laid
                    if own is not None:
                        # only a group that takes in his own declaration
                        if total != own[1] or not (mask & own[0]) == own[0] or raised:
                            continue
                    out.add((mask, total))
        return out

    @staticmethod
    def _is_group(decl) -> bool:
        return sum(VALUE[c] for c in ids(decl[0])) > decl[1]

    def _legal_play(self, s, seat):
        hand = s.hands[seat]
        own = self._own_decl(s, seat)
        by_sum = sums_of(s.loose)
        legal = []
        for card in ids(hand):
            last_of_value = own is not None and VALUE[card] == own[1] \
                and (hand & VALUED[own[1]]).bit_count() == 1
            for mask in self._captures(s, card, by_sum):
                if last_of_value and mask & own[0] != own[0]:
                    continue
                legal.append(encode(TAKE, card, mask))
            if own is None:
                legal.append(encode(LAY, card))
            if VALUE[card] and not last_of_value:
                for mask, total in self._declarations(s, seat, card, by_sum, own):
                    legal.append(encode(DECLARE, card, mask, total))
        return legal

    def why_illegal(self, s, seat, action):
        kind, card, value, mask = decode(action)
        if card >= 52 or not (s.hands[seat] >> card) & 1:
            return f"{DECK.text(card) if card < 52 else card} is not in your hand"
        own = self._own_decl(s, seat)
        if kind == LAY and own is not None:
            return "your declaration stands: you may not lay a card until it is taken or raised"
        if kind == TAKE:
            return f"{DECK.text(card)} cannot take exactly {DECK.texts(mask)}"
        if kind == DECLARE:
            return (f"no declaration of {value} can be made with {DECK.text(card)} and "
                    f"{DECK.texts(mask)} (you must hold another {value}, sets must each "
                    f"be worth {value}, and you may not raise your own side's declaration)")
        return super().why_illegal(s, seat, action)

    # -- play -------------------------------------------------------------
    def _apply_play(self, s, seat, action):
        kind, card, value, mask = decode(action)
        s.hands[seat] &= ~(1 << card)
        side = seat % 2
        if kind == LAY:
            s.loose |= 1 << card
            s.log("lay", seat, card=Card(card))
        elif kind == TAKE:
            s.loose &= ~mask
            s.decls = [d for d in s.decls if not d[0] & mask]
            s.won[side] |= mask | 1 << card
            xeri = s.plays > 0 and not s.loose and not s.decls
            if xeri:
                s.xeris[side] += 1
            s.last_capturer = seat
            s.log("take", seat, card=Card(card), taken=CardSet(mask), xeri=xeri)
        else:
            s.loose &= ~mask
            s.decls = [d for d in s.decls if not d[0] & mask]
            bundle = mask | 1 << card
            s.decls.append((bundle, value, seat))
            s.log("declare", seat, card=Card(card), cards=CardSet(bundle), value=value,
                  group=self._is_group((bundle, value, seat)))
        s.plays += 1
        n = s.options.players
        nxt = (seat + 1) % n
        if s.hands[nxt]:
            s.to_act = (nxt,)
        elif s.stock:
            self._deal_hands(s)
            s.to_act = ((s.dealer + 1) % n,)
        else:
            self._end_hand(s)

    def _end_hand(self, s):
        rest = s.loose
        for d in s.decls:
            rest |= d[0]
        if rest and s.last_capturer is not None:
            s.won[s.last_capturer % 2] |= rest
            s.log("last_cards", s.last_capturer, cards=CardSet(rest))
            s.loose, s.decls = 0, []
        lines = score_hand(s.won, s.xeris)
        for side in (0, 1):
            s.scores[side] += lines[side]["total"]
        s.results.append([lines[0]["total"], lines[1]["total"]])
        s.log("hand_scored", None, lines=lines, scores=list(s.scores),
              won=[CardSet(w) for w in s.won])
        s.hand_no += 1
        a, b = s.scores
        if max(a, b) >= s.options.target and a != b:
            win_side = 0 if a > b else 1
            n = s.options.players
            winners = tuple(p for p in range(n) if p % 2 == win_side)
            self.finish(s, Outcome(tuple(s.scores[p % 2] for p in range(n)), winners,
                                   f"side {win_side} reached {max(a, b)} (to {min(a, b)})",
                                   details={"hand_points": s.results}))
            return
        s.dealer = (s.dealer + 1) % s.options.players
        self._deal(s)

    # -- views ------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["loose"] = CardSet(s.loose)
        v["declarations"] = [{"cards": CardSet(d[0]), "value": d[1], "owner": d[2]}
                             for d in s.decls]
        v["stock"] = len(s.stock)
        v["shown_in_stock"] = CardSet(s.shown_in_stock & mask_of(s.stock))
        v["won_counts"] = [w.bit_count() for w in s.won]
        v["xeris"] = list(s.xeris)
        v["last_capturer"] = s.last_capturer
        v["plays"] = s.plays
        v["dealer"] = s.dealer
        v["hand_no"] = s.hand_no
        v["scores"] = list(s.scores)
        v["results"] = [list(r) for r in s.results]

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "loose": s.loose, "won0": s.won[0], "won1": s.won[1]}
        for i, d in enumerate(s.decls):
            z[f"declaration{i}"] = d[0]
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        return (mask_of(s.stock) & ~s.shown_in_stock) | others_hands(s.hands, seat)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        decls = [(int(d["cards"]), d["value"], d["owner"]) for d in view["declarations"]]
        in_stock = int(view["shown_in_stock"])
        seen = own | int(view["loose"]) | in_stock
        for d in decls:
            seen |= d[0]
        zones = {"stock": view["stock"] - in_stock.bit_count(), "won0": view["won_counts"][0],
                 "won1": view["won_counts"][1]}
        for p in range(n):
            if p != seat:
                zones[f"hand{p}"] = view["hand_sizes"][p]
        # A player whose declaration stands keeps a card of its value.
        kept = {}
        pool = DECK.all_mask & ~seen
        for cards, value, owner in decls:
            if owner != seat:
                card = rng.choice(ids(pool & VALUED[value]))
                kept[owner] = 1 << card
                pool &= ~kept[owner]
                zones[f"hand{owner}"] -= 1
        placed = sample_hands(pool, zones, rng)
        s.hands = [own if p == seat else placed[f"hand{p}"] | kept.get(p, 0) for p in range(n)]
        s.stock = shuffled(placed["stock"] | in_stock, rng)
        s.shown_in_stock = in_stock
        s.loose = int(view["loose"])
        s.decls = decls
        s.won = [placed["won0"], placed["won1"]]
        s.xeris = list(view["xeris"])
        s.last_capturer = view["last_capturer"]
        s.plays = view["plays"]
        s.dealer = view["dealer"]
        s.hand_no = view["hand_no"]
        s.scores = list(view["scores"])
        s.results = [list(r) for r in view["results"]]
        return s
