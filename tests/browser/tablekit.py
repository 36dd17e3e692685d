"""Helpers for the table tests: a person at a table made over the API, acting
by clicking, the end-of-deal summary, and what the page shows (its card
faces, its text) held against the engine.

Every wait is Playwright's (a selector or a function of the page); nothing
sleeps.  A table's bots wait 0.05 s (the server fixtures), so a test's
matches are short.
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import Error as PlaywrightError

import pelit
from pelit.core.presentation import hidden_fields
from pelit.cards.deck import pretty
from pelit.core.records import jsonable
from pelit.server.social import said as said_lines

from support import card_ids_in

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
STANDARD_FACE = re.compile(r"[2-9TJQKA][SHDC]|JK")
GLYPH = re.compile(r"(?:10|[2-9JQKA])[\u2660\u2665\u2666\u2663]")

# every card face on the page (data-card), and any card written in suit
# symbols outside one (there should be none: the client marks them all)
DOM_CARDS = """() => {
  const body = document.body.cloneNode(true);
  const cards = [...body.querySelectorAll('[data-card]')].map((e) => e.dataset.card);
  body.querySelectorAll('[data-card]').forEach((e) => e.remove());
  const rest = body.textContent;
  return {version: Number(document.getElementById('app').dataset.version), cards,
          glyphs: rest.match(/(?:10|[2-9JQKA])[\\u2660\\u2665\\u2666\\u2663]/g) || []};
}"""


class Seat:
    """One browser profile sitting at one seat of a table made over the API."""

    def __init__(self, browser, server, tid, seat, token, viewport=DESKTOP, seed=0,
                 reduced_motion="no-preference", host=None):
        self.server, self.tid, self.seat, self.token = server, tid, seat, token
        self.ctx = browser.new_context(viewport=viewport, base_url=server.url,
                                       reduced_motion=reduced_motion)
        script = f"localStorage.setItem('pelit.seat.{tid}', JSON.stringify({{seat: {seat}, token: '{token}'}}));"
        if host:
            script += f"localStorage.setItem('pelit.host.{tid}', JSON.stringify('{host}'));"
        self.ctx.add_init_script(script)
        self.page = self.ctx.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.rng = random.Random(seed)
        self.samples = []
        self.page.goto(f"/t/{tid}")
        self.page.wait_for_selector("#felt")

    def close(self):
        self.ctx.close()
        assert not self.errors, self.errors

    def data(self, key):
        return self.page.evaluate(f"() => document.getElementById('app').dataset.{key} || ''")

    def version(self) -> int:
        return int(self.data("version") or 0)

    def over(self) -> bool:
        return self.data("status") == "over"

    def my_turn(self) -> bool:
        return self.data("myturn") == "yes" and not self.summary_open()

    def summary_open(self) -> bool:
        return self.page.locator("#summary[open]").count() > 0

    def wait_moved(self, version, timeout=20000):
        self.page.wait_for_function(
            f"() => Number(document.getElementById('app').dataset.version) > {version}"
            " || document.querySelector('#summary[open]') !== null", timeout=timeout)

    def click(self, locator):
        """Click something that makes a move, and wait for the table to move on."""
        version = self.version()
        locator.click()
        self.wait_moved(version)

    def sample(self):
        """What card faces the page shows now (for the leak check after the match)."""
        self.samples.append(self.page.evaluate(DOM_CARDS))

    def act(self):
        """One legal move: a playable card, a cell, a slot or an action button
        (a meld: the cards of one, then its verb)."""
        p = self.page
        if p.locator("#verbs button.verb").count():
            return self.click(p.locator("#verbs button.verb").first)
        if p.locator("#verbs button.clear").count():     # a selection left unfinished: start over
            p.click("#verbs button.clear")
        targets = p.locator("#hand .card.playable, #middle .card.playable, .seat .card.playable, "
                            "polygon.cell.playable, .sq.playable, .slot.playable, "
                            "#actions button.act, #actions select + button")
        n = targets.count()
        assert n, "my turn, but nothing to click"
        version = self.version()
        try:
            targets.nth(self.rng.randrange(n)).click(timeout=5000)
        except PlaywrightError:
            return          # a frame redrew the table under the click (Cactus's window): look again
        # the click made a move, or chose a card of several moves (a meld game)
        p.wait_for_function(
            f"() => Number(document.getElementById('app').dataset.version) > {version}"
            " || document.querySelector('#summary[open]') !== null"
            " || document.querySelector('#verbs') !== null")
        if self.version() > version or self.summary_open():
            return
        if p.locator("#verbs button.verb").count():
            self.click(p.locator("#verbs button.verb").first)
        else:
            # the selection needs more than a random card: take a move off the list
            p.click("#verbs button.clear")
            if p.locator("#allmoves:not([open])").count():
                p.click("#allmoves > summary")
            self.click(p.locator("#actions button.act, #actions select + button, "
                                 "#allmoves button.act, #allmoves select + button").first)

    def dismiss_summary(self):
        if self.summary_open():
            self.page.click("#summary-ok")
            self.page.wait_for_selector("#summary", state="hidden")


def table(browser, server, game_id, people=(0,), options=None, viewport=DESKTOP, seed=0,
          bot="heuristic", **kw):
    """A started table of ``game_id``: a person (a browser) at each seat of
    ``people``, the heuristic bot at the others."""
    game = pelit.load(game_id)
    options = dict(game.test_options if options is None else options)
    n = game.num_players(game.new_state(seed=0, **options))
    seats = ["human" if s in people else bot for s in range(n)]
    tid, host, tokens = server.table(game_id, seats, options=options)
    server.ok("POST", f"/api/tables/{tid}/start", {"host": host})
    return [Seat(browser, server, tid, s, tokens[s], viewport=viewport, seed=seed + s, host=host,
                 **kw) for s in people]


def play(seats, until=None, limit=600, sample=False):
    """Move whenever a person may, dismissing summaries, until ``until()`` or the end."""
    moves = 0
    while not all(x.over() for x in seats):
        if until and until():
            return moves
        moved = False
        for x in seats:
            x.dismiss_summary()
            if x.my_turn() and not x.over():
                x.act()
                if sample:
                    x.sample()
                moves += 1
                moved = True
        if not moved:            # bots act: wait until the table moves on
            version = seats[0].version()
            seats[0].page.wait_for_function(
                f"() => Number(document.getElementById('app').dataset.version) !== {version}"
                " || document.getElementById('app').dataset.myturn === 'yes'"
                " || document.getElementById('app').dataset.status === 'over'"
                " || document.querySelector('#summary[open]') !== null", timeout=30000)
        assert moves < limit
    return moves


def watch(page, selector) -> None:
    """Start noting whether ``selector`` matches after any change to the
    page: a state the bots move past within milliseconds (a led card
    followed by three more) is still seen.  ``seen`` waits for it."""
    page.evaluate("""(sel) => { window.__seen = false;
      const look = () => { if (document.querySelector(sel)) window.__seen = true; };
      window.__watch && window.__watch.disconnect();
      window.__watch = new MutationObserver(look);
      window.__watch.observe(document.body, {subtree: true, childList: true, attributes: true}); }""",
                  selector)


def seen(page, timeout=20000) -> None:
    page.wait_for_function("() => window.__seen === true", timeout=timeout)


def felt_text(page) -> str:
    return page.inner_text("#felt")


def assert_fields_hidden(page, game, view, allowed=()):
    """No field the game leaves out of the table (``hidden_fields``) shows
    on the page as a labelled value ("bid order: 0 1 2 3"), by its name or
    by the terminal's label for it."""
    text = " ".join(page.locator("#felt, dialog[open]").all_inner_texts()).lower()
    labels = (getattr(game, "render_hints", None) or {}).get("labels", {})
    for key in hidden_fields(game, view):
        names = {key.split(".")[-1].replace("_", " ").lower()}
        if labels.get(key):
            names.add(labels[key].lower())
        for words in names - set(allowed):
            assert not re.search(rf"\b{re.escape(words)}:", text), \
                f"{game.info.id}: the hidden field {key!r} shows on the page"


