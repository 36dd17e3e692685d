"""Plain-text lines for the terminal's ``render_board`` hook (cards games).

``voids_line`` names the suits each place has shown void in (views keep them
as bit masks of suits, which read as bare numbers on a screen).

Bridge (seed 002) and Minibridge (seed 000 ch. 5) put ``DummyPlay.public_view``
in their views.  Its fields number the hands (``hand_to_play 3``, ``trump 1``),
which reads badly on a screen; ``play_text`` turns it into a few lines that
name each hand (the dummy as the dummy, the viewer as "you"), say whose card
is next and who chooses it, and show the face-up dummy by suit.  It uses only
the public view, so it can show nothing a seat may not see.  Every function
here reads only what a view holds.
"""

from __future__ import annotations

from .deck import SUIT_NAMES, Deck, ids, pretty

SUIT_ORDER = (0, 1, 3, 2)      # as the terminal sorts a hand: black, red, black, red


def cards_line(deck: Deck, cards) -> str:
    """Cards grouped by suit, highest first, suits apart, jokers last."""
    cs = ids(int(cards)) if isinstance(cards, int) else [int(c) for c in cards]
    groups = []
    for suit in SUIT_ORDER:
        inside = sorted((c for c in cs if deck.suit_of[c] == suit),
                        key=lambda c: -deck.rank_of[c])
        if inside:
            groups.append(" ".join(pretty(deck.text(c)) for c in inside))
    jokers = [c for c in cs if deck.suit_of[c] >= 4]
    if jokers:
        groups.append(" ".join("JK" for _ in jokers))
    return "   ".join(groups) if groups else "(no cards)"


def dealt_line(deck: Deck, event: dict, order=None) -> str:
    """A ``dealt`` event (``count``, and ``cards`` for the one dealt them) in
    words: ``seat 2 is dealt 13 cards: ...`` or, as the others saw it,
    ``seat 2 is dealt 13 cards``.  The cards go by suit (``cards_line``), or
    highest first by a game's own ``order`` key (a card id to an int)."""
    n = event.get("count")
    if n is None:
        n = len(event["cards"]) if "cards" in event else 0
    line = f"seat {event.get('seat')} is dealt {n} card{'s' if n != 1 else ''}"
    if "cards" not in event:
        return line
    cards = event["cards"]
    if order is None:
        return f"{line}: {cards_line(deck, cards)}"
    cs = ids(int(cards)) if isinstance(cards, int) else [int(c) for c in cards]
    return f"{line}: " + " ".join(pretty(deck.text(c)) for c in sorted(cs, key=order, reverse=True))


def _plays(deck, plays, names) -> str:
    return " · ".join(f"{names[h]} {pretty(deck.text(int(c)))}" for h, c in plays) or "—"


def play_text(deck: Deck, pv: dict | None, names: list[str], me: int | None) -> str | None:
    """The play from a ``DummyPlay.public_view`` as lines of text; ``names``
    names each hand, ``me`` is the viewer's hand (None: a spectator)."""
    if pv is None:
        return None
    declarer, dummy = pv["declarer_hand"], pv["dummy_hand"]

    shown = ["You" if h == me else names[h] for h in range(len(names))]
    trump = pv["trump"]
    partner = "" if names[dummy] == "dummy" else f", dummy {shown[dummy]}"
    lines = [f"Play   declarer {shown[declarer]}{partner}; trumps "
             f"{'none' if trump is None else SUIT_NAMES[trump]}"]
    won = pv["tricks_won"]
    side = won[declarer] + won[dummy]
    lines.append(f"Tricks declarer's side {side}, defenders {pv['tricks_done'] - side}"
                 f" (of {pv['tricks_done']} played)")
    if pv["trick"]:
        lines.append(f"Trick  {_plays(deck, pv['trick'], shown)}")
    elif pv["last_trick"]:
        lines.append(f"Last trick  {_plays(deck, pv['last_trick']['cards'], shown)}")
    if sum(pv["hand_sizes"]):
        turn = pv["hand_to_play"]
        who = shown[turn]
        if turn == dummy:
            who += f", played by {'you' if me == declarer else shown[declarer]}"
        lines.append(f"To play  {who}")
    if pv["dummy"] is not None:
        lines.append(f"Dummy  {cards_line(deck, pv['dummy'])}")
    else:
        lines.append("Dummy  face down until the opening lead")
    return "\n".join(lines)


def voids_line(voids, names: list[str], me: int | None = None) -> str | None:
    """``Shown void  android 1: clubs; human 1: spades, hearts`` from per-place
    bit masks of suits (bit ``s`` for suit ``s``); None when nobody has."""
    parts = []
    for place, mask in enumerate(voids):
        suits = [SUIT_NAMES[s] for s in range(4) if (int(mask) >> s) & 1]
        if suits:
            who = "You" if place == me else names[place]
            parts.append(f"{who}: {', '.join(suits)}")
    return ("Shown void  " + "; ".join(parts)) if parts else None
