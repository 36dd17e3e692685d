"""Which build of pelit is running: plain Python, or with modules compiled by
mypyc (``make compiled``).  Benchmarks print it next to their figures."""

from __future__ import annotations

import sys


def compiled_modules() -> list[str]:
    """The loaded pelit modules that are compiled extensions."""
    out = []
    for name, mod in list(sys.modules.items()):
        path = getattr(mod, "__file__", None) or ""
        if name.startswith("pelit.") and path.endswith((".so", ".pyd")) \
                and not name.endswith("__mypyc"):      # mypyc's own runtime, not a module of ours
            out.append(name)
    return sorted(out)


def build_name() -> str:
    mods = compiled_modules()
    if not mods:
        return "pure-Python build"
    return f"compiled build ({', '.join(m.rsplit('.', 1)[-1] for m in mods)} compiled)"
