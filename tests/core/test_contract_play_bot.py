"""``bots._contract_play.ContractPlayBot``: the card play Bridge's and
Minibridge's bots share."""

from __future__ import annotations

from pelit.bots._contract_play import ContractPlayBot
from pelit.cards.deck import mask_of, standard_deck


def test_contract_play_bot_remembers_the_deals_plays_and_plays_low_when_it_cannot_win():
    deck = standard_deck("52")
    bot = ContractPlayBot(None, 1, seed=3)
    bot.observe([{"kind": "play", "card": deck.parse("KS")}, {"kind": "trick"}])
    assert bot.memory.gone == 1 << deck.parse("KS")
    view = {"legal": deck.parse_many("2S QS"),
            "play": {"hand_to_play": 1, "trump": None, "trick": [[0, deck.parse("AS")]],
                     "declarer_hand": 0, "dummy_hand": 2}}
    assert bot.play_card(view, mask_of(view["legal"]), lambda h: (h + 2) % 4) == deck.parse("2S")
    bot.observe([{"kind": "new_deal"}])
    assert bot.memory.gone == 0
