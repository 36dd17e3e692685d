"""Dingo, the hunt of the rabbits: last to play a black card of a rank scores.

Rule source: seed 001 (ten games from a card-game site), "Dingo" (line
401): Setup, Game play (Discards and exchanges, Hunting the rabbits,
Hunting the A♦), Scoring.

The diamonds but the ace are the rabbits, face up in order from the 2; the
other 40 cards are dealt, ten each.  Four rounds of discards (``discard
7S``, never an ace; only the top discard is visible) alternate with three
rounds of passing one card (``pass 7S``): to the left, across, and to the
right, each round started by the dealer.  Then the hunts, 2 to king: the
heart of the rank (the dingo) is played at once by whoever holds it, and
each later player may play one black card of the rank (a wolf: ``7S``) or
``pass``.  One wolf catches the rabbit; with two the second catches it and
the dingo's player keeps the first; with none the dingo goes to its
player's penalty pile.  The ace hunt has its own order (see the module's
rules), and the A♦ is its rabbit.  Score piles less penalty piles decide.

Decisions where the seed is silent (pinned in tests/games/test_dingo.py):

- Setup: seat 0 deals; the 40 cards are dealt one at a time from the
  dealer's left (a stacked pack is dealt in its order, the rabbits taken
  out).  The game is one deal, as the seed's "game" is.
- The forced plays are made by the engine: the dingo when its rank is
  hunted, and in the ace hunt the A♦ as soon as both wolves are down when
  its holder's turn comes (Scoring: red cards must be played).  So nobody
  can be caught holding a red card at the end (a heart is always hunted, the
  A♦ goes to the penalty pile when it could not be played); the forfeit
  is still part of the scoring function.
- The ace hunt: on his turn a player plays the wolves he wants, one at a
  time, and ends his turn with ``pass``; a player with no wolf and no
  playable A♦ is passed over.  Wolves stay optional when the A♦ is in the
  same hand: holding them back leaves the A♦ unplayable, and it goes to the
  penalty pile.
- A rabbit that is not caught (nobody had the dingo, or nobody hunted it)
  goes onto the discard pile.
- Score and penalty piles lie face up (everybody saw the cards go there);
  the discard pile shows its top card only, so the rest is the players'
  memory (the terminal's ``log`` leaves discarded cards out after the
  event, like Memory).  A card passed is seen by its giver and its
  receiver only.
- The tie-break: the highest rabbit in the score pile; players still tied
  (no rabbit among them, or the same) share the win.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import (ACE, CLUBS, DIAMONDS, HEARTS, SPADES, Card, CardSet, highest, ids,
                          mask_of, pretty, standard_deck)
from ..cards.standings import most_wins
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State
from ..core.registry import register

DECK = standard_deck("52")
RANK, SUIT = DECK.rank_of, DECK.suit_of
PLAYERS = 4
HAND = 10


def card(rank: int, suit: int) -> int:
    return DECK.parse(f"{'23456789TJQKA'[rank - 2]}{'SHDC'[suit]}")


RABBITS = tuple(card(r, DIAMONDS) for r in range(2, 14))       # 2♦ .. K♦, the pile
ACE_RABBIT = card(ACE, DIAMONDS)
RED = DECK.suit_mask[HEARTS] | DECK.suit_mask[DIAMONDS]
ACES = DECK.rank_mask[ACE]
DINGO = {r: card(r, HEARTS) for r in range(2, 15)}
WOLVES = {r: mask_of((card(r, SPADES), card(r, CLUBS))) for r in range(2, 15)}
# Discards and exchanges: a discard round, then passing left, across, right
ROUNDS = (("discard", None), ("pass", 1), ("discard", None), ("pass", 2),
          ("discard", None), ("pass", -1), ("discard", None))
DIRECTION = {1: "left", 2: "across", -1: "right"}
_WHERE = {1: "to the left", 2: "across", -1: "to the right"}
RANK_WORDS = (None, None, "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen",
              "king", "ace")


def card_points(c: int, penalty: bool = False) -> int:
    """Scoring: the A♦ 10 (3 in a penalty pile), other aces 3, tens and
    court cards 2, nines and lower 1."""
    if c == ACE_RABBIT:
        return 3 if penalty else 10
    r = RANK[c]
    return 3 if r == ACE else 2 if r >= 10 else 1


def pile_points(mask: int, penalty: bool = False) -> int:
    return sum(card_points(c, penalty) for c in ids(mask))


def final_scores(score, penalty) -> list[int]:
    """Scoring: each player's score pile less his penalty pile."""
    return [pile_points(score[p]) - pile_points(penalty[p], True) for p in range(len(score))]


