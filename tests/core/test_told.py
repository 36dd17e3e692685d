"""Words told to some seats only (core.told): a plain string to JSON, found
wherever it sits in a view or events."""

from __future__ import annotations

import json
import pickle

from pelit.core.told import Told, told_in


def test_told_is_its_text_with_an_audience():
    t = Told("top", (0, 2))
    assert t == "top" and t.seats == {0, 2}
    assert json.dumps({"signal": t}) == '{"signal": "top"}'
    back = pickle.loads(pickle.dumps(t))
    assert back == "top" and back.seats == {0, 2}


def test_told_in_finds_nested_words():
    view = {"a": [1, [2, Told("x", (1,))]], "b": {"c": Told("y", (0,))}, "d": "z"}
    assert sorted(str(t) for t in told_in(view)) == ["x", "y"]
    assert told_in([{"kind": "signalled", "seat": 2}]) == []
