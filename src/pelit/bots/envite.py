"""An Envite player: honest signals, a captain who weighs his team's trumps,
and plain trick play.

- Signals: it tells its captain the truth in the table's set.
- As captain it reckons its team's strength from its own hand (and the
  dummy's), and from each teammate's signal: a top trump counts most, a
  small trump a little, no trump nothing; against the other team's share
  of the trumps (its size times an average hand).  That gives a chance of
  winning the hand; it raises when the chance is high, accepts a raise
  when the stake is worth it (winning it times the chance against losing
  it otherwise, compared with the stones a decline gives away), and lying
  down it plays unless the hand looks lost.
- In play it takes a trick with its lowest card that wins it unless a
  teammate is already winning; otherwise it throws its lowest card.  It
  never trawls unless it holds nothing but trumps.
"""

from __future__ import annotations

from ..cards.deck import ids
from ..games.envite import RANKINGS, STAKES, Envite, true_signal
from . import Bot, heuristic

SIGNAL_WEIGHT = {"top": 3.0, "second": 2.5, "third": 2.0, "small trump": 1.0, "no trump": 0.0,
                 "one trump": 1.2, "two trumps": 2.6, "three trumps": 4.0}
UNKNOWN = 1.2           # a teammate who sent no signal: an average hand
RAISE_AT = 0.72
LIE_DOWN_PLAY_AT = 0.35

SUIT_INDEX = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}


@heuristic("envite")
class EnviteBot(Bot):
    name = "heuristic"

    def _ranking(self, view):
        per_side = Envite.positions(view["players"]) // 2
        return RANKINGS[(SUIT_INDEX[view["trumps"]], per_side)], per_side

    def _hand_weight(self, view, hand):
        (strength, suit), per_side = self._ranking(view)
        trump = SUIT_INDEX[view["trumps"]]
        order = sorted((c for c in range(40) if suit[c] == trump), key=lambda c: -strength[c])
        weight = 0.0
        for c in ids(hand):
            if suit[c] == trump:
                place = order.index(c)
                weight += SIGNAL_WEIGHT[("top", "second", "third")[place]] if place < 3 else 1.0
        return weight

    def _chance(self, view):
        """The chance the team wins the hand, from what the captain knows."""
        me = self.seat
        team = view["teams"][me % 2]
        mine = self._hand_weight(view, int(view["hand"]))
        if "dummy_hand" in view:
            mine += self._hand_weight(view, int(view["dummy_hand"]))
        told = {p: str(w) for p, w in view.get("team_signals", [])}
        for p in team:
            if p != me:
                mine += SIGNAL_WEIGHT.get(told.get(p), UNKNOWN)
        size = len(team) + (1 if "dummy_hand" in view else 0)
        theirs = UNKNOWN * size * 1.1
        return max(0.05, min(0.95, 0.5 + (mine - theirs) / (4.0 + size)))

    def choose(self, view):
        g = self.game
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "signal":
            word = true_signal(int(view["hand"]), SUIT_INDEX[view["trumps"]],
                               self._ranking(view)[1], view["options"].signals)
            return g.actions.parse(f"signal {word}")[0]
        if phase == "lying":
            return g.PLAY if self._chance(view) >= LIE_DOWN_PLAY_AT else g.FORFEIT
        if phase == "bid":
            return self._bid(view, legal)
        return self._play(view, legal)

    def _bid(self, view, legal):
        g = self.game
        p = self._chance(view)
        raise_action = next((a for a in legal if g.RAISE <= a < g.RAISE + 4), None)
        if g.ACCEPT in legal:
            level = view["level"]
            stake = STAKES[level]
            if stake == "game":
                return g.ACCEPT if p >= 0.5 else g.DECLINE
            if raise_action is not None and p >= RAISE_AT + 0.08:
                return raise_action
            give_away = STAKES[level - 1]
            return g.ACCEPT if (2 * p - 1) * stake > -give_away else g.DECLINE
        if raise_action is not None and p >= RAISE_AT:
            return raise_action
        return g.PASS

    def _play(self, view, legal):
        (strength, suit), _ = self._ranking(view)
        trump = SUIT_INDEX[view["trumps"]]
        trick = [(p, int(c)) for p, c in view["trick"]]
        lowest = min(legal, key=lambda c: strength[c])
        if not trick:
            plain = [c for c in legal if suit[c] != trump]
            return max(plain or legal, key=lambda c: strength[c])
        lead = suit[trick[0][1]]

        def key(c):
            return (suit[c] == trump, suit[c] == lead, strength[c])

        best_pos, best = max(trick, key=lambda pc: key(pc[1]))
        mine = view["turn"] % 2
        if best_pos % 2 == mine:
            return lowest
        winners = [c for c in legal if key(c) > key(best)]
        return min(winners, key=lambda c: strength[c]) if winners else lowest

