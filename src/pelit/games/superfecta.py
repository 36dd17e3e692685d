"""Superfecta, betting on a horse race of the four suits, paid parimutuel.

Rule source: seed 004 (ten games from a card-game site), "Superfecta"
(line 90): Setup, Game play (Types of wagers, Example ticket, Running the
race).

The four aces are the horses at the starting gate; six cards dealt beside
them are the rail.  Every player writes a ticket of bets, one minimum bet a
step: ``win H`` (hearts to win), ``exa D/C`` (diamonds first, clubs second),
``sfc D/C/H/S`` (the whole order), and hands it in (``done``).  Then the
race: cards are turned from the stock and each moves its suit's horse one
place; the first horse to have seven cards of its suit turned wins, and
turning goes on until second and third are known (the fourth is last).
Each pool goes to its winning bets; a pool nobody wins waits for the next
race.

Decisions where the seed is silent (pinned in tests/games/test_superfecta.py):

- Setup: 100 chips each (option ``chips``), a minimum bet of 1 (option
  ``minimum``), 12 races (option ``races``).  The stock is the shuffled
  pack without the aces, the first six cards dealt to the rail.
- Tickets are written at the same time and kept from the other players
  until the race is run; what each ticket puts in each pool is seen by all
  when it is handed in (the dealer puts the money in the three pools in
  everyone's sight).  A line of a ticket grows by the minimum bet each time
  it is bet again, so "2 WIN D" is ``win D`` twice; a ticket may cost no
  more than the player's chips and may be empty.
- The payout: "divide the pool as evenly as possible" is read the
  parimutuel way the seed's introduction describes: every chip staked on a
  winning bet gets the same share, the pool divided by all the chips on
  its winning bets, rounded down; what cannot be shared so is carried over
  with any pool nobody won.
- A horse with six cards on the rail can never run seven spaces: it comes
  last when the other three have finished.
- After the last race the chips left in the pools are shared equally; the
  odd chips go one each to the players in seat order from seat 0.  The most
  chips wins (a tie shares the win).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import permutations

from ..cards.deal import shuffled
from ..cards.deck import (ACE, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, CardSet, mask_of, pretty,
                          standard_deck)
from ..cards.standings import most_wins
from ..core.actions import ActionSpace
from ..core.game import Game, GameInfo, State, option
from ..core.registry import register

DECK = standard_deck("52")
SUIT = DECK.suit_of
ACES = DECK.rank_mask[ACE]
RAIL = 6
FINISH = 7                       # a horse crosses the line with its seventh card
POOLS = ("WIN", "EXA", "SFC")
HORSES = (1, 2, 3, 0)            # the seed lists hearts, diamonds, clubs, spades
WIN_LINES = tuple((h,) for h in HORSES)
EXA_LINES = tuple(permutations(HORSES, 2))
SFC_LINES = tuple(permutations(HORSES, 4))
LINES = ((0, WIN_LINES), (1, EXA_LINES), (2, SFC_LINES))


def line_text(horses) -> str:
    return "/".join(SUITS[h] for h in horses)


def run_race(stock: list[int]) -> tuple[tuple[int, ...], list[int]]:
    """The order of finish and the cards turned (stock top first).  Cards
    of horses already home are turned and ignored; turning stops when
    three horses are home (a horse that cannot finish comes last)."""
    steps = [0, 0, 0, 0]
    order: list[int] = []
    turned = []
    for card in stock:
        if len(order) == 3:
            break
        turned.append(card)
        suit = SUIT[card]
        if suit in order:
            continue
        steps[suit] += 1
        if steps[suit] == FINISH:
            order.append(suit)
    order += [h for h in HORSES if h not in order]
    return tuple(order), turned


def winning(horses: tuple, order: tuple) -> bool:
    """Whether a bet on ``horses`` (in order) wins with this order of finish."""
    return tuple(order[:len(horses)]) == horses


def pay_pool(total: int, stakes: dict) -> tuple[dict, int]:
    """Parimutuel share of one pool: ``stakes`` (seat: chips on winning
    bets).  Returns (seat: chips won, chips carried over)."""
    winning_chips = sum(stakes.values())
    if winning_chips == 0:
        return {}, total
    share = total // winning_chips
    paid = {p: k * share for p, k in stakes.items() if k}
    return paid, total - share * winning_chips


class Phase(enum.Enum):
    BET = 1          # everyone writes a ticket at once and hands it in


@dataclass(frozen=True)
class SuperfectaOptions:
    players: int = option(4, "number of players", min=2, max=10)
    chips: int = option(100, "chips each at the start", min=1, max=10_000)
    minimum: int = option(1, "the minimum bet; every bet is a multiple of it", min=1, max=100)
    races: int = option(12, "races in the match", min=1, max=100)


class SuperfectaState(State):
    __slots__ = ("chips", "race_no", "rail", "stock", "turned", "tickets", "handed_in", "staked",
                 "pools", "last_race", "results")

    def _copy_into(self, new):
        new.chips = self.chips.copy()
        new.race_no = self.race_no
        new.rail = self.rail.copy()
        new.stock = self.stock.copy()
        new.turned = self.turned.copy()
        new.tickets = [dict(t) for t in self.tickets]
        new.handed_in = self.handed_in
        new.staked = self.staked.copy()          # entries are replaced, never changed
        new.pools = self.pools.copy()
        new.last_race = self.last_race
        new.results = self.results.copy()


@register
class Superfecta(Game):
    info = GameInfo(
        id="superfecta", name="Superfecta", min_seats=2, max_seats=10,
        family="betting (parimutuel)", source="004 Superfecta (line 90)",
        hidden=True, chance=True, aliases=("horse-race",),
        summary=(
            "The four aces are horses at the starting gate and six cards dealt "
            "beside them are the rail (the more of a suit on the rail, the fewer "
            "left to move its horse). Every player writes a secret ticket of bets, "
            "each a multiple of the minimum: WIN (this horse wins), EXA (these two "
            "finish first and second in this order), SFC (all four in this order). "
            "The money goes into three pools. Then cards are turned one by one and "
            "each moves its suit's horse a space; seven cards of a suit bring it "
            "home, and turning goes on until the first three are known. Each pool "
            "is shared among the chips bet on its winning tickets; what nobody "
            "wins waits for the next race. After the last race the pools left are "
            "shared out and the most chips wins."),
        verbs=(("win H", "bet the minimum on hearts to win (again to bet more)"),
               ("exa D/C", "bet diamonds first and clubs second"),
               ("sfc D/C/H/S", "bet the whole order of finish"),
               ("done", "hand in your ticket")),
    )
    Options = SuperfectaOptions
    Phase = Phase
    State = SuperfectaState
    deck = DECK
    test_options = {"players": 3, "races": 2, "chips": 60}
    render_hints = {
        "per_seat": ["chips", "handed_in", "staked"],
        "hide": ["rail_counts", "last_race"],        # the board and the log say it
        # lists that are not one entry a seat, whatever their length
        "table": ["pools", "results", "ticket"],
        "labels": {"race_no": "races run", "pools": "pools (WIN, EXA, SFC)",
                   "ticket": "your ticket", "ticket_cost": "your ticket costs",
                   "staked": "staked (WIN, EXA, SFC)", "handed_in": "ticket in",
                   "last_race": "last race", "results": "races (order of finish)"},
        "not_cards_after": ["win", "exa", "sfc"]}
    web_layout = {
        "table": "betting",
        "show": {"chips": ["chips", "chips"], "rail": ["cards", "the rail"],
                 "pools": ["info", "pools (WIN, EXA, SFC)"],
                 "handed_in": ["seat", "ticket in"], "staked": ["seat", "staked (WIN, EXA, SFC)"],
                 "ticket": {"role": "info", "label": "your ticket", "text": True},
                 "ticket_cost": ["info", "your ticket costs"],
                 "results": {"role": "info", "label": "races (order of finish)", "text": True},
                 "race_no": ["info", "races run"]},
        "sheet": {"event": "race", "total": "chips", "start": "chips",
                  "hide": ["tickets", "carried"]},
    }

    def __init__(self):
        super().__init__()
        a = ActionSpace(DECK)
        self.starts = []
        for pool, lines in LINES:
            self.starts.append(a.choice(POOLS[pool].lower(),
                                        [line_text(h).lower() for h in lines]))
        self.DONE = a.verb("done")
        self.actions = a
        self.bet_of = {}
        for (pool, lines), start in zip(LINES, self.starts):
            for i, horses in enumerate(lines):
                self.bet_of[start + i] = (pool, horses)
        self.action_of_bet = {bet: a for a, bet in self.bet_of.items()}

    def action_text(self, action):
        bet = self.bet_of.get(action)
        if bet is not None:
            return f"{POOLS[bet[0]].lower()} {line_text(bet[1])}"
        return self.actions.text(action)

    # -- a race: the gate, the rail and the tickets ---------------------------------------
    def _setup(self, s):
        n = s.options.players
        s.chips = [s.options.chips] * n
        s.race_no = 0
        s.pools = [0, 0, 0]
        s.last_race = None
        s.results = []
        self._start_race(s)

    def _start_race(self, s):
        n = len(s.chips)
        pack = [c for c in s.deal_pack(DECK, s.race_no) if not (ACES >> c) & 1]
        s.rail = pack[:RAIL]
        s.stock = pack[RAIL:]
        s.turned = []
        s.tickets = [{} for _ in range(n)]
        s.staked = [None] * n
        s.handed_in = 0
        s.log("gate", None, race=s.race_no + 1, horses=CardSet(ACES),
              rail=[Card(c) for c in s.rail])
        s.phase = Phase.BET
        s.to_act = tuple(range(n))

    def _cost(self, ticket) -> int:
        return sum(ticket.values())

    def _legal_bet(self, s, seat):
        if s.chips[seat] - self._cost(s.tickets[seat]) >= s.options.minimum:
            return [*self.bet_of, self.DONE]
        return [self.DONE]

    def _apply_bet(self, s, seat, action):
        if action != self.DONE:
            pool, horses = self.bet_of[action]
            ticket = s.tickets[seat]
            ticket[(pool, horses)] = ticket.get((pool, horses), 0) + s.options.minimum
            s.log("ticket_line", seat, audience=(seat,),
                  private={"bet": f"{ticket[(pool, horses)]} {POOLS[pool]} {line_text(horses)}"})
            return
        ticket = s.tickets[seat]
        stake = [0, 0, 0]
        for (pool, _), amount in ticket.items():
            stake[pool] += amount
        s.chips[seat] -= sum(stake)
        for pool in range(3):
            s.pools[pool] += stake[pool]
        s.staked[seat] = stake
        s.handed_in |= 1 << seat
        s.log("ticket_in", seat, staked=stake, pools=list(s.pools),
              audience=(seat,), private={"ticket": self._ticket_lines(ticket)})
        s.to_act = tuple(p for p in s.to_act if p != seat)
        if not s.to_act:
            self._race(s)

    def _ticket_lines(self, ticket) -> list[str]:
        return [f"{amount} {POOLS[pool]} {line_text(horses)}"
                for (pool, horses), amount in sorted(ticket.items())]

    # -- running the race and paying out ---------------------------------------------------
    def _race(self, s):
        order, turned = run_race(s.stock)
        s.turned = turned
        s.stock = s.stock[len(turned):]
        n = len(s.chips)
        won = [0] * n
        carried = [0, 0, 0]
        for pool in range(3):
            stakes = {p: sum(a for (q, h), a in s.tickets[p].items()
                             if q == pool and winning(h, order)) for p in range(n)}
            paid, carried[pool] = pay_pool(s.pools[pool], stakes)
            for p, k in paid.items():
                won[p] += k
        for p in range(n):
            s.chips[p] += won[p]
        s.pools = carried
        s.race_no += 1
        # as text: these card ids are dealt again in the next race
        s.last_race = {"order": line_text(order), "cards": DECK.texts(turned),
                       "paid": won, "carried": list(carried)}
        s.results.append(line_text(order))
        s.log("race", None, race=s.race_no, order=line_text(order),
              cards=[Card(c) for c in turned], paid=won, carried=list(carried),
              tickets=[self._ticket_lines(t) for t in s.tickets], chips=list(s.chips))
        if s.race_no >= s.options.races:
            self._end(s)
            return
        self._start_race(s)

    def _end(self, s):
        n = len(s.chips)
        left = sum(s.pools)
        share, odd = divmod(left, n)
        for p in range(n):
            s.chips[p] += share + (1 if p < odd else 0)
        s.pools = [0, 0, 0]
        s.log("pools_shared", None, left=left, each=share, odd=odd)
        self.finish(s, most_wins(s.chips, f"{s.race_no} races run",
                                 details={"orders": list(s.results)}))

    def why_illegal(self, s, seat, action):
        if isinstance(action, int) and not isinstance(action, bool) and action in self.bet_of:
            return (f"that bet would cost more than your {s.chips[seat]} chips "
                    f"(the ticket costs {self._cost(s.tickets[seat])}; a bet is "
                    f"{s.options.minimum})")
        return super().why_illegal(s, seat, action)

    # -- text ------------------------------------------------------------------------------
    def describe_event(self, event):
        kind = event.get("kind")
        if kind == "ticket_line":
            return f"you write {event['bet']}" if "bet" in event else None
        if kind == "pools_shared":
            odd = f", the odd {event['odd']} one each from seat 0" if event["odd"] else ""
            return f"the {event['left']} chips left in the pools are shared: {event['each']} each{odd}"
        if kind == "gate":
            rail = " ".join(pretty(DECK.text(c)) for c in event["rail"])
            return f"race {event['race']}: the aces at the gate; the rail {rail}"
        if kind == "ticket_in":
            staked = ", ".join(f"{POOLS[i]} {k}" for i, k in enumerate(event["staked"]) if k)
            mine = f" ({'; '.join(event['ticket'])})" if "ticket" in event else ""
            return (f"seat {event['seat']} hands in a ticket: {staked or 'no bets'}{mine}; "
                    f"pools {', '.join(map(str, event['pools']))}")
        if kind == "race":
            cards = " ".join(pretty(DECK.text(c)) for c in event["cards"])
            lines = [f"race {event['race']}: cards turned {cards}",
                     f"  order of finish {event['order']}; paid "
                     + ", ".join(f"seat {p} {k}" for p, k in enumerate(event["paid"]) if k)
                     if any(event["paid"]) else
                     f"  order of finish {event['order']}; no winning bets"]
            if any(event["carried"]):
                lines.append("  carried over: " + ", ".join(
                    f"{POOLS[i]} {k}" for i, k in enumerate(event["carried"]) if k))
            return "\n".join(lines)
        return NotImplemented

    def render_board(self, view):
        """The gate and the rail: each horse with its rail cards, and where the
        horses finished in the last race."""
        lines = []
        for h in HORSES:
            on_rail = view["rail_counts"][h]
            left = 12 - on_rail
            chance = (f"{left} left in the stock for its {FINISH} steps" if left >= FINISH
                      else f"only {left} left in the stock: it cannot finish, it comes last")
            lines.append(f"{SUIT_SYMBOLS[h]} {SUIT_NAMES[h]:9} {on_rail} on the rail, {chance}")
        if view["last_race"]:
            lines.append(f"last race: {view['last_race']['order']}")
        return "\n".join(lines)

    # -- views ---------------------------------------------------------------------------------
    def _view(self, s, seat, v):
        v["chips"] = list(s.chips)
        v["race_no"] = s.race_no
        v["rail"] = CardSet(mask_of(s.rail))
        v["rail_counts"] = [sum(1 for c in s.rail if SUIT[c] == h) for h in range(4)]
        v["pools"] = list(s.pools)
        v["handed_in"] = [bool((s.handed_in >> p) & 1) for p in range(len(s.chips))]
        v["staked"] = [None if st is None else list(st) for st in s.staked]
        if seat is not None:
            v["ticket"] = self._ticket_lines(s.tickets[seat])
            v["ticket_cost"] = self._cost(s.tickets[seat])
        v["last_race"] = s.last_race
        v["results"] = list(s.results)

    def zones(self, s):
        return {"gate": ACES, "rail": mask_of(s.rail), "stock": mask_of(s.stock),
                "turned": mask_of(s.turned)}

    def unknown_cards(self, s, seat):
        return mask_of(s.stock)

    def sample_world(self, view, rng):
        s = self.blank_world(view, rng)
        n = view["players"]
        seat = view["seat"]
        s.chips = list(view["chips"])
        s.race_no = view["race_no"]
        s.rail = sorted(int(c) for c in view["rail"])
        s.stock = shuffled(DECK.all_mask & ~ACES & ~int(view["rail"]), rng)
        s.turned = []
        s.pools = list(view["pools"])
        s.staked = [None if st is None else list(st) for st in view["staked"]]
        s.handed_in = mask_of(p for p in range(n) if view["handed_in"][p])
        s.tickets = [{} for _ in range(n)]
        minimum = view["options"].minimum
        for p in range(n):
            if p == seat:
                s.tickets[p] = self._read_ticket(view["ticket"])
            elif s.staked[p] is not None:
                # someone else's ticket: its money per pool is known, its horses not
                for pool, (_, lines) in enumerate(LINES):
                    for _ in range(s.staked[p][pool] // minimum):
                        key = (pool, rng.choice(lines))
                        s.tickets[p][key] = s.tickets[p].get(key, 0) + minimum
        s.last_race = view["last_race"]
        s.results = list(view["results"])
        return s

    def _read_ticket(self, lines) -> dict:
        ticket = {}
        for line in lines:
            amount, pool, horses = line.split()
            ticket[(POOLS.index(pool), tuple(SUITS.index(h) for h in horses.split("/")))] = \
                int(amount)
        return ticket
