"""The leak suite (ARCHITECTURE, Testing 2), over every hidden-information game.

After every action, for every seat and a spectator: neither the seat's view
nor the events that action logged (as that seat receives them) hold a card
whose place the seat cannot know right then, nor words told to other seats
only (``core.told.Told``: a team's signals).  Every few actions, the seat's
view is the same in every world ``sample_world`` builds from it, and play can
go on in those worlds.
"""

from __future__ import annotations

import json
import random

import pytest

import pelit
from pelit.core.records import jsonable
from pelit.core.told import told_in

from support import card_ids_in, random_step

try:                                  # numpy is a dependency; the tensors need nothing else
    from pelit.rl.observe import observation
except ImportError:                   # pragma: no cover
    observation = None

# hidden cards, or chance that no view may tell in advance (the redeals of a patience)
HIDDEN = [g.info.id for g in pelit.all_games() if g.info.hidden or g.info.chance]
WORLDS = 3
SAMPLE_EVERY = 7


def _check_no_unknown_cards(game, state, seat, since):
    unknown = game.unknown_cards(state, seat)
    events = game.events_for(state, seat, since)
    # card ids are reused by every deal: what came before a new deal spoke of the old one
    starts = [i for i, e in enumerate(events) if e["kind"] == "new_deal"]
    events = events[starts[-1]:] if starts else events
    shown = card_ids_in(game.view(state, seat)) | card_ids_in(events)
    assert shown & unknown == 0, (
        f"seat {seat} is shown {game.deck.texts(shown & unknown)} whose place it cannot know")
    overheard = [str(t) for t in told_in(game.view(state, seat)) + told_in(events)
                 if seat not in t.seats]
    assert not overheard, f"seat {seat} hears {overheard}, told to other seats only"


def _check_worlds(game, state, seat, rng):
    view = game.view(state, seat)
    want = json.dumps(jsonable(view, game), sort_keys=True)
    # the observation tensor (pelit.rl) is read from the view alone: the
    # same in every world that shows the seat the same view
    tensor = observation(game, view) if seat is not None and observation else None
    for _ in range(WORLDS):
        world = game.sample_world(view, rng)
        got = json.dumps(jsonable(game.view(world, seat), game), sort_keys=True)
        assert got == want, f"seat {seat}: a sampled world shows a different view"
        if tensor is not None:
            assert (observation(game, game.view(world, seat)) == tensor).all(), \
                f"seat {seat}: a sampled world gives a different observation tensor"
        if world.outcome is None:          # the world is a real state: play goes on
            s, a = random_step(world, rng)
            game.apply(world, a, s)


@pytest.mark.parametrize("game_id", HIDDEN)
def test_views_do_not_leak(game_id):
    game = pelit.load(game_id)
    for seed in (3, 4):
        rng = random.Random(seed)
        state = game.new_state(seed=seed, **game.test_options)
        seats = [None, *range(game.num_players(state))]
        since = 0
        step = 0
        while True:
            for seat in seats:
                _check_no_unknown_cards(game, state, seat, since)
                if step % SAMPLE_EVERY == 0:
                    _check_worlds(game, state, seat, rng)
            if state.outcome is not None or step >= 3000:
                break
            since = len(state.events)
            s, a = random_step(state, rng)
            game.apply(state, a, s)
            step += 1


# -- won tricks lie face down (ch. 2; cards.trick.won_tricks_view) ----------------------

TRICK_PLAYS = ("play", "lead")


class FaceDownTricks:
    """Which cards the views may not show, read from a spectator's events:
    the cards of every won trick of the deal but the last, and the last one
    too once a card of the next trick is down.  A card whose face the table
    saw before it was played (an exposed bid card, the dummy) may still be
    named where it was seen; a game's ``won_face_up`` cards lie face up in
    won tricks by its rules (Screw Misere's aces)."""

    def __init__(self, face_up):
        self.face_up = face_up
        self.earlier = self.last = self.current = self.public = self.exempt = 0
        self.tricks = 0

    def read(self, events):
        for e in events:
            kind = e["kind"]
            if kind == "new_deal":
                self.earlier = self.last = self.current = self.public = self.exempt = 0
            elif kind in TRICK_PLAYS and "card" in e and e["card"] is not None:
                card = 1 << int(e["card"])
                self.current |= card
                self.exempt |= card & self.public
            elif kind == "trick":
                self.tricks += 1
                self.earlier |= self.last
                self.last, self.current = self.current, 0
            else:
                self.public |= card_ids_in(e)

    def hidden(self):
        down = self.earlier | (self.last if self.current else 0)
        return down & ~self.face_up & ~self.exempt


TRICK_GAMES = [g.info.id for g in pelit.all_games() if g.info.family == "trick-taking"]


@pytest.mark.parametrize("game_id", [g.info.id for g in pelit.all_games()])
def test_won_tricks_lie_face_down(game_id):
    """Ch. 2: in every game that plays tricks, no view of any seat (or a
    spectator) shows a card of a won trick, except the last trick until the
    next card is played; counts are all a view gives of the rest."""
    game = pelit.load(game_id)
    face_up = getattr(game, "won_face_up", 0)
    tricks = 0
    for seed in (3, 4):
        rng = random.Random(seed)
        state = game.new_state(seed=seed, **game.test_options)
        seats = [None, *range(game.num_players(state))]
        table = FaceDownTricks(face_up)
        step = 0
        while state.outcome is None and step < 3000:
            before = len(state.events)
            s, a = random_step(state, rng)
            game.apply(state, a, s)
            step += 1
            table.read(game.events_for(state, None, before))
            hidden = table.hidden()
            if not hidden:
                continue
            for seat in seats:
                shown = card_ids_in(game.view(state, seat)) & hidden
                assert not shown, (f"seat {seat} sees {game.deck.texts(shown)}, cards of "
                                   f"won tricks lying face down")
        tricks += table.tricks
    assert tricks or game_id not in TRICK_GAMES, f"{game_id} logged no 'trick' events"
