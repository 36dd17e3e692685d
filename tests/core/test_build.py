"""core.build: the benchmarks name the build they ran on (make compiled
builds boards/hexgrid with mypyc; the suite runs against either build)."""

import pelit.boards.hexgrid as hexgrid
from pelit.core.build import build_name, compiled_modules


def test_the_build_is_named_after_what_is_loaded():
    compiled = not hexgrid.__file__.endswith(".py")
    assert ("pelit.boards.hexgrid" in compiled_modules()) == compiled
    assert build_name() == ("compiled build (hexgrid compiled)" if compiled
                            else "pure-Python build")
