"""Fireplace Poker, Tuomas Korppi's rummy-and-poker game for two (or four).

Rule source: seed 000 (Tuomas Korppi, "My Games"), ch. 18: 18.1 five packs
and 31 chips each, 18.3 setup, 18.4 the turn (18.4.1 steal, 18.4.2 meld,
18.4.3 discard, 18.4.4 score, 18.4.5 draw), 18.5 end of game, 18.6 special
situations (18.6.1 no legal meld: the opponent decides; 18.6.2 the draw
deck runs out), 18.7 the four-player variant (preset ``four``); the
strategy tips of 18.8 guide the bot.  Poker hands: ch. 17 through
``cards.poker_hands``.

A turn is played one choice at a time: ``steal N CARD`` takes CARD from the
opponent's meld number N (at most one card a meld, before any hand card),
then each hand card of the meld is named (``KH``); the fifth card places
the meld, and discarding, scoring and drawing follow by themselves.  A
choice is offered only if it can still end in a legal meld, so a meld
under way can always be finished; ``take back`` starts the turn's choices
again.  Until the meld is placed the choices are the player's own: the
others see nothing of them.

Decisions where the seed is silent (pinned in tests/games/test_fireplace_poker.py):

- Setup: the first dealer is drawn by lot; cards are dealt one at a time
  from the dealer's left, and the player on the dealer's left has the first
  turn.  Turns pass to the left.
- Five of a kind, possible only with identical cards (so only in a meld an
  opponent makes for a player, 18.6.1), ranks above the straight flush, as
  everywhere in pelit (``cards.poker_hands``).
- 18.4.2: a meld with stolen cards must be higher than every meld robbed;
  a meld of hand cards only must be at least a pair of jacks; both rules
  apply together when stealing.
- 18.6.1: the deciding opponent chooses five of the player's hand cards
  (identical cards and hands below a pair of jacks allowed).  He could also
  make the player steal from his own melds, which can only cost him melds
  and give the player points, so pelit leaves that choice out.  The
  opponent sees the player's hand while he decides (in the four-player game
  only that opponent).
- 18.6.2: a player who may pass (the deck is empty and he holds fewer than
  13 cards) and cannot make a legal meld passes; 18.6.1 applies only to a
  player who must meld.  A pass is a turn: scoring follows it as usual.
  Fewer chips wins; equal chips, more melds; equal melds too: a draw.
- Scores: the points each side has scored (chips given up), so higher is
  better; the outcome's details say the chips and melds left.
- The trash pile is face down: the view gives its size only.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import combinations

from ..cards.deal import sample_hands, shuffled
from ..cards.deck import ALL_RANKS, Card, CardSet, Deck, ids, mask_of, pretty
from ..cards.poker_build import best_containing
from ..cards.poker_hands import Category, describe, evaluator, hand_value
from ..cards.table_text import dealt_line
from ..core.actions import ActionSpace
from ..core.errors import ParseError
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from ..core.rng import stream

DECK = Deck("5x52", ALL_RANKS, 5)
PACK_VALUE = evaluator(DECK).value                       # any five ids, identical ones too
FACE_VALUE = evaluator(Deck("52", ALL_RANKS)).value      # five distinct faces
FACE = tuple(c % 52 for c in range(DECK.size))
HAND_SIZE = 13
PAIR_OF_JACKS = hand_value(Category.PAIR, 11)            # the least legal meld of hand cards
MAX_MELDS = DECK.size // 5


class Phase(enum.Enum):
    MELD = 1            # the player steals and melds (18.4.1, 18.4.2)
    FORCED = 2          # 18.6.1: an opponent makes the player's meld


@dataclass(frozen=True)
class FireplaceOptions:
    players: int = option(2, "2, or 4 in two teams (18.7)", choices=(2, 4))
    chips: int = option(31, "poker chips of each player (each team) at the start", min=1, max=99)


class FireplaceState(State):
    __slots__ = ("dealer", "player", "hands", "deck", "trash", "melds", "chips", "stolen",
                 "picked", "passes", "decider", "seen_by")

    def _copy_into(self, new):
        new.dealer = self.dealer
        new.player = self.player
        new.hands = self.hands.copy()
        new.deck = self.deck.copy()
        new.trash = self.trash
        new.melds = [m.copy() for m in self.melds]
        new.chips = self.chips.copy()
        new.stolen = self.stolen.copy()
        new.picked = self.picked.copy()
        new.passes = self.passes
        new.decider = self.decider
        new.seen_by = self.seen_by


def faces_of(mask: int) -> int:
    """The faces (0..51) of some card ids, as a mask."""
    out = 0
    for c in ids(mask):
        out |= 1 << FACE[c]
    return out


def score_points(mine: int, theirs: int) -> int:
    """18.4.4: one point for each meld the player's side has more."""
    return max(0, mine - theirs)


