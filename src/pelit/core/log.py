"""Append-only logs that a clone shares instead of copying.

A match's event log and move history only ever grow at the end.  A clone
therefore need not copy them: ``fork(log)`` gives a new log that reads the
first ``len(log)`` items from the original (which may grow further; the
fork never sees that) and keeps what is appended to it afterwards in its
own storage.  A clone costs the same after 10 or 10,000 actions.

The original is left untouched: a match's own logs stay plain lists, and
only forks are ``ForkedLog``.  A ``ForkedLog`` is a list (``isinstance``,
``len``, indexing, slices, iteration, ``==``, ``in``, ``list(log)``,
``copy()`` and pickling all read the whole log); its list storage holds only
its own items, which is why the methods that read are written here.  (The C
code of ``json.dumps`` reads a list's storage directly: dump ``list(log)``.)
Like the logs it forks, it is append-only: ``append`` and ``extend`` are the
only changes it takes.

Forks of forks read through their chain of originals; a fork whose chain
is ``MAX_DEPTH`` long is flattened into one list instead, so reading stays
quick whatever the pattern of cloning.
"""

from __future__ import annotations

from itertools import chain, islice

MAX_DEPTH = 16


class ForkedLog(list):
    """The first ``_cut`` items of ``_base`` followed by the list's own items."""

    __slots__ = ("_base", "_cut", "_depth")

    def __len__(self):
        return self._cut + list.__len__(self)

    def __bool__(self):
        return self._cut > 0 or list.__len__(self) > 0

    def __getitem__(self, i):
        cut = self._cut
        if i.__class__ is int:
            if i < 0:
                i += cut + list.__len__(self)
                if i < 0:
                    raise IndexError("log index out of range")
            if i < cut:
                return self._base[i]
            return list.__getitem__(self, i - cut)
        if isinstance(i, slice):
            start, stop, step = i.indices(cut + list.__len__(self))
            if step != 1:
                return list(self)[i]
            return self._items(start, stop)
        raise TypeError(f"log indices must be integers or slices, not {type(i).__name__}")

    def _items(self, start: int, stop: int) -> list:
        """Items ``start`` to ``stop`` (0 <= start, stop <= len) as a list."""
        if stop <= start:
            return []
        cut = self._cut
        if start >= cut:
            return list.__getitem__(self, slice(start - cut, stop - cut))
        base = self._base
        head = base._items(start, min(stop, cut)) if base.__class__ is ForkedLog \
            else base[start:min(stop, cut)]
        if stop > cut:
            head.extend(list.__getitem__(self, slice(0, stop - cut)))
        return head

    def __iter__(self):
        cut = self._cut
        base = self._base
        if cut == len(base):
            return chain(iter(base), list.__iter__(self))
        return chain(islice(iter(base), cut), list.__iter__(self))

    def __reversed__(self):
        return reversed(self._items(0, len(self)))

    def __contains__(self, item):
        return any(x is item or x == item for x in self)

    def __eq__(self, other):
        if isinstance(other, list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __add__(self, other):
        return self._items(0, len(self)) + list(other)

    def __radd__(self, other):
        # called before list.__add__, which would read only the own items
        return list(other) + self._items(0, len(self))

    def __repr__(self):
        return repr(self._items(0, len(self)))

    def __reduce__(self):
        return (list, (self._items(0, len(self)),))

    def copy(self) -> list:
        return self._items(0, len(self))

    def index(self, item, *args):
        return self._items(0, len(self)).index(item, *args)

    def count(self, item):
        return sum(1 for x in self if x is item or x == item)

    def _refuse(self, *args, **kwargs):
        raise TypeError("a match's log is append-only")

    pop = insert = remove = clear = sort = reverse = __setitem__ = __delitem__ = _refuse
    __iadd__ = __imul__ = __mul__ = __rmul__ = _refuse


def fork(log: list) -> list:
    """A log that reads as ``log`` does now and grows on its own from here."""
    if log.__class__ is ForkedLog:
        if not list.__len__(log):
            # nothing of its own yet: share its original directly
            base, cut, depth = log._base, log._cut, log._depth
        elif log._depth >= MAX_DEPTH:
            new = ForkedLog()
            new._base = log._items(0, len(log))
            new._cut = len(new._base)
            new._depth = 1
            return new
        else:
            base, cut, depth = log, len(log), log._depth + 1
    else:
        base, cut, depth = log, len(log), 1
    new = ForkedLog()
    new._base = base
    new._cut = cut
    new._depth = depth
    return new
