"""Observation tensors built from a seat's view, never from the state.

``observation(game, view)`` turns the view a seat is shown (the only thing a
bot may read) into one flat ``float32`` vector with a fixed layout for the
game and its options; the JSON view (``json_view``) goes beside it.  Since
the tensor is computed from the view alone, two states that show a seat the
same view give it the same tensor; the leak suite checks this on the worlds
``sample_world`` builds.

The layout (``layout(game, options)``, listed by ``Layout.describe()``) has
three parts, in this order, one slot per *field path* of the view (``hand``,
``trick.0.1``: a dict key or a list index, lists read up to ``MAX_INDEX``
entries):

card-set planes (card games)
    one plane of ``deck.size`` values per path that holds cards: a card set
    or a list of cards (1 for each card in it: a hand, a pile, a meld) or one
    card (one-hot: a trump card, the card a seat played to the trick).  Card
    ids are the engine's (``pelit.cards``), one per physical card, so the two
    copies of a card in a multi-deck pack have planes places of their own.
    A list of cards also gives a scalar, its length.
board planes (Hex, Y, Go)
    the view's ``board`` rows as one ``size x size`` plane per kind of stone
    (``R``/``B``; ``B``/``W``), 1 where such a stone stands.
scalars
    every number and true/false of the view (scores, counts, whose deal,
    the bid level, chips), as they are; and every short text field (phase,
    contract, trumps, street) one-hot over the words it showed in the
    discovery matches, with one place more for a word not seen there.
    ``seat`` and ``to_act`` are one-hot over the seats.

Fields left out: ``game``, ``options`` and ``players`` (fixed for an
environment), ``legal`` (the action mask carries it), ``version`` and
``outcome``; free text (a field that showed more than ``MAX_WORDS``
different words, e.g. a trivia question) and lists of texts other than a
board (move lists: the board holds them).

The paths come from the views of every seat along ``DISCOVERY_MATCHES``
seeded random matches with the same options, made once per process; a field
that appears later but never appeared there has no slot (none does in the
registered games' discovery matches, which ``tests/rl`` checks loosely by
playing other seeds).
"""

from __future__ import annotations

import dataclasses
import enum
import random

import numpy as np

from ..cards.deck import Card, CardSet, ids
from ..core.game import View
from ..core.records import jsonable

MAX_INDEX = 16           # list entries read per list
MAX_WORDS = 24           # more different words than this: free text, left out
DISCOVERY_MATCHES = 3
DISCOVERY_STEPS = 1500   # actions read per discovery match at most
SKIP = frozenset(("game", "options", "players", "legal", "version", "outcome"))
SEAT_FIELDS = frozenset(("seat", "to_act"))


def json_view(game, view: dict) -> dict:
    """The view as plain JSON (cards as text, legal actions as text)."""
    return jsonable(view, game)


# -- walking a view ------------------------------------------------------------

def _is_card_list(x) -> bool:
    return bool(x) and all(isinstance(c, Card) for c in x)


def _walk(obj, path: tuple, out: list) -> None:
    """Append (path, kind, value) for every leaf the layout reads."""
    if isinstance(obj, CardSet):
        out.append((path, "cards", obj))
    elif isinstance(obj, Card):
        out.append((path, "card", obj))
    elif isinstance(obj, bool):
        out.append((path, "num", 1.0 if obj else 0.0))
    elif isinstance(obj, (int, float)):
        out.append((path, "num", float(obj)))
    elif isinstance(obj, str):
        out.append((path, "word", obj))
    elif isinstance(obj, enum.Enum):
        out.append((path, "word", obj.name.lower()))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if not path and k in SKIP:
                continue
            _walk(v, path + (str(k),), out)
    elif isinstance(obj, (list, tuple)):
        if not obj:
            return
        if _is_card_list(obj):
            out.append((path, "cardlist", obj))
        elif path and path[-1] == "board" and all(isinstance(r, str) for r in obj):
            out.append((path, "board", obj))
        elif all(isinstance(x, str) for x in obj) and len(obj) > MAX_INDEX:
            return                                   # a move list: the board holds it
        else:
            for i, v in enumerate(obj[:MAX_INDEX]):
                _walk(v, path + (i,), out)
    # None, dataclasses and anything else carry no slot


def _name(path: tuple) -> str:
    return ".".join(map(str, path))


# -- the layout ------------------------------------------------------------------

class _Node:
    """A field path of the layout: its slot, if any, and the paths below it."""

    __slots__ = ("path", "children", "slot", "len_slot", "words", "board_name")

    def __init__(self, path: tuple):
        self.path = path
        self.children: dict = {}
        self.slot: Slot | None = None
        self.len_slot: Slot | None = None
        self.words: dict | None = None
        self.board_name = bool(path) and path[-1] == "board"


