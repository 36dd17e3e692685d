"""What the rummy bots share: a plan of melds for a hand, and which card to let go.

``plan(rules, hand, wild)`` splits a hand greedily into melds: natural sets
and runs first (the longest, then the most valuable), then pairs and broken
runs made whole with the wild cards (as many as the rules allow).  The bots
lay the legal melds that belong to their plan and discard the card they
need least (``keep_score``).
"""

from __future__ import annotations

from ..cards.deck import ACE, ids


def _natural_melds(rules, cards):
    """Candidate natural sets and maximal natural runs among ``cards``."""
    out = []
    by_rank: dict[int, dict[int, int]] = {}
    by_suit: dict[int, dict[int, int]] = {}
    for c in cards:
        r, su = rules.rank_of[c], rules.suit_of[c]
        by_rank.setdefault(r, {}).setdefault(su, c)
        by_suit.setdefault(su, {}).setdefault(r, c)
        if r == ACE and rules.lo == 1:
            by_suit[su].setdefault(1, c)
    for r, suits in by_rank.items():
        if r in rules.set_ranks and len(suits) >= 3:
            out.append(list(suits.values())[:4])
    for su, ranks in by_suit.items():
        run = []
        for r in range(rules.lo, rules.hi + 2):
            if r in ranks and r <= rules.hi and not (run and ranks[r] in run):
                run.append(ranks[r])
            else:
                if len(run) >= 3:
                    out.append(run[:rules.max_run])
                run = []
    return out


def plan(rules, hand: int, wild: int, short_ok=False):
    """(melds as card lists, leftover cards) for a hand."""
    cards = [c for c in ids(hand) if not (wild >> c) & 1]
    wilds = [c for c in ids(hand) if (wild >> c) & 1]
    melds = []
    while True:
        cands = _natural_melds(rules, cards)
        if not cands:
            break
        best = max(cands, key=lambda m: (len(m), sum(rules.rank_of[c] for c in m)))
        melds.append(best)
        cards = [c for c in cards if c not in best]
    if short_ok and rules.short_rank:
        for c in list(cards):
            if rules.rank_of[c] == rules.short_rank:
                melds.append([c])
                cards.remove(c)
    # pairs and near runs completed with a wild card
    while wilds and rules.wild_ok(1, 3):
        best = None
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                ra, rb = rules.rank_of[a], rules.rank_of[b]
                same_rank = (ra == rb and rules.suit_of[a] != rules.suit_of[b]
                             and ra in rules.set_ranks)
                near = rules.suit_of[a] == rules.suit_of[b] and 0 < abs(ra - rb) <= 2
                if same_rank or near:
                    value = ra + rb
                    if best is None or value > best[0]:
                        best = (value, a, b)
        if best is None:
            break
        _, a, b = best
        melds.append([a, b, wilds.pop()])
        cards.remove(a)
        cards.remove(b)
    return melds, cards + wilds


def partners(rules, card: int, others) -> int:
    """Cards of ``others`` that could meld with ``card``: its rank in another
    suit, or its suit two ranks either side."""
    r, su = rules.rank_of[card], rules.suit_of[card]
    n = 0
    for c in others:
        if c == card:
            continue
        rc, sc = rules.rank_of[c], rules.suit_of[c]
        if (rc == r and sc != su) or (sc == su and 0 < abs(rc - r) <= 2):
            n += 1
    return n


def keep_score(rules, card: int, hand_cards, wild: int, in_plan, value) -> float:
    """How much a bot wants to keep ``card`` (the lowest is discarded)."""
    if (wild >> card) & 1:
        return 1000.0
    score = 0.0
    if card in in_plan:
        score += 500
    score += 15 * partners(rules, card, hand_cards)
    return score - value(card)


def consistent(rules, faces, melds) -> bool:
    """Whether a meld's faces all come from one planned meld (wild faces
    standing for any of its wild cards)."""
    for m in melds:
        pool = [rules.face[c] for c in m]
        ok = True
        for f in faces:
            if f in pool:
                pool.remove(f)
            else:
                ok = False
                break
        if ok:
            return True
    return False