def check_dom_cards(game, record, samples, seat):
    """Each sample's card faces are ones the seat may see at that version:
    in its view, or in the events it was sent (a card a game makes a player
    remember only in the frame that brought it)."""
    forget = (getattr(game, "render_hints", None) or {}).get("forget", {})
    state = game.new_state(seed=record["seed"], decks=record.get("decks"),
                           **(record.get("options") or {}))
    by_version = {}
    counts = [len(state.events)]
    wanted = {s["version"] for s in samples}
    deck = game.deck

    faces = set(deck.text_of)
    # a pack of its own (Multimulta's triples, Top Trumps' named cards) has no suit glyphs
    glyphs = {pretty(f): f for f in faces if STANDARD_FACE.fullmatch(f)}

    def allowed(v):
        events = game.events_for(state, seat)
        fresh_from = counts[v - 1] if v > 0 else 0
        shown = 0
        said = set()            # cards an event names in words ("wild: 6D 6H JK"): faces, said to all
        for i, e in enumerate(events):
            drop = forget.get(e.get("kind"), ()) if i < fresh_from else ()
            kept = {k: x for k, x in e.items() if k not in drop}
            shown |= card_ids_in(kept)
            said |= {w for x in kept.values() if isinstance(x, str) for w in x.split() if w in faces}
            if not drop:
                # the game's words for the event, as the log shows them
                # (Michigan's ante names the boodle cards of the other pack)
                words = said_lines(game, [e])[0] or ""
                said |= {glyphs[w] for w in re.findall(r"[^\s,;:()]+", words) if w in glyphs}
        # once the match is over its seed and packs are published: nothing is hidden
        known = (1 << deck.size) - 1 if state.outcome is not None else \
            card_ids_in(game.view(state, seat)) | shown
        return (set(deck.texts(known).split()) if known else set()) | said

    for v, text in enumerate([*record["actions"], None]):
        if v in wanted:
            by_version[v] = allowed(v)
        if text is None:
            break
        who = None
        if ":" in text and text.partition(":")[0].isdigit():
            who, text = int(text.partition(":")[0]), text.partition(":")[2]
        game.apply_text(state, text, who)
        counts.append(len(state.events))
    checked = 0
    for s in samples:
        assert not s["glyphs"], f"cards in text outside a card face: {s['glyphs']}"
        extra = set(s["cards"]) - by_version[s["version"]]
        assert not extra, f"seat {seat} was shown {sorted(extra)} at version {s['version']}"
        checked += 1
    assert checked


