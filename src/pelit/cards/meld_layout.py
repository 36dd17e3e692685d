"""Meld games whose opening is made the moment it reaches the requirement.

Triple Play (001) and the 2x54 rule sheet's Canasta (002) share more than
the family's turn engine (``meld_game.MeldGame``): a side keeps its melds in
one slot per key (a rank, or a group of wild cards), a turn's first melds
are tentative only until they reach the requirement, when the opening is
made at once (there is no ``done``); a tentative opening can be withdrawn
with ``take back``, and after a withdrawn pile opening the player must draw
from the stock.  Cards seen going into the stock (a buried upcard, the cut)
stay known to be there until drawn.  A red three that finds the stock empty
is laid without a replacement, and a stock draw is one event however many
cards it brings.

``LayoutGame`` holds that; a game adds its keys (``keys``, ``key_word``),
its meld actions (``_meld_actions``, ``_apply_meld_action`` laying cards
with ``_lay``) and the rest of its rules.
"""

from __future__ import annotations

from .deck import Card, CardSet, mask_of
from .meld_game import MeldGame, MeldState, PartnerMeldState
from .melds import popcount


def _with_layout_fields(base):
    """``base`` with the fields of a layout game: the sides' melds (one mask
    per key), the cards known to be in the stock, and whether a pile opening
    was taken back this turn."""

    class LayoutFields(base):
        __slots__ = ("melds", "stock_known", "took_back")

        def _copy_into(self, new):
            base._copy_into(self, new)
            new.melds = [m.copy() for m in self.melds]
            new.stock_known = self.stock_known
            new.took_back = self.took_back

    LayoutFields.__name__ = LayoutFields.__qualname__ = "Layout" + base.__name__
    return LayoutFields


LayoutMeldState = _with_layout_fields(MeldState)
LayoutPartnerMeldState = _with_layout_fields(PartnerMeldState)


