"""A score sheet: one row per scoring event, one column per seat or team.

The totals are kept as rows are added (a long match asks for them at every
turn), and a clone shares the rows written so far (``core.log.fork``).
"""

from __future__ import annotations

from ..core.log import fork


class ScoreSheet:
    __slots__ = ("columns", "rows", "totals")

    def __init__(self, columns: int):
        self.columns = columns
        self.rows: list[tuple[str, tuple]] = []
        self.totals: tuple = (0,) * columns

    def clone(self) -> "ScoreSheet":
        new = object.__new__(ScoreSheet)
        new.columns = self.columns
        new.rows = fork(self.rows)
        new.totals = self.totals
        return new

    def add(self, label: str, points) -> None:
        points = tuple(points)
        if len(points) != self.columns:
            raise ValueError("one number per column")
        self.rows.append((label, points))
        self.totals = tuple(t + p for t, p in zip(self.totals, points))

    @classmethod
    def from_json(cls, data: dict) -> "ScoreSheet":
        """The sheet ``to_json`` wrote (a sampled world rebuilds it from a view)."""
        rows = data["rows"]
        sheet = cls(len(data["totals"]))
        for label, points in rows:
            sheet.add(label, points)
        return sheet

    def to_json(self) -> dict:
        return {"rows": [[label, list(p)] for label, p in self.rows],
                "totals": list(self.totals)}
