"""``cards.deck.CardText``: reading and writing card text, the same for
every kind of pack (``Deck``, ``StatDeck``)."""

from __future__ import annotations

import pytest

from pelit.cards.deck import ids_by_text, standard_deck
from pelit.cards.statdeck import stat_deck
from pelit.core.errors import ParseError


def test_ids_by_text_lists_every_copy_of_a_face_lowest_first():
    assert ids_by_text(("AS", "JK", "AS", "JK", "JK")) == {"AS": (0, 2), "JK": (1, 3, 4)}


@pytest.mark.parametrize("pack", [standard_deck("2x54"), stat_deck("airships")],
                         ids=["french", "stat"])
def test_card_text_reads_cards_and_stacked_packs_alike_for_every_pack(pack):
    everything = pack.texts(pack.all_mask)
    assert pack.parse_pack(everything) == list(range(pack.size))
    first = pack.text(0)
    assert pack.parse_many(f"{first.lower()}, {pack.text(1)}") == [0, 1]
    with pytest.raises(ParseError, match=f"{first} is not among those cards"):
        pack.parse(first.lower(), among=0)
    with pytest.raises(ParseError, match=f"a stacked {pack.pack_title} pack needs all"):
        pack.parse_pack(first)


def test_card_text_takes_copies_of_one_face_in_order():
    pack = standard_deck("2x54")
    assert pack.parse_many("as AS") == list(pack.copies_of("AS"))