def standing_keys(score, penalty, forfeits=0) -> list[tuple]:
    """What decides the game, per player: not forfeiting (red cards left in
    hand), the score, then the highest rabbit in the score pile."""
    points = final_scores(score, penalty)
    diamonds = DECK.suit_mask[DIAMONDS]
    keys = []
    for p in range(len(score)):
        caught = score[p] & diamonds
        top = RANK[highest(caught)] if caught else 0
        keys.append((0 if (forfeits >> p) & 1 else 1, points[p], top))
    return keys


class Phase(enum.Enum):
    DISCARD = 1      # a discard round: each in turn from the dealer
    PASS = 2         # a passing round: each in turn from the dealer
    HUNT = 3         # a hunt from 2 to king: later players may play a wolf
    ACE = 4          # the ace hunt: wolves, and the A♦ when both are down


@dataclass(frozen=True)
class DingoOptions:
    pass


class DingoState(State):
    __slots__ = ("hands", "dealer", "round", "acted", "rabbits", "discard", "score",
                 "penalty", "known", "rank", "plays", "turns", "exposed")

    def _copy_into(self, new):
        new.hands = self.hands.copy()
        new.dealer = self.dealer
        new.round = self.round
        new.acted = self.acted
        new.rabbits = self.rabbits.copy()
        new.discard = self.discard.copy()
        new.score = self.score.copy()
        new.penalty = self.penalty.copy()
        new.known = self.known.copy()
        new.rank = self.rank
        new.plays = self.plays.copy()
        new.turns = self.turns.copy()
        new.exposed = self.exposed


