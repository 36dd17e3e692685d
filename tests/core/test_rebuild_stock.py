"""``cards.deal.rebuild_stock``: the discards under the top card become a new
stock (Cactus, Trash)."""

from __future__ import annotations

from types import SimpleNamespace

from pelit.cards.deal import rebuild_stock
from pelit.core.rng import stream


def test_the_discards_under_the_top_card_become_a_stock_shuffled_by_its_own_stream():
    logged = []
    s = SimpleNamespace(seed=11, stock=[], discard=[4, 8, 15, 16, 23, 42], reshuffles=1,
                        log=lambda kind, seat, **data: logged.append((kind, seat, data)))
    rebuild_stock(s, "game-restock")
    expected = [4, 8, 15, 16, 23]
    stream(11, "game-restock", 2).shuffle(expected)
    assert s.discard == [42] and s.stock == expected and s.reshuffles == 2
    assert logged == [("stock_rebuilt", None, {"count": 5})]
