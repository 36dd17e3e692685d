"""Top Trumps Trick Taking: three players and a dummy with a stat-card pack.

Rule source: seed 000 (Korppi, "My Games"), ch. 7 Top Trumps Trick Taking:
7.1 Setup, 7.2 Gameplay, 7.3 Scoring (7.4 tips guide the bot); ch. 2 for
tricks.  The seed plays any Top Trumps pack; pelit ships its own,
"Airships of the Northern Skies" (``cards/top_trumps_airships.json``, 34
imaginary ships, six categories: speed, range, crew, cargo, ceiling,
engines; some ships lack some figures).  Card text is the ship's name.

Table.  In each deal one player attacks, the other two defend together, and
the fourth hand is a face-up dummy played by the attacker, sitting between
the defenders: clockwise the attacker, the defender on his left, the dummy,
the other defender.  A view names these places in ``places`` (``seat 1``,
``dummy``, ...; place 0 is the attacker) and tricks list plays by place.

Actions: ``CATEGORY NAME`` leads a card naming the lead category (``speed
XENON``); a plain ``NAME`` follows; ``discard NAME`` is the attacker's
discard.

Decisions where the seed is silent (pinned in tests/games/test_top_trumps.py):

- 7.1 dealing: one card at a time clockwise from the attacker's left
  (defender, dummy, defender, attacker) until each place has the even share;
  the cards left over then go to the attacker, who discards as many face up,
  one by one.  The 34-card pack gives 8 each and 2 extra.
- 7.1 / 7.3 turns to attack: players 0, 1, 2 attack the first three deals
  in that order.  Then the players seated second and third exchange seats
  (so each one's neighbours change sides), and the next three deals are
  attacked in the new clockwise order 0, 2, 1.  Each player attacks twice.
- 7.2 a card without a figure in the lead category never meets the
  must-play rule and never wins the trick; a follower who has no card with a
  figure at least the highest so far may play any card.
- 7.3 the match is won by the most points; equal best scores share the win.
  For play with stakes the outcome's details carry the 1.2 settlement
  (each score less the average).
  The number of deals is an option (``deals``, default the seed's 6; a
  multiple of 3 keeps the turns to attack fair).
- Cards known not to be in a hand: a player who did not meet the must-play
  rule holds no card reaching that figure; views list, per place, the lowest
  figure per category it is known not to reach (``lacks``), and sampled
  worlds respect it.
- Won tricks lie face down (ch. 2): a view gives the tricks each place has
  won and the last trick (with its category) until the next card is
  played; remembering the cards played is the players' business.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands
from ..cards.deck import Card, CardSet, ids, mask_of
from ..cards.statdeck import stat_deck
from ..cards.trick import last_trick_cards, last_trick_from_view, shown_last_trick, won_tricks_view
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = stat_deck("airships")
CATEGORIES = DECK.categories
DUMMY = "dummy"
DUMMY_AT = 3                 # the web table seats the dummy as hand 3, after the three players


class Phase(enum.Enum):
    DISCARD = 1
    PLAY = 2


@dataclass(frozen=True)
class TopTrumpsOptions:
    deals: int = option(6, "number of deals; each player attacks in turn (7.3)", min=1, max=30)


def at_least(category: str, figure: int) -> int:
    """Mask of the cards whose figure in ``category`` is at least ``figure``."""
    stats = DECK.stat[category]
    return mask_of(c for c in range(DECK.size) if stats[c] is not None and stats[c] >= figure)


def trick_winner(plays: list, category: str) -> int:
    """Index in ``plays`` ((place, card) pairs) of the winner (7.2): the highest
    figure in the lead category; of equal highest, the last played."""
    stats = DECK.stat[category]
    best_i, best = 0, stats[plays[0][1]]
    for i in range(1, len(plays)):
        v = stats[plays[i][1]]
        if v is not None and v >= best:
            best_i, best = i, v
    return best_i


def settlement(points: list[int]) -> list[float]:
    """Korppi 1.2 for three or more players: each player's score less the
    average (what he takes from the pot, negative: what he pays in)."""
    avg = sum(points) / len(points)
    return [round(p - avg, 6) for p in points]


class TopTrumpsState(State):
    __slots__ = ("deal_no", "circle", "places", "hands", "discards", "extra", "leader",
                 "turn", "trick", "category", "won", "tricks", "lacks", "points",
                 "results", "last_trick")

    def _copy_into(self, new):
        new.deal_no = self.deal_no
        new.circle = self.circle
        new.places = self.places
        new.hands = self.hands.copy()
        new.discards = self.discards
        new.extra = self.extra
        new.leader = self.leader
        new.turn = self.turn
        new.trick = self.trick.copy()
        new.category = self.category
        new.won = self.won.copy()
        new.tricks = self.tricks.copy()
        new.lacks = [d.copy() for d in self.lacks]
        new.points = self.points.copy()
        new.results = self.results.copy()
        new.last_trick = self.last_trick


def circle_for(deal_no: int) -> tuple[int, ...]:
    """Players clockwise for a deal: 0 1 2, and 0 2 1 after the seat exchange."""
    return (0, 1, 2) if (deal_no // 3) % 2 == 0 else (0, 2, 1)


def places_for(deal_no: int) -> tuple:
    """Per place (attacker, left defender, dummy, right defender): the player
    who acts for it."""
    circle = circle_for(deal_no)
    a = circle.index(circle[deal_no % 3])
    attacker = circle[a]
    return (attacker, circle[(a + 1) % 3], attacker, circle[(a + 2) % 3])


@register
class TopTrumps(Game):
    info = GameInfo(
        id="top-trumps", name="Top Trumps Trick Taking", min_seats=3, max_seats=3,
        family="trick-taking", source="000 ch. 7 Top Trumps Trick Taking (line 505)",
        hidden=True, chance=True, teams=True, aliases=("top-trumps-trick-taking",),
        summary=(
            "Three players and a face-up dummy, with a Top Trumps style pack (pelit's "
            "own 'Airships of the Northern Skies': 34 ships, six figures each, some "
            "missing). Each deal one player attacks with the dummy as partner and "
            "plays its cards too; the dummy sits between the two defenders. The pack "
            "is dealt evenly to four hands, the leftover cards go to the attacker, who "
            "discards that many face up. The defender on the attacker's left leads. "
            "The leader plays any card and names a category the card has a figure in; "
            "each later card must have a figure in that category at least as high as "
            "the best so far, if the player holds such a card (otherwise anything "
            "goes). The best figure wins, and of equal best the last one played. The "
            "attacker scores a point for every trick he or the dummy takes. After "
            "three deals two players change seats; after six deals, in which everyone "
            "attacked twice, the most points wins."),
        verbs=(("CATEGORY NAME", "lead a card and name the category, e.g. 'speed XENON'"),
               ("NAME", "play a card to a trick, e.g. 'NIMBUS'"),
               ("discard NAME", "the attacker's discard of a leftover card (face up)")),
    )
    Options = TopTrumpsOptions
    Phase = Phase
    State = TopTrumpsState
    deck = DECK
    test_options = {}
    # the terminal: engine fields a screen need not show; a trick is a table field
    web_layout = {
        "table": "trick",
        "extra_hands": {"3": "dummy"},              # DUMMY_AT: the attacker plays it
        "show": {
            "hand": "hand", "hand_sizes_by_seat": "backs", "trick_by_seat": "trick",
            "last_trick_by_seat": "last_trick",
            "dummy": {"role": "open_hand", "label": "dummy", "seat_key": "dummy_at"},
            "attacker": ["tag", "attacker"], "category": ["banner", "category"],
            "best_so_far": ["banner", "best so far"], "turn_place": ["banner", "to play"],
            "taken": ["seat", "tricks"], "points": ["seat", "points"],
            "discards": ["cards", "discarded"],
            "hand_figures": {"role": "history", "label": "your cards", "open": True},
            "dummy_figures": {"role": "history", "label": "the dummy's cards", "open": True},
            "deal_no": {"role": "info", "label": "deal", "one_based": True},
        },
        "sheet": {"event": "deal_scored", "total": "totals", "hide": ["tricks"]},
    }
    render_hints = {"hide": ["trick_by_seat", "last_trick_by_seat", "hand_sizes_by_seat", "taken",
                             "dummy_at", "acting", "circle", "lacks", "deal_no"], "table": ["trick"],
                    "seat_fields": ["attacker"]}

    def render_board(self, view):
        """For the terminal: which deal of how many (the view counts from 0 and
        has counted past the last one when the match is over)."""
        deals = view["options"].deals
        return f"Deal {min(view['deal_no'] + 1, deals)} of {deals}"

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.lead_base = {}
        for cat in CATEGORIES:
            self.lead_base[cat] = a.card_block(cat)
        self.discard_base = a.card_block("discard")
        self.actions = a
        self.threshold = {cat: {} for cat in CATEGORIES}

    def num_players(self, state):
        return 3

    def _at_least(self, cat, figure):
        table = self.threshold[cat]
        if figure not in table:
            table[figure] = at_least(cat, figure)
        return table[figure]

    # -- dealing ---------------------------------------------------------------
    def _setup(self, s):
        s.deal_no = 0
        s.points = [0, 0, 0]
        s.results = []
        self._deal(s)

    def _deal(self, s):
        s.circle = circle_for(s.deal_no)
        s.places = places_for(s.deal_no)
        pack = s.deal_pack(DECK, s.deal_no)
        share = DECK.size // 4
        hands = [0, 0, 0, 0]
        pos = 0
        for _ in range(share):
            for place in (1, 2, 3, 0):
                hands[place] |= 1 << pack[pos]
                pos += 1
        for c in pack[pos:]:
            hands[0] |= 1 << c
        s.extra = DECK.size - 4 * share
        s.hands = hands
        s.discards = 0
        s.trick = []
        s.category = None
        s.won = [0, 0, 0, 0]
        s.tricks = [0, 0, 0, 0]
        s.lacks = [{}, {}, {}, {}]
        s.last_trick = None
        s.leader = s.turn = 1
        attacker = s.places[0]
        s.log("deal", None, deal=s.deal_no, attacker=attacker, places=self._labels(s),
              dummy=CardSet(hands[2]))
        for seat in range(3):
            place = 0 if seat == attacker else s.places.index(seat)
            s.log("dealt", seat, audience=(seat,), private={"cards": CardSet(hands[place])},
                  count=hands[place].bit_count())
        if s.extra:
            s.phase = Phase.DISCARD
            s.to_act = (attacker,)
        else:
            self._start_play(s)

    def _start_play(self, s):
        s.phase = Phase.PLAY
        s.turn = s.leader = 1
        s.to_act = (s.places[1],)

    # -- 7.1 the attacker's discard -----------------------------------------------
    def _legal_discard(self, s, seat):
        return [self.discard_base + c for c in ids(s.hands[0])]

    def _apply_discard(self, s, seat, action):
        card = action - self.discard_base
        s.hands[0] &= ~(1 << card)
        s.discards |= 1 << card
        s.log("discard", seat, card=Card(card))
        if s.discards.bit_count() == s.extra:
            self._start_play(s)

    # -- 7.2 play -------------------------------------------------------------------
    def _best(self, s):
        stats = DECK.stat[s.category]
        return max(stats[c] for _, c in s.trick if stats[c] is not None)

    def _must_mask(self, s):
        """Cards meeting the must-play rule now (the whole hand if none does)."""
        hand = s.hands[s.turn]
        stats = DECK.stat[s.category]
        best = max(stats[c] for _, c in s.trick if stats[c] is not None)
        meets = hand & self._at_least(s.category, best)
        return meets if meets else hand

    def _legal_play(self, s, seat):
        hand = s.hands[s.turn]
        if not s.trick:
            out = []
            for cat in CATEGORIES:
                base = self.lead_base[cat]
                out.extend(base + c for c in ids(hand & DECK.has[cat]))
            return out
        return ids(self._must_mask(s))

    def _apply_play(self, s, seat, action):
        place = s.turn
        if not s.trick:
            for cat in CATEGORIES:
                base = self.lead_base[cat]
                if base <= action < base + DECK.size:
                    s.category, card = cat, action - base
                    break
            s.log("lead", seat, place=self._labels(s)[place], card=Card(card), category=s.category)
        else:
            card = action
            stats = DECK.stat[s.category]
            best = max(stats[c] for _, c in s.trick if stats[c] is not None)
            v = stats[card]
            if v is None or v < best:
                # 7.2: he could not meet the figure, so he holds no card that does
                lacks = s.lacks[place]
                lacks[s.category] = min(best, lacks.get(s.category, best))
            s.log("play", seat, place=self._labels(s)[place], card=Card(card))
        s.hands[place] &= ~(1 << card)
        s.trick.append((place, card))
        if len(s.trick) < 4:
            s.turn = (place + 1) % 4
            s.to_act = (s.places[s.turn],)
            return
        win = s.trick[trick_winner(s.trick, s.category)][0]
        s.tricks[win] += 1
        s.won[win] |= mask_of(c for _, c in s.trick)
        s.log("trick", None, won_by=self._labels(s)[win], category=s.category,
              tricks=list(s.tricks))
        s.last_trick = (tuple(s.trick), win, s.category)
        s.trick = []
        s.category = None
        if s.hands[win]:
            s.leader = s.turn = win
            s.to_act = (s.places[win],)
            return
        self._end_deal(s)

    def _end_deal(self, s):
        attacker = s.places[0]
        pts = s.tricks[0] + s.tricks[2]          # 7.3: his own tricks and the dummy's
        s.points[attacker] += pts
        s.results.append((attacker, pts))
        s.log("deal_scored", None, attacker=attacker, points=pts, tricks=list(s.tricks),
              totals=list(s.points))
        s.deal_no += 1
        if s.deal_no >= s.options.deals:
            top = max(s.points)
            winners = tuple(p for p in range(3) if s.points[p] == top)
            self.finish(s, Outcome(tuple(s.points), winners,
                                   f"{s.options.deals} deals played; most points: {top}",
                                   details={"deals": [list(r) for r in s.results],
                                            "settlement": settlement(s.points)}))
            return
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if s.phase == Phase.DISCARD:
            card = action - self.discard_base
            if 0 <= card < DECK.size:
                return (f"{DECK.text(card)} is not in your hand: the attacker discards "
                        "from his own hand, not the dummy's (7.1)")
            return "the attacker must first discard his leftover cards ('discard NAME')"
        if 0 <= action < DECK.size:
            if not (s.hands[s.turn] >> action) & 1:
                return f"{DECK.text(action)} is not in the hand you play"
            if not s.trick:
                return "a lead names its category: 'CATEGORY NAME', e.g. 'speed XENON'"
            stats = DECK.stat[s.category]
            best = max(stats[c] for _, c in s.trick if stats[c] is not None)
            return (f"you must play a card with {s.category} at least {best} "
                    "while you hold one (7.2)")
        for cat, base in self.lead_base.items():
            if base <= action < base + DECK.size:
                card = action - base
                if s.trick:
                    return "only the leader names a category; play a card by its name"
                if not (s.hands[s.turn] >> card) & 1:
                    return f"{DECK.text(card)} is not in the hand you play"
                return f"{DECK.text(card)} has no {cat} figure to lead with (7.2)"
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------------------
    def _labels(self, s) -> list[str]:
        """Place names for views and events: the players' seats and the dummy."""
        p = s.places
        return [f"seat {p[0]}", f"seat {p[1]}", DUMMY, f"seat {p[3]}"]

    def _lacking(self, lacks: dict) -> int:
        m = 0
        for cat, figure in lacks.items():
            m |= self._at_least(cat, figure)
        return m

    def _own_place(self, s, seat):
        return s.places.index(seat)        # the attacker's own hand is place 0

    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[self._own_place(s, seat)])
        v["dummy"] = CardSet(s.hands[2])
        if seat is not None:       # the figures printed on the cards one can see
            v["hand_figures"] = [DECK.describe(c) for c in ids(s.hands[self._own_place(s, seat)])]
        v["dummy_figures"] = [DECK.describe(c) for c in ids(s.hands[2])]
        labels = self._labels(s)
        v["places"] = labels
        v["acting"] = list(s.places)
        v["attacker"] = s.places[0]
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["discards"] = CardSet(s.discards)
        v["extra"] = s.extra
        v["trick"] = [[labels[p], Card(c)] for p, c in s.trick]
        v["category"] = s.category
        v["best_so_far"] = self._best(s) if s.trick else None
        v["lead_place"] = labels[s.leader]
        v["turn_place"] = labels[s.turn]
        v["lacks"] = [dict(sorted(d.items())) for d in s.lacks]
        last = None if s.last_trick is None else s.last_trick[:2]
        v.update(won_tricks_view(s.tricks, last, s.trick, labels.__getitem__))
        if v["last_trick"] is not None:
            v["last_trick"]["category"] = s.last_trick[2]
        v.update(self._seat_view(s, last))
        v["points"] = list(s.points)
        v["deal_no"] = s.deal_no
        v["circle"] = list(s.circle)
        v["results"] = [{"deal": i + 1, "attacker": a, "points": p}
                        for i, (a, p) in enumerate(s.results)]

    def _seat_view(self, s, last):
        """The table by seat numbers for the web table, beside the fields by
        place name: a player at its seat, the dummy at hand ``DUMMY_AT``
        (a hand that is no seat); the trick and the last trick as
        ``[number, card]`` plays, and the cards each holds and the tricks each took (``taken``)."""
        numbers = [DUMMY_AT if p == 2 else s.places[p] for p in range(4)]
        sizes, tricks = [0] * 4, [0] * 4
        for p in range(4):
            sizes[numbers[p]] = s.hands[p].bit_count()
            tricks[numbers[p]] = s.tricks[p]
        return {"trick_by_seat": [[numbers[p], Card(c)] for p, c in s.trick],
                "last_trick_by_seat": shown_last_trick(last, s.trick, numbers.__getitem__),
                "hand_sizes_by_seat": sizes, "taken": tricks, "dummy_at": DUMMY_AT}

    def zones(self, s):
        z = {f"hand{p}": s.hands[p] for p in range(4)}
        z["discards"] = s.discards
        z["trick"] = mask_of(c for _, c in s.trick)
        for p in range(4):
            z[f"won{p}"] = s.won[p]
        return z

    def unknown_cards(self, s, seat):
        hidden = 0
        for p in (0, 1, 3):
            if seat is None or s.places[p] != seat:
                hidden |= s.hands[p]
        return hidden

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        s.deal_no = view["deal_no"]
        s.circle = tuple(view["circle"])
        s.places = tuple(view["acting"])
        s.discards = int(view["discards"])
        s.extra = view["extra"]
        place = {label: i for i, label in enumerate(view["places"])}
        s.trick = [(place[p], int(c)) for p, c in view["trick"]]
        s.category = view["category"]
        s.leader = place[view["lead_place"]]
        s.turn = place[view["turn_place"]]
        s.tricks = list(view["tricks_won"])
        s.lacks = [dict(d) for d in view["lacks"]]
        lt = view["last_trick"]
        s.last_trick = None if lt is None else \
            last_trick_from_view(lt, place) + (lt["category"],)
        # won tricks lie face down: their cards are dealt again, four a
        # trick, less the last trick while it is shown
        s.won = [0, 0, 0, 0]
        if s.last_trick is not None:
            s.won[s.last_trick[1]] = last_trick_cards(lt)
        s.points = list(view["points"])
        s.results = [(r["attacker"], r["points"]) for r in view["results"]]
        known = {2: int(view["dummy"])}
        if seat is not None:
            known[self._own_place(s, seat)] = int(view["hand"])
        used = s.discards | mask_of(c for _, c in s.trick)
        for m in s.won:
            used |= m
        for m in known.values():
            used |= m
        counts = {p: view["hand_sizes"][p] for p in range(4) if p not in known}
        allowed = {p: DECK.all_mask & ~self._lacking(s.lacks[p]) for p in counts}
        for p in range(4):
            counts[f"won{p}"] = 4 * s.tricks[p] - s.won[p].bit_count()
        placed = sample_hands(DECK.all_mask & ~used, counts, rng, allowed)
        s.hands = [known[p] if p in known else placed[p] for p in range(4)]
        s.won = [s.won[p] | placed[f"won{p}"] for p in range(4)]
        return s
