"""Problem 1 of seed 000 ch. 32: with how many players must Musta Maija end?

The book's answer (ch. 33): someone is sure to get rid of his cards exactly
when the number of players is even.  With an odd number, the players can go
on for ever: every attacker plays one card and every defender picks it up.

Both halves are computed with the real ``musta-maija`` engine
(``games/musta_maija.py``), its own ``legal_actions``, ``apply`` and
``clone``:

- ``play_policy``: whole games on the 52-card pack, every attacker attacking
  with one card (the one he picked up last, if he still has it) and every
  defender taking it.  With an odd number of players the engine's own
  deadlock rule (a position seen three times, ch. 32 problem 1 in the
  module's docstring) ends every game with nobody out; with an even number
  the attackers are always the same half of the table and one of them runs
  out of cards, as the book's argument says.
- ``search``: every line of play from a small deal (a few cards in each
  hand and a short stock, the rest of the pack out of play), by depth-first
  search over the engine's states.  A line that never ends must pass a
  state twice, so "every line of play ends with someone out" is the same as
  "the states reachable before anyone is out contain no cycle".  The search
  finds such a cycle, or proves there is none and reports the longest line.
"""

from __future__ import annotations

import itertools
import random

from ..cards.deck import mask_of
from ..core.registry import load

GAME_ID = "musta-maija"


def _engine():
    return load(GAME_ID)


# -- whole games with the deadlock policy --------------------------------------

def play_policy(players: int, seed: int) -> dict:
    """One game on the full pack, every attacker playing one card and every
    defender taking it; the engine ends it (someone out, or its deadlock
    rule).  Returns how it ended and after how many attacks."""
    game = _engine()
    s = game.new_state(seed=seed, players=players)
    picked: list[list[int]] = [[] for _ in range(players)]
    while s.outcome is None:
        seat = s.to_act[0]
        phase = s.phase.name
        if phase == "ATTACK":
            if s.table:
                s.play("done", seat)
                continue
            hand = s.hands[seat]
            card = next((c for c in reversed(picked[seat]) if hand >> c & 1), None)
            if card is None:
                card = (hand & -hand).bit_length() - 1
            s.apply(card, seat)
        else:
            taken = list(s.table)
            s.play("take", seat)
            picked[seat].extend(taken)
    d = s.outcome.details
    return {"seed": seed, "players": players, "attacks": s.attack_no,
            "deadlock": bool(d.get("deadlock")), "out": list(d.get("out_order", [])),
            "reason": s.outcome.reason}


# -- exhaustive search from small deals ---------------------------------------------

def small_state(players: int, hands: list[int], stock: list[int], trump: int):
    """An engine state at the first attack of a small deal: ``hands`` are
    masks, ``stock`` card ids with the top last (its first card lies face up
    under it, as the trump card); ``trump`` is the trump suit.  Cards in
    neither lie out of play.  The engine's deadlock rule is set as late as
    it goes (the search finds repetitions itself)."""
    game = _engine()
    s = game.new_state(seed=0, players=players, repetitions=10)
    s.hands = list(hands)
    s.stock = list(stock)
    s.trump = trump
    trumps = game.deck.suit_mask[trump]
    in_play = mask_of(stock)
    for h in hands:
        in_play |= h
    s.trump_card = stock[0] if stock else ((trumps & ~in_play) & -(trumps & ~in_play)).bit_length() - 1
    s.returned = 0
    s.table = []
    s.beaten = []
    s.discard = game.deck.all_mask & ~in_play
    s.shown = [0] * players
    s.held = list(hands)
    s.out = []
    s.target = None
    s.positions = {}
    s.attack_no = 0
    s.outcome = None
    game._start_attack(s, 0)          # the engine's own start of an attack (seat 0 attacks)
    return s


def _key(s):
    return (s.phase.name, s.to_act, tuple(s.hands), tuple(s.stock), tuple(s.table),
            s.target, s.attacker, s.defender)


