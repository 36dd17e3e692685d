"""Android Whist: whist for two humans, each with an android partner.

Rule source: seed 000 (Korppi, "My Games"), ch. 3 Android Whist: 3.2 Setup,
3.3 The game for four players, 3.4 Androids, 3.5 Commands (3.5.1 following,
3.5.2 leading or after an Error Message); ch. 2 for the trick rules.

Table.  Four places clockwise from the dealer (``cards.android``): the
dealer, the android on the dealer's left (the other human's partner), the
android on the other human's right (the dealer's partner), the other human.
A view names them in ``places`` (``human 0``, ``android 1``: the android
partnering human 1); tricks list each play by its place.  Each human holds a hand, sees the opposing
android's hand and commands the friendly android, whose cards he never sees:
all that comes back from it is the card it plays or an Error Message.  The
opposing human carries a command out; since every command of 3.5 names
exactly one card, the engine carries it out for him.

Decisions where the seed is silent (pinned in tests/games/test_android_whist.py):

- 3.3 dealing: one card at a time clockwise, starting with the dealer's left.
- 3.4: human 0 deals the first deal; the humans then alternate.  With the
  four-human seating (option ``players=4``, 3.3 without androids) seat 0
  deals first and the deal passes to the left.
- 3.5.1 "the highest card in the trick so far" is the card now winning the
  trick (a discard of another suit is never high); Beat and High choose only
  among cards the android may play (it follows suit when it can).
- 3.5.2 "immediately after an Error Message": after an Error Message while
  following, the 3.5.1 commands stay available beside the 3.5.2 ones.  A
  command that already returned an Error Message on this turn is not offered
  again (the android's hand has not changed, so it would fail again).
- 3.5.2 Shortest looks only at non-trump suits the android holds (a void suit
  is not a suit it can play from); an android holding only trumps answers
  Shortest with an Error Message.  Longest looks at every suit it holds.
- Commands and Error Messages are said aloud, so they are public events;
  the android's cards are not.
- 3.3 scoring: thirteen tricks always give one side more; that side scores
  its tricks minus six.  The match ends after the deal in which a side
  reaches the target (option ``target``, default 5).
- Won tricks lie face down (ch. 2): a view gives the tricks each side has
  won and the last trick until the next card is played
  (``cards.trick.won_tricks_view``); remembering the cards played is the
  player's business.  It does list the suits each place has shown void in
  (failing to follow, or an Error Message that proves a void: Duck, Beat or
  High without the suit led, Beat or High without a trump when no trump is
  winning, a named suit it does not hold), facts the table has seen.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.android import (ANDROID, FOLLOW_COMMANDS, LEAD_COMMANDS, WHIST_COMMANDS,
                             android_render_hints, android_seating, android_web_layout,
                             gather_trick, hidden_hand_zones, seat_numbers, seat_view,
                             seating_lines, table_zones, won_view, whist_command)
from ..cards.deal import deal, sample_hands
from ..cards.deck import SPADES, SUIT_NAMES, Card, CardSet, ids, standard_deck
from ..cards.table_text import voids_line
from ..cards.trick import follow_mask, lay_card, last_trick_from_view, rank_strength, winning_index
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
STRENGTH = rank_strength(DECK)
TRUMP = SPADES
HAND = 13


class Phase(enum.Enum):
    PLAY = 1


@dataclass(frozen=True)
class AndroidWhistOptions:
    players: int = option(2, "2: two humans and two androids (3.4); 4: four humans (3.3)",
                          choices=(2, 4))
    target: int = option(5, "points that win the match (3.3)", min=1, max=50)


class AndroidWhistState(State):
    __slots__ = ("dealer", "deal_no", "places", "hands", "leader", "trick", "turn",
                 "won", "tricks", "after_error", "tried", "voids", "points",
                 "results", "last_trick")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.places = self.places
        new.hands = self.hands.copy()
        new.leader = self.leader
        new.trick = self.trick.copy()
        new.turn = self.turn
        new.won = self.won.copy()
        new.tricks = self.tricks.copy()
        new.after_error = self.after_error
        new.tried = self.tried
        new.voids = self.voids.copy()
        new.points = self.points.copy()
        new.results = self.results.copy()
        new.last_trick = self.last_trick


def deal_points(tricks: list[int]) -> list[int]:
    """Points of one deal per side (3.3): the side with more tricks scores
    its tricks minus six, the other side nothing."""
    a, b = tricks
    if a > b:
        return [a - 6, 0]
    if b > a:
        return [0, b - 6]
    return [0, 0]


def places_for(players: int, dealer: int):
    """Per place: (kind, team, seat acting for it).  Kind is "human" or "android"."""
    if players == 4:
        return tuple(("human", s % 2, s) for s in range(4))
    return tuple((kind, h, h) for kind, h in android_seating(dealer))


def place_labels(players: int, places) -> tuple[str, ...]:
    """Names of the places in views and events: ``human 0``, ``android 1``
    (the android partnering human 1); with four humans ``seat 0`` ..."""
    if players == 4:
        return tuple(f"seat {a}" for _, _, a in places)
    return tuple(f"{kind} {team}" for kind, team, _ in places)


@register
class AndroidWhist(Game):
    info = GameInfo(
        id="android-whist", name="Android Whist", min_seats=2, max_seats=4,
        family="trick-taking", source="000 ch. 3 Android Whist (line 214)",
        hidden=True, chance=True, teams=True, zero_sum=True,
        summary=(
            "Whist for two people. Each human has an android partner sitting "
            "across the table; the two androids' hands stand in card holders. "
            "All 52 cards are dealt, 13 to each place; spades are always trumps, "
            "you must follow suit when you can, and the place left of the dealer "
            "leads. You play your own hand, you can see the opposing android's "
            "hand, and you never see your own android's cards: you make it play "
            "by command. Following a trick: 'duck' (its lowest card of the suit "
            "led), 'beat' (its cheapest card that takes the trick, else its "
            "lowest of the suit led), 'high' (its strongest card that takes the "
            "trick, else its lowest of the suit led). Leading, or after an Error "
            "Message: a suit name (its lowest card there), 'shortest' (lowest of "
            "its shortest side suit), 'longest' (lowest of its longest suit), "
            "each also as 'high ...' for the highest card instead. When a "
            "command cannot be carried out, or a shortest/longest suit is tied, "
            "the android only answers Error Message and you command again. The "
            "side taking more tricks scores its tricks over six; the first side "
            "to 5 points wins. Option players=4 seats four humans instead."),
        verbs=(("QS", "play a card from your hand (or, with four humans, your own)"),
               ("duck | beat | high", "command your android when it follows a trick"),
               ("spades | hearts | diamonds | clubs | shortest | longest",
                "command your android when it leads, or after an Error Message"),
               ("high spades | ... | high longest",
                "the same, playing the highest card instead of the lowest")),
    )
    Options = AndroidWhistOptions
    Phase = Phase
    State = AndroidWhistState
    deck = DECK
    test_options = {"target": 2}
    web_layout = android_web_layout(
        {"turn_place": ["banner", "to play"],
         "after_error": ["banner", "Error Message: command again"],
         "tried": ["info", "commands tried"],
         "tricks_won": ["team", "tricks"], "points": ["team", "points"]},
        sheet={"event": "deal_scored", "gained": "points", "total": "totals"})
    # the terminal names the suits shown void in render_board; for a
    # duplicate match, the player acting for each place
    render_hints = android_render_hints(["acting"], ["trick", "last_trick"], seat_lists=["acting"])

    def render_board(self, view):
        """For the terminal: who is who at the table (3.4), and the suits each
        place has shown void in, by name."""
        lines = seating_lines(view)
        voids = voids_line(view["voids"], view["places"])
        if voids:
            lines.append(voids)
        return "\n".join(lines) or None

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.command_of = {}
        for name in FOLLOW_COMMANDS + LEAD_COMMANDS:
            self.command_of[a.verb(name)] = name
        start = a.choice("high", LEAD_COMMANDS)
        for i, name in enumerate(LEAD_COMMANDS):
            self.command_of[start + i] = "high " + name
        self.action_of = {c: a for a, c in self.command_of.items()}
        self.bit_of = {c: 1 << i for i, c in enumerate(WHIST_COMMANDS)}
        self.follow_actions = [self.action_of[c] for c in FOLLOW_COMMANDS]
        self.lead_actions = [self.action_of[c] for c in WHIST_COMMANDS
                             if c not in FOLLOW_COMMANDS]
        self.actions = a

    def num_players(self, state):
        return state.options.players

    # -- dealing -----------------------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        s.deal_no = 0
        s.points = [0, 0]
        s.results = []
        self._deal(s)

    def _dealer_place(self, s):
        return s.dealer if s.options.players == 4 else 0

    def _deal(self, s):
        s.places = places_for(s.options.players, s.dealer)
        pack = s.deal_pack(DECK, s.deal_no)
        first = (self._dealer_place(s) + 1) % 4
        s.hands, _ = deal(pack, [HAND] * 4, start=first)
        s.won = [0, 0]
        s.tricks = [0, 0]
        s.voids = [0, 0, 0, 0]
        s.trick = []
        s.last_trick = None
        s.after_error = False
        s.tried = 0
        s.leader = s.turn = first
        s.log("deal", None, dealer=s.dealer, deal=s.deal_no,
              places=list(place_labels(s.options.players, s.places)))
        for seat in range(s.options.players):
            private = {"cards": CardSet(s.hands[self._own_place(s, seat)])}
            seen = self._seen_android(s, seat)
            if seen is not None:
                private["android_cards"] = CardSet(s.hands[seen])
            s.log("dealt", seat, audience=(seat,), private=private, count=HAND)
        s.phase = Phase.PLAY
        s.to_act = (s.places[first][2],)

    def _own_place(self, s, seat):
        for p, (kind, _, actor) in enumerate(s.places):
            if actor == seat and kind != ANDROID:
                return p
        raise AssertionError("every seat has a place")

    def _friendly_place(self, s, seat):
        for p, (kind, team, _) in enumerate(s.places):
            if kind == ANDROID and team == seat:
                return p
        return None

    def _seen_android(self, s, seat):
        """The opposing android's place, whose hand ``seat`` sees (3.4)."""
        for p, (kind, team, _) in enumerate(s.places):
            if kind == ANDROID and team != seat:
                return p
        return None

    # -- play ----------------------------------------------------------------
    def _label(self, s, place):
        return place_labels(s.options.players, s.places)[place]

    def _is_command_turn(self, s):
        return s.places[s.turn][0] == ANDROID

    def _legal_play(self, s, seat):
        if self._is_command_turn(s):
            if not s.trick:
                cmds = self.lead_actions
            elif s.after_error:
                cmds = self.follow_actions + self.lead_actions
            else:
                cmds = self.follow_actions
            tried = s.tried
            return [a for a in cmds if not tried & self.bit_of[self.command_of[a]]]
        lead = DECK.suit_of[s.trick[0][1]] if s.trick else None
        return ids(follow_mask(s.hands[s.turn], lead, DECK))

    def _apply_play(self, s, seat, action):
        place = s.turn
        if action in self.command_of:
            command = self.command_of[action]
            hand = s.hands[place]
            # Every card a command yields is a legal play: while following, a
            # 3.5.1 command picks among cards of the suit led when the android
            # holds it, and an Error Message there means it holds none.
            card = whist_command(command, hand, s.trick, DECK, STRENGTH, TRUMP)
            if card is None:
                s.tried |= self.bit_of[command]
                s.after_error = True
                s.voids[place] |= self._error_voids(s, command)
                s.log("error_message", seat, place=self._label(s, place), command=command)
                s.to_act = (seat,)
                return
            s.log("command", seat, place=self._label(s, place), command=command)
            self._play_card(s, place, card)
        else:
            self._play_card(s, place, action)

    def _error_voids(self, s, command):
        """Suits an Error Message shows the android lacks (as a bit mask of
        suits): Duck, Beat, High fail only without the suit led, and Beat and
        High also without a trump when no trump is winning; a named suit
        fails only when the android has none of it."""
        word = command[5:] if command.startswith("high ") else command
        if word in SUIT_NAMES[:4]:
            return 1 << SUIT_NAMES.index(word)
        if command in FOLLOW_COMMANDS:
            out = 1 << DECK.suit_of[s.trick[0][1]]
            best = s.trick[winning_index(s.trick, DECK, STRENGTH, TRUMP)][1]
            if command != "duck" and DECK.suit_of[best] != TRUMP:
                out |= 1 << TRUMP
            return out
        return 0

    def _play_card(self, s, place, card):
        lay_card(s, place, card, DECK)
        s.log("play", s.places[place][2], place=self._label(s, place), card=Card(card))
        s.after_error = False
        s.tried = 0
        if len(s.trick) < 4:
            s.turn = (place + 1) % 4
            s.to_act = (s.places[s.turn][2],)
            return
        win = s.trick[winning_index(s.trick, DECK, STRENGTH, TRUMP)][0]
        gather_trick(s, win, s.places[win][1], self._label(s, win))
        if s.hands[win]:
            s.leader = s.turn = win
            s.to_act = (s.places[win][2],)
            return
        self._end_deal(s)

    def _end_deal(self, s):
        pts = deal_points(s.tricks)
        for t in (0, 1):
            s.points[t] += pts[t]
        s.results.append((tuple(s.tricks), tuple(pts)))
        s.log("deal_scored", None, tricks=list(s.tricks), points=pts, totals=list(s.points))
        target = s.options.target
        if max(s.points) >= target:
            team = 0 if s.points[0] > s.points[1] else 1
            n = s.options.players
            winners = tuple(x for x in range(n) if x % 2 == team)
            scores = tuple(s.points[x % 2] for x in range(n))
            self.finish(s, Outcome(scores, winners,
                                   f"side {team} reached {s.points[team]} points (target {target})",
                                   details={"deals": [[list(t), list(p)] for t, p in s.results]}))
            return
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % s.options.players
        self._deal(s)

    def why_illegal(self, s, seat, action):
        if self._is_command_turn(s):
            if 0 <= action < DECK.size:
                return "your android plays by command: you cannot name its card"
            if action in self.command_of:
                cmd = self.command_of[action]
                if s.tried & self.bit_of[cmd]:
                    return f"'{cmd}' already returned an Error Message this turn"
                if cmd in FOLLOW_COMMANDS:
                    return f"'{cmd}' is a command for following a trick (3.5.1)"
                return f"'{cmd}' is for leading or right after an Error Message (3.5.2)"
        else:
            if action in self.command_of:
                return "commands are for your android; play a card from your hand"
            if 0 <= action < DECK.size:
                hand = s.hands[s.turn]
                if not (hand >> action) & 1:
                    return f"{DECK.text(action)} is not in the hand you play"
                lead = DECK.suit_of[s.trick[0][1]]
                return f"you must follow suit ({SUIT_NAMES[lead]})"
        return super().why_illegal(s, seat, action)

    # -- views ---------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[self._own_place(s, seat)])
            seen = self._seen_android(s, seat)
            if seen is not None:
                v["android_hand"] = CardSet(s.hands[seen])
        labels = place_labels(s.options.players, s.places)
        v["places"] = list(labels)
        v["place_sides"] = [t for _, t, _ in s.places]
        v["acting"] = [a for _, _, a in s.places]
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["trick"] = [[labels[p], Card(c)] for p, c in s.trick]
        v["lead_place"] = labels[s.leader]
        v["turn_place"] = labels[s.turn]
        v["after_error"] = s.after_error
        v["tried"] = [c for c in WHIST_COMMANDS if s.tried & self.bit_of[c]]
        v.update(won_view(s, labels))
        v.update(seat_view(s, seat_numbers(s.places),
                           None if seat is None else self._seen_android(s, seat)))
        v["voids"] = list(s.voids)
        v["points"] = list(s.points)
        v["dealer"] = s.dealer
        v["deal_no"] = s.deal_no
        v["results"] = [{"deal": i + 1, "tricks": list(t), "points": list(p)}
                        for i, (t, p) in enumerate(s.results)]

    def zones(self, s):
        return table_zones(s)

    def _visible_places(self, s, seat):
        if seat is None:
            return ()
        seen = self._seen_android(s, seat)
        own = self._own_place(s, seat)
        return (own,) if seen is None else (own, seen)

    def unknown_cards(self, s, seat):
        vis = self._visible_places(s, seat)
        hidden = 0
        for p in range(4):
            if p not in vis:
                hidden |= s.hands[p]
        return hidden

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        players = view["options"].players
        s.dealer = view["dealer"]
        s.deal_no = view["deal_no"]
        s.places = places_for(players, s.dealer)
        place = {label: i for i, label in enumerate(view["places"])}
        s.trick = [(place[p], int(c)) for p, c in view["trick"]]
        s.tricks = list(view["tricks_won"])
        s.voids = list(view["voids"])
        s.leader = place[view["lead_place"]]
        s.turn = place[view["turn_place"]]
        s.after_error = view["after_error"]
        s.tried = 0
        for c in view["tried"]:
            s.tried |= self.bit_of[c]
        s.last_trick = last_trick_from_view(view["last_trick"], place)
        s.points = list(view["points"])
        s.results = [(tuple(r["tricks"]), tuple(r["points"])) for r in view["results"]]
        known = {}
        if seat is not None:
            known[self._own_place(s, seat)] = int(view["hand"])
            seen = self._seen_android(s, seat)
            if seen is not None:
                known[seen] = int(view["android_hand"])
        unseen, counts, allowed = hidden_hand_zones(s, known, view["hand_sizes"], DECK,
                                                    view["place_sides"], view["last_trick"])
        placed = sample_hands(unseen, counts, rng, allowed)
        s.hands = [known[p] if p in known else placed[p] for p in range(4)]
        s.won = [s.won[t] | placed[f"won{t}"] for t in (0, 1)]
        return s
