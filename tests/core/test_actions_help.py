"""The help line of an action space (``ActionSpace.describe``): what a player
reads after typing ``help`` or a malformed action."""

from __future__ import annotations

from pelit.cards.deck import standard_deck
from pelit.core.actions import ActionSpace


def test_a_few_choices_are_listed_whole_and_many_by_examples_with_their_number():
    a = ActionSpace(standard_deck("52"))
    a.verb("draw")
    a.choice("bid", ["rami", "nolo"])
    a.choice("meld", [f"{r} {r} {r}" for r in range(4, 15)])
    a.card_block("discard")
    text = a.describe()
    assert "'draw'" in text and "'bid rami|nolo'" in text and "'discard CARD'" in text
    assert "'meld 4 4 4', 'meld 5 5 5', ... (11 forms)" in text
    assert "|" not in text.split("'bid rami|nolo'")[1]
