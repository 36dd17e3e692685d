"""Records: JSON round trip, replay, --check, and corrupt records (ARCHITECTURE, Records)."""

from __future__ import annotations

import json

import pytest

import pelit
from pelit.core.errors import OptionError, RecordError, UnknownGame
from pelit.core.records import check_record, jsonable, load_record, record_of, replay, save_record


def finished(seed=3):
    g = pelit.load("xeri")
    s = g.new_state(seed=seed, hands=1)
    while s.outcome is None:
        s.apply(s.legal_actions()[-1])
    return s


def test_record_round_trip_through_a_file(tmp_path):
    s = finished()
    path = tmp_path / "m.json"
    save_record(s, path)
    rec = load_record(path)
    assert rec["game"] == "xeri" and rec["options"] == {"hands": 1} and rec["seed"] == 3
    again = check_record(rec)
    assert again.history == s.history


def test_stacked_decks_are_recorded_and_replayed():
    g = pelit.load("xeri")
    deck = " ".join(g.deck.text(c) for c in reversed(range(52)))
    s = g.new_state(seed=9, decks=[deck], hands=1)
    while s.outcome is None:
        s.apply(s.legal_actions()[0])
    rec = record_of(s)
    assert rec["decks"][0].split()[0] == "AC"
    assert replay(rec).packs[0] == s.packs[0]


@pytest.mark.parametrize("mutate,match", [
    (lambda r: r.update(game="no-such-game"), "unknown game"),
    (lambda r: r.pop("seed"), "no 'seed'"),
    (lambda r: r.update(actions="7C"), "list"),
    (lambda r: r["actions"].__setitem__(0, "ZZ"), "does not replay"),
    (lambda r: r["actions"].__setitem__(0, 12), "not text"),
    (lambda r: r.update(options={"hands": "many"}), "cannot start"),
    (lambda r: r.update(rules_version=99), "rules version"),
    (lambda r: r["result"].update(winners=[5]), "record says"),
])
def test_corrupt_records_fail_loudly(mutate, match):
    rec = json.loads(json.dumps(record_of(finished())))
    mutate(rec)
    with pytest.raises(RecordError, match=match):
        check_record(rec)


def test_unreadable_record_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        load_record(bad)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    binary = tmp_path / "bin.json"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(RecordError, match="not a text file"):
        load_record(binary)


def test_options_are_checked():
    g = pelit.load("xeri")
    with pytest.raises(OptionError, match="no option 'hand'"):
        g.new_state(seed=1, hand=3)
    with pytest.raises(OptionError, match="whole number"):
        g.new_state(seed=1, hands="x")
    with pytest.raises(OptionError, match="between"):
        g.new_state(seed=1, hands=0)
    with pytest.raises(OptionError, match="no preset"):
        g.new_state(seed=1, preset="fast")
    assert g.new_state(seed=1, hands="3").options.hands == 3     # text from a command line


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGame, match="xeri"):
        pelit.load("skat")


def test_views_serialize_cards_as_text():
    s = finished()
    v = jsonable(s.view(0), s.game)
    json.dumps(v)
    assert v["options"] == {"hands": 1} and v["outcome"]["reason"]


def test_same_seed_same_match_different_seed_different_deal():
    g = pelit.load("xeri")
    a, b, c = (g.new_state(seed=x) for x in (1, 1, 2))
    assert a.packs == b.packs and a.packs != c.packs
