"""La Belle Lucie (the Fan), a patience for one player.

Rule source: seed 003 (four games from a rule book), "La Belle Lucie"
(line 6): the deal (seventeen fans of three and a fan of one), Rules of
Play (free cards, the foundations, building on the fans), Re-dealing the
Playing Field (gather, shuffle, deal again in threes, two redeals), and the
end.  The solver behind ``hint`` and the bot is ``games/_lucie_solver.py``.

Decisions where the seed is silent or loose (pinned in
tests/games/test_la_belle_lucie.py):

- The deal (the opening paragraph): the shuffled pack is dealt fan by fan,
  three cards at a time; the first card of each three lies at the bottom
  of its fan and the third is the free one.  The 52nd card is a fan of its
  own.  Fans keep their numbers (1 to 18) until the next deal; an emptied
  fan stays empty and takes no cards (the seed gives no move onto an empty
  place).
- Building on the fans (Rules of Play): "a higher value of the same suit"
  is read as the next higher card of the suit, the example's 3 on 4 and the
  rule every La Belle Lucie player knows; one card moves at a time.  Aces
  are low: foundations run ace to king.  As the seed words it, only a card
  that cannot go to its foundation may be built on a fan (rules version 2;
  before, a card that could go home could also be built, a move that never
  helps: nothing else can go on it in the fans).
- Aces (Rules of Play): the seed says an ace goes to its foundation at
  once; here a free ace goes up by itself, after the deal and after every
  move, logged as ``ace_home``.  Nothing is lost by that: nothing builds on
  an ace in the fans.
- Redeals (Re-dealing the Playing Field): a redeal is the player's action
  ``redeal``, allowed only when no card can move ("when all possible moves
  have been played"), at most twice.  The cards still in the fans are
  gathered, shuffled (the new deal's own random stream; a stacked pack for
  that deal puts the gathered cards in its order) and dealt again in threes
  from fan 1; one or two cards left over make a last fan.  There is no
  "merci" (the extra move some books allow after the last redeal): the seed
  has none.
- The end: all 52 cards on the foundations wins; no move and no redeal
  left loses.  The score is the number of cards home; the outcome says how
  many redeals were used (``pelit simulate`` counts wins by that).
- Nothing is hidden: every card is face up.  What the player cannot know
  is the order of a redeal before it is shuffled, and that order does not
  exist until the redeal: it is drawn then from the match's seed, which no
  view shows.
- ``hint``: the solver (a depth-first search over the positions of the
  layout, at most ``HINT_LIMIT`` positions) says whether this layout can
  still be won without a redeal, proven or not, and names the next move
  of the winning line, or else of the line that takes most cards home.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass

from ..cards.deck import RED_SUITS, SUIT_NAMES, Card, mask_of, pretty, standard_deck
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, Outcome, State, option
from ..core.registry import register
from . import _lucie_solver as solver
from ._lucie_solver import CARD, HOME, RANK, SUCC, SUIT

DECK = standard_deck("52")
FAN = 3
REDEAL = 2 * 52                     # after the plain cards (home) and 'build' cards
TO_ACT = (0,)
HINT_LIMIT = 20_000
BOT_LIMIT = 4_000
SUITS_SHOWN = (0, 1, 3, 2)          # spades, hearts, clubs, diamonds
REDEAL_WORDS = ("without a redeal", "after one redeal", "after two redeals")


class Phase(enum.Enum):
    PLAY = 1


def deal_fans(order) -> list[list[int]]:
    """Cards dealt three to a fan in the given order, the first of each three
    at the bottom; one or two left over make a last fan."""
    return [list(order[i:i + FAN]) for i in range(0, len(order), FAN)]


@dataclass(frozen=True)
class LucieOptions:
    redeals: int = option(2, "redeals allowed when no card can move (Re-dealing: two)",
                          min=0, max=2)


class LucieState(State):
    __slots__ = ("fans", "home", "redeals_used", "deal_no")

    def _copy_into(self, new):
        new.fans = [f.copy() for f in self.fans]
        new.home = self.home.copy()
        new.redeals_used = self.redeals_used
        new.deal_no = self.deal_no


@register
class LaBelleLucie(Game):
    info = GameInfo(
        id="la-belle-lucie", name="La Belle Lucie", min_seats=1, max_seats=1,
        family="patience", source="003 La Belle Lucie (line 6)", hidden=False,
        chance=True, aliases=("fan", "the-fan", "belle-lucie"), rules_version=2,
        summary=(
            "A patience with one pack, all cards face up. The pack is dealt in 17 "
            "fans of three cards and one fan of a single card; only the last card "
            "of a fan is free. Aces go to four foundations as soon as they are free, "
            "and each foundation is built up in its suit to the king. A free card "
            "may also be put on the free card one higher of its own suit in another "
            "fan (the 3 of hearts on the 4 of hearts), one card at a time; emptied "
            "fans stay empty. When no card can move you may gather the fans, "
            "shuffle and deal them again in threes (a last fan of one or two), twice "
            "at most. You win with all 52 cards on the foundations. Type 'hint' to "
            "ask the solver whether this layout can still be won."),
        verbs=(("QS", "move that free card to its foundation"),
               ("build QS", "put that free card on the free card one higher of its suit"),
               ("redeal", "when no card can move: gather, shuffle and deal again in threes")),
    )
    Options = LucieOptions
    Phase = Phase
    State = LucieState
    deck = DECK
    web_layout = {
        "table": "layout",
        "show": {"fans": "fans", "foundations": ["cards", "foundations"],
                 "cards_home": ["info", "cards home"], "redeals_left": ["info", "redeals left"]},
    }
    render_hints = {"hide": ["fans", "foundations"],
                    "labels": {"cards_home": "cards home", "redeals_left": "redeals left"}}

    def __init__(self):
        super().__init__()
        self.actions = ActionSpace(DECK)
        self.actions.cards()                 # 0..51: the card goes home
        self.actions.card_block("build")     # 52..103: the card onto its successor
        self.actions.verb("redeal")          # REDEAL

    def num_players(self, state):
        return 1

    # -- the deal ------------------------------------------------------------
    def _setup(self, s):
        s.home = [0, 0, 0, 0]
        s.redeals_used = 0
        s.deal_no = 0
        s.phase = Phase.PLAY
        s.to_act = TO_ACT
        pack = s.deal_pack(DECK, 0)
        s.fans = deal_fans(pack)
        self._log_layout(s)
        self._after_move(s)

    def _log_layout(self, s):
        s.log("dealt", None, fans=[[Card(c) for c in fan] for fan in s.fans])

    # -- play (Rules of Play, Re-dealing) ------------------------------------------
    def _legal_play(self, s, seat):
        moves = solver.legal_moves(s.fans, s.home)
        if not moves:
            return [REDEAL]                  # stuck with a redeal left (else over)
        return sorted(c if kind == HOME else 52 + c for kind, c in moves)

    def _apply_play(self, s, seat, a):
        if a == REDEAL:
            self._redeal(s)
        elif a < 52:
            self._take(s, a)
            s.home[SUIT[a]] += 1
            s.log("home", 0, card=Card(a))
        else:
            card = a - 52
            self._take(s, card)
            target = SUCC[card]
            for i, fan in enumerate(s.fans):
                if fan and fan[-1] == target:
                    fan.append(card)
                    s.log("build", 0, card=Card(card), onto=Card(target), fan=i + 1)
                    break
        self._after_move(s)

    @staticmethod
    def _take(s, card):
        for fan in s.fans:
            if fan and fan[-1] == card:
                fan.pop()
                return

    def _redeal(self, s):
        s.redeals_used += 1
        s.deal_no += 1
        left = mask_of(c for fan in s.fans for c in fan)
        pack = s.deal_pack(DECK, s.deal_no)
        order = [c for c in pack if left >> c & 1]
        s.fans = deal_fans(order)
        s.log("redeal", 0, cards=len(order), redeals_left=s.options.redeals - s.redeals_used)
        self._log_layout(s)

    def _after_move(self, s):
        """Free aces go home by themselves; then the game may be over."""
        for ace in solver.free_aces(s.fans, s.home):
            s.log("ace_home", None, card=Card(ace))
        home = sum(s.home)
        if home == 52:
            self.finish(s, Outcome((52,), (0,), f"won {REDEAL_WORDS[s.redeals_used]}",
                                   details={"redeals_used": s.redeals_used}))
        elif not solver.legal_moves(s.fans, s.home) and s.redeals_used >= s.options.redeals:
            self.finish(s, Outcome((home,), (), f"lost: {home} cards home, no card can "
                                   f"move and no redeal left",
                                   details={"redeals_used": s.redeals_used}))

    def why_illegal(self, s, seat, a):
        if isinstance(a, int) and 0 <= a < REDEAL:
            card = a % 52
            text = DECK.text_of[card]
            free = any(fan and fan[-1] == card for fan in s.fans)
            if not free:
                where = "on a foundation" if self._is_home(s, card) else "not free (covered)"
                return f"{text} is {where}: only the last card of a fan moves"
            if a < 52:
                need = s.home[SUIT[card]]
                return (f"{text} cannot go home: its foundation needs the "
                        f"{_rank_word(need + 1)} of {SUIT_NAMES[SUIT[card]]}")
            succ = SUCC[card]
            if succ < 0:
                return f"{text} is a king: nothing is higher to build it on"
            if RANK[card] == s.home[SUIT[card]] + 1:
                return (f"{text} can go to its foundation, so it may not be built on a fan "
                        f"(Rules of Play): play {text}")
            return (f"{text} builds only on {DECK.text_of[succ]}, which is not the free "
                    f"card of a fan now")
        if a == REDEAL:
            if s.redeals_used >= s.options.redeals:
                return "no redeal is left"
            return "redeal only when no card can move (Re-dealing the Playing Field)"
        return super().why_illegal(s, seat, a)

    @staticmethod
    def _is_home(s, card) -> bool:
        return RANK[card] <= s.home[SUIT[card]]

    # -- what the player sees (everything) --------------------------------------------
    def _view(self, s, seat, v):
        v["fans"] = [[Card(c) for c in fan] for fan in s.fans]
        v["foundations"] = [Card(CARD[suit][s.home[suit]]) if s.home[suit] else None
                            for suit in range(4)]
        v["cards_home"] = sum(s.home)
        v["redeals_left"] = s.options.redeals - s.redeals_used

    def zones(self, s):
        fans = mask_of(c for fan in s.fans for c in fan)
        return {"fans": fans, "foundations": DECK.all_mask & ~fans}

    def sample_world(self, view, rng):
        """Every card is in sight: the world is the view's layout, with a new
        seed for the shuffles of any redeal still to come."""
        s = self.blank_world(view, rng)
        s.fans = [[int(c) for c in fan] for fan in view["fans"]]
        s.home = [0 if f is None else RANK[int(f)] for f in view["foundations"]]
        s.redeals_used = view["options"].redeals - view["redeals_left"]
        s.deal_no = s.redeals_used
        return s

    # -- the solver: hints and the bot -------------------------------------------------
    def hint(self, view) -> dict:
        """What the solver says about the view's layout: whether it can be won
        without a redeal (proven, or not known within the search limit), and
        the move to make now (``action``, with its text)."""
        legal = view["legal"]
        if not legal:
            return {"text": "The game is over.", "action": None}
        if legal == [REDEAL]:
            return {"text": f"No card can move: redeal ({view['redeals_left']} left).",
                    "action": REDEAL}
        sol = solver.solve(view["fans"], limit=HINT_LIMIT)
        action = _action_of(sol.moves[0]) if sol.moves else legal[0]
        move = self.action_text(action)
        if sol.won:
            text = f"This layout can be won without a redeal. Next: {move}."
        elif sol.proven and not view["redeals_left"]:
            text = (f"This layout cannot be won and no redeal is left: the game is lost. "
                    f"At best {sol.home} cards go home. Next: {move}.")
        elif sol.proven:
            left = view["redeals_left"]
            text = (f"This layout cannot be won without a redeal ({left} left); at best "
                    f"{sol.home} cards go home first. Next: {move}.")
        else:
            text = (f"No win found in {sol.positions:,} positions (not proven either "
                    f"way); the best line found takes {sol.home} cards home. Next: {move}.")
        return {"text": text, "action": action, "won": sol.won, "proven": sol.proven}

    def bench_solver(self, seconds: float = 2.0, seed: int = 1) -> dict:
        """The solver on fresh deals for about ``seconds``: positions searched
        per second and the time per deal (``pelit bench``)."""
        positions = deals = 0
        clock = time.perf_counter
        start = clock()
        while clock() - start < seconds or not deals:
            s = self.new_state(seed=seed + deals)
            positions += solver.solve(s.fans, limit=HINT_LIMIT).positions
            deals += 1
        elapsed = clock() - start
        return {"game": self.info.id, "solver_deals": deals,
                "positions_per_second": round(positions / elapsed, 1),
                "ms_per_deal": round(1000 * elapsed / deals, 2)}

    # -- the terminal ----------------------------------------------------------------
    def render_board(self, view):
        return picture(view)

    def describe_event(self, event):
        kind = event.get("kind")
        if kind == "dealt":
            fans = event["fans"]
            return f"Dealt {sum(len(f) for f in fans)} cards in {len(fans)} fans"
        if kind == "home":
            return _card(event["card"]).append(" goes home")
        if kind == "ace_home":
            return _card(event["card"]).append(" goes home by itself")
        if kind == "build":
            return _card(event["card"]).append(" on ").append_text(
                _card(event["onto"])).append(f" (fan {event['fan']})")
        if kind == "redeal":
            left = event["redeals_left"]
            return (f"Redeal: {event['cards']} cards gathered, shuffled and dealt in threes; "
                    f"{left} redeal{'s' if left != 1 else ''} left")
        return NotImplemented


def _action_of(move) -> int:
    kind, card = move
    return card if kind == HOME else 52 + card


def _rank_word(rank: int) -> str:
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(rank, str(rank))


def _card(card):
    """One card as coloured text with its suit symbol."""
    from rich.text import Text
    c = int(card)
    return Text(pretty(DECK.text_of[c]), style="bold red" if SUIT[c] in RED_SUITS else "bold")


def picture(view):
    """The foundations on one line, then the fans, three to a row, each with
    its free card last and bracketed."""
    from rich.text import Text
    out = Text()
    out.append("Foundations ", style="bold")
    for i, suit in enumerate(SUITS_SHOWN):
        top = view["foundations"][suit]
        if i:
            out.append("  ")
        if top is None:
            out.append(f"{'♠♥♦♣'[suit]} —", style="dim")
        else:
            out.append_text(_card(top))
    out.append("\n")
    fans = view["fans"]
    cells = []
    for i, fan in enumerate(fans):
        cell = Text(f"{i + 1:>2}: ", style="dim")
        if not fan:
            cell.append("(empty)", style="dim")
        for j, c in enumerate(fan):
            if j:
                cell.append(" ")
            if j == len(fan) - 1:
                cell.append("[", style="bold yellow")
                cell.append_text(_card(c))
                cell.append("]", style="bold yellow")
            else:
                cell.append_text(_card(c))
        cells.append(cell)
    width = max((len(c) for c in cells), default=0) + 3
    for i, cell in enumerate(cells):
        out.append_text(cell)
        if i % 3 == 2 or i == len(cells) - 1:
            out.append("\n")
        else:
            out.append(" " * (width - len(cell)))
    out.append("[ ] the free card of each fan", style="dim")
    return out
