"""Action codes: every action is an int; text is only for people and records.

An ``ActionSpace`` is built once per game from blocks:

- ``cards()``: card plays, the id is the card id, the text is the card (``QS``);
- ``card_block(verb)``: one action per card with a verb (``discard QS``);
- ``verb(text)``: one fixed action (``pass``, ``swap``);
- ``choice(verb, words)``: one action per word (``bid rami``);
- ``numbers(verb, values)``: one action per number (``bid 160``).
"""

from __future__ import annotations

from bisect import bisect_right

from .errors import ParseError


class ActionSpace:
    def __init__(self, deck=None):
        self.deck = deck
        self.size = 0
        self._starts: list[int] = []
        self._blocks: list[tuple] = []        # (start, kind, verb, data)
        self._by_verb: dict[str, list[tuple]] = {}
        self._cards_block = None

    def _add(self, kind, verb, data, count) -> int:
        start = self.size
        block = (start, kind, verb, data)
        self._starts.append(start)
        self._blocks.append(block)
        self._by_verb.setdefault(verb, []).append(block)
        self.size += count
        return start

    def cards(self) -> int:
        """Plain card plays: action id = card id (must come first)."""
        if self.size != 0:
            raise ValueError("plain card plays must be the first block")
        self._cards_block = self._add("cards", "", None, self.deck.size)
        return 0

    def card_block(self, verb: str) -> int:
        return self._add("cardverb", verb, None, self.deck.size)

    def verb(self, text: str) -> int:
        return self._add("verb", text, None, 1)

    def choice(self, verb: str, words) -> int:
        words = tuple(words)
        return self._add("choice", verb, {w: i for i, w in enumerate(words)} | {"_": words},
                         len(words))

    def numbers(self, verb: str, values) -> int:
        values = tuple(values)
        return self._add("numbers", verb, {v: i for i, v in enumerate(values)} | {"_": values},
                         len(values))

    # -- text ----------------------------------------------------------
    def text(self, action: int) -> str:
        if not 0 <= action < self.size:
            raise ParseError(f"{action} is not an action id")
        start, kind, verb, data = self._blocks[bisect_right(self._starts, action) - 1]
        i = action - start
        if kind == "cards":
            return self.deck.text_of[i]
        if kind == "cardverb":
            return f"{verb} {self.deck.text_of[i]}"
        if kind == "verb":
            return verb
        return f"{verb} {data['_'][i]}" if verb else str(data["_"][i])

    def parse(self, text: str) -> list[int]:
        """All action ids the text can mean (several only for card copies)."""
        words = text.strip().lower().split()
        if not words:
            raise ParseError("empty action")
        whole = " ".join(words)
        for block in self._by_verb.get(whole, ()):
            if block[1] == "verb":
                return [block[0]]
        verb, rest = words[0], " ".join(words[1:])
        for block in self._by_verb.get(verb, ()):
            start, kind, _, data = block
            if kind == "cardverb" and rest:
                return [start + c for c in self._copies(rest)]
            if kind == "choice" and rest in data:
                return [start + data[rest]]
            if kind == "numbers" and rest:
                try:
                    n = int(rest)
                except ValueError:
                    continue
                if n in data:
                    return [start + data[n]]
        for block in self._by_verb.get("", ()):
            start, kind, _, data = block
            if kind == "cards" and len(words) == 1:
                try:
                    return list(self._copies(whole))
                except ParseError:
                    pass
            if kind == "choice" and whole in data:
                return [start + data[whole]]
            if kind == "numbers":
                try:
                    n = int(whole)
                except ValueError:
                    continue
                if n in data:
                    return [start + data[n]]
        raise ParseError(f"{text.strip()!r} is not an action here; {self.describe()}")

    def _copies(self, text: str):
        if self.deck is None:
            raise ParseError("this game has no cards")
        return self.deck.copies_of(text)

    def describe(self) -> str:
        forms = []
        for start, kind, verb, data in self._blocks:
            if kind == "cards":
                forms.append("a card (e.g. QS)")
            elif kind == "cardverb":
                forms.append(f"'{verb} CARD'")
            elif kind == "verb":
                forms.append(f"'{verb}'")
            elif kind == "choice":
                forms.append(_choice_forms(verb, data["_"]))
            else:
                vals = data["_"]
                forms.append(f"'{verb} N' ({vals[0]}..{vals[-1]})" if verb
                             else f"a number {vals[0]}..{vals[-1]}")
        return "actions look like " + ", ".join(dict.fromkeys(forms))


def _choice_forms(verb: str, words: list) -> str:
    """A choice for the help line: all of a few (``'bid rami|nolo'``), or the
    first two of many as examples with their number (``'meld 4 4 4', 'meld 4 4
    2', ... (100 forms)``)."""
    if len(words) <= 6:
        joined = "|".join(words)
        return f"'{verb} {joined}'" if verb else f"'{joined}'"
    shown = [f"'{verb} {w}'" if verb else f"'{w}'" for w in words[:2]]
    return ", ".join(shown) + f", ... ({len(words)} forms)"
