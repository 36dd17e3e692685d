"""What people do at a table besides playing: chat, hints, the move timer and
the rematch, and the words of events sent with each frame.

Everything here reads views and a seat's own events only, like the bots:

- ``said``: with each frame, the game's own line for each new event
  (``describe_event``, the terminal's words), or None where it has none;
- chat: ``{"type": "chat", "token", "text"}`` from a seated person, at most
  ``CHAT_MAX`` characters after control characters are dropped and spaces
  collapsed, ``CHAT_RATE`` messages in so many seconds per seat; the last
  ``CHAT_KEEP`` messages of a table are kept in memory and sent on
  ``{"type": "chat_history"}``.  Clients draw messages as text, never HTML;
- hints: ``{"type": "hint", "token"}`` on one's own turn answers what the
  game's own ``hint(view)`` says (La Belle Lucie's solver), else what its
  heuristic bot would do from the same view, and why where the bot can say
  (an optional ``explain(view, action)``);
- the move timer: ``POST /api/tables/{id}/timer {host, seconds}`` before the
  start; a person who has not acted that long after the table came to them
  has one move made by the heuristic bot, and everyone is told;
- rematch: ``POST /api/tables/{id}/rematch {token | host}`` after the end
  makes one new table of the same game and options, seats everyone as they
  sat (the same seat tokens stay valid there), starts it, and tells every
  connection of the old table where it is (``{"type": "rematch", "id"}``).

Chat, timers and the rematch link live in this process's memory: a restart
forgets them (the tables themselves are stored as before).
"""

from __future__ import annotations

import asyncio
import collections
import secrets
import time
import traceback
import unicodedata

from ..bots import bot_names, make_bot
from ..core.errors import PelitError
from .hub import ServerError, person_seats
from .names import name_key

CHAT_MAX = 200
CHAT_KEEP = 50
CHAT_RATE = (5, 10.0)            # messages per seat in so many seconds
TIMER_RANGE = (5, 600)           # seconds a move may take, when a table has a timer
TICK = 0.25                      # how often the timer looks at its tables
TYPES = ("chat", "chat_history", "hint")


def said(game, events) -> list:
    """The game's own words for each event as the seat saw it, or None."""
    describe = getattr(game, "describe_event", None)
    if describe is None:
        return [None] * len(events)
    out = []
    for e in events:
        try:
            line = describe(e)
        except Exception:
            traceback.print_exc()
            line = None
        out.append(None if line is None or line is NotImplemented else str(line))
    return out


def clean_chat(text) -> str:
    """A chat line as it is kept: control and format characters dropped,
    runs of spaces made one, at most ``CHAT_MAX`` characters."""
    if not isinstance(text, str):
        raise ServerError("bad_request", "a chat message is text")
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co"))
    kept = " ".join(kept.split())
    if not kept:
        raise ServerError("bad_request", "the chat message is empty")
    if len(kept) > CHAT_MAX:
        raise ServerError("too_long", f"a chat message may hold {CHAT_MAX} characters, "
                          f"this one has {len(kept)}")
    return kept


