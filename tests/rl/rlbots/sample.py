"""Bots the tests name by import path (``rlbots.sample:AlwaysFirst``)."""

from pelit.bots import Bot


class AlwaysFirst(Bot):
    name = "always-first"

    def choose(self, view):
        return min(view["legal"])


class OnlyXeri(AlwaysFirst):
    games = ("xeri",)
