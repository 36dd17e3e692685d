"""Terminal drawing shared by the Canasta family (``render_board`` helpers).

The generic table drew each game's view field by field (``melds  7 7♠ 7♣ 7♦ |
—``, ``opened  no, no``, ``requirement  50, 50``), which left a newcomer to
work out which entry was whose.  These helpers write one block per team or
side: who is on it, its score, whether it has opened and what it needs, its
red threes, and its melds one per line with their size and whether they are
canastas; then the pile (top card, size, frozen or not) and the stock.  They
read the view only, so they show nothing the seat may not see.
"""

from __future__ import annotations

from .deck import JOKER_RANK, pretty

WILD_RANKS = (2, JOKER_RANK)


def cards_line(deck, cards) -> str:
    """Card ids (a mask or an iterable) as suit-symbol text, high ranks first."""
    if isinstance(cards, int):
        mask, cards = int(cards), []
        while mask:
            low = mask & -mask
            cards.append(low.bit_length() - 1)
            mask ^= low
    ids = sorted((int(c) for c in cards),
                 key=lambda c: (deck.rank_of[c] in WILD_RANKS, -deck.rank_of[c], deck.suit_of[c], c))
    return " ".join(pretty(deck.text(c)) for c in ids)


def meld_line(deck, name: str, cards, canasta: int = 7) -> str:
    """``7s   7♠ 7♣ 7♦ 2♥  (4 cards, 3 more for a canasta)`` or ``… canasta, mixed``."""
    cards = int(cards)
    n = bin(cards).count("1")
    wild = sum(1 for c in _ids(cards) if deck.rank_of[c] in WILD_RANKS)
    if n >= canasta:
        kind = "natural" if not wild else ("wild" if wild == n else "mixed")
        note = f"{n} cards: CANASTA, {kind}"
    else:
        note = f"{n} cards, {canasta - n} more for a canasta"
    return f"  {name:<7}{cards_line(deck, cards)}  ({note})"


def _ids(mask):
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def seat_label(seat: int, me) -> str:
    return "You" if seat == me else f"Seat {seat}"


def side_title(seats, me, index: int) -> str:
    who = ", ".join(seat_label(p, me) for p in seats)
    mine = me is not None and me in seats
    return f"{'Your team' if mine else 'Team ' + str(index + 1)} ({who})"


def pile_line(deck, view, frozen: bool | None = None, why_frozen: str = "") -> str:
    pile = view.get("pile") or []
    if not pile:
        line = "Pile: empty"
    else:
        top = pretty(deck.text(int(pile[-1])))
        line = f"Pile: {len(pile)} card{'s' if len(pile) != 1 else ''}, top {top}"
    if frozen and pile:
        line += f"  FROZEN{(' (' + why_frozen + ')') if why_frozen else ''}"
    elif frozen is not None and pile:
        line += "  (not frozen)"
    aside = view.get("pile_aside") or []
    if aside:
        line += f"; {len(aside)} more set aside until the opening is done"
    stock = view.get("stock")
    if stock is not None:
        line += f"   Stock: {stock}"
    return line


def goal_text(view, target: int) -> str:
    """``game to 5000`` or ``2 deals`` (the ``deals`` option), from the view's options."""
    o = view.get("options")
    get = o.get if isinstance(o, dict) else (lambda k, d=None: getattr(o, k, d))
    deals = get("deals", 0)
    return f"{deals} deals" if deals else f"game to {get('target', target)}"


def deal_scored_line(event, side_seats):
    """The scoring of a deal as one line per side, named by its seats, so a
    player sees whose lines are whose (``describe_event`` of the Canasta
    family); other events get the generic line (``NotImplemented``)."""
    if event.get("kind") != "deal_scored":
        return NotImplemented
    parts = [f"Deal scored ({event.get('reason', '')})"]
    totals = event.get("totals") or []
    for i, line in enumerate(event.get("lines") or []):
        seats = "+".join(str(p) for p in side_seats[i])
        items = ", ".join(f"{k} {v}" for k, v in line.items() if k != "total" and v)
        word = "seats" if len(side_seats[i]) > 1 else "seat"
        total = f"; match total {totals[i]}" if i < len(totals) else ""
        parts.append(f"  {word} {seats}: {line.get('total', 0)} ({items}){total}")
    return "\n".join(parts)
