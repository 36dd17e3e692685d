"""Valepaska, the face-down bluffing game with "I doubt it".

Rule source: seed 000 ("My Games"), ch. 27 (Valepaska): 27.1 Setup,
27.2 The game, 27.3 End of game, 27.4 Crucial rule, 27.5 Note.

How it is played here: a play is entered as an announcement (``say 2
sevens``) followed by the cards actually put down, one by one (``7H``,
``4C``); the cards go face down and nobody else sees them.  Right after it a
**race window** opens (``core.windows``): every other player still in may
``doubt``, and the player whose turn is next may already start his own play
(or, after aces on an empty pile, ``take`` them).  Whichever arrives first
decides: a doubt turns the last play face up; the next play closes the
window for good.  Players who are not next may ``pass`` to let it go.

Decisions where the seed is silent (pinned in tests/games/test_valepaska.py):

- 27.1: the last seat deals one card at a time from seat 0; seat 0 plays first.
- 27.2/27.4: legality is judged on announcements only (the cards are face
  down).  An announcement is one to four cards of a rank (a pack has four),
  never more than the player holds.
- 27.2 ("the top cards"): the rank of the last announcement.  Face cards are
  J, Q, K; an ace is not a face card.  Aces may go only on J, Q or K, or on
  an empty pile; a ten may go on anything up to a ten (and on an empty pile).
- 27.2 (aces on an empty pile): they do not make the pile fall; the next
  player must take them (``take``) and the same player plays again.
- 27.2 (four of a rank): counted over the consecutive announcements of the
  same rank on top of the pile.
- 27.2 (refilling): a player draws up to five right after each of his
  plays, and a player who picks cards up draws if he is still under five.
- 27.2/27.4 (a falling pile and a doubt): the fallen cards stay where they
  are until the doubt window closes, so a doubt of the falling play can
  still be made; a truthful falling play that is doubted gives the whole
  pile to the doubter and the same player goes on; an untruthful one gives
  it to the player who made it.  When nobody doubts, the fallen cards leave
  the game face down when the next play starts.
- 27.4 (aces on an empty pile, doubted): if they were true the doubter takes
  them (as the next player would have) and the same player plays again.
- 27.3: a player whose hand is empty after a play (stock gone) goes out when
  the window after that play closes; a successful doubt of that last play
  puts him back in with the pile.  When only one other player is left, that
  player may ``doubt`` or ``pass`` (accept and lose).
- 27.3: the players who go out are ranked in order; the first is the
  winner, the one left with cards the loser.
- 27.5: with lying allowed the game never truly blocks, but bots may play
  on for ever.  A position (who plays next, every hand, the pile, the stock
  size, at the start of a play) seen for the third time (option
  ``repetitions``) ends the game as a deadlock: players already out keep
  their places, those still in share last place, the first out (if any)
  wins.  The variant of 27.5 (jacks or higher on an empty pile) is the option
  ``high_on_empty`` (preset ``jacks-on-empty``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import deal, hands_with_known, sample_hands, shuffled, unknown_hand_zones
from ..cards.deck import ACE, JACK, KING, RANK_NAMES, CardSet, ids, mask_of, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register

DECK = standard_deck("52")
HAND = 5
RANK = DECK.rank_of
# 27.1: highest to lowest 2, A, K, Q, J, 10 .. 3
ORDER = {r: r for r in range(3, 15)} | {2: 15}
RANKS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
PLURAL = {r: (RANK_NAMES[r] + ("es" if r == 6 else "s")) for r in RANKS}


def say_word(count: int, rank: int) -> str:
    return f"{count} {RANK_NAMES[rank] if count == 1 else PLURAL[rank]}"


SAYS = [(k, r) for r in RANKS for k in (1, 2, 3, 4)]


class Phase(enum.Enum):
    PLAY = 1
    CARDS = 2


@dataclass(frozen=True)
class ValepaskaOptions:
    players: int = option(4, "number of players", min=2, max=6)
    high_on_empty: bool = option(False, "27.5 variant: jacks or higher may start an empty pile")
    repetitions: int = option(3, "a position seen this many times ends the game as a deadlock",
                              min=2, max=10)


class ValepaskaState(State):
    __slots__ = ("hands", "stock", "pile", "discard", "shown", "held", "out", "turn",
                 "last", "fall", "ace_empty", "passed", "say", "chosen", "positions",
                 "plays", "revealed")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.pile = self.pile.copy()
        new.discard = self.discard
        new.shown = self.shown.copy()
        new.held = self.held.copy()
        new.out = self.out.copy()
        new.turn = self.turn
        new.last = self.last
        new.fall = self.fall
        new.ace_empty = self.ace_empty
        new.passed = self.passed
        new.say = self.say
        new.chosen = self.chosen
        new.positions = self.positions.copy()
        new.plays = self.plays
        new.revealed = self.revealed


def may_announce(rank: int, top: int | None, high_on_empty: bool = False) -> bool:
    """27.2: may an announcement of ``rank`` go on a pile whose top is ``top``?"""
    if top is None:
        return rank <= 10 or rank == 2 or rank == ACE or high_on_empty
    if top == 2:
        return rank == 2
    if rank == 2:
        return True
    if rank == ACE:
        return JACK <= top <= KING
    if JACK <= rank <= KING and top < 7:
        return False
    return ORDER[rank] >= ORDER[top]


def run_on_top(pile, rank: int) -> int:
    """How many cards of ``rank`` are announced on top of the pile in a row."""
    total = 0
    for _seat, r, k, _cards in reversed(pile):
        if r != rank:
            break
        total += k
    return total


@register
class Valepaska(Game):
    info = GameInfo(
        id="valepaska", name="Valepaska", min_seats=2, max_seats=6, family="shedding",
        source="000 ch. 27 (Valepaska)", hidden=True, chance=True,
        aliases=("cheat-valepaska",),
        summary=(
            "Two to six players, five cards each, the rest a stock; ranks run 2 "
            "(highest), A, K, Q, J, 10 down to 3. On your turn you put one to four "
            "cards face down on the pile and say how many and of which rank; the "
            "number is true, the rank may be a lie, but what you say must be a legal "
            "play: below a jack on an empty pile, otherwise at least the rank on top; "
            "twos on anything and only twos on twos; no face cards on a six or "
            "lower; aces only on face cards (aces on an empty pile go to the next "
            "player and you play again). A ten or an ace, or four of one rank on "
            "top (not twos), clears the pile and you play again. Anyone else may "
            "say 'doubt' before the next play: the cards are shown and the liar, or "
            "else the doubter, takes the pile. Draw up to five while the stock "
            "lasts. With the stock gone an empty hand is out; the first out wins "
            "and the last player holding cards loses."),
        verbs=(("say 2 sevens", "announce your play (then put the cards down one by one)"),
               ("7H", "put this card face down as part of the announced play"),
               ("doubt", "doubt the last play"),
               ("pass", "let the last play stand (you are not next)"),
               ("take", "pick up the aces played to an empty pile")),
    )
    Options = ValepaskaOptions
    Phase = Phase
    State = ValepaskaState
    deck = DECK
    presets = {"jacks-on-empty": {"high_on_empty": True}}
    test_options = {"players": 3}
    web_layout = {
        "table": "cards",
        "show": {
            "hand": "hand", "hand_sizes": "backs",
            "shown": ["seat_cards", "known cards (turned up by a doubt)"],
            "stock": ["count", "stock"], "discard": ["info", "cards out of play"],
            "pile": {"role": "history", "label": "pile (plays face down)",
                     "format": ["{count} {rank} by {seat}: {cards}", "{count} {rank} by {seat}"]},
            "top": ["banner", "rank on top"], "say": ["banner", "announced"],
            "falls": ["banner", "pile falls unless doubted"], "aces_to_take": ["banner", "aces to take"],
            "last": ["tag", "may be doubted"], "passed": ["info", "let the last play go"],
            "chosen": ["info", "cards put down"],
        },
    }
    render_hints = {
        "seat_fields": ["turn", "last", "player", "taker"],
        "labels": {"hand_sizes": "cards", "shown": "known cards (turned up by a doubt)",
                   "stock": "stock", "discard": "cards out of play",
                   "pile": "pile (plays face down)", "top": "rank on top",
                   "turn": "plays next", "last": "last play (may be doubted) by",
                   "falls": "pile falls unless doubted", "aces_to_take": "aces to take",
                   "passed": "let the last play go", "say": "announced",
                   "chosen": "cards put down", "chosen_cards": "put down so far",
                   "out": "out (in order)", "plays": "plays made"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.SAY = self.actions.choice("say", [say_word(k, r) for k, r in SAYS])
        self.DOUBT = self.actions.verb("doubt")
        self.PASS = self.actions.verb("pass")
        self.TAKE = self.actions.verb("take")

    # -- setup -------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        pack = s.deal_pack(DECK, 0)
        s.hands, rest = deal(pack, [HAND] * n, start=0)
        s.stock = rest[::-1]
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=HAND)
        s.pile = []
        s.discard = 0
        s.shown = [0] * n
        s.held = s.hands.copy()
        s.out = []
        s.last = None
        s.fall = False
        s.ace_empty = False
        s.passed = 0
        s.say = None
        s.chosen = 0
        s.positions = {}
        s.plays = 0
        s.revealed = 0
        s.turn = 0
        s.phase = Phase.PLAY
        s.to_act = (0,)

    # -- helpers -------------------------------------------------------------
    def _in(self, s, p):
        return p not in s.out

    def _holding(self, s):
        return [p for p in range(len(s.hands)) if s.hands[p] or (s.stock and p not in s.out)]

    def _left_holder(self, s, p):
        n = len(s.hands)
        for k in range(1, n + 1):
            q = (p + k) % n
            if s.hands[q]:
                return q
        return None

    def _top(self, s):
        return s.pile[-1][1] if s.pile else None

    def _doubters(self, s):
        if s.last is None:
            return ()
        p = s.last
        return tuple(q for q in range(len(s.hands))
                     if q != p and q not in s.out and s.hands[q] and not (s.passed >> q) & 1)

    def _alone(self, s):
        """The last play emptied its player's hand and one other player is left."""
        p = s.last
        return p is not None and not s.hands[p] and not s.stock \
            and len([q for q in range(len(s.hands)) if q != p and s.hands[q]]) == 1

    def _set_to_act(self, s):
        seats = set(self._doubters(s))
        seats.add(s.turn)
        s.to_act = tuple(sorted(seats))

    # -- the play window ------------------------------------------------------
    def _legal_play(self, s, seat):
        legal = []
        if seat == s.turn:
            if s.last is not None and self._alone(s):
                return [self.DOUBT, self.PASS]
            if s.ace_empty:
                legal.append(self.TAKE)
            else:
                top = None if s.fall else self._top(s)
                size = min(4, s.hands[seat].bit_count())
                for i, (k, r) in enumerate(SAYS):
                    if k <= size and may_announce(r, top, s.options.high_on_empty):
                        legal.append(self.SAY + i)
            if s.last is not None and s.last != seat:
                legal.append(self.DOUBT)
            return legal
        if seat in self._doubters(s):
            return [self.DOUBT, self.PASS]
        return []

    def _apply_play(self, s, seat, action):
        if action == self.DOUBT:
            self._doubt(s, seat)
            return
        if action == self.PASS:
            if seat == s.turn:          # the last one left accepts the last play
                self._close_window(s)
                return
            s.passed |= 1 << seat
            s.log("pass", seat)
            self._set_to_act(s)
            return
        if action == self.TAKE:
            aces = mask_of(c for _p, _r, _k, m in s.pile for c in ids(m))
            s.hands[seat] |= aces
            s.held[seat] |= aces
            s.log("take", seat, count=aces.bit_count(), audience=(seat,),
                  private={"cards": CardSet(aces)})
            player = s.last
            s.pile = []
            s.ace_empty = False
            self._refill(s, seat)
            self._close_window(s, next_turn=player)
            return
        # the next play starts: the window for the last one closes
        k, r = SAYS[action - self.SAY]
        self._close_window(s, starting=seat)
        if s.outcome is not None:
            return
        key = (seat, tuple(s.hands), tuple(s.pile), len(s.stock))
        seen = s.positions.get(key, 0) + 1
        s.positions[key] = seen
        if seen >= s.options.repetitions:
            self._end(s, deadlock=True)
            return
        s.say = (k, r)
        s.chosen = 0
        s.log("say", seat, count=k, rank=RANK_NAMES[r])
        s.phase = Phase.CARDS
        s.to_act = (seat,)

    def _close_window(self, s, starting=None, next_turn=None):
        if s.fall:
            fallen = mask_of(c for _p, _r, _k, m in s.pile for c in ids(m))
            s.discard |= fallen
            s.log("pile_falls", None, count=fallen.bit_count())
            s.pile = []
            s.fall = False
        s.last = None
        s.passed = 0
        for p in range(len(s.hands)):
            if not s.hands[p] and not s.stock and p not in s.out:
                s.out.append(p)
                s.log("out", p, place=len(s.out))
        holders = [p for p in range(len(s.hands)) if s.hands[p]]
        if len(holders) <= 1:
            self._end(s)
            return
        if starting is not None:
            s.turn = starting
        elif next_turn is not None:
            s.turn = next_turn if s.hands[next_turn] else self._left_holder(s, next_turn)
        s.phase = Phase.PLAY
        s.to_act = (s.turn,)

    # -- putting the cards down -----------------------------------------------
    def _legal_cards(self, s, seat):
        return ids(s.hands[seat])

    def _apply_cards(self, s, seat, card):
        s.hands[seat] &= ~(1 << card)
        s.shown[seat] &= ~(1 << card)
        s.chosen |= 1 << card
        k, r = s.say
        if s.chosen.bit_count() < k:
            return
        top = self._top(s)
        ace_empty = (r == ACE and top is None)
        s.pile.append((seat, r, k, s.chosen))
        s.log("play", seat, count=k, rank=RANK_NAMES[r], audience=(seat,),
              private={"cards": CardSet(s.chosen)})
        s.say = None
        s.chosen = 0
        s.plays += 1
        fall = not ace_empty and (r in (10, ACE) or (r != 2 and run_on_top(s.pile, r) >= 4))
        self._refill(s, seat)
        s.last = seat
        s.fall = fall
        s.ace_empty = ace_empty
        s.passed = 0
        # 27.2: after a fall the same player starts the empty pile; else the next
        s.turn = seat if fall and s.hands[seat] else self._left_holder(s, seat)
        s.phase = Phase.PLAY
        self._set_to_act(s)

    # -- doubting ---------------------------------------------------------------
    def _doubt(self, s, doubter):
        player, r, k, cards = s.pile[-1]
        truthful = all(RANK[c] == r for c in ids(cards))
        fell_or_aces = s.fall or s.ace_empty
        taker = doubter if truthful else player
        pile = mask_of(c for _p, _r, _k, m in s.pile for c in ids(m))
        s.log("doubt", doubter, player=player, cards=CardSet(cards), truthful=truthful,
              taker=taker, count=pile.bit_count(), audience=(taker,),
              private={"pile": CardSet(pile)})
        s.hands[taker] |= pile
        s.held[taker] |= pile
        s.shown[taker] |= cards
        s.revealed |= cards
        s.pile = []
        s.fall = False
        s.ace_empty = False
        self._refill(s, taker)
        if truthful and fell_or_aces:
            nxt = player
        else:
            nxt = self._left_holder(s, player)
            if nxt == doubter and taker == doubter:
                nxt = self._left_holder(s, doubter)
        s.last = None
        self._close_window(s, next_turn=nxt if nxt is not None else player)

    # -- stock, end ---------------------------------------------------------------
    def _refill(self, s, seat):
        need = HAND - s.hands[seat].bit_count()
        if need <= 0 or not s.stock:
            return
        drawn = 0
        for _ in range(min(need, len(s.stock))):
            drawn |= 1 << s.stock.pop()
        s.hands[seat] |= drawn
        s.held[seat] |= drawn
        s.log("draw", seat, audience=(seat,), private={"cards": CardSet(drawn)},
              count=drawn.bit_count(), stock=len(s.stock))

    def _end(self, s, deadlock=False):
        n = len(s.hands)
        left = [p for p in range(n) if p not in s.out] or [s.out.pop()]
        place = {p: i + 1 for i, p in enumerate(s.out)}
        for p in left:
            place[p] = len(s.out) + 1
        ranking = tuple(place[p] for p in range(n))
        winners = (s.out[0],) if s.out else ()
        if deadlock:
            reason = (f"deadlock: a position repeated {s.options.repetitions} times; "
                      f"seats {', '.join(map(str, left))} still hold cards")
        else:
            reason = f"seat {s.out[0]} went out first; seat {left[0]} is left with cards"
        scores = tuple(n - place[p] for p in range(n))
        self.finish(s, Outcome(scores, winners, reason, ranking=ranking,
                               details={"deadlock": deadlock, "out_order": list(s.out),
                                        "losers": left}))

    def why_illegal(self, s, seat, action):
        if s.phase is Phase.PLAY and self.SAY <= action < self.SAY + len(SAYS):
            k, r = SAYS[action - self.SAY]
            if seat != s.turn:
                return "it is not your turn to play"
            if s.ace_empty:
                return "the aces on the empty pile must be taken first (take)"
            if k > s.hands[seat].bit_count():
                return f"you hold only {s.hands[seat].bit_count()} cards"
            top = None if s.fall else self._top(s)
            if top is None:
                return "on an empty pile announce a rank lower than a jack (or twos, or aces)"
            if top == 2:
                return "only twos go on twos"
            if r == ACE:
                return "aces go only on face cards"
            if JACK <= r <= KING and top < 7:
                return "no face cards on a six or lower"
            return f"announce {RANK_NAMES[top]}s or higher"
        if s.phase is Phase.PLAY and 0 <= action < 52:
            return "announce your play first (say N RANKs)"
        if action == self.DOUBT:
            return "there is no play to doubt" if s.last is None else "you cannot doubt your own play"
        if action == self.TAKE:
            return "only aces played to an empty pile are taken"
        if s.phase is Phase.CARDS and 0 <= action < 52:
            return f"{DECK.text(action)} is not in your hand"
        return super().why_illegal(s, seat, action)

    # -- views ------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["shown"] = [CardSet(x) for x in s.shown]
        v["stock"] = len(s.stock)
        v["discard"] = s.discard.bit_count()
        v["pile"] = [{"seat": p, "rank": RANK_NAMES[r], "count": k,
                      "cards": CardSet(m) if p == seat else None}
                     for p, r, k, m in s.pile]
        v["top"] = None if not s.pile else RANK_NAMES[s.pile[-1][1]]
        v["turn"] = s.turn
        v["last"] = s.last
        v["falls"] = s.fall
        v["aces_to_take"] = s.ace_empty
        v["passed"] = [q for q in range(len(s.hands)) if (s.passed >> q) & 1]
        v["say"] = None if s.say is None else say_word(*s.say)
        v["chosen"] = s.chosen.bit_count()
        if seat is not None and seat == s.turn and s.phase is Phase.CARDS:
            v["chosen_cards"] = CardSet(s.chosen)
        v["out"] = list(s.out)
        v["plays"] = s.plays

    def zones(self, s):
        z = {"stock": mask_of(s.stock), "discard": s.discard, "chosen": s.chosen,
             "pile": mask_of(c for _p, _r, _k, m in s.pile for c in ids(m))}
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        m = mask_of(s.stock) | s.discard
        for p, h in enumerate(s.hands):
            if p != seat:
                m |= h & ~s.shown[p]
        for p, _r, _k, cards in s.pile:
            m |= cards
        # cards turned up by a doubt were seen by all: where they went since is
        # a matter of memory, not a secret
        m &= ~s.revealed
        if seat is not None:
            m &= ~s.held[seat]
        return m

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        sizes = view["hand_sizes"]
        shown = [int(x) for x in view["shown"]]
        own = int(view["hand"]) if seat is not None else 0
        chosen_own = int(view.get("chosen_cards", 0))
        fixed = own | chosen_own
        for x in shown:
            fixed |= x
        counts = unknown_hand_zones(sizes, shown, seat)
        counts["stock"] = view["stock"]
        counts["discard"] = view["discard"]
        counts["chosen"] = view["chosen"] - chosen_own.bit_count()
        for i, play in enumerate(view["pile"]):
            if play["cards"] is not None:
                fixed |= int(play["cards"])
            else:
                counts[f"pile{i}"] = play["count"]
        placed = sample_hands(DECK.all_mask & ~fixed, counts, rng)
        s.hands = hands_with_known(placed, own, shown, seat)
        s.stock = shuffled(placed["stock"], rng)
        s.discard = placed["discard"]
        rank_of_name = {RANK_NAMES[r]: r for r in RANKS}
        s.pile = [(play["seat"], rank_of_name[play["rank"]], play["count"],
                   int(play["cards"]) if play["cards"] is not None else placed[f"pile{i}"])
                  for i, play in enumerate(view["pile"])]
        s.shown = shown
        s.held = [h | x for h, x in zip(s.hands, shown)]
        s.out = list(view["out"])
        s.turn = view["turn"]
        s.last = view["last"]
        s.fall = view["falls"]
        s.ace_empty = view["aces_to_take"]
        s.passed = mask_of(view["passed"])
        if view["say"] is None:
            s.say = None
        else:
            k, word = view["say"].split(" ", 1)
            r = next(r for r in RANKS if word in (RANK_NAMES[r], PLURAL[r]))
            s.say = (int(k), r)
        s.chosen = chosen_own | placed["chosen"]
        s.positions = {}
        s.plays = view["plays"]
        s.revealed = 0
        for x in shown:
            s.revealed |= x
        return s