class LayoutGame(MeldGame):
    """The automatic opening and ``take back``; see the module docstring."""

    keys = ()                     # the meld keys, in the order views list them
    key_word = None               # a key's name in actions and views ("8s", "wilds")

    # -- melds and the stock ----------------------------------------------------
    def _meld_masks(self, s, side):
        return s.melds[side]

    def _drop_tentative(self, s, side):
        for k in self.keys:
            s.melds[side][k] &= ~s.tent

    def _draw_one(self, s):
        c = s.stock.pop()
        s.stock_known &= ~(1 << c)
        return c

    def _replacement(self, s, p):
        """A laid red three is replaced while the stock lasts."""
        if not s.stock:
            return None
        d = self._draw_one(s)
        s.log("draw", p, audience=(p,), private={"cards": CardSet(1 << d)},
              count=1, replacement=True, stock=len(s.stock))
        return d

    def _lay_dealt_red_threes(self, s, first):
        """Dealt red threes are laid and replaced seat by seat from ``first``."""
        red = self.tables.red3
        n = self.num_players(s)
        for k in range(n):
            p = (first + k) % n
            reds = s.hands[p] & red
            if reds:
                s.hands[p] &= ~reds
                self._lay_red_threes(s, p, reds)

    def _draw_cards(self, s, p, count):
        """Draw ``count`` cards (fewer if the stock runs short) in one event;
        red threes among them are laid.  From an empty stock the deal ends
        and False is returned."""
        if self._stock_ran_out(s, p):
            return False
        got = 0
        for _ in range(count):
            if s.stock:
                got |= 1 << self._draw_one(s)
        s.log("draw", p, audience=(p,), private={"cards": CardSet(got)},
              count=popcount(got), stock=len(s.stock))
        reds = got & self.tables.red3
        s.hands[p] |= got & ~reds
        if reds:
            self._lay_red_threes(s, p, reds)
        return True

    def _begin_turn(self, s, p):
        self._clear_tentative(s)
        s.took_back = False
        s.phase = self.Phase.DRAW
        s.to_act = (p,)

    # -- taking the pile and melding --------------------------------------------------
    def _take_pile(self, s, p, key, used):
        """Meld the pile's top card with ``used`` from the hand onto the side's
        meld of ``key``.  An opened side takes the rest of the pile at once
        (returns True); otherwise the rest waits aside until the opening is
        made (returns False)."""
        side = self.side(s, p)
        top = s.pile.pop()
        s.hands[p] &= ~used
        s.known[p] &= ~used
        placed = used | (1 << top)
        s.melds[side][key] |= placed
        if not s.opened[side]:
            s.tent = placed
            s.tent_top = top
            s.pile_rest = s.pile
            s.pile = []
            s.log("take_pile_opening", p, top=Card(top), cards=CardSet(used),
                  rest=len(s.pile_rest), meld=CardSet(s.melds[side][key]))
            s.phase = self.Phase.OPENING
            self._check_opening(s, p)
            return False
        rest = mask_of(s.pile)
        s.pile = []
        s.log("take_pile", p, top=Card(top), cards=CardSet(used) if used else None, taken=CardSet(rest),
              meld=CardSet(s.melds[side][key]))
        s.hands[p] |= rest
        s.known[p] |= rest
        s.phase = self.Phase.MELD
        return True

    def _lay(self, s, p, verb, key, used):
        """Put ``used`` from the hand onto the side's meld of ``key`` (``verb``:
        meld or add); an unopened side's cards are tentative."""
        side = self.side(s, p)
        s.hands[p] &= ~used
        s.known[p] &= ~used
        s.melds[side][key] |= used
        if not s.opened[side]:
            s.tent |= used
        s.log(verb, p, cards=CardSet(used),
              meld=CardSet(s.melds[side][key]) if verb == "add" else None)
        if not s.opened[side]:
            self._check_opening(s, p)

    # -- the opening ---------------------------------------------------------------------
    def _opening_points(self, s, side):
        return self.tables.value(s.tent)

    def _opening_short(self, s, side):
        return bool(s.tent) and self._opening_points(s, side) < self.requirement(s, side)

    def _check_opening(self, s, p):
        """The opening is made once the turn's melds reach the requirement; a
        pile set aside for it then joins the hand."""
        side = self.side(s, p)
        got = self._opening_points(s, side)
        need = self.requirement(s, side)
        if got < need:
            return
        s.opened[side] = True
        s.log("opened", p, points=got, needed=need)
        top = s.tent_top
        self._clear_tentative(s)
        if s.phase is self.Phase.OPENING:
            rest = mask_of(s.pile_rest)
            s.pile_rest = []
            s.log("take_pile", p, top=Card(top), taken=CardSet(rest))
            s.hands[p] |= rest
            s.known[p] |= rest
            s.phase = self.Phase.MELD

    def _take_back(self, s, p):
        """Withdraw a tentative opening; after a pile opening the pile comes
        back and the player must draw from the stock."""
        back = self._return_tentative(s, p)
        s.log("take_back", p, returned=CardSet(back))
        if s.tent_top >= 0:
            self._restore_pile(s)
            s.took_back = True
            s.phase = self.Phase.DRAW
        self._clear_tentative(s)

    def _legal_opening(self, s, p):
        out = self._meld_actions(s, p)
        out.append(self.A_BACK)
        return out

    def _apply_opening(self, s, p, a):
        if a == self.A_BACK:
            self._take_back(s, p)
            return
        self._apply_meld_action(s, p, a)

    # -- views, worlds ----------------------------------------------------------------------
    def _layout_view(self, s, seat, v):
        """The family's common view fields, the melds by key word and ``took_back``."""
        self._common_view(s, seat, v)
        v["melds"] = [{self.key_word(k): CardSet(m[k]) for k in self.keys if m[k]}
                      for m in s.melds]
        v["took_back"] = s.took_back

    def unknown_cards(self, s, seat):
        return super().unknown_cards(s, seat) & ~s.stock_known

    def _sample_layout(self, view, rng, stock_known, table=0, extra_zones=None):
        """A world from the view (``MeldGame._sample_common``) with the melds;
        ``stock_known`` (the cards known to be in the stock) is left out of
        the random stock, where the game puts it.  ``table``: cards on the
        table besides the pile, red threes and melds."""
        words = {self.key_word(k): k for k in self.keys}
        melds = [[0] * 16 for _ in view["melds"]]
        for side, shown in enumerate(view["melds"]):
            for word, m in shown.items():
                melds[side][words[word]] = int(m)
                table |= int(m)
        # the known stock cards count as seen; "stock" here replaces the
        # common zone's size with the number of unknown stock cards
        zones = {"stock": view["stock"] - popcount(stock_known), **(extra_zones or {})}
        s, placed = self._sample_common(view, rng, table | stock_known, zones)
        s.melds = melds
        s.stock_known = stock_known
        s.took_back = view["took_back"]
        return s, placed
