"""Which build of pelit is running: plain Python, or with modules compiled by
mypyc (``make compiled``).  Benchmarks print it next to their figures."""

from __future__ import annotations

import sys


def compiled_modules() -> list[str]:
    """The loaded pelit modules that are compiled extensions."""
    out = []
    for name, mod in list(sys.modules.items()):
        path = getattr(mod, "__file__", None) or ""
        if name.startswith("pelit.") and path.endswith((".so", ".pyd")):
            out.append(name)
    return sorted(out)


def build_name() -> str:
    mods = compiled_modules()
    return f"compiled build ({len(mods)} modules)" if mods else "pure-Python build"
