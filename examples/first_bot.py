"""A minimal pelit bot: it plays the legal action whose text comes first
in the alphabet, unless it can play a card of its hand that is the highest
card text it holds.

Run it with any game::

    pelit simulate tuppi -n 50 --bots examples.first_bot:FirstBot,random
    pelit tournament --games tuppi,xeri --bots examples.first_bot:FirstBot,random

(from the repository root, so ``examples`` is importable; put your own bot in
any importable module).  A bot sees only its seat's view (``view["legal"]``
holds the legal action ids, ``game.action_text`` names them) and the events
of its seat (``observe``), and answers an action id.
"""

from __future__ import annotations

from pelit.bots import Bot


class FirstBot(Bot):
    name = "first"

    def observe(self, events: list[dict]) -> None:
        """Events this seat saw since it last chose (a memory would go here)."""

    def choose(self, view: dict) -> int:
        legal = view["legal"]
        return min(legal, key=self.game.action_text)