def record_so_far(server, tid) -> dict:
    """The record of a match still in play, read from the server's database
    (the API publishes it only at the end): for the page leak check of a
    test that stops partway."""
    import json
    import sqlite3

    from pelit.core.records import record_of
    db = sqlite3.connect(f"file:{server.db}?mode=ro", uri=True)
    try:
        game_id, options, seed, decks = db.execute(
            "SELECT game, options, seed, decks FROM tables WHERE id = ?", (tid,)).fetchone()
        actions = db.execute("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n",
                             (tid,)).fetchall()
    finally:
        db.close()
    game = pelit.load(game_id)
    state = game.new_state(seed=seed, decks=None if decks is None else json.loads(decks),
                           **json.loads(options))
    for seat, text in actions:
        game.apply_text(state, text, seat)
    return record_of(state)


def inside(page, selector) -> bool:
    """Is the element wholly inside the viewport (without scrolling)?"""
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and \
        box["x"] + box["width"] <= vp["width"] + 1 and box["y"] + box["height"] <= vp["height"] + 1


def view_of(server, game, tid, seat, token):
    """The seat's view now, as the browser has it (one WebSocket frame)."""
    import json

    from websockets.sync.client import connect
    with connect(f"{server.ws_url}/ws/{tid}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg.get("type") == "state":
                return msg["view"]


__all__ = ["DESKTOP", "PHONE", "Seat", "table", "play", "felt_text", "assert_fields_hidden",
           "check_dom_cards", "inside", "record_so_far", "watch", "seen", "view_of", "jsonable"]


def play_some(me, moves) -> int:
    """Up to ``moves`` of the seat's own moves by clicking, each page read
    (``sample``) for the leak check; the moves made.  A move an out-of-turn
    window offered (Valepaska's doubt) that a bot closed between the look and
    the click is looked at again."""
    made = 0
    p = me.page
    while made < moves and not me.over():
        me.dismiss_summary()
        seen = me.version()
        if me.my_turn():
            try:
                me.act()
            except AssertionError:
                if me.version() == seen and me.my_turn():
                    raise
                continue
            me.sample()
            made += 1
        else:
            p.wait_for_function("() => document.getElementById('app').dataset.myturn === 'yes'"
                                " || document.getElementById('app').dataset.status === 'over'"
                                " || document.querySelector('#summary[open]') !== null")
    return made


def check_table_end(browser, server, game, me, shot, name) -> None:
    """After a test's moves: no hidden field on the page, the hand on a
    phone's screen (shots at both sizes), and every page read holding only
    cards the seat may see."""
    p = me.page
    shot(p, f"{name}-desktop")
    assert_fields_hidden(p, game, view_of(server, game, me.tid, 0, me.token))
    phone = Seat(browser, server, me.tid, 0, me.token, viewport=PHONE)
    if phone.page.locator("#hand").count():
        # a trick table keeps the trick and the hand on one phone screen (issue
        # 16); elsewhere the middle may grow (a rummy's melds) and push the hand
        # down, but it never runs off the side
        box = phone.page.locator("#hand").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, \
            f"{game.info.id}: the hand runs off a phone's side"
        if (getattr(game, "web_layout", None) or {}).get("table") == "trick":
            assert inside(phone.page, "#hand"), f"{game.info.id}: the hand is off a phone's screen"
    shot(phone.page, f"{name}-phone")
    phone.close()
    if game.deck is None:           # a game without cards (Believe or Doubt) shows none
        assert not any(s["cards"] or s["glyphs"] for s in me.samples)
    else:
        check_dom_cards(game, record_so_far(server, me.tid), me.samples, 0)
    me.close()