class MeldSearch:
    """Which choices can still end in a legal meld (18.4.1, 18.4.2), for a
    hand and the opponent's melds.  Results are kept: one search serves a
    whole turn (``search_for``)."""

    def __init__(self, hand_faces: int, their_melds: tuple[tuple[int, int], ...]):
        self.hand_faces = hand_faces
        self.values = [v for v, _ in their_melds]
        self.meld_faces = [f for _, f in their_melds]
        self._memo: dict = {}
        self._hand_best: dict[int, int] = {}

    def threshold(self, robbed) -> int:
        """The least value a meld may have: a pair of jacks, and above every robbed meld."""
        t = PAIR_OF_JACKS
        for m in robbed:
            t = max(t, self.values[m] + 1)
        return t

    def hand_best(self, fixed: int) -> int:
        """The best meld of ``fixed`` and hand cards."""
        v = self._hand_best.get(fixed)
        if v is None:
            v = self._hand_best[fixed] = best_containing(fixed, self.hand_faces & ~fixed)[0]
        return v

    def can_finish(self, fixed: int, robbed: frozenset, steals_open: bool) -> bool:
        """Some legal meld holds the faces ``fixed``, with the meld indices
        ``robbed`` robbed, from the hand and (if ``steals_open``) more steals."""
        key = (fixed, robbed, steals_open)
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._can_finish(fixed, robbed, steals_open)
        return hit

    def _can_finish(self, fixed, robbed, steals_open):
        need = self.threshold(robbed)
        if self.hand_best(fixed) >= need:
            return True
        if not steals_open or fixed.bit_count() >= 5:
            return False
        # A meld whose further steals rob melds worth at most L is made of
        # the fixed cards, hand cards and cards of the melds worth at most
        # L (one card a meld), and must be worth more than L as well as
        # reach the bar ``need``.  The levels L under the bar all aim at the
        # bar: the highest of them offers the most cards and melds, so it
        # alone is tried.  Above the bar each level aims higher than itself,
        # and none can beat the best meld of every card within reach.
        others = [m for m in range(len(self.values)) if m not in robbed]
        if not others:
            return False
        levels = sorted({self.values[m] for m in others})
        reach = self.hand_faces
        for m in others:
            reach |= self.meld_faces[m]
        bound = best_containing(fixed, reach & ~fixed)[0]
        if bound < need:
            return False
        below = [level for level in levels if level < need]
        tried = below[-1:] + [level for level in levels if need <= level < bound]
        for level in tried:
            group = tuple(m for m in others if self.values[m] <= level)
            pool = self.hand_faces
            for m in group:
                pool |= self.meld_faces[m]
            if self._meld_within(fixed, pool & ~fixed, group, max(need, level + 1)):
                return True
        return False

    def _meld_within(self, fixed: int, pool: int, group: tuple, target: int) -> bool:
        """Some meld worth ``target`` or more holds ``fixed`` and faces of
        ``pool``, those not in the hand stolen from different melds of
        ``group``.  The best meld of the pool decides unless its stolen
        cards clash (too few melds hold them); then any meld good enough
        leaves out one of the clashing cards, and each way is tried."""
        key = ("within", fixed, pool, group, target)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        value, hand = best_containing(fixed, pool)
        found = False
        if value >= target:
            clash = self._clash(hand & ~fixed & ~self.hand_faces, group)
            found = not clash or any(self._meld_within(fixed, pool & ~(1 << f), group, target)
                                     for f in ids(clash))
        self._memo[key] = found
        return found

    def _clash(self, faces: int, group) -> int:
        """The smallest set of ``faces`` that fewer melds of ``group`` hold
        than it has cards (0 if none: by Hall's theorem each face can then
        be stolen from a meld of its own)."""
        wanted = ids(faces)
        holders = [sum(1 << i for i, m in enumerate(group) if self.meld_faces[m] >> f & 1)
                   for f in wanted]
        subsets = sorted(range(1, 1 << len(wanted)), key=int.bit_count)
        for sub in subsets:
            melds = 0
            mask = 0
            for i, f in enumerate(wanted):
                if sub >> i & 1:
                    melds |= holders[i]
                    mask |= 1 << f
            if melds.bit_count() < sub.bit_count():
                return mask
        return 0

    def finishing_faces(self, fixed: int, robbed) -> int:
        """The hand faces that can come next in a meld with no more steals:
        every face of some legal completion."""
        need = self.threshold(robbed)
        key = ("finish", fixed, robbed)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        pool = ids(self.hand_faces & ~fixed)
        k = 5 - fixed.bit_count()
        base = ids(fixed)
        out = 0
        everything = self.hand_faces & ~fixed
        if self.hand_best(fixed) >= need:
            for rest in combinations(pool, k):
                if FACE_VALUE(base + list(rest)) >= need:
                    for f in rest:
                        out |= 1 << f
                    if out == everything:
                        break
        self._memo[key] = out
        return out