@dataclasses.dataclass
class Slot:
    name: str
    kind: str            # cards | board | num | onehot
    offset: int
    length: int
    words: tuple = ()    # onehot: the words, the last place is "another word"
    stones: tuple = ()   # board: the stone characters, one plane each


class Layout:
    """Where each field of a view goes in the tensor."""

    def __init__(self, game, options, card_paths, board, nums, words, seats: int):
        self.game = game
        self.seats = seats
        self.deck_size = game.deck.size if game.deck is not None else 0
        self.slots: list[Slot] = []
        self._by_path: dict[tuple, Slot] = {}
        self._len_slot: dict[tuple, Slot] = {}
        offset = 0
        for path in card_paths:
            slot = Slot(_name(path), "cards", offset, self.deck_size)
            self._add(path, slot)
            offset += self.deck_size
        self.board_size = getattr(options, "size", 0)
        for path, stones in board:
            n = self.board_size
            slot = Slot(_name(path), "board", offset, len(stones) * n * n, stones=stones)
            self._add(path, slot)
            offset += slot.length
        self.card_end = offset if card_paths else 0
        for path in nums:
            slot = Slot(_name(path), "num", offset, 1)
            if path in self._by_path:          # the length of a list of cards
                self._len_slot[path] = slot
                self.slots.append(slot)
                slot.name += ".len"
            else:
                self._add(path, slot)
            offset += 1
        for path, vocab in words:
            slot = Slot(_name(path), "onehot", offset, len(vocab) + 1, words=vocab)
            self._add(path, slot)
            offset += slot.length
        self.size = offset
        self._word_index = {path: {w: i for i, w in enumerate(s.words)}
                            for path, s in self._by_path.items() if s.kind == "onehot"}
        # the paths as a tree: encode walks a view only along it
        self._root = _Node(())
        self._nodes: dict[tuple, _Node] = {(): self._root}
        for path, slot in self._by_path.items():
            node = self._root
            for depth, key in enumerate(path):
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = self._nodes[path[:depth + 1]] = \
                        _Node(path[:depth + 1])
                node = child
            node.slot = slot
            node.len_slot = self._len_slot.get(path)
            node.words = self._word_index.get(path)
        self._board_cells: dict[tuple, np.ndarray] = {}

    def _fill(self, obj, node: "_Node", out: np.ndarray) -> None:
        """Write the leaves of ``obj``, found at ``node``'s path, into ``out``."""
        cls = obj.__class__
        if cls is dict or cls is View:
            children = node.children
            for k, v in obj.items():
                child = children.get(k if k.__class__ is str else str(k))
                if child is not None:
                    self._fill(v, child, out)
            return
        if cls is list or cls is tuple:
            if not obj:
                return
            if _is_card_list(obj):
                self._put(node, "cardlist", obj, out)
            elif node.board_name and obj[0].__class__ is str:
                if all(r.__class__ is str for r in obj):
                    self._put(node, "board", obj, out)
                else:
                    self._walked(obj, node, out)
            elif len(obj) > MAX_INDEX and all(x.__class__ is str for x in obj):
                return                               # a move list, as _walk reads it
            else:
                children = node.children
                for i, v in enumerate(obj[:MAX_INDEX]):
                    child = children.get(i)
                    if child is not None:
                        self._fill(v, child, out)
            return
        if cls is CardSet:
            self._put(node, "cards", obj, out)
        elif cls is Card:
            self._put(node, "card", obj, out)
        elif cls is bool:
            self._put(node, "num", 1.0 if obj else 0.0, out)
        elif cls is int or cls is float:
            self._put(node, "num", obj, out)
        elif cls is str:
            self._put(node, "word", obj, out)
        elif obj is not None:
            self._walked(obj, node, out)

    def _walked(self, obj, node: "_Node", out: np.ndarray) -> None:
        """Anything less common (an enum, a subclass): the general walk."""
        leaves: list = []
        _walk(obj, node.path, leaves)
        for path, kind, value in leaves:
            found = self._nodes.get(path)
            if found is not None:
                self._put(found, kind, value, out)

    def _put(self, node: "_Node", kind: str, value, out: np.ndarray) -> None:
        slot = node.slot
        if slot is None:
            return
        o = slot.offset
        if slot.kind == "cards":
            if kind == "cards":
                if value:
                    out[o + np.asarray(ids(value), dtype=np.int64)] = 1.0
            elif kind == "card":
                out[o + int(value)] = 1.0
            elif kind == "cardlist":
                out[o + np.fromiter(map(int, value), dtype=np.int64, count=len(value))] = 1.0
                if node.len_slot is not None:
                    out[node.len_slot.offset] = len(value)
        elif kind == "num":
            if slot.kind == "num":
                out[o] = value
        elif kind == "word":
            if slot.kind == "onehot":
                i = node.words.get(value)
                out[o + (len(slot.words) if i is None else i)] = 1.0
        elif kind == "board" and slot.kind == "board":
            size = self.board_size
            rows = [row[:size] for row in value[:size]]
            shape = tuple(map(len, rows))
            cells = self._board_cells.get(shape)
            if cells is None:      # where each character of the rows lies on the plane
                cells = self._board_cells[shape] = np.array(
                    [r * size + c for r, n in enumerate(shape) for c in range(n)], np.int64)
            chars = np.frombuffer("".join(rows).encode("utf-32-le"), dtype=np.uint32)
            for plane, stone in enumerate(slot.stones):
                out[o + plane * size * size + cells[chars == ord(stone)]] = 1.0

    def _add(self, path, slot):
        self._by_path[path] = slot
        self.slots.append(slot)

    def encode(self, view: dict, out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of a view (a fresh array, or ``out`` filled)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        self._fill(view, self._root, out)
        seat = view.get("seat")
        if seat is not None and "seat" in self._seat_offsets:
            out[self._seat_offsets["seat"] + seat] = 1.0
        if "to_act" in self._seat_offsets:
            o = self._seat_offsets["to_act"]
            for s in view.get("to_act", ()):
                out[o + s] = 1.0
        return out

    def describe(self) -> list[dict]:
        """Every slot: its name, kind, offset and length (for the docs and a
        researcher's code)."""
        return [{"name": s.name, "kind": s.kind, "offset": s.offset, "length": s.length,
                 **({"words": list(s.words) + ["(another)"]} if s.words else {}),
                 **({"stones": list(s.stones)} if s.stones else {})} for s in self.slots]


def _finish_seat_slots(layout: Layout) -> None:
    """``seat`` and ``to_act`` one-hot over the seats, at the end."""
    layout._seat_offsets = {}
    for name in ("seat", "to_act"):
        slot = Slot(name, "onehot-seat", layout.size, layout.seats)
        layout.slots.append(slot)
        layout._seat_offsets[name] = layout.size
        layout.size += layout.seats


def discover(game, options, matches: int = DISCOVERY_MATCHES,
             steps: int = DISCOVERY_STEPS) -> Layout:
    """The layout of ``game`` with ``options``: the field paths of the views
    of every seat (and of nobody: the spectator's fields are a seat's too)
    along a few seeded random matches."""
    card_paths: set = set()
    boards: dict = {}
    nums: set = set()
    words: dict = {}
    seats = 1
    for m in range(matches):
        rng = random.Random(1000 + m)
        state = game.new_state(seed=1000 + m, options=options)
        seats = game.num_players(state)
        for step in range(steps + 1):
            for seat in range(seats):
                leaves: list = []
                _walk(game.view(state, seat), (), leaves)
                for path, kind, value in leaves:
                    if path and path[0] in SEAT_FIELDS:
                        continue
                    if kind in ("cards", "card"):
                        card_paths.add(path)
                    elif kind == "cardlist":
                        card_paths.add(path)
                        nums.add(path)
                    elif kind == "num":
                        nums.add(path)
                    elif kind == "word":
                        words.setdefault(path, set()).add(value)
                    elif kind == "board":
                        stones = boards.setdefault(path, set())
                        for row in value:
                            stones.update(ch for ch in row if ch not in ". ")
            if state.outcome is not None or step == steps:
                break
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    board = sorted(((p, tuple(sorted(s))) for p, s in boards.items()), key=lambda x: _name(x[0]))
    vocab = sorted(((p, tuple(sorted(w))) for p, w in words.items() if len(w) <= MAX_WORDS),
                   key=lambda x: _name(x[0]))
    layout = Layout(game, options, sorted(card_paths, key=_name), board,
                    sorted(nums, key=_name), vocab, seats)
    _finish_seat_slots(layout)
    return layout


_LAYOUTS: dict[tuple[str, str], Layout] = {}


def layout(game, options) -> Layout:
    """The layout of a game with these options (made once per process)."""
    key = (game.info.id, repr(options))
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = discover(game, options)
    return found


def observation(game, view: dict, options=None) -> np.ndarray:
    """The tensor of a seat's view (the layout of the view's own options)."""
    return layout(game, options if options is not None else view["options"]).encode(view)
