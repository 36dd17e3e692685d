"""Yes/no questions about one hand, in a small query language.

Used by Bridge Meets Guess Who (000 4.3): the answer depends only on the
cards in the hand asked about.  Grammar (words are case-insensitive)::

    question := or_expr
    or_expr  := and_expr ("or" and_expr)*
    and_expr := not_expr ("and" not_expr)*
    not_expr := "not" not_expr | "(" or_expr ")" | atom
    atom     := "has" CARD                      has AS      (the hand holds that card)
              | "void" SUIT                     void clubs  (no card of the suit)
              | COUNT CMP NUMBER                hearts >= 3, hcp = 12
              | COUNT "between" NUMBER "and" NUMBER      hcp between 10 and 12 (inclusive)
    COUNT    := spades | hearts | diamonds | clubs | hcp | aces | kings
              | queens | jacks | cards
    CMP      := = | != | < | <= | > | >=
    NUMBER   := a whole number 0..52
    CARD     := card text: AS, TH, 10H, 7C ...

``hcp`` counts 4 for an ace, 3 a king, 2 a queen, 1 a jack (000 4.4);
``cards`` is the number of cards in the hand.  ``and`` binds tighter than
``or``; use parentheses to group.  A question that does not parse raises
``ParseError`` naming what was wrong.
"""

from __future__ import annotations

import re

from ..core.errors import ParseError
from .deck import ACE, JACK, KING, QUEEN, SUIT_NAMES, Deck, normalize_card_text

COUNTS = ("spades", "hearts", "diamonds", "clubs", "hcp", "aces", "kings", "queens",
          "jacks", "cards")
CMPS = ("=", "!=", "<", "<=", ">", ">=")
HCP = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
MAX_LENGTH = 300
_TOKEN = re.compile(r"\s*(\(|\)|>=|<=|!=|==|=|<|>|[^\s()<>=!]+)")


def tokenize(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    if len(text) > MAX_LENGTH:
        raise ParseError(f"a question is at most {MAX_LENGTH} characters")
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or not m.group(1):
            raise ParseError(f"cannot read the question at {text[pos:pos + 10]!r}")
        tok = m.group(1)
        out.append("=" if tok == "==" else tok.lower())
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    if not out:
        raise ParseError("an empty question")
    return out


class _Parser:
    def __init__(self, tokens):
        self.toks = tokens
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, what=None):
        tok = self.peek()
        if tok is None:
            raise ParseError("the question ends too early" + (f"; expected {what}" if what else ""))
        self.i += 1
        return tok

    def expect(self, word):
        tok = self.take(repr(word))
        if tok != word:
            raise ParseError(f"expected {word!r}, found {tok!r}")

    def or_expr(self):
        parts = [self.and_expr()]
        while self.peek() == "or":
            self.take()
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else ("or", tuple(parts))

    def and_expr(self):
        parts = [self.not_expr()]
        while self.peek() == "and":
            self.take()
            parts.append(self.not_expr())
        return parts[0] if len(parts) == 1 else ("and", tuple(parts))

    def not_expr(self):
        tok = self.peek()
        if tok == "not":
            self.take()
            return ("not", self.not_expr())
        if tok == "(":
            self.take()
            inner = self.or_expr()
            self.expect(")")
            return ("group", inner)
        return self.atom()

    def number(self):
        tok = self.take("a number")
        if not tok.isdigit() or int(tok) > 52:
            raise ParseError(f"expected a whole number 0..52, found {tok!r}")
        return int(tok)

    def atom(self):
        tok = self.take("a question")
        if tok == "has":
            card = self.take("a card")
            try:
                return ("has", normalize_card_text(card))
            except ParseError:
                raise ParseError(f"'has' wants a card such as AS or TH, not {card!r}") from None
        if tok == "void":
            suit = self.take("a suit")
            if suit not in SUIT_NAMES[:4]:
                raise ParseError(f"'void' wants a suit (spades, hearts, diamonds, clubs), not {suit!r}")
            return ("void", suit)
        if tok in COUNTS:
            op = self.take("a comparison")
            if op == "between":
                lo = self.number()
                self.expect("and")
                hi = self.number()
                return ("between", tok, lo, hi)
            if op not in CMPS:
                raise ParseError(f"after {tok!r} comes a comparison ({' '.join(CMPS)}) "
                                 f"or 'between', not {op!r}")
            return ("cmp", tok, op, self.number())
        raise ParseError(f"{tok!r} does not start a question; questions start with 'has', "
                         f"'void', 'not', '(' or one of: {', '.join(COUNTS)}")


def parse_question(text: str):
    """The syntax tree of a question; ``ParseError`` if it is not one."""
    p = _Parser(tokenize(text))
    tree = p.or_expr()
    if p.peek() is not None:
        raise ParseError(f"unexpected {p.peek()!r} after a complete question "
                         "(join questions with 'and' / 'or')")
    return tree


def canonical(tree) -> str:
    """One text per question (what records store)."""
    kind = tree[0]
    if kind == "or":
        return " or ".join(canonical(t) for t in tree[1])
    if kind == "and":
        return " and ".join(canonical(t) for t in tree[1])
    if kind == "not":
        return "not " + canonical(tree[1])
    if kind == "group":
        return "(" + canonical(tree[1]) + ")"
    if kind == "has":
        return f"has {tree[1]}"
    if kind == "void":
        return f"void {tree[1]}"
    if kind == "between":
        return f"{tree[1]} between {tree[2]} and {tree[3]}"
    return f"{tree[1]} {tree[2]} {tree[3]}"


def _count(what: str, hand: int, deck: Deck) -> int:
    if what in SUIT_NAMES[:4]:
        return (hand & deck.suit_mask[SUIT_NAMES.index(what)]).bit_count()
    if what == "cards":
        return hand.bit_count()
    if what == "hcp":
        return sum(n * (hand & deck.rank_mask.get(r, 0)).bit_count() for r, n in HCP.items())
    rank = {"aces": ACE, "kings": KING, "queens": QUEEN, "jacks": JACK}[what]
    return (hand & deck.rank_mask.get(rank, 0)).bit_count()


def answer(tree, hand: int, deck: Deck) -> bool:
    """The truthful answer for ``hand`` (a bitmask of ``deck`` card ids)."""
    kind = tree[0]
    if kind == "or":
        return any(answer(t, hand, deck) for t in tree[1])
    if kind == "and":
        return all(answer(t, hand, deck) for t in tree[1])
    if kind == "not":
        return not answer(tree[1], hand, deck)
    if kind == "group":
        return answer(tree[1], hand, deck)
    if kind == "has":
        return any((hand >> c) & 1 for c in deck.copies_of(tree[1]))
    if kind == "void":
        return not hand & deck.suit_mask[SUIT_NAMES.index(tree[1])]
    if kind == "between":
        return tree[2] <= _count(tree[1], hand, deck) <= tree[3]
    n, op, k = _count(tree[1], hand, deck), tree[2], tree[3]
    return {"=": n == k, "!=": n != k, "<": n < k, "<=": n <= k,
            ">": n > k, ">=": n >= k}[op]
