"""A score sheet: one row per scoring event, one column per seat or team."""

from __future__ import annotations


class ScoreSheet:
    __slots__ = ("columns", "rows")

    def __init__(self, columns: int):
        self.columns = columns
        self.rows: list[tuple[str, tuple]] = []

    def clone(self) -> "ScoreSheet":
        new = ScoreSheet(self.columns)
        new.rows = self.rows.copy()
        return new

    def add(self, label: str, points) -> None:
        points = tuple(points)
        if len(points) != self.columns:
            raise ValueError("one number per column")
        self.rows.append((label, points))

    @property
    def totals(self) -> tuple:
        out = [0] * self.columns
        for _, pts in self.rows:
            for i, p in enumerate(pts):
                out[i] += p
        return tuple(out)

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
