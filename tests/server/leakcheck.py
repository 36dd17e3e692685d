"""Raw-frame leak check: replay the finished match and hold every frame a
client received against what the engine lets that seat see at that version.

Card text inside *events* is the engine's business (tests/test_leaks.py): the
check here proves the server sends a seat exactly the engine's events for it.
"""

from __future__ import annotations

import json

from pelit.core.records import jsonable
from pelit.server.hub import web_view

from support import card_ids_in


def check_frames(game, record, raw_frames, seat):
    """Check every raw frame sent to ``seat`` (None: a spectator):

    - before the end, no frame holds the seed or the packs;
    - each frame's view is exactly the engine's view for that seat at that
      version, and the events it has been sent are exactly the engine's events
      for that seat: the server adds nothing of its own (no other seat's view,
      no state);
    - no view holds a card whose place the seat cannot know then (the
      engine's ``unknown_cards``).  Since each frame's view is asserted equal
      to the engine's view, the cards are counted in the engine's view as
      typed card ids: a text that merely looks like a card (Bridge's
      contract "3C") is no false alarm.  Once the match is over nothing is hidden: the server
      publishes the seed and the packs as dealt.
    """
    seed = str(record["seed"])
    frames = [json.loads(r) for r in raw_frames]
    states = [f for f in frames if f.get("type") == "state"]
    assert states, "no state frame was received"
    for raw, f in zip(raw_frames, frames):
        if f.get("type") == "state" and f["table"]["status"] != "over":
            assert "seed" not in f["table"] and "packs" not in f["table"]
            assert seed not in raw, "the seed was sent before the match was over"
    deck = game.deck
    state = game.new_state(seed=record["seed"], decks=record.get("decks"),
                           **(record.get("options") or {}))
    views, leaks, event_counts = [], [], []
    for text in [*record["actions"], None]:
        view = game.view(state, seat)
        # the browser's view: the engine's, with the game's own board text
        # drawn from that same view where its layout asks for it
        views.append(web_view(game, state, seat))
        event_counts.append(len(state.events))
        if deck is not None:
            # once the match is over its seed and packs are published to
            # everyone, so nothing is hidden any more (Cactus turns layouts up)
            leaks.append(0 if state.outcome is not None
                         else card_ids_in(view) & game.unknown_cards(state, seat))
        if text is None:
            break
        who = None
        if ":" in text and text.partition(":")[0].isdigit():
            who, text = int(text.partition(":")[0]), text.partition(":")[2]
        game.apply_text(state, text, who)
    all_events = jsonable(game.events_for(state, seat), game)
    events: list = []
    checked = 0
    for f in states:
        events = events[:f["event_start"]] + f["events"]
        if f["view"] is None:
            continue
        v = f["version"]
        assert f["view"] == views[v], f"seat {seat}: the view at version {v} is not the engine's"
        assert events == all_events[:event_counts[v]], \
            f"seat {seat}: the events at version {v} are not the engine's"
        if deck is not None:
            assert not leaks[v], (f"seat {seat} was sent {deck.texts(leaks[v])} at version {v}, "
                                  "cards it cannot know")
        checked += 1
    assert checked, "no frame with a view was checked"
