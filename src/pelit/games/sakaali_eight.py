"""Sakaali for eight players: two tables, the same deals played by both teams.

Rule source: seed 000 (Korppi, "My Games"), 26.7 "Sakaali for eight
players" (line 2111): 26.7.1 the first four deals, 26.7.2 the last four
deals, 26.7.3 scoring; every deal is a deal of Sakaali (``games/sakaali.py``,
26.2-26.6).  The two tables are run by ``core.duplicate``.

Two teams of four: team A the even seats, team B the odd ones.  Seats 0-3
start at table 1 and seats 4-7 at table 2, two of each team at each table,
partners opposite.  Each table has its own four packs (26.7.1: different
decks): table 1 deals the first set, table 2 the second.  When both tables
have played their four deals, the players of each table move together to the
other table and play its four deals again with the teams' seats swapped, so
each hand one team held in the first half is held by the other team in the
second (26.7.2).  The packs stay with their table and are dealt again card
for card.  Both teams' game points over all sixteen deals are added up and
the higher total wins (26.7.3).

Decisions where the seed is silent (pinned in tests/games/test_sakaali_eight.py):

- The swap (26.7.2): the arriving players sit one place round from where
  the leaving players sat, each in the seat of an opponent, so the seat that
  dealt and led each deal is the same and only the teams are exchanged.
- Each table's four deals are scored as a match of four deals of Sakaali
  (option ``deals`` of Sakaali): the winning bonus of a tied deal carries to
  the next deal at that table, and one still carried after the fourth deal
  lapses (the next deals are other hands, played by other people's cards).
- The two tables play at the same time; a player sees his own table only.
  The results of the other table, and its play, stay hidden until the match
  is over (the scores written under the stacked hands of 26.7.1 are not
  read before the hands are played again); then all of them are shown.
- Option ``deals`` (four by the book) sets the deals at each table per half.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.duplicate import DuplicateGame, TableSeating, turned
from ..core.game import GameInfo, option
from ..core.registry import load, register
from . import sakaali  # noqa: F401  (registers Sakaali, which each table plays)


@dataclass(frozen=True)
class SakaaliEightOptions:
    deals: int = option(4, "deals at each table before the players change tables (26.7.1)",
                        min=1, max=99)


@register
class SakaaliEight(DuplicateGame):
    def __init__(self):
        inner = load("sakaali")
        super().__init__(inner, info=GameInfo(
            id="sakaali-8", name="Sakaali for eight", min_seats=8, max_seats=8,
            family="signalling", source="000 ch. 26.7 Sakaali for eight players (line 2111)",
            hidden=True, chance=True, teams=True, zero_sum=True, aliases=("sakaali-eight", "sakaali-for-eight"),
            verbs=inner.info.verbs,
            summary=(
                "Sakaali for two teams of four at two tables. Team A holds the even seats, "
                "team B the odd ones; seats 0-3 start at table 1 and seats 4-7 at table 2, "
                "partners opposite, so two of each team sit at each table. Each table plays "
                "four deals of Sakaali with its own packs. Then the players of each table "
                "move to the other table, sit one place round (so the teams change seats) "
                "and play that table's four deals again with the same cards: every hand is "
                "held once by each team. Game points of all sixteen deals are added up; "
                "the higher total wins. Each table's scoring is that of Sakaali (a tie "
                "carries the bonus only within a table's four deals). You see your own "
                "table only; the other table's play and results are shown at the end.\n\n"
                + inner.info.summary)))
        self.Options = SakaaliEightOptions
        self.presets = {}
        self.test_options = {"deals": 1}

    def table_options(self, options):
        deals = SakaaliEightOptions().deals if options is None else options.deals
        return self.inner.make_options(deals=deals)

    def rounds_for(self, options):
        """26.7.1 and 26.7.2: table 1 deals the first set of packs, table 2
        the second; in the second half each table's players sit at the other
        table, turned one place."""
        first, second = (0, 1, 2, 3), (4, 5, 6, 7)
        return ((TableSeating(0, 0, first), TableSeating(1, 1, second)),
                (TableSeating(0, 0, turned(second)), TableSeating(1, 1, turned(first))))

    def decks_for(self, decks, packs, options):
        """Stacked packs: the first ``deals`` for table 1, the next for table 2."""
        if decks is None:
            return None
        return decks[packs * options.deals:(packs + 1) * options.deals] or None