def search(start) -> dict:
    """Every line of play from ``start`` until someone is out.  Returns the
    number of states, and either a cycle (the actions of a line of play that
    comes back to where it was, as text) or the length of the longest line."""
    game = _engine()
    longest: dict = {}             # finished states: the longest line from there
    on_path: dict = {}             # states on the current line -> their index in it
    path = []                      # (state, key, legal actions, next index, best so far, action)

    def enter(state):
        key = _key(state)
        if state.out or state.outcome is not None:
            longest[key] = 0
            return None
        on_path[key] = len(path)
        path.append([state, key, game.legal_actions(state), 0, 0, None])
        return key

    enter(start)
    while path:
        frame = path[-1]
        state, key, legal, i, best, _ = frame
        if i == len(legal):
            path.pop()
            del on_path[key]
            longest[key] = best
            if path:
                parent = path[-1]
                parent[4] = max(parent[4], best + 1)
            continue
        frame[3] = i + 1
        action = legal[i]
        frame[5] = action
        child = state.clone()
        game.apply(child, action, child.to_act[0])
        ck = _key(child)
        if ck in on_path:
            at = on_path[ck]
            line = [f"{f[0].to_act[0]}:{game.action_text(f[5])}" for f in path[at:]]
            return {"states": len(longest) + len(on_path), "cycle": line}
        if ck in longest:
            frame[4] = max(frame[4], longest[ck] + 1)
            continue
        if enter(child) is None:
            frame[4] = max(frame[4], 1)
    return {"states": len(longest), "cycle": None, "longest": longest[_key(start)]}


def deals(pack: list[int], players: int, hand: int, stock: int):
    """Every deal of ``pack`` into ``players`` hands of ``hand`` cards and a
    stock of ``stock`` (top last), as (hands, stock) with masks for hands."""
    for order in _splits(pack[:], [hand] * players + [stock]):
        yield [mask_of(h) for h in order[:players]], list(order[players])


def _splits(cards, sizes):
    if not sizes:
        yield []
        return
    first, rest = sizes[0], sizes[1:]
    if not rest:
        for perm in itertools.permutations(cards):
            yield [list(perm)]
        return
    for group in itertools.combinations(cards, first):
        left = [c for c in cards if c not in group]
        for tail in _splits(left, rest):
            yield [list(group)] + tail


def search_deals(players: int, pack_text: str, hand: int, stock: int, trump: int = 1,
                 sample: int | None = None, seed: int = 1) -> dict:
    """``search`` from every deal of the pack (or ``sample`` random ones):
    how many deals have a line of play that never ends, an example, the
    states searched and the longest line where every line ends.  With a
    stock its bottom card names trumps (deals with a spade there are left
    out: 28.1 never leaves one there); without one, ``trump`` does."""
    game = _engine()
    pack = game.deck.parse_many(pack_text)
    if len(pack) != players * hand + stock:
        raise ValueError(f"{len(pack)} cards do not make {players} hands of {hand} and a "
                         f"stock of {stock}")
    if sample is None:
        todo = list(deals(pack, players, hand, stock))
    else:
        rng = random.Random(seed)
        todo = []
        for _ in range(sample):
            cards = pack[:]
            rng.shuffle(cards)
            hands = [mask_of(cards[p * hand:(p + 1) * hand]) for p in range(players)]
            todo.append((hands, cards[players * hand:]))
    cyclic = 0
    example = None
    states = 0
    longest = 0
    todo = [(h, r) for h, r in todo if not r or game.deck.suit_of[r[0]] != 0]
    for hands, rest in todo:
        suit = game.deck.suit_of[rest[0]] if rest else trump
        got = search(small_state(players, hands, rest, suit))
        states += got["states"]
        if got["cycle"] is not None:
            cyclic += 1
            if example is None:
                example = {"hands": [game.deck.texts(h) for h in hands],
                           "stock": game.deck.texts(rest), "cycle": got["cycle"]}
        else:
            longest = max(longest, got["longest"])
    return {"players": players, "pack": pack_text, "hand": hand, "stock": stock,
            "trump": ("spades", "hearts", "diamonds", "clubs")[trump],
            "deals": len(todo), "sampled": sample is not None, "never_ending": cyclic,
            "example": example, "states": states, "longest": longest}
