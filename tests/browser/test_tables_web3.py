"""More games at their declared tables in a real browser (issue 16): the
climbing game Chinese Poker and Mattis's tricks and beating on the trick
table; the bluffing games (Commune, Kiertopokeri), Stop the Bus and Believe
or Doubt on the plain table; Fireplace Poker's melds by side; Speculation's
market and Superfecta's races on the betting table.  Each is played by
clicking for a while, read from the page at every move and held against the
engine (no card the seat may not see, no field the game leaves out), and
seen on a desktop and on a phone."""

from __future__ import annotations

import re

import pytest

import pelit

from tablekit import check_dom_cards, check_table_end, play, play_some, record_so_far, table

# game: (its options, the table that draws it, what it draws, moves to play)
GAMES = {
    "chinese-poker": (None, "cards", "#hand .card", 10),
    "commune": (None, "cards", ".seat .chips", 10),
    "kiertopokeri": (None, "cards", ".seat .status", 10),
    "stop-the-bus": (None, "cards", "#middle [data-zone=middle] .card", 10),
    "believe-or-doubt": (None, "cards", "#felt .info [data-key=question]", 8),
    "fireplace-poker": (None, "meld", ".sides .side", 10),
    "mattis": (None, "trick", "#trick", 12),
    "speculation": (None, "betting", "#middle .pot", 10),
    "superfecta": (None, "betting", "#middle [data-zone=rail] .card", 10),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_at_its_declared_table(game_id, browser, own_server, shot):
    game = pelit.load(game_id)
    options, family, drawn, moves = GAMES[game_id]
    me, = table(browser, own_server, game_id, options=options, seed=3)
    p = me.page
    p.wait_for_selector(f".felt[data-table={family}]", state="attached")  # the declared table
    p.wait_for_selector(drawn)
    me.sample()
    made = play_some(me, moves // 2)
    assert made, f"{game_id}: no move was made by clicking"
    shot(p, f"{game_id}-playing")
    made += play_some(me, moves - made)
    # seats by name, never by number (the action buttons are the game's own action text)
    felt = p.evaluate("""() => { const f = document.getElementById('felt').cloneNode(true);
      f.querySelectorAll('#actions, #allmoves, #verbs').forEach((e) => e.remove());
      return f.innerText; }""")
    assert not re.search(r"\bseat \d", felt, re.I), f"{game_id}: a seat number on the table"
    check_table_end(browser, own_server, game, me, shot, game_id)


def test_score_sheet_counts_from_the_starting_tokens(browser, own_server):
    """Commune's sheet (web layout ``sheet.start``): each hand costs one
    player one token, so the first row's gains are 0 or -1 from the tokens
    everyone starts with (2 here), never +2 counted from nothing."""
    me, = table(browser, own_server, "commune", options={"players": 3, "tokens": 2}, seed=5)
    play([me], until=me.summary_open)
    gains = me.page.locator("#summary .sheet tbody tr:first-child .gain").all_inner_texts()
    totals = me.page.locator("#summary .sheet tbody tr:first-child .tot").all_inner_texts()
    assert sorted(gains) == ["-1", "0", "0"], gains
    assert sorted(totals) == ["1", "2", "2"], totals
    me.close()


def test_mattis_beatings_are_drawn_as_cards(browser, own_server, shot):
    """Mattis's second half (000 ch. 21): the cards on the table, a row a
    round and a column a player, are card faces, not card text; the page
    never shows a card the seat may not see on the way there."""
    game = pelit.load("mattis")
    me, = table(browser, own_server, "mattis", seed=4)
    rows = "[data-key=table] td [data-card]"
    play([me], until=lambda: me.page.locator(rows).count() > 0 or me.over(), limit=300,
         sample=True)
    assert me.page.locator(rows).count(), "the second half never showed a beating"
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", me.page.inner_text("[data-key=table]"))
    shot(me.page, "mattis-second-half")
    check_dom_cards(game, record_so_far(own_server, me.tid), me.samples, 0)
    me.close()
