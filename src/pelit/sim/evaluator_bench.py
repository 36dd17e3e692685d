"""Seven-card poker hand evaluations per second (``pelit bench --evaluator``).

The same random hands (one pack, seven cards, a seeded stream) go through
``cards.poker_hands`` one call at a time and as one numpy batch, and through
``treys`` and ``eval7`` when they are importable (they are not project
dependencies: install them beside pelit to compare).  Rates are per second
of CPU time, the best of a few rounds, after one warm-up pass that fills the
lazily built tables.  Two-pack hands (which the peers cannot evaluate) are
timed for pelit alone.  ``verify`` compares the fast evaluator with the
brute-force reference (``cards.poker_reference``) on that many random hands
from one pack, two packs, and with wild cards.
"""

from __future__ import annotations

import random
import time

from ..cards.deck import standard_deck
from ..cards.poker_hands import evaluator

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "shdc"                 # pelit's suit order S H D C, in the peers' letters


def _hands(deck, count: int, seed: int, size: int = 7) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(deck.size), size) for _ in range(count)]


def _peer_text(deck, card: int) -> str:
    return RANK_CHARS[deck.rank_of[card] - 2] + SUIT_CHARS[deck.suit_of[card]]


def _rate(run, count: int, rounds: int) -> float:
    """Best rate over ``rounds`` timed calls of ``run`` (each does ``count``)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return count / max(best, 1e-9)


def _agreement(ours: list[int], theirs: list[int], lower_is_better: bool, rng) -> float:
    """The share of random pairs of hands that both evaluators order alike."""
    n = len(ours)
    same = 0
    trials = 2000
    for _ in range(trials):
        i, j = rng.randrange(n), rng.randrange(n)
        a = (ours[i] > ours[j]) - (ours[i] < ours[j])
        b = (theirs[i] > theirs[j]) - (theirs[i] < theirs[j])
        same += a == (-b if lower_is_better else b)
    return same / trials


def bench_evaluator(count: int = 100_000, seed: int = 1, rounds: int = 3) -> dict:
    """Rates of 7-card evaluations: pelit single calls and batch (one pack and
    two packs), treys and eval7 single calls (one pack), and how often each
    peer orders pairs of hands as pelit does (1.0: always)."""
    one = standard_deck("52")
    two = standard_deck("2x52")
    ev1, ev2 = evaluator(one), evaluator(two)
    hands1 = _hands(one, count, seed)
    hands2 = _hands(two, count, seed + 1)
    rows = []

    def single(ev, hands):
        value = ev.value
        return lambda: [value(h) for h in hands]

    for label, ev, hands in (("one pack", ev1, hands1), ("two packs", ev2, hands2)):
        single(ev, hands)()                      # warm-up: fills the tables
        rows.append({"evaluator": "pelit", "path": "single calls", "hands": label,
                     "per_second": _rate(single(ev, hands), count, rounds)})
    try:
        import numpy as np
    except ImportError:                          # the batch path needs numpy
        np = None
    if np is not None:
        for label, ev, hands in (("one pack", ev1, hands1), ("two packs", ev2, hands2)):
            arr = np.array(hands, dtype=np.int16)
            ev.values(arr[:8])                   # warm-up: builds the dense tables
            rows.append({"evaluator": "pelit", "path": "numpy batch", "hands": label,
                         "per_second": _rate(lambda: ev.values(arr), count, rounds)})
    ours = single(ev1, hands1)()
    check_rng = random.Random(seed)
    try:
        import treys
    except ImportError:
        rows.append({"evaluator": "treys", "path": "not installed"})
    else:
        t_eval = treys.Evaluator()
        cards = [[treys.Card.new(_peer_text(one, c)) for c in h] for h in hands1]
        n = min(count, 20_000)                   # treys is slow: a share of the hands
        part = cards[:n]
        results = [t_eval.evaluate(h[:2], h[2:]) for h in cards]
        rows.append({"evaluator": "treys", "path": "single calls", "hands": "one pack",
                     "per_second": _rate(lambda: [t_eval.evaluate(h[:2], h[2:]) for h in part],
                                         n, rounds),
                     "agreement": _agreement(ours, results, True, check_rng)})
    try:
        import eval7
    except ImportError:
        rows.append({"evaluator": "eval7", "path": "not installed"})
    else:
        cards = [[eval7.Card(_peer_text(one, c)) for c in h] for h in hands1]
        evaluate = eval7.evaluate
        results = [evaluate(h) for h in cards]
        rows.append({"evaluator": "eval7", "path": "single calls", "hands": "one pack",
                     "per_second": _rate(lambda: [evaluate(h) for h in cards], count, rounds),
                     "agreement": _agreement(ours, results, False, check_rng)})
    return {"hands": count, "cards": 7, "seed": seed, "clock": "cpu", "results": rows}


def verify_evaluator(count: int, seed: int = 1, progress=None) -> dict:
    """Fast evaluator against the brute-force reference: ``count`` random
    hands of 5 to 7 cards from one pack and from two packs, and ``count //
    100`` hands of 5 or 6 cards with up to two wild cards (jokers and twos,
    as in Commune; the reference tries every card for each).  Returns the
    hands checked and the mismatches (card text) per kind."""
    from ..cards import poker_reference as ref
    rng = random.Random(seed)
    out = {}
    for name in ("52", "2x52"):
        deck = standard_deck(name)
        ev = evaluator(deck)
        bad = []
        for i in range(count):
            cards = rng.sample(range(deck.size), rng.choice((5, 6, 7)))
            if ev.value(cards) != ref.best_value(ref.deck_faces(deck, cards)):
                bad.append(deck.texts(cards))
            if progress is not None and i % 10_000 == 0:
                progress(name, i)
        out[f"{name} cards"] = {"hands": count, "mismatches": bad[:20], "mismatch_count": len(bad)}
    deck = standard_deck("54")
    ev = evaluator(deck)
    wild_mask = deck.rank_mask[2] | deck.joker_mask
    bad = []
    checked = 0
    while checked < max(1, count // 100):
        cards = rng.sample(range(deck.size), rng.choice((5, 6)))
        wild = sum(1 for c in cards if (wild_mask >> c) & 1)
        if wild > 2:
            continue
        natural = [c for c in cards if not (wild_mask >> c) & 1]
        if ev.best_value(cards, wild_mask) != ref.best_value(ref.deck_faces(deck, natural), wild):
            bad.append(deck.texts(cards))
        checked += 1
    out["54 cards, jokers and twos wild"] = {"hands": checked, "mismatches": bad[:20],
                                             "mismatch_count": len(bad)}
    return out
