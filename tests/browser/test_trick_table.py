"""The trick table in a real browser (issue 16): Tuppi with a person and three
bots, seen on a desktop and on a phone.

The trick is drawn in the middle, each card in front of its player; the
finished trick stays, its winner lit, until the next lead; a card is played
by clicking it; the deal's summary appears and waits for the player; the
score sheet has a row per deal; partners are named; the rules cite the
section of the phase; a hint can be asked and followed; no field the game
leaves out shows; on a phone the trick and the hand fit on one screen.
"""

from __future__ import annotations

import pelit

from tablekit import PHONE, Seat, assert_fields_hidden, inside, seen, table, view_of, watch


def test_tuppi_trick_table_summary_sheet_hint_and_phone(browser, own_server, shot):
    game = pelit.load("tuppi")
    me = table(browser, own_server, "tuppi", options={"target": 40}, seed=3)[0]
    p = me.page
    # partners are named as people say it, in the banner
    p.wait_for_selector("#banner:has-text('You & bot 2')")
    # the rules cite the rule book's section for the phase the table is in
    p.click("#rules-btn")
    p.wait_for_selector("#rules-now")
    phase = view_of(own_server, game, me.tid, 0, me.token)["phase"]
    assert {"bid": "6.2", "sooli": "6.2", "give": "6.2", "discard": "6.2",
            "play": "6.3"}[phase] in p.inner_text("#rules-now")
    p.click("#rules .close")
    phone = Seat(browser, own_server, me.tid, 0, me.token, viewport=PHONE)
    led_after_a_finished_trick = hinted = phone_checked = False
    while not p.locator("#summary[open]").count():
        if not me.my_turn():
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                " || document.querySelector('#summary[open]') !== null")
            continue
        finished = p.locator("#trick.finished")
        if not led_after_a_finished_trick and finished.count() and p.locator("#hand .card.playable").count():
            # the trick won before stays up, its winner lit, until the next card
            assert p.locator("#trick .play").count() in (3, 4)    # 3 when one sits out (sooli)
            assert p.locator("#trick .play.winner").count() == 1
            shot(p, "tuppi-desktop-finished-trick")
            card = p.locator("#hand .card.playable").first
            text = card.get_attribute("data-card")
            watch(p, f"#trick:not(.finished) .play.at-bottom [data-card='{text}']")
            me.click(card)
            seen(p)
            assert p.locator(f"#hand [data-card='{text}']").count() == 0
            led_after_a_finished_trick = True
            continue
        if p.locator("#trick .play").count() >= 2 and not phone_checked:
            # a phone holds the trick and the whole hand on one screen
            phone.page.wait_for_selector("#trick .play")
            assert inside(phone.page, "#trick") and inside(phone.page, "#hand")
            shot(phone.page, "tuppi-phone-trick")
            shot(p, "tuppi-desktop-trick")
            phone_checked = True
        if not hinted and p.locator("#hint-btn:not([disabled])").count():
            p.click("#hint-btn")
            p.wait_for_selector("#hint")
            assert p.inner_text("#hint").startswith("Hint:")
            if p.locator("#hint-play").count():
                me.click(p.locator("#hint-play"))
                hinted = True
                continue
        me.act()
    assert phone_checked
    # the deal's summary waits: the next deal is dealt behind it
    summary = p.inner_text("#summary")
    assert "Deal 1 is over" in summary and "Match score" in summary
    assert "You & bot 2" in summary
    p.wait_for_function("() => document.querySelectorAll('#hand .card').length === 13")
    assert p.locator("#summary[open]").count() == 1
    shot(p, "tuppi-desktop-summary")
    assert p.locator("#summary #sheet tbody tr").count() == 1
    p.click("#summary-ok")
    p.wait_for_selector("#summary", state="hidden")
    # the score sheet is one tap away, a row per deal played
    p.click("#sheet-btn")
    p.wait_for_selector("#sheet-dlg[open] #sheet")
    assert p.locator("#sheet-dlg #sheet tbody tr").count() == 1
    p.click("#sheet-close")
    # no bookkeeping field of the engine reaches the page
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    for word in ("bid order", "play order", "sooli passed", "voids", "[0", "true", "false"):
        assert word not in p.inner_text("#felt").lower()
    # the last trick: a tap away while the view has it, up to the next card
    if p.locator("#last-btn:not([disabled])").count():
        p.click("#last-btn")
        p.wait_for_selector("#lasttrick")
        p.keyboard.press("Escape")
    phone.close()
    me.close()


def test_bridge_dummy_contract_and_motion(browser, own_server, shot):
    """Bridge: the dummy lies face up at its seat, the contract is text in the
    banner; the engine's hand numbers and void masks never show.  With the
    system asking for less motion, nothing is animated."""
    game = pelit.load("bridge")
    me = table(browser, own_server, "bridge", seed=11, reduced_motion="reduce")[0]
    p = me.page
    for _ in range(80):
        if p.locator(".openhand").count() or me.over():
            break
        me.dismiss_summary()
        if me.my_turn():
            bids = p.locator("#actions select[data-verb='bid'] + button")
            # Ann bids (never passes) in the auction, so the board is played
            me.click(bids.first) if bids.count() else me.act()
        else:
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                " || document.querySelector('.openhand') !== null")
    assert p.locator(".openhand .card").count(), "the deal never reached the play"
    shot(p, "bridge-desktop-play")
    banner = p.inner_text("#banner")
    assert "contract" in banner and "declarer" in banner
    assert not p.locator("#banner [data-card]").count()          # "2D" is a contract, not a card
    assert "You & bot 2" in banner
    assert_fields_hidden(p, game, view_of(own_server, game, me.tid, 0, me.token))
    felt = p.inner_text("#felt").lower()
    for raw in ("voids", "declarer hand", "hand to play", "dummy hand", "[false", "tricks done"):
        assert raw not in felt
    # the auction is a table by seat name
    assert p.inner_text("[data-key='calls'] th").strip() in ("You", "bot 1", "bot 2", "bot 3")
    # reduced motion: cards neither slide nor glow
    assert p.evaluate("() => getComputedStyle(document.querySelector('#hand .card')).transitionDuration") == "0s"
    me.close()