class Social:
    def __init__(self, hub):
        self.hub = hub
        self.chats: dict[str, collections.deque] = {}
        self.chat_count: dict[str, int] = {}
        self.chat_stamps: dict[tuple, collections.deque] = {}
        self.timers: dict[str, int] = {}
        self.turn_started: dict[str, tuple[int, float]] = {}
        self.rematches: dict[str, str] = {}
        self._rematch_lock = asyncio.Lock()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._watch_timers())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except BaseException:
                pass

    # -- with each frame ------------------------------------------------------------
    def frame_extras(self, table, events) -> dict:
        out = {"said": said(table.game, events)}
        seconds = self.timers.get(table.id)
        if seconds and table.status == "playing":
            out["timer"] = {"seconds": seconds, "left": round(self._left(table, seconds), 1)}
        if table.id in self.rematches:
            out["rematch"] = self.rematches[table.id]
        return out

    # -- messages --------------------------------------------------------------------
    async def handle(self, table, conn, data, send) -> None:
        kind = data.get("type")
        if kind == "chat":
            await self.chat(table, table.seat_of(data.get("token")), data.get("text"))
        elif kind == "chat_history":
            await send({"type": "chat", "history": True,
                        "messages": list(self.chats.get(table.id, ()))})
        elif kind == "hint":
            seat = table.seat_of(data.get("token"))
            async with table.lock:
                answer = self.hint(table, seat)
            await send({"type": "hint", **answer})

    async def chat(self, table, seat: int, text) -> None:
        text = clean_chat(text)
        now = time.monotonic()
        stamps = self.chat_stamps.setdefault((table.id, seat), collections.deque())
        count, window = CHAT_RATE
        while stamps and now - stamps[0] > window:
            stamps.popleft()
        if len(stamps) >= count:
            wait = stamps[0] + window - now
            raise ServerError("chat_rate", f"at most {count} chat messages in {window:g} s; "
                              f"wait {wait:.1f} s")
        stamps.append(now)
        n = self.chat_count[table.id] = self.chat_count.get(table.id, 0) + 1
        entry = {"n": n, "seat": seat, "name": table.seats[seat]["name"], "text": text,
                 "at": round(time.time(), 3)}
        self.chats.setdefault(table.id, collections.deque(maxlen=CHAT_KEEP)).append(entry)
        await self._tell(table, {"type": "chat", "messages": [entry]})

    async def _tell(self, table, msg) -> None:
        for conn in list(table.conns):
            await table.send(conn, msg)

    # -- hints -----------------------------------------------------------------------
    def hint(self, table, seat: int) -> dict:
        """What to do now, from the seat's view (and its own events, for a bot
        that remembers); the caller holds the table lock."""
        game, state = table.game, table.state
        if table.status != "playing" or seat not in state.to_act:
            raise ServerError("not_your_turn", "a hint is for your own turn")
        view = game.view(state, seat)
        legal = view["legal"]
        if len(legal) == 1:
            move = game.action_text(legal[0])
            return {"action": move, "text": f"{move} is your only legal move."}
        own = getattr(game, "hint", None)
        if callable(own):
            answer = own(view)
            action = answer.get("action")
            return {"action": None if action is None else game.action_text(action),
                    "text": answer["text"]}
        name = "heuristic" if "heuristic" in bot_names(game) else "random"
        bot = make_bot(name, game, seat, len(state.history))
        bot.observe(game.events_for(state, seat))
        action = bot.choose(view)
        move = game.action_text(action)
        why = getattr(bot, "explain", None)
        reason = why(view, action) if callable(why) else None
        who = "The heuristic bot" if name == "heuristic" else "A random player"
        text = f"{who} would play {move}" + (f": {reason}" if reason else ".")
        return {"action": move, "text": text}

    # -- the move timer ------------------------------------------------------------------
    def set_timer(self, table, host_key, seconds) -> None:
        table.check_host(host_key)
        if table.status != "open":
            raise ServerError("started", "the timer is set before the start", 409)
        low, high = TIMER_RANGE
        if seconds in (None, 0):
            self.timers.pop(table.id, None)
            return
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not low <= seconds <= high:
            raise ServerError("bad_request", f"a move timer holds {low}..{high} seconds, or 0 for none")
        if not getattr(table.game, "stand_ins", True):
            raise ServerError("no_timer", f"{table.game.info.name} waits for its players: "
                              "no bot moves for anyone, so there is no move timer", 409)
        self.timers[table.id] = seconds

    def _left(self, table, seconds) -> float:
        version = len(table.state.history)
        started = self.turn_started.get(table.id)
        now = time.monotonic()
        if started is None or started[0] != version:
            started = self.turn_started[table.id] = (version, now)
        return max(0.0, started[1] + seconds - now)

    def _late(self, table) -> list[int]:
        """People (no bot standing in) the table waits for."""
        if not getattr(table.game, "stand_ins", True):
            return []                           # the game waits for its people
        kept = person_seats(table.game)
        return [s for s in table.state.to_act
                if table.seats[s]["kind"] == "human" and not table.bot_for(s) and s not in kept]

    async def _watch_timers(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            for tid, seconds in list(self.timers.items()):
                table = self.hub.tables.get(tid)
                if table is None or table.status != "playing" or not table.owner:
                    continue
                if self._left(table, seconds) > 0 or not self._late(table):
                    continue
                try:
                    await self._stand_in(table, len(table.state.history))
                except PelitError:
                    traceback.print_exc()

    async def _stand_in(self, table, version: int) -> None:
        game = table.game
        async with table.lock:
            state = table.state
            late = self._late(table)
            if len(state.history) != version or not late or table.status != "playing":
                return
            seat = late[0]
            name = "heuristic" if "heuristic" in bot_names(game) else "random"
            bot = make_bot(name, game, seat, secrets.randbits(32))
            bot.observe(game.events_for(state, seat))
            action = bot.choose(game.view(state, seat))
            await self.hub._commit(table, seat, version, action=action)
            who = table.seats[seat]["name"] or f"seat {seat}"
        await self._tell(table, {"type": "notice", "seat": seat,
                                 "text": f"Time ran out: the bot moved for {who} "
                                         f"({game.action_text(action)})."})
        await table.broadcast()
        self.hub.kick(table)

    # -- rematch -----------------------------------------------------------------------
    async def rematch(self, table, token=None, host_key=None) -> dict:
        if host_key is not None:
            table.check_host(host_key)
        else:
            table.seat_of(token)
        if table.status != "over":
            raise ServerError("not_over", "a rematch follows a finished match", 409)
        async with self._rematch_lock:
            if table.id in self.rematches:
                return {"id": self.rematches[table.id], "host": None}
            new, key = await self.hub.create(table.game.info.id, table.row["preset"],
                                             table.row["options"], public=table.row["public"])
            for old in table.seats:
                seat, kind = old["seat"], old["kind"]
                bot = old["bot"] if kind == "bot" else None
                th = old["token_hash"] if kind == "human" else None
                await self.hub.store.set_seat(new.id, seat, kind, old["name"], bot, th,
                                              name_key(old["name"]) if old["name"] else None)
                new.seats[seat].update(kind=kind, name=old["name"], bot=bot, token_hash=th)
                if th:
                    new.tokens[th] = seat
            if table.id in self.timers:
                self.timers[new.id] = self.timers[table.id]
            await self.hub.start(new, key)
            self.rematches[table.id] = new.id
        await self._tell(table, {"type": "rematch", "id": new.id})
        return {"id": new.id, "host": key}
