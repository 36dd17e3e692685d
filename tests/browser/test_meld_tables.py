"""The meld table in a real browser (issue 16): each side's melds fanned and
grouped, the pile and the stock in the middle, and a meld made by selecting
cards in the hand and then the verb (the legal combinations light up as the
cards are chosen).  Every game of the Canasta family gets the same table."""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError

import pelit

from tablekit import PHONE, Seat, assert_fields_hidden, table, view_of

FAMILY = ["samba", "contract-samba", "hand-and-foot", "triple-play", "canasta-2x54"]
RANK_OF = {"t": "T", "jk": "JK"}


def meld_by_selecting(me) -> str | None:
    """Make one meld of the legal ones by clicking its cards, then its verb."""
    p = me.page
    melds = [b.get_attribute("data-action") for b in p.locator("#allmoves [data-action^='meld ']").all()]
    melds += [o.get_attribute("value") for o in p.locator("#allmoves select[data-verb='meld'] option").all()]
    if not melds:
        return None
    action = melds[0]
    before = p.locator("#hand .card").count()
    for word in action.split()[1:]:
        rank = RANK_OF.get(word, word.upper())
        card = p.locator(f"#hand .card.playable[data-card^='{rank}']").first
        card.click()
        p.wait_for_selector(f"#hand .card.selected[data-card^='{rank}']")
    # the selection makes the meld whole: its verb is offered
    verb = p.locator(f"#verbs button.verb[data-action='{action}']")
    assert verb.count() == 1
    me.click(verb)
    p.wait_for_function(f"() => document.querySelectorAll('#hand .card').length <= {before - 3}")
    return action


def test_canasta_meld_by_selecting_cards(browser, own_server, shot):
    game = pelit.load("canasta")
    me, = table(browser, own_server, "canasta", seed=4)
    p = me.page
    p.wait_for_selector(".pile, .stack")
    made = None
    for _ in range(40):
        me.dismiss_summary()
        if not me.my_turn():
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'")
            continue
        draw = p.locator("#actions button.act[data-action='draw']")
        if draw.count():
            me.click(draw)
            continue
        made = meld_by_selecting(me)
        if made:
            break
        # no meld: discard, by choosing a card and then "discard"
        p.locator("#hand .card.playable").first.click()
        try:
            p.wait_for_selector("#verbs", timeout=5000)
        except PlaywrightError:
            continue         # the hand was drawn anew under the click (a frame came): look again
        discard = p.locator("#verbs button.verb[data-action^='discard']")
        me.click(discard.first if discard.count() else p.locator("#verbs button.verb").first)
    assert made, "no meld came in 40 turns"
    shot(p, "canasta-desktop-meld")
    assert p.locator(".sides.ours").count() == 1 and p.locator(".sides.others .side").count() == 1
    assert "You & bot 2" in p.inner_text(".sides.ours")
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    shot(phone.page, "canasta-phone")
    phone.close()
    me.close()


def test_meld_family_tables(browser, own_server, shot):
    """The rest of the family, a few moves each at one server."""
    for game_id in FAMILY:
        game = pelit.load(game_id)
        me, = table(browser, own_server, game_id, seed=7)
        p = me.page
        moves = 0
        while moves < 5 and not me.over():
            me.dismiss_summary()
            if me.my_turn():
                me.act()
                moves += 1
            else:
                p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                    " || document.querySelector('#summary[open]') !== null")
        shot(p, f"{game_id}-desktop")
        assert p.locator(".sides .side").count() >= 2, game_id
        assert p.locator(".pile, .stack").count(), game_id
        assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
        assert "true" not in p.inner_text("#log")          # a flag reads as its name
        me.close()
