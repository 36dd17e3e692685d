"""core.build: the benchmarks name the build they ran on (make compiled
builds boards/hexgrid, core/rng and cards/deal with mypyc; the suite runs
against either build)."""

import pelit.boards.hexgrid as hexgrid
import pelit.cards.deal as deal
import pelit.core.rng as rng
from pelit.core.build import build_name, compiled_modules


def test_the_build_is_named_after_what_is_loaded():
    mods = {"pelit.boards.hexgrid": hexgrid, "pelit.core.rng": rng, "pelit.cards.deal": deal}
    compiled = sorted(name for name, mod in mods.items() if not mod.__file__.endswith(".py"))
    assert [m for m in compiled_modules() if m in mods] == compiled
    if compiled:
        assert build_name().startswith("compiled build (")
        for name in compiled:
            assert name.rsplit(".", 1)[-1] in build_name()
    else:
        assert build_name() == "pure-Python build"