_SEARCHES: dict = {}


def search_for(hand: int, their_melds) -> MeldSearch:
    """The search for a hand against the opponent's melds, kept while the
    same hand meets the same melds (a turn's choices ask it again and again)."""
    key = (faces_of(hand), tuple((v, faces_of(m)) for v, m in their_melds))
    found = _SEARCHES.get(key)
    if found is None:
        if len(_SEARCHES) > 64:
            _SEARCHES.clear()
        found = _SEARCHES[key] = MeldSearch(*key)
    return found



@register
class FireplacePoker(Game):
    info = GameInfo(
        id="fireplace-poker", name="Fireplace Poker", min_seats=2, max_seats=4,
        family="poker-rummy", source="000 ch. 18", hidden=True, chance=True,
        summary=(
            "Five packs shuffled together; 13 cards each and 31 chips each. On your turn "
            "you may first steal cards from your opponent's melds, at most one from each "
            "meld, and then meld one five-card poker hand: the stolen cards and cards from "
            "your hand, no two identical cards. A meld must be at least a pair of jacks, "
            "and if you stole, higher than every meld you stole from; what is left of "
            "those melds goes to the trash. Then, if you have more melds on the table "
            "than your opponent, give up one chip for each meld more, and draw back up to "
            "13 cards. The first to give up all his chips wins. If you cannot make a "
            "legal meld, your opponent picks five of your cards as your meld. When the "
            "deck is empty a player with fewer than 13 cards may pass; two passes in a "
            "row end the game, and fewer chips (then more melds) wins. Four players "
            "(preset four) play in two teams sitting crosswise, with common melds and "
            "chips."),
        verbs=(("steal N KH", "take KH from the opponent's meld number N"),
               ("KH", "put a hand card into your meld (the fifth places it)"),
               ("take back", "undo this turn's choices"),
               ("pass", "when the deck is empty and you hold fewer than 13 cards")),
    )
    Options = FireplaceOptions
    Phase = Phase
    State = FireplaceState
    deck = DECK
    presets = {"four": {"players": 4}}
    test_options = {"chips": 8}
    web_layout = {
        "table": "meld",
        "board_text": True,
        "show": {"hand": "hand", "hand_sizes": "backs", "chips": ["chips", "chips left"],
                 "meld_counts": ["seat", "melds"], "melds": "melds",
                 "their_hand": ["cards", "the hand you meld from"],
                 "building.picked": ["cards", "your meld so far"],
                 "deck": ["count", "draw deck"], "trash": ["count", "trash pile"],
                 "passes": ["info", "passes in a row"], "dealer": "tag",
                 "decider": ["tag", "picks the meld"], "board_text": ["text", "melds"]},
    }
    render_hints = {"hide": ["melds", "player", "side", "decider", "building"],
                    "labels": {"hand_sizes": "cards", "chips": "chips left",
                               "meld_counts": "melds", "deck": "draw deck",
                               "trash": "trash pile", "their_hand": "the hand you meld from",
                               "passes": "passes in a row",
                               "stolen_from": "stolen from melds"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()
        self.TAKE_BACK = self.actions.verb("take back")
        self.PASS = self.actions.verb("pass")
        self.STEAL = self.actions.size                  # steal: STEAL + meld * 260 + card

    # -- actions -----------------------------------------------------------------
    def steal_id(self, meld: int, card: int) -> int:
        return self.STEAL + meld * DECK.size + card

    def action_text(self, action):
        if action >= self.STEAL:
            meld, card = divmod(action - self.STEAL, DECK.size)
            if meld >= MAX_MELDS:
                return super().action_text(action)
            return f"steal {meld + 1} {DECK.text(card)}"
        return super().action_text(action)

    def parse_action(self, s, text, seat=None):
        words = text.strip().lower().split()
        if words and words[0] == "steal":
            if len(words) != 3 or not words[1].isdigit() or not 1 <= int(words[1]) <= MAX_MELDS:
                raise ParseError("say which meld and which card: steal 2 KH")
            meld = int(words[1]) - 1
            candidates = [self.steal_id(meld, c) for c in DECK.copies_of(words[2])]
            if seat is None and len(s.to_act) == 1:
                seat = s.to_act[0]
            legal = self.legal_actions(s, seat) if seat is not None else []
            return next((a for a in candidates if a in legal), candidates[0])
        try:
            return super().parse_action(s, text, seat)
        except ParseError as exc:
            raise ParseError(f"{exc}, 'steal N CARD' (e.g. steal 2 KH)") from None

    # -- sides -------------------------------------------------------------------
    @staticmethod
    def side(seat: int) -> int:
        return seat % 2

    # -- setup ---------------------------------------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.dealer = stream(s.seed, "dealer").randrange(n)
        pack = s.deal_pack(DECK, 0)
        s.deck = pack[::-1]                      # top card last: pop() draws
        s.hands = [0] * n
        # 18.3: 13 cards each, one at a time from the dealer's left
        for i in range(HAND_SIZE * n):
            s.hands[(s.dealer + 1 + i) % n] |= 1 << s.deck.pop()
        for p in range(n):
            s.log("dealt", p, audience=(p,), private={"cards": CardSet(s.hands[p])},
                  count=HAND_SIZE)
        s.trash = 0
        s.melds = [[], []]
        s.chips = [s.options.chips, s.options.chips]
        s.passes = 0
        s.seen_by = None
        self._start_turn(s, (s.dealer + 1) % n)

    def _start_turn(self, s, seat):
        s.player = seat
        s.stolen = []
        s.picked = []
        s.decider = None
        s.seen_by = None
        s.phase = Phase.MELD
        s.to_act = (seat,)
        if self.may_pass(s, seat) or self.search(s, seat).can_finish(0, frozenset(), True):
            return
        # 18.6.1: no legal meld: the opponent (the left-hand one) decides
        n = s.options.players
        s.decider = (seat + 1) % n
        s.seen_by = s.decider
        s.phase = Phase.FORCED
        s.to_act = (s.decider,)
        s.log("no_legal_meld", seat, decider=s.decider, audience=(s.decider,),
              private={"their_hand": CardSet(s.hands[seat])})

    def may_pass(self, s, seat) -> bool:
        """18.6.2: the deck is empty and the player holds fewer than 13 cards."""
        return not s.deck and s.hands[seat].bit_count() < HAND_SIZE

    def search(self, s, seat) -> MeldSearch:
        return search_for(s.hands[seat], s.melds[1 - self.side(seat)])

    # -- 18.4.1 and 18.4.2: steal and meld ---------------------------------------
    def _chosen_faces(self, s) -> int:
        out = 0
        for _, c in s.stolen:
            out |= 1 << FACE[c]
        for c in s.picked:
            out |= 1 << FACE[c]
        return out

    def _legal_meld(self, s, seat):
        out = []
        hand = s.hands[seat]
        if not s.stolen and not s.picked and self.may_pass(s, seat):
            out.append(self.PASS)
        if s.stolen or s.picked:
            out.append(self.TAKE_BACK)
        search = self.search(s, seat)
        fixed = self._chosen_faces(s)
        robbed = frozenset(m for m, _ in s.stolen)
        their = s.melds[1 - self.side(seat)]
        if not s.picked and len(s.stolen) < 5:
            for m, (value, cards) in enumerate(their):
                if m in robbed:
                    continue
                seen = 0
                for c in ids(cards):
                    f = FACE[c]
                    if (fixed | seen) >> f & 1:
                        continue
                    seen |= 1 << f
                    if search.can_finish(fixed | (1 << f), robbed | {m}, True):
                        out.append(self.steal_id(m, c))
        finishing = search.finishing_faces(fixed, robbed)
        out += self._one_copy_each(hand & ~mask_of(s.picked), finishing)
        return out

    @staticmethod
    def _one_copy_each(hand: int, faces: int) -> list[int]:
        """The lowest id of each face of ``faces`` held in ``hand``."""
        out = []
        seen = 0
        for c in ids(hand):
            f = FACE[c]
            if faces >> f & 1 and not seen >> f & 1:
                seen |= 1 << f
                out.append(c)
        return out

    def _apply_meld(self, s, seat, action):
        if action == self.PASS:
            s.log("pass", seat)
            s.passes += 1
            self._end_turn(s, seat)
            return
        if action == self.TAKE_BACK:
            s.stolen = []
            s.picked = []
            s.log("take_back", seat, audience=(seat,), private={})
            s.to_act = (seat,)
            return
        if action >= self.STEAL:
            meld, card = divmod(action - self.STEAL, DECK.size)
            s.stolen.append((meld, card))
            s.log("choose", seat, audience=(seat,), private={"steal": Card(card), "meld": meld + 1})
        else:
            s.picked.append(action)
            s.log("choose", seat, audience=(seat,), private={"card": Card(action)})
        if len(s.stolen) + len(s.picked) == 5:
            self._place(s, seat)
        else:
            s.to_act = (seat,)

    # -- 18.6.1: the opponent decides ---------------------------------------------
    def _legal_forced(self, s, seat):
        out = [self.TAKE_BACK] if s.picked else []
        hand = s.hands[s.player] & ~mask_of(s.picked)
        return out + self._one_copy_each(hand, faces_of(hand))

    def _apply_forced(self, s, seat, action):
        if action == self.TAKE_BACK:
            s.picked = []
            s.log("take_back", seat, audience=(seat, s.player), private={})
            return
        s.picked.append(action)
        s.log("choose", seat, audience=(seat, s.player), private={"card": Card(action)})
        if len(s.picked) == 5:
            self._place(s, s.player)

    # -- placing the meld, 18.4.3 discard, 18.4.4 score, 18.4.5 draw ------------------
    def _place(self, s, seat):
        side = self.side(seat)
        their = s.melds[1 - side]
        cards = [c for _, c in s.stolen] + s.picked
        value = PACK_VALUE(cards)
        robbed = sorted({m for m, _ in s.stolen}, reverse=True)
        numbers = sorted(m + 1 for m in robbed)
        s.hands[seat] &= ~mask_of(s.picked)
        for m in robbed:
            _, meld_cards = their.pop(m)
            s.trash |= meld_cards & ~mask_of(cards)
        meld = mask_of(cards)
        s.melds[side].append((value, meld))
        s.log("meld", seat, cards=[Card(c) for c in _meld_order(meld)], hand=describe(value),
              stolen_from=numbers or None, made_by=s.decider,
              stolen=[[m + 1, Card(c)] for m, c in s.stolen] or None)
        s.stolen = []
        s.picked = []
        s.passes = 0
        self._end_turn(s, seat)

    def _end_turn(self, s, seat):
        side = self.side(seat)
        points = score_points(len(s.melds[side]), len(s.melds[1 - side]))
        if points:
            paid = min(points, s.chips[side])
            s.chips[side] -= paid
            s.log("score", seat, points=paid, chips_left=s.chips[side])
            if s.chips[side] == 0:
                # 18.5: rid of every chip: won at once
                self._finish(s, side, "gave up every chip")
                return
        if s.passes >= s.options.players:
            # 18.6.2 / 18.7: everyone passed in a row
            a, b = s.chips
            if a != b:
                self._finish(s, 0 if a < b else 1, "has fewer chips when everyone passed")
            else:
                ma, mb = len(s.melds[0]), len(s.melds[1])
                self._finish(s, None if ma == mb else (0 if ma > mb else 1),
                             "has as many chips but more melds when everyone passed")
            return
        # 18.4.5: draw up to 13 (18.6.2: no more when the deck is empty)
        drawn = 0
        while s.deck and s.hands[seat].bit_count() < HAND_SIZE:
            s.hands[seat] |= 1 << s.deck.pop()
            drawn += 1
        if drawn:
            s.log("draw", seat, count=drawn, deck=len(s.deck))
        self._start_turn(s, (seat + 1) % s.options.players)

    def _finish(self, s, side, why):
        n = s.options.players
        points = [s.options.chips - s.chips[self.side(p)] for p in range(n)]
        if side is None:
            winners, reason = (), "everyone passed with equal chips and melds: a draw"
        else:
            winners = tuple(p for p in range(n) if self.side(p) == side)
            who = f"seat {winners[0]}" if n == 2 else f"seats {winners[0]} and {winners[1]}"
            reason = f"{who} {why}"
        self.finish(s, Outcome(tuple(points), winners, reason,
                               details={"chips": list(s.chips),
                                        "melds": [len(m) for m in s.melds]}))

    def why_illegal(self, s, seat, action):
        if action.__class__ is not int:
            return super().why_illegal(s, seat, action)
        if action == self.PASS:
            return "you may pass only when the deck is empty and you hold fewer than 13 cards"
        if action == self.TAKE_BACK:
            return "nothing to take back"
        if action >= self.STEAL:
            meld, card = divmod(action - self.STEAL, DECK.size)
            their = s.melds[1 - self.side(s.player)]
            if s.phase is Phase.FORCED:
                return "the meld you make for your opponent is of his hand cards"
            if meld >= len(their) or not their[meld][1] >> card & 1:
                return f"the opponent's meld {meld + 1} holds no such card"
            if s.picked:
                return "steal before you put hand cards in the meld (18.4.1)"
            if any(m == meld for m, _ in s.stolen):
                return "only one card may be stolen from each meld (18.4.1)"
            return ("no legal meld could follow: it must be higher than every meld you steal "
                    "from, use every stolen card and hold no two identical cards (18.4.2)")
        if 0 <= action < DECK.size:
            holder = s.player
            if self._chosen_faces(s) >> FACE[action] & 1 and faces_of(s.hands[holder]) >> \
                    FACE[action] & 1:
                return (f"the meld holds a {DECK.text(action)} already: no two identical "
                        "cards in a meld (18.4.2)")
            if not (s.hands[holder] & ~mask_of(s.picked)) >> action & 1:
                return f"{DECK.text(action)} is not in the hand"
            return ("no legal meld could be finished with that card: at least a pair of jacks, "
                    "higher than any meld stolen from (18.4.2)")
        return super().why_illegal(s, seat, action)

    # -- views ----------------------------------------------------------------------
    def _view(self, s, seat, v):
        n = s.options.players
        if seat is not None:
            v["hand"] = CardSet(s.hands[seat])
            v["side"] = self.side(seat)
        v["player"] = s.player
        v["hand_sizes"] = [h.bit_count() for h in s.hands]
        v["chips"] = [s.chips[self.side(p)] for p in range(n)]
        v["meld_counts"] = [len(s.melds[self.side(p)]) for p in range(n)]
        v["deck"] = len(s.deck)
        v["trash"] = s.trash.bit_count()
        v["melds"] = [[{"cards": [Card(c) for c in _meld_order(m)], "hand": describe(val)}
                       for val, m in side] for side in s.melds]
        v["passes"] = s.passes
        v["decider"] = s.decider
        v["dealer"] = s.dealer
        if seat is not None and (seat == s.player or seat == s.decider):
            v["building"] = {"stolen": [[m + 1, Card(c)] for m, c in s.stolen],
                             "picked": [Card(c) for c in s.picked]}
        if seat is not None and seat == s.decider and s.decider is not None:
            v["their_hand"] = CardSet(s.hands[s.player])

    def render_board(self, view):
        """For the terminal: each side's melds by number with their poker
        hands, then the meld under way."""
        lines = []
        seat = view.get("seat")
        for side, melds in enumerate(view["melds"]):
            seats = [p for p in range(view["players"]) if p % 2 == side]
            who = " and ".join("you" if p == seat else f"seat {p}" for p in seats)
            lines.append(f"Melds of {who}:" + ("" if melds else " none"))
            for i, m in enumerate(melds, 1):
                cards = " ".join(pretty(DECK.text(c)) for c in m["cards"])
                lines.append(f"  {i:>2}. {cards:<22} {m['hand']}")
        building = self.web_board_text(view)
        if building:
            lines.append(building)
        return "\n".join(lines)

    def web_board_text(self, view):
        """For the web table, which draws the melds as cards: only the meld
        under way (the cards stolen for it, those picked from the hand)."""
        b = view.get("building")
        if not b or not (b["stolen"] or b["picked"]):
            return ""
        stolen = ", ".join(f"{pretty(DECK.text(c))} from {n}" for n, c in b["stolen"])
        picked = " ".join(pretty(DECK.text(c)) for c in b["picked"])
        return "Meld being made: " + "; ".join(x for x in (
            stolen and "stolen " + stolen, picked and "from the hand " + picked) if x)

    def describe_event(self, e):
        kind, seat = e["kind"], e.get("seat")
        if kind == "dealt":
            return dealt_line(DECK, e)
        if kind in ("choose", "take_back"):
            # the choices of a meld under way are the player's own until it is placed
            return None
        if kind == "meld":
            line = (f"seat {seat} melds {' '.join(pretty(DECK.text(c)) for c in e['cards'])}"
                    f" ({e['hand']})")
            if e.get("stolen"):
                line += ", stealing " + ", ".join(f"{pretty(DECK.text(c))} from meld {m}"
                                                  for m, c in e["stolen"])
                line += "; the rest of " + ("that meld goes" if len(e["stolen"]) == 1
                                            else "those melds go") + " to the trash"
            if e.get("made_by") is not None:
                line += f" (chosen by seat {e['made_by']}, 18.6.1)"
            return line
        if kind == "score":
            n = e["points"]
            left = e["chips_left"]
            return (f"seat {seat} scores {n} (more melds on the table than the other side) "
                    f"and gives up {'a chip' if n == 1 else f'{n} chips'}: "
                    f"{left} chip{'s' if left != 1 else ''} left")
        if kind == "draw":
            return f"seat {seat} draws {e['count']} ({e['deck']} left in the draw deck)"
        if kind == "no_legal_meld":
            return (f"seat {seat} cannot make a legal meld: seat {e['decider']} sees his hand "
                    "and chooses his meld (18.6.1)")
        if kind == "pass":
            return f"seat {seat} passes (the draw deck is empty)"
        return NotImplemented

    def zones(self, s):
        z = {"deck": mask_of(s.deck), "trash": s.trash,
             "melds0": 0, "melds1": 0}
        for side in (0, 1):
            for _, m in s.melds[side]:
                z[f"melds{side}"] |= m
        for p, h in enumerate(s.hands):
            z[f"hand{p}"] = h
        return z

    def unknown_cards(self, s, seat):
        out = mask_of(s.deck) | s.trash
        for p, h in enumerate(s.hands):
            if p != seat and not (seat is not None and seat == s.seen_by and p == s.player):
                out |= h
        return out

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        seat = view["seat"]
        n = view["players"]
        own = int(view["hand"]) if seat is not None else 0
        s.player = view["player"]
        s.decider = view["decider"]
        s.seen_by = s.decider if s.phase is Phase.FORCED else None
        known = {p: 0 for p in range(n)}
        if seat is not None:
            known[seat] = own
        if "their_hand" in view:
            known[s.player] = int(view["their_hand"])
        s.melds = [[(PACK_VALUE([int(c) for c in m["cards"]]), mask_of(int(c) for c in m["cards"]))
                    for m in side] for side in view["melds"]]
        on_table = 0
        for side in s.melds:
            for _, m in side:
                on_table |= m
        seen = on_table
        for m in known.values():
            seen |= m
        zones = {"deck": view["deck"], "trash": view["trash"]}
        for p in range(n):
            if not known[p]:
                zones[f"hand{p}"] = view["hand_sizes"][p]
        placed = sample_hands(DECK.all_mask & ~seen, zones, rng)
        s.hands = [known[p] or placed.get(f"hand{p}", 0) for p in range(n)]
        s.deck = shuffled(placed["deck"], rng)
        s.trash = placed["trash"]
        s.chips = [view["chips"][0], view["chips"][1 % n]]
        s.passes = view["passes"]
        s.dealer = view["dealer"]
        b = view.get("building")
        s.stolen = [(m - 1, int(c)) for m, c in b["stolen"]] if b else []
        s.picked = [int(c) for c in b["picked"]] if b else []
        return s


def _meld_order(mask: int) -> list[int]:
    """A meld's cards as players lay them: grouped by rank, bigger groups
    and higher ranks first."""
    cards = ids(mask)
    count = {}
    for c in cards:
        count[DECK.rank_of[c]] = count.get(DECK.rank_of[c], 0) + 1
    return sorted(cards, key=lambda c: (-count[DECK.rank_of[c]], -DECK.rank_of[c], DECK.suit_of[c]))