@register
class Dingo(Game):
    info = GameInfo(
        id="dingo", name="Dingo", min_seats=4, max_seats=4, family="hunting (Dingo)",
        source="001 Dingo (line 401)", hidden=True, chance=True,
        summary=(
            "Four players. The diamonds 2 to king are the rabbits, face up in order; "
            "the other 40 cards are dealt ten each. Four rounds of discarding one "
            "card (never an ace; only the top discard shows) alternate with three "
            "rounds of passing a card: left, across, right. Then each rank is hunted "
            "from 2 to king: whoever holds its heart (the dingo) must play it, and "
            "each later player may play one of its black cards (the wolves). One "
            "wolf catches the rabbit; with two, the second catches it and the "
            "dingo's player keeps the first; with none, the dingo is a penalty. In "
            "the ace hunt the dingo's player plays last too, anyone may play "
            "wolves, and the holder of the A♦ plays it once both wolves are down. "
            "Score piles count A♦ 10, aces 3, tens and faces 2, the rest 1, less "
            "penalty piles (the A♦ 3 there); most points wins, then the highest "
            "rabbit caught."),
        verbs=(("discard 7S", "discard a card face up (never an ace)"),
               ("pass 7S", "pass a card in this round's direction"),
               ("7S", "play a wolf (a black card of the rank hunted)"),
               ("pass", "play no wolf (in the ace hunt: end your turn)")),
    )
    Options = DingoOptions
    Phase = Phase
    State = DingoState
    deck = DECK
    web_layout = {
        "table": "cards",
        "show": {
            "hand": "hand", "hand_sizes": "backs", "dealer": "tag", "pass_to": ["tag", "you pass to"],
            "round": ["banner", "now"], "hunt.rank": ["banner", "hunting"],
            "hunt.plays": ["trick", "wolves played"],
            "hunt.rabbit": ["cards", "rabbit hunted"],   # the A♦ held in a hand is text: not drawn
            "next_rabbit": ["cards", "rabbit pile (top)"], "rabbits_left": ["info", "rabbits in the pile"],
            "discard_top": {"role": "pile", "label": "discard pile", "size": "discards"},
            "discards": "size",
            "score_piles": ["seat_cards", "score pile"], "penalty_piles": ["seat_cards", "penalty pile"],
            "points": ["seat", "points"],
        },
    }
    render_hints = {
        "seat_fields": ["dealer", "dingo_player", "pass_to"],
        "per_seat": ["hand_sizes", "score_piles", "penalty_piles", "points"],
        "table": ["hunt"],
        "labels": {"rabbit": "rabbit hunted", "next_rabbit": "rabbit pile (top)",
                   "rabbits_left": "rabbits in the pile",
                   "discard_top": "discard pile (top)", "discards": "cards discarded",
                   "score_piles": "score pile", "penalty_piles": "penalty pile",
                   "round": "now", "pass_to": "you pass to"},
        "forget": {"discard": ["card"]}}

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        a.cards()
        self.DISCARD = a.card_block("discard")
        self.PASS_CARD = a.card_block("pass")
        self.PASS = a.verb("pass")
        self.actions = a

    # -- the deal --------------------------------------------------------------------------
    def _setup(self, s):
        s.dealer = 0
        pack = [c for c in s.deal_pack(DECK, 0) if c not in RABBITS]
        s.hands = [0] * PLAYERS
        for i, c in enumerate(pack):
            s.hands[(s.dealer + 1 + i) % PLAYERS] |= 1 << c
        for p in range(PLAYERS):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])}, count=HAND)
        s.rabbits = list(RABBITS)
        s.discard = []
        s.score = [0] * PLAYERS
        s.penalty = [0] * PLAYERS
        s.known = [0] * PLAYERS
        s.rank = None
        s.plays = []
        s.turns = []
        s.exposed = False
        s.round = 0
        self._start_round(s)

    # -- discards and exchanges -------------------------------------------------------------
    def _start_round(self, s):
        s.acted = 0
        kind, _ = ROUNDS[s.round]
        s.phase = Phase.DISCARD if kind == "discard" else Phase.PASS
        s.to_act = (s.dealer,)

    def _next_in_round(self, s):
        s.acted += 1
        if s.acted < PLAYERS:
            s.to_act = ((s.dealer + s.acted) % PLAYERS,)
            return
        s.round += 1
        if s.round < len(ROUNDS):
            self._start_round(s)
        else:
            self._start_hunt(s, 2)

    def _legal_discard(self, s, seat):
        return [self.DISCARD + c for c in ids(s.hands[seat] & ~ACES)]

    def _apply_discard(self, s, seat, action):
        c = action - self.DISCARD
        s.hands[seat] &= ~(1 << c)
        s.discard.append(c)
        s.log("discard", seat, card=Card(c))
        self._next_in_round(s)

    def _legal_pass(self, s, seat):
        return [self.PASS_CARD + c for c in ids(s.hands[seat])]

    def _apply_pass(self, s, seat, action):
        c = action - self.PASS_CARD
        to = (seat + ROUNDS[s.round][1]) % PLAYERS
        s.hands[seat] &= ~(1 << c)
        s.hands[to] |= 1 << c
        # the giver knows where it is now; whoever knew it was with the giver does not
        for p in range(PLAYERS):
            s.known[p] &= ~(1 << c)
        s.known[seat] |= 1 << c
        s.log("pass_card", seat, to=to, direction=DIRECTION[ROUNDS[s.round][1]],
              audience=(seat, to), private={"card": Card(c)})
        self._next_in_round(s)

    # -- the hunts from 2 to king --------------------------------------------------------------
    def _holder(self, s, c):
        for p in range(PLAYERS):
            if (s.hands[p] >> c) & 1:
                return p
        return None

    def _start_hunt(self, s, rank):
        s.rank = rank
        s.plays = []
        dingo = DINGO[rank]
        player = self._holder(s, dingo)
        if player is None:
            if rank == ACE:             # aces are never discarded: cannot happen
                raise AssertionError("the A♥ left the hands")
            rabbit = s.rabbits.pop(0)
            s.discard.append(rabbit)
            s.log("rabbit_discarded", None, card=Card(rabbit), why="nobody holds the dingo")
            self._start_hunt(s, rank + 1)
            return
        self._play(s, player, dingo)
        if rank == ACE:
            s.turns = [(player + k) % PLAYERS for k in (1, 2, 3, 0)]
            self._next_ace_turn(s)
        else:
            s.turns = [(player + k) % PLAYERS for k in (1, 2, 3)]
            self._next_hunter(s)

    def _play(self, s, seat, c):
        s.hands[seat] &= ~(1 << c)
        s.plays.append((seat, c))
        kind = "dingo" if c == DINGO[s.rank] else "rabbit_played" if c == ACE_RABBIT else "wolf"
        s.log(kind, seat, card=Card(c))

    def _next_hunter(self, s):
        while s.turns:
            p = s.turns[0]
            if s.hands[p] & WOLVES[s.rank]:
                s.phase = Phase.HUNT
                s.to_act = (p,)
                return
            s.turns.pop(0)
        self._end_hunt(s)

    def _legal_hunt(self, s, seat):
        return [*ids(s.hands[seat] & WOLVES[s.rank]), self.PASS]

    def _apply_hunt(self, s, seat, action):
        s.turns.pop(0)
        if action == self.PASS:
            s.log("no_wolf", seat)
        else:
            self._play(s, seat, action)
        self._next_hunter(s)

    def _end_hunt(self, s):
        """Hunting the rabbits: who keeps the rabbit, the wolves and the dingo."""
        rabbit = s.rabbits.pop(0)
        (dingo_player, dingo), wolves = s.plays[0], s.plays[1:]
        if not wolves:
            s.discard.append(rabbit)
            s.penalty[dingo_player] |= 1 << dingo
            catcher = None
        else:
            catcher, last = wolves[-1]
            s.score[catcher] |= (1 << last) | (1 << rabbit)
            s.score[dingo_player] |= 1 << dingo
            if len(wolves) == 2:
                s.score[dingo_player] |= 1 << wolves[0][1]
        s.log("hunted", catcher, rank=s.rank, rabbit=Card(rabbit), wolves=len(wolves),
              dingo_player=dingo_player)
        s.plays = []
        self._start_hunt(s, s.rank + 1)

    # -- the ace hunt --------------------------------------------------------------------------
    def _wolves_down(self, s):
        return sum(1 for _, c in s.plays if (WOLVES[ACE] >> c) & 1)

    def _next_ace_turn(self, s):
        while s.turns:
            p = s.turns[0]
            if (s.hands[p] >> ACE_RABBIT) & 1 and self._wolves_down(s) == 2:
                self._play(s, p, ACE_RABBIT)          # compulsory as soon as it can be played
            if s.hands[p] & WOLVES[ACE]:
                s.phase = Phase.ACE
                s.to_act = (p,)
                return
            s.turns.pop(0)
        self._end_ace_hunt(s)

    def _legal_ace(self, s, seat):
        return [*ids(s.hands[seat] & WOLVES[ACE]), self.PASS]

    def _apply_ace(self, s, seat, action):
        if action == self.PASS:
            s.log("turn_ended", seat)
            s.turns.pop(0)
        else:
            self._play(s, seat, action)
        self._next_ace_turn(s)

    def _end_ace_hunt(self, s):
        """Hunting the A♦: wolves score for their players, the dingo scores
        unless it was alone, the A♦ scores if played, else is a penalty."""
        dingo_player, dingo = s.plays[0]
        rabbit_holder = self._holder(s, ACE_RABBIT)
        for seat, c in s.plays[1:]:
            s.score[seat] |= 1 << c
        if len(s.plays) == 1:
            s.penalty[dingo_player] |= 1 << dingo
        else:
            s.score[dingo_player] |= 1 << dingo
        if rabbit_holder is not None:
            s.hands[rabbit_holder] &= ~(1 << ACE_RABBIT)
            s.penalty[rabbit_holder] |= 1 << ACE_RABBIT
            s.log("rabbit_shown", rabbit_holder, card=Card(ACE_RABBIT), why="it could not be played")
        s.log("hunted", None, rank=ACE, wolves=self._wolves_down(s), dingo_player=dingo_player)
        s.plays = []
        self._end(s)

    # -- scoring ----------------------------------------------------------------------------------
    def _end(self, s):
        s.exposed = True
        forfeits = mask_of(p for p in range(PLAYERS) if s.hands[p] & RED)
        s.log("exposed", None, hands=[CardSet(h) for h in s.hands],
              forfeit=[p for p in range(PLAYERS) if (forfeits >> p) & 1])
        keys = standing_keys(s.score, s.penalty, forfeits)
        best = max(keys)
        broken = sum(1 for k in keys if k[:2] == best[:2]) > sum(1 for k in keys if k == best)
        points = final_scores(s.score, s.penalty)
        order = sorted(range(PLAYERS), key=lambda p: keys[p], reverse=True)
        reason = ("the most points: " + ", ".join(f"seat {p} {points[p]}" for p in order)
                  + ("; the tie broken by the highest rabbit" if broken else ""))
        self.finish(s, most_wins(points, reason, keys=keys, details={
            "score_piles": [pile_points(m) for m in s.score],
            "penalty_piles": [pile_points(m, True) for m in s.penalty]}))

    def why_illegal(self, s, seat, action):
        if not isinstance(action, int) or not 0 <= action < self.actions.size:
            return super().why_illegal(s, seat, action)
        if self.DISCARD <= action < self.DISCARD + 52:
            c = action - self.DISCARD
            if s.phase != Phase.DISCARD:
                return "this is not a discard round"
            if RANK[c] == ACE:
                return "aces may never be discarded"
            return f"{DECK.text(c)} is not in your hand"
        if self.PASS_CARD <= action < self.PASS_CARD + 52:
            if s.phase != Phase.PASS:
                return "this is not a passing round"
            return f"{DECK.text(action - self.PASS_CARD)} is not in your hand"
        if 0 <= action < 52:
            if s.phase in (Phase.HUNT, Phase.ACE):
                return (f"only a wolf may be played now: a black {'23456789TJQKA'[s.rank - 2]}"
                        " from your hand")
            return "name what to do with it: discard 7S or pass 7S"
        if action == self.PASS and s.phase == Phase.PASS:
            return "name the card to pass, e.g. pass 7S"
        if action == self.PASS:
            return "discard a card (never an ace)"
        return super().why_illegal(s, seat, action)

    # -- text --------------------------------------------------------------------------------------
    def describe_event(self, event):
        kind, seat = event.get("kind"), event.get("seat")
        card = pretty(DECK.text(event["card"])) if event.get("card") is not None else None
        if kind == "discard":
            return f"seat {seat} discards {card or 'a card'}"
        if kind == "pass_card":
            what = card or "a card"
            return f"seat {seat} passes {what} {event['direction']} to seat {event['to']}"
        if kind == "dingo":
            return f"seat {seat} plays the dingo {card}"
        if kind == "wolf":
            return f"seat {seat} plays a wolf: {card}"
        if kind == "no_wolf":
            return f"seat {seat} plays no wolf"
        if kind == "turn_ended":
            return f"seat {seat} plays no more wolves"
        if kind == "rabbit_played":
            return f"seat {seat} plays the rabbit {card}"
        if kind == "rabbit_discarded":
            return f"the rabbit {card} is discarded: {event['why']}"
        if kind == "rabbit_shown":
            return f"seat {seat} shows the {card} and takes it as a penalty: {event['why']}"
        if kind == "hunted":
            rank = RANK_WORDS[event["rank"]]
            if event["wolves"] == 0:
                return f"nobody hunted the {rank}s: the dingo is seat {event['dingo_player']}'s penalty"
            if seat is None:
                wolves = event["wolves"]
                return (f"the ace hunt is over ({wolves} {'wolf' if wolves == 1 else 'wolves'} "
                        f"played)")
            return f"seat {seat} catches the rabbit {pretty(DECK.text(event['rabbit']))}"
        if kind == "exposed":
            left = "; ".join(f"seat {p} {' '.join(pretty(DECK.text(c)) for c in h) or 'nothing'}"
                             for p, h in enumerate(event["hands"]))
            forfeit = (f"; seats {', '.join(map(str, event['forfeit']))} forfeit (red cards)"
                       if event["forfeit"] else "")
            return f"cards left in hand: {left}{forfeit}"
        return NotImplemented

    # -- views -------------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["dealer"] = s.dealer
        if s.phase in (Phase.DISCARD, Phase.PASS) and s.outcome is None:
            kind, d = ROUNDS[s.round]
            number = s.round // 2 + 1
            v["round"] = (f"discard round {number} of 4" if kind == "discard"
                          else f"passing round {number} of 3: {_WHERE[d]}")
            if kind == "pass" and seat is not None:
                v["pass_to"] = (seat + d) % PLAYERS
        v["next_rabbit"] = Card(s.rabbits[0]) if s.rabbits else None
        v["rabbits_left"] = len(s.rabbits)
        v["discard_top"] = Card(s.discard[-1]) if s.discard else None
        v["discards"] = len(s.discard)
        v["score_piles"] = [CardSet(m) for m in s.score]
        v["penalty_piles"] = [CardSet(m) for m in s.penalty]
        v["points"] = final_scores(s.score, s.penalty)
        if s.rank is not None and s.outcome is None:
            v["hunt"] = {"rank": RANK_WORDS[s.rank], "plays": [[p, Card(c)] for p, c in s.plays],
                         # the A♦ is in somebody's hand: named, not shown
                         "rabbit": Card(s.rabbits[0]) if s.rank < ACE else "A♦ (in a hand)"}
        if s.exposed:
            v["left_in_hand"] = [CardSet(h) for h in s.hands]

    def zones(self, s):
        z = {"rabbits": mask_of(s.rabbits), "discard": mask_of(s.discard),
             "plays": mask_of(c for _, c in s.plays)}
        for p in range(PLAYERS):
            z[f"hand{p}"] = s.hands[p]
            z[f"score{p}"] = s.score[p]
            z[f"penalty{p}"] = s.penalty[p]
        return z

    def unknown_cards(self, s, seat):
        if s.exposed:
            return 0
        m = 0
        for p in range(PLAYERS):
            if p != seat:
                m |= s.hands[p]
        return m & ~(s.known[seat] if seat is not None else 0)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        own = int(view["hand"]) if seat is not None else 0
        s.dealer = view["dealer"]
        s.rabbits = list(RABBITS[len(RABBITS) - view["rabbits_left"]:])
        s.score = [int(m) for m in view["score_piles"]]
        s.penalty = [int(m) for m in view["penalty_piles"]]
        hunt = view.get("hunt")
        s.rank = None if hunt is None else RANK_WORDS.index(hunt["rank"])
        s.plays = [] if hunt is None else [(p, int(c)) for p, c in hunt["plays"]]
        top = view["discard_top"]
        seen = own | mask_of(s.rabbits) | mask_of(c for _, c in s.plays)
        for m in s.score + s.penalty:
            seen |= m
        if top is not None:
            seen |= 1 << int(top)
        s.exposed = "left_in_hand" in view
        counts = {f"hand{p}": k for p, k in enumerate(view["hand_sizes"]) if p != seat}
        counts["buried"] = max(0, view["discards"] - 1)
        if s.exposed:
            counts = {"buried": counts["buried"]}
            for p, m in enumerate(view["left_in_hand"]):
                seen |= int(m)
        unseen = (DECK.all_mask & ~seen)
        # aces are never discarded: the buried discards hold none
        placed = sample_hands(unseen, counts, rng, allowed={"buried": unseen & ~ACES})
        if s.exposed:
            s.hands = [int(m) for m in view["left_in_hand"]]
        else:
            s.hands = [own if p == seat else placed[f"hand{p}"] for p in range(PLAYERS)]
        s.discard = shuffled(placed["buried"], rng) + ([int(top)] if top is not None else [])
        s.known = [0] * PLAYERS
        s.round, s.acted = self._round_from_view(view)
        s.turns = self._turns_from_view(s, view)
        return s

    def _round_from_view(self, view):
        """Which discard or passing round it is, and how many have acted."""
        phase = view["phase"]
        if phase not in ("discard", "pass") or view.get("outcome") is not None:
            return len(ROUNDS), 0
        sizes = view["hand_sizes"]
        dealt_out = HAND * PLAYERS - sum(sizes)     # cards discarded so far
        acted = (view["to_act"][0] - view["dealer"]) % PLAYERS
        if phase == "discard":
            return (dealt_out // PLAYERS) * 2, acted
        return (dealt_out // PLAYERS) * 2 - 1, acted

    def _turns_from_view(self, s, view):
        """Who may still play in the hunt on, from the view's plays and whose
        turn it is (the order is fixed by the dingo's player)."""
        if s.rank is None or not s.plays or not view["to_act"]:
            return []
        first = s.plays[0][0]
        order = [(first + k) % PLAYERS for k in ((1, 2, 3, 0) if s.rank == ACE else (1, 2, 3))]
        # the dingo's player plays his dingo by force, so when he acts in the
        # ace hunt it is his last turn
        return order[order.index(view["to_act"][0]):]
