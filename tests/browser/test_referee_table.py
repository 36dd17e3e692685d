"""An outdoor referee game in a real browser (games/_referee.py): seat 0 is
the scorekeeper's and offers no bot; one phone seats every player by name
and enters for each in turn (Contract Petanque: the scorekeeper enters the
balls, each player's bid is entered on the same phone as that player)."""

from __future__ import annotations

import json

from tablekit import PHONE, record_so_far


def test_contract_petanque_on_one_phone(browser, own_server, shot):
    made = own_server.ok("POST", "/api/tables", {"game": "contract-petanque", "options": {}})
    tid, host = made["id"], made["host"]
    ctx = browser.new_context(viewport=PHONE, base_url=own_server.url)
    ctx.add_init_script(f"localStorage.setItem('pelit.host.{tid}', {json.dumps(json.dumps(host))});")
    p = ctx.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(f"/t/{tid}")
    p.wait_for_selector("#seating")
    # the scorekeeper's seat offers no bot, and filling seats with bots leaves it
    assert "scorekeeper" in p.inner_text("#seating .seatrow >> nth=0")
    assert p.locator(".addbot[data-seat='0']").count() == 0
    assert p.locator(".addbot[data-seat='1']").count() == 1
    assert p.locator("#timer-pick").count() == 0          # the table waits for its people
    p.fill("#name", "Anna")
    p.click(".sit[data-seat='0']")
    for seat, name in ((1, "Aino"), (2, "Eero")):
        p.wait_for_selector(f".hotsit[data-seat='{seat}']")
        p.fill(f".hotname[data-seat='{seat}']", name)
        p.click(f".hotsit[data-seat='{seat}']")
        p.wait_for_selector(f"#seating .seatrow:has-text('{name}'), #seating .error:not(.hidden)")
        assert not p.locator("#seating .error:not(.hidden)").count(), p.inner_text("#seating")
    shot(p, "petanque-phone-seating")
    p.click("#start")
    p.wait_for_selector("#hotseat")
    assert "Anna, Aino, Eero" in p.inner_text("#hotseat")
    made = 0
    entering = set()                     # whom the phone entered for, by the line that says so
    while made < 8:
        p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'")
        buttons = p.locator("#actions button.act:not([data-action='undo'])")
        if not buttons.count():
            if p.locator("#actions select + button").count():
                buttons = p.locator("#actions select + button")
            else:
                p.click("#allmoves > summary")
                buttons = p.locator("#allmoves button.act:not([data-action='undo'])")
        version = int(p.evaluate("() => document.getElementById('app').dataset.version"))
        now = p.inner_text("#hotseat").rpartition("now ")[2].strip()
        entering.add(now)
        if now == "Aino":
            shot(p, "petanque-phone-bid-as-aino")
        buttons.first.click()
        p.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {version}")
        made += 1
    record = record_so_far(own_server, tid)
    assert record["actions"][0].startswith("order")
    seen = own_server.ok("GET", f"/api/tables/{tid}")
    assert all(not s["standin"] and s["kind"] == "human" for s in seen["seats"])
    # the bids were entered for seats 1 and 2: the auction went round
    import pelit
    game = pelit.load("contract-petanque")
    state = game.new_state(seed=record["seed"])
    by_seat = set()
    for text in record["actions"]:
        seat = state.to_act[0]
        if text.startswith(("bid", "pass")):
            by_seat.add(seat)
        game.apply_text(state, text, seat)
    assert {1, 2} <= by_seat
    assert {"Anna", "Aino", "Eero"} <= entering
    ctx.close()
    assert not errors, errors
