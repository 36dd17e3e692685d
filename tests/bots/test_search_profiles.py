"""What the search bot's game profiles (bots/search_profiles.py) change."""

from __future__ import annotations

import pelit
from pelit.bots import make_bot


def test_believe_or_doubt_search_answers_as_the_heuristic_not_from_the_menu():
    # the open form's menu holds only "answer I don't know", but any typed
    # answer is taken; the search bot once played the menu's one entry on
    # every turn (always wrong) and lost every match compared (0 / 0 / 8)
    game = pelit.load("believe-or-doubt")
    answers = {}
    for name in ("heuristic", "search:4"):
        s = game.new_state(seed=3)
        bot = make_bot(name, game, 0, 3)
        bot.observe(game.events_for(s, 0, 0))
        view = game.view(s, 0)
        assert view["phase"] == "answer" and len(view["legal"]) == 1
        answers[name] = bot.choose(view)
    assert answers["search:4"] == answers["heuristic"]
    assert answers["heuristic"] != game.view(game.new_state(seed=3), 0)["legal"][0]
