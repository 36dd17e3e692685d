"""Multimulta: a partnership trick game with multi-suit cards.

Rule source: seed 000 (Korppi, "My Games"), ch. 10 Multimulta: 10.1 Making
the cards (the card faces), 10.2 The game, 10.3 How to play the tricks;
ch. 2 for tricks, 1.1 for teams.

The deck.  Each of the 36 cards carries a rank in up to three suits,
spades, diamonds and clubs.  Card text lists the ranks in that order, ``-``
where a card has no rank in a suit: ``KJ9`` is spades king, diamonds jack,
clubs nine; ``A--`` is an ace of spades with nothing else.  Copies of one
face share its text.

Reconstruction of the deck (10.1; the seed's faces came through OCR
garbled, and only 20 of the 36 survive).  Pinned in the tests.

1. Reading a face.  Each surviving face shows three corner entries, the
   same three in the centre, and three more at the bottom.  The bottom
   entries are the top corner turned upside down, read in reverse order: a
   turned 9 reads "6", a turned J reads "f", a turned 7 reads "2", a turned
   spade reads as a heart, and a turned K or K-with-spade comes out as "♣♥".
   Every face checks out this way (e.g. top ``K♠ J♦ 9♣``, bottom ``6♣ f♦
   ♣♥``), so the true suits are only ♠ ♦ ♣ (the "three stats or suits" of
   the chapter's introduction) and the ranks are the top corners.
2. The surviving 20 faces, top corners as ♠♦♣: the six orders of K J 9;
   Q Q Q; the six orders of J 9 7; T T T; the three orders of 9 7 7, each
   twice.
3. Symmetry.  Every pattern that survives appears in all its suit orders
   equally often, so the suits were made alike: the lost 16 are whole sets
   of suit orders too (sets of 6, 3 or 1 cards).
4. What the lost pages must hold.  (a) No ace and no eight survives, though
   the scale is the playing-card scale; the surviving cards are
   odd-rank progressions in steps of two (K J 9, J 9 7, 9 7 7) and even-rank
   triples (Q Q Q, T T T) stepping down by two.  The even counterpart is the
   progressions A Q T and Q T 8 (six orders each), and the triples' next step
   down, 8 8 8.  (b) 10.3 speaks of cards without a rank in the lead suit,
   and of leading only with a card that has one; no surviving card lacks a
   suit, so some lost cards must.  The three remaining cards are a lone ace
   in each suit (``A--``, ``-A-``, ``--A``): a card that takes a trick in
   its own suit and is useless in the others.  6 + 6 + 1 + 3 = 16.
5. Per suit the deck then holds: A 3, K 2, Q 5, J 4, T 5, 9 6, 8 3, 7 6,
   and 2 cards with no rank.  Points 4(a) and 4(b) are the reconstruction's
   judgement calls; points 1-3 follow from the text.

Decisions where the seed is silent (pinned in tests/games/test_multimulta.py):

- 10.2 dealing: seat 0 deals first, the deal passes to the left; one card
  at a time clockwise from the dealer's left, 9 each.
- 10.2 passing: the players choose their three cards one card at a time
  (``pass NAME``), in turn from the dealer's left; nobody sees another's
  choice, and the cards change hands only when all four have chosen.  A
  player remembers which cards he gave his partner.
- 10.3: the player on the dealer's left leads the first trick; each trick's
  winner leads the next.  ``SUIT NAME`` leads a card naming the lead suit
  (``spades KJ9``); a plain ``NAME`` follows.
- 10.2 scoring: nine tricks always give one side more; that side scores its
  tricks over four.  A game goes to 5 points (option ``target``); option
  ``games`` makes a match of several games (2 for a rubber: the first side
  to win two games), the match ends when a side has won that many.
- Inference a player may draw: one who does not meet the best so far holds
  no card reaching it in that suit, and one who plays a card without a rank
  in the lead suit holds no card of that suit; views list these (``lacks``)
  and sampled worlds respect them.
- Won tricks lie face down (ch. 2): a view gives the tricks each side has
  won and the last trick (with its lead suit) until the next card is
  played.  A player's view lists the cards he passed that his partner still
  holds (``given``); he saw the others played.
- 10.1 copies: the faces the deck holds twice (977, 797, 779) look alike,
  so a hand holding both offers one action for them (records name cards by
  their text).  Of the two, the copy the partner passed goes first: once
  the partner plays such a face, the passer can no longer be sure he still
  holds one, and ``given`` shows him no more than that.  ``received`` shows
  a player the cards his partner passed him that he still holds.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import permutations

from ..cards.deal import deal, sample_hands
from ..cards.deck import Card, CardSet, ids, mask_of
from ..cards.statdeck import StatDeck
from ..cards.trick import last_trick_cards, last_trick_from_view, won_tricks_view
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

SUITS = ("spades", "diamonds", "clubs")
RANK_OF_CHAR = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7,
                "-": None}
RANK_CHAR = {r: ch for ch, r in RANK_OF_CHAR.items() if r is not None}


def _orders(ranks: str) -> list[str]:
    return list(dict.fromkeys("".join(p) for p in permutations(ranks)))


# 10.1: the 20 faces that survive, top corners read as spades, diamonds, clubs
SURVIVING = ("KJ9", "K9J", "JK9", "9KJ", "J9K", "9JK", "QQQ",
             "J97", "J79", "9J7", "7J9", "97J", "79J", "TTT",
             "977", "977", "797", "797", "779", "779")
# the 16 reconstructed (module docstring, point 4)
RECONSTRUCTED = tuple(_orders("AQT") + _orders("QT8") + ["888"] + _orders("A--"))
FACES = SURVIVING + RECONSTRUCTED

DECK = StatDeck("multimulta", {
    "name": "Multimulta",
    "categories": [{"id": s} for s in SUITS],
    "cards": [{"name": f, "stats": {s: RANK_OF_CHAR[f[i]] for i, s in enumerate(SUITS)}}
              for f in FACES],
})
RANKS = DECK.stat                    # RANKS[suit][card] -> rank or None
HAND = 9
PASS_COUNT = 3


def at_least(suit: str, rank: int) -> int:
    """Cards with a rank of at least ``rank`` in ``suit`` (rank 0: any rank there)."""
    r = RANKS[suit]
    return mask_of(c for c in range(DECK.size) if r[c] is not None and r[c] >= rank)


AT_LEAST = {s: {k: at_least(s, k) for k in range(0, 15)} for s in SUITS}
# the faces the deck holds more than once, as masks of their copies
REPEATED = tuple(m for m in dict.fromkeys(mask_of(DECK.copies_of(f)) for f in FACES)
                 if m & (m - 1))


def one_per_face(hand: int, received: int = 0) -> int:
    """One card of each face in ``hand``: copies look alike and share their
    text, so an action names the face and this copy stands for them all.
    A copy the partner passed (``received``) goes first, so that what the
    passer sees of his cards (``given``) is only what he can be sure of."""
    out = hand
    for face in REPEATED:
        held = hand & face
        if held & (held - 1):
            first = held & received or held
            out = (out & ~held) | (first & -first)
    return out


def allowed_follow(hand: int, suit: str, best: int) -> int:
    """10.3: a card reaching the best so far if he has one, else any card with
    a rank in the lead suit, else anything."""
    meets = hand & AT_LEAST[suit][best]
    if meets:
        return meets
    has = hand & DECK.has[suit]
    return has if has else hand


def trick_winner(plays: list, suit: str) -> int:
    """Index of the winning play: the highest rank in the lead suit, of equal
    highest the last played (10.3)."""
    r = RANKS[suit]
    best_i, best = 0, r[plays[0][1]]
    for i in range(1, len(plays)):
        v = r[plays[i][1]]
        if v is not None and v >= best:
            best_i, best = i, v
    return best_i


def deal_points(tricks: list[int]) -> list[int]:
    """10.2: the side with more tricks scores one point per trick over four."""
    a, b = tricks
    return [max(0, a - 4), 0] if a > b else [0, max(0, b - 4)]


class Phase(enum.Enum):
    SELECT = 1
    PLAY = 2


@dataclass(frozen=True)
class MultimultaOptions:
    target: int = option(5, "points that win a game (10.2)", min=1, max=50)
    games: int = option(1, "games a side must win to take the match (2: a rubber)",
                        min=1, max=9)


class MultimultaState(State):
    __slots__ = ("dealer", "deal_no", "hands", "selected", "given", "leader", "turn",
                 "trick", "suit", "won", "tricks", "lacks", "points", "games_won",
                 "results", "last_trick")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = self.hands.copy()
        new.selected = self.selected.copy()
        new.given = self.given.copy()
        new.leader = self.leader
        new.turn = self.turn
        new.trick = self.trick.copy()
        new.suit = self.suit
        new.won = self.won.copy()
        new.tricks = self.tricks.copy()
        new.lacks = [d.copy() for d in self.lacks]
        new.points = self.points.copy()
        new.games_won = self.games_won.copy()
        new.results = self.results.copy()
        new.last_trick = self.last_trick


@register
class Multimulta(Game):
    info = GameInfo(
        id="multimulta", name="Multimulta", min_seats=4, max_seats=4,
        family="trick-taking", source="000 ch. 10 Multimulta (line 669)",
        hidden=True, chance=True, teams=True, zero_sum=True,
        summary=(
            "Four players in two partnerships with a 36-card deck whose cards each "
            "carry a rank in up to three suits (spades, diamonds, clubs; a card "
            "named KJ9 is a spade king, a diamond jack and a club nine). Each player "
            "gets nine cards and passes three, face down, to the partner. The "
            "leader plays any card and names one of its suits as the lead suit. "
            "Each later player must play a card whose rank in that suit is at "
            "least the best so far if he can; failing that, any card with a rank in "
            "that suit; failing that, anything. The highest rank in the lead suit "
            "wins, and of equal highest the one played last. The side taking more "
            "of the nine tricks scores one point per trick over four; five points "
            "win. The seed's card faces were garbled: pelit's deck is a documented "
            "reconstruction (see the module's notes)."),
        verbs=(("pass NAME", "choose one of the three cards for your partner"),
               ("SUIT NAME", "lead a card and name the lead suit, e.g. 'spades KJ9'"),
               ("NAME", "play a card to a trick, e.g. '977'")),
    )
    Options = MultimultaOptions
    Phase = Phase
    State = MultimultaState
    deck = DECK
    test_options = {"target": 2}
    # the terminal: the inferred lacks are for bots; a trick is a table field
    web_layout = {
        "table": "trick",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "trick": "trick", "last_trick": "last_trick",
            "dealer": "tag", "leader": ["tag", "leads"], "suit": ["banner", "suit led"],
            "selected": ["cards", "chosen to give"], "given": ["cards", "you gave"],
            "received": ["cards", "you received"],
            "selected_counts": {"role": "seat", "label": "chosen", "phases": ["select"]},
            "tricks_won": ["team", "tricks"], "points": ["team", "points"],
            "games_won": ["team", "games"],
        },
        "sheet": {"event": "deal_scored", "gained": "points", "total": "totals"},
    }
    render_hints = {"hide": ["lacks", "deal_no"], "table": ["trick", "results"],
                    "seat_fields": ["turn"],
                    # one entry a side and a side's number, for a duplicate match
                    "team_lists": ["tricks_won", "tricks", "points", "totals", "games_won",
                                   "games", "deals"],
                    "team_fields": ["side"]}

    def render_board(self, view):
        """For the terminal: how to read a card, and the best so far (10.3)."""
        lines = [f"Deal {view['deal_no'] + 1}",     # the view counts deals from 0
                 "A card lists its ranks in spades, diamonds, clubs: KJ9 is K♠ J♦ 9♣; "
                 "- means no rank in that suit; T is a ten"]
        if view["trick"] and view["suit"]:
            r = RANKS[view["suit"]]
            best = max(r[int(c)] for _, c in view["trick"] if r[int(c)] is not None)
            lines.append(f"Lead suit {view['suit']}; best so far {RANK_CHAR[best]}: play a card "
                         f"reaching it if you can, else one with a {view['suit']} rank")
        return "\n".join(lines)

    def describe_event(self, e):
        """The table's lines in words (seats by number; "You" at one's own)."""
        kind, seat = e["kind"], e.get("seat")
        if kind == "deal":
            return f"deal {e['deal'] + 1}: seat {e['dealer']} deals nine cards each"
        if kind == "select":
            what = DECK.text(int(e["card"])) if "card" in e else "a card"   # another's is secret
            return f"seat {seat} chooses {what} to give ({e['count']} of 3)"
        if kind == "received":
            what = DECK.texts(e["cards"]) if "cards" in e else "three cards"
            return f"seat {seat} receives {what} from across the table"
        if kind == "lead":
            return f"seat {seat} leads {DECK.text(int(e['card']))}, suit {e['suit']}"
        if kind == "play":
            return f"seat {seat} plays {DECK.text(int(e['card']))}"
        if kind == "trick":
            a, b = e["tricks"]
            return f"seat {e['winner']} wins the trick (tricks: side 0 {a}, side 1 {b})"
        if kind == "deal_scored":
            (a, b), pts = e["tricks"], e["points"]
            side = 0 if a > b else 1
            return (f"deal scored: side {side} took {max(a, b)} tricks of 9 and scores "
                    f"{pts[side]}; points side 0 {e['totals'][0]}, side 1 {e['totals'][1]}")
        if kind == "game_won":
            side = e["side"]
            g = e["games"]
            return (f"side {side} (seats {side} and {side + 2}) wins the game with "
                    f"{e['points'][side]} points; games won: side 0 {g[0]}, side 1 {g[1]}")
        return NotImplemented

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.lead_base = {s: a.card_block(s) for s in SUITS}
        self.pass_base = a.card_block("pass")
        self.actions = a

    def num_players(self, state):
        return 4

    # -- dealing and passing ------------------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.deal_no = 0
        s.points = [0, 0]
        s.games_won = [0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        pack = s.deal_pack(DECK, s.deal_no)
        first = (s.dealer + 1) % 4
        s.hands, _ = deal(pack, [HAND] * 4, start=first)
        s.selected = [0, 0, 0, 0]
        s.given = [0, 0, 0, 0]
        s.trick = []
        s.suit = None
        s.won = [0, 0]
        s.tricks = [0, 0]
        s.lacks = [{}, {}, {}, {}]
        s.last_trick = None
        s.leader = s.turn = first
        s.log("deal", None, dealer=s.dealer, deal=s.deal_no)
        for p in range(4):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=HAND)
        s.phase = Phase.SELECT
        s.to_act = (first,)

    def _legal_select(self, s, seat):
        return [self.pass_base + c for c in ids(one_per_face(s.hands[seat]))]

    def _apply_select(self, s, seat, action):
        card = action - self.pass_base
        s.hands[seat] &= ~(1 << card)
        s.selected[seat] |= 1 << card
        s.log("select", seat, audience=(seat,), private={"card": Card(card)},
              count=s.selected[seat].bit_count())
        if s.selected[seat].bit_count() < PASS_COUNT:
            return
        nxt = (seat + 1) % 4
        if nxt != (s.dealer + 1) % 4:
            s.to_act = (nxt,)
            return
        # 10.2: everyone has chosen; the cards go to the team-mates
        for p in range(4):
            mate = (p + 2) % 4
            s.hands[mate] |= s.selected[p]
            s.given[p] = s.selected[p]
        for p in range(4):
            s.log("received", p, audience=(p,), private={"cards": CardSet(s.selected[(p + 2) % 4])},
                  count=PASS_COUNT)
        s.selected = [0, 0, 0, 0]
        s.phase = Phase.PLAY
        s.to_act = (s.leader,)

    # -- 10.3 tricks ------------------------------------------------------------------
    def _best(self, s):
        r = RANKS[s.suit]
        return max(r[c] for _, c in s.trick if r[c] is not None)

    def _received(self, s, seat):
        """The cards his partner passed him that he still holds."""
        return s.given[(seat + 2) % 4] & s.hands[seat]

    def _legal_play(self, s, seat):
        hand = s.hands[seat]
        if not s.trick:
            faces = one_per_face(hand, self._received(s, seat))
            out = []
            for suit in SUITS:
                out.extend(self.lead_base[suit] + c for c in ids(faces & DECK.has[suit]))
            return out
        return ids(one_per_face(allowed_follow(hand, s.suit, self._best(s)),
                                self._received(s, seat)))

    def _apply_play(self, s, seat, action):
        if not s.trick:
            for suit, base in self.lead_base.items():
                if base <= action < base + DECK.size:
                    s.suit, card = suit, action - base
                    break
            s.log("lead", seat, card=Card(card), suit=s.suit)
        else:
            card = action
            best = self._best(s)
            v = RANKS[s.suit][card]
            lacks = s.lacks[seat]
            if v is None:
                lacks[s.suit] = 0           # holds nothing with a rank in the lead suit
            elif v < best:
                lacks[s.suit] = min(best, lacks.get(s.suit, best))
            s.log("play", seat, card=Card(card))
        s.hands[seat] &= ~(1 << card)
        s.trick.append((seat, card))
        if len(s.trick) < 4:
            s.turn = (seat + 1) % 4
            s.to_act = (s.turn,)
            return
        win = s.trick[trick_winner(s.trick, s.suit)][0]
        s.tricks[win % 2] += 1
        s.won[win % 2] |= mask_of(c for _, c in s.trick)
        s.log("trick", None, winner=win, suit=s.suit, tricks=list(s.tricks))
        s.last_trick = (tuple(s.trick), win, s.suit)
        s.trick = []
        s.suit = None
        if s.hands[win]:
            s.leader = s.turn = win
            s.to_act = (win,)
            return
        self._end_deal(s)

    def _end_deal(self, s):
        pts = deal_points(s.tricks)
        s.points = [s.points[0] + pts[0], s.points[1] + pts[1]]
        s.results.append((tuple(s.tricks), tuple(pts)))
        s.log("deal_scored", None, tricks=list(s.tricks), points=pts, totals=list(s.points))
        if max(s.points) >= s.options.target:
            side = 0 if s.points[0] > s.points[1] else 1
            s.games_won[side] += 1
            s.log("game_won", None, side=side, points=list(s.points), games=list(s.games_won))
            if s.games_won[side] >= s.options.games:
                self.finish(s, Outcome(tuple(s.games_won[p % 2] if s.options.games > 1
                                             else s.points[p % 2] for p in range(4)),
                                       (side, side + 2),
                                       f"side {side} ({side} and {side + 2}) won "
                                       + (f"{s.games_won[side]} games" if s.options.games > 1
                                          else f"with {s.points[side]} points"),
                                       details={"deals": [[list(t), list(p)] for t, p in s.results]}))
                return
            s.points = [0, 0]
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % 4
        self._deal(s)

    def _copy_offered(self, s, seat, action):
        """For an action naming a card that has a copy: the legal action of
        the same text that stands for it (``one_per_face``), else None."""
        for base in (0, self.pass_base, *self.lead_base.values()):
            card = action - base
            if 0 <= card < DECK.size:
                legal = self.legal_actions(s, seat)
                for twin in DECK.copies_of(DECK.text(card)):
                    if twin != card and base + twin in legal:
                        return base + twin
        return None

    def why_illegal(self, s, seat, action):
        twin = self._copy_offered(s, seat, action)
        if twin is not None:
            return (f"copies of one face look alike: '{self.action_text(twin)}' is the "
                    f"action for them (id {twin})")
        if s.phase == Phase.SELECT:
            card = action - self.pass_base
            if 0 <= card < DECK.size and seat is not None:
                if (s.selected[seat] >> card) & 1:
                    return f"{DECK.text(card)} is already set aside for your partner (10.2)"
                return f"{DECK.text(card)} is not in your hand"
            return "first choose three cards for your partner ('pass NAME')"
        if 0 <= action < DECK.size:
            if not (s.hands[seat] >> action) & 1:
                return f"{DECK.text(action)} is not in your hand"
            if not s.trick:
                return "a lead names the lead suit: 'SUIT NAME', e.g. 'spades KJ9'"
            best = self._best(s)
            if s.hands[seat] & AT_LEAST[s.suit][best]:
                return f"you must play a card with {s.suit} {RANK_CHAR[best]} or higher (10.3)"
            return f"you must play a card with a rank in {s.suit} (10.3)"
        for suit, base in self.lead_base.items():
            if base <= action < base + DECK.size:
                card = action - base
                if s.trick:
                    return "only the leader names the lead suit; play a card by its name"
                if not (s.hands[seat] >> card) & 1:
                    return f"{DECK.text(card)} is not in your hand"
                return f"{DECK.text(card)} has no rank in {suit} (10.3)"
        return super().why_illegal(s, seat, action)

    # -- views ---------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
            v["selected"] = CardSet(s.selected[seat])
            # the cards he passed that his partner still holds (he saw the others played)
            v["given"] = CardSet(s.given[seat] & s.hands[(seat + 2) % 4])
            v["received"] = CardSet(self._received(s, seat))
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["selected_counts"] = [m.bit_count() for m in s.selected]
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["leader"] = s.leader
        v["turn"] = s.turn
        v["trick"] = [[p, Card(c)] for p, c in s.trick]
        v["suit"] = s.suit
        v["lacks"] = [dict(sorted(d.items())) for d in s.lacks]
        last = None if s.last_trick is None else s.last_trick[:2]
        v.update(won_tricks_view(s.tricks, last, s.trick))
        if v["last_trick"] is not None:
            v["last_trick"]["suit"] = s.last_trick[2]
        v["points"] = list(s.points)
        v["games_won"] = list(s.games_won)
        v["results"] = [{"deal": i + 1, "tricks": list(t), "points": list(p)}
                        for i, (t, p) in enumerate(s.results)]

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(4)}
        for p in range(4):
            z[f"selected{p}"] = s.selected[p]
        z["trick"] = mask_of(c for _, c in s.trick)
        z["won0"], z["won1"] = s.won
        return z

    def unknown_cards(self, s, seat):
        hidden = 0
        for p in range(4):
            if p != seat:
                hidden |= s.hands[p] | s.selected[p]
        if seat is not None:
            hidden &= ~s.given[seat]          # he knows his partner holds those
        return hidden

    def _lacking(self, lacks: dict) -> int:
        m = 0
        for suit, rank in lacks.items():
            m |= AT_LEAST[suit][rank]
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.leader = view["leader"]
        s.turn = view["turn"]
        s.trick = [(p, int(c)) for p, c in view["trick"]]
        s.suit = view["suit"]
        s.tricks = list(view["tricks_won"])
        s.lacks = [dict(d) for d in view["lacks"]]
        lt = view["last_trick"]
        s.last_trick = None if lt is None else last_trick_from_view(lt) + (lt["suit"],)
        # won tricks lie face down: their cards are dealt again, four a
        # trick to each side, less the last trick while it is shown
        s.won = [0, 0]
        if s.last_trick is not None:
            s.won[s.last_trick[1] % 2] = last_trick_cards(lt)
        s.points = list(view["points"])
        s.games_won = list(view["games_won"])
        s.results = [(tuple(r["tricks"]), tuple(r["points"])) for r in view["results"]]
        s.given = [0, 0, 0, 0]
        used = s.won[0] | s.won[1] | mask_of(c for _, c in s.trick)
        hands = [0, 0, 0, 0]
        selected = [0, 0, 0, 0]
        if seat is not None:
            hands[seat] = int(view["hand"])
            selected[seat] = int(view["selected"])
            s.given[seat] = int(view["given"])
            s.given[(seat + 2) % 4] = int(view["received"])
            used |= hands[seat] | selected[seat]
            mate = (seat + 2) % 4
            known_mate = s.given[seat] & ~used
            hands[mate] = known_mate
            used |= known_mate
        counts, allowed = {}, {}
        for p in range(4):
            if p == seat:
                continue
            have = hands[p].bit_count()
            counts[f"h{p}"] = view["hand_sizes"][p] - have
            allowed[f"h{p}"] = DECK.all_mask & ~self._lacking(s.lacks[p])
            counts[f"s{p}"] = view["selected_counts"][p]
        for side in (0, 1):
            counts[f"won{side}"] = 4 * s.tricks[side] - s.won[side].bit_count()
        placed = sample_hands(DECK.all_mask & ~used, counts, rng, allowed)
        s.won = [s.won[side] | placed[f"won{side}"] for side in (0, 1)]
        for p in range(4):
            if p != seat:
                hands[p] |= placed[f"h{p}"]
                selected[p] = placed[f"s{p}"]
        s.hands = hands
        s.selected = selected
        # A sampled world knows only what passed between the seat and his
        # partner, not what the others gave theirs.
        return s
