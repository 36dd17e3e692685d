// A table page: seating, the live table, the end-of-deal summary and the
// score sheet, chat and hints, the result with its replay, and the
// connection (a banner says when it is lost; it comes back by itself).

import { h, esc, words, api, store, games, openDialog } from "./dom.js";
import { cardInline, glyphCards, isCard } from "./cards.js";
import { drawTable, namedSeats } from "./felt.js";
import { Model, trickOf } from "./model.js";
import { dealEnds, sheetEl, summaryEl, namedSeatsText } from "./scores.js";
import { chatBox, timerEl, rematch, goRematch } from "./social.js";
import { announceTurn, freshCards, soundOn, setSound, sweep } from "./feel.js";
import { showRules, rulesButton } from "./rules.js";

const app = document.getElementById("app");
const T = {
  id: null, game: null, frame: null, events: [], said: [], ws: null, me: null, host: null,
  pending: false, error: "", retry: 500, replay: null, chat: [], chatError: "", chatDraft: "",
  sel: { version: -1, objs: [] }, ui: { dismissed: null }, prev: null, hint: null,
  connected: false, freshFrom: 0, acked: null, timerAt: 0,
  held: {},           // hot seat: every seat this phone holds, seat -> token
};

export async function tablePage(id) {
  T.id = id;
  T.me = store("pelit.seat." + id);
  T.held = store("pelit.held." + id) || (T.me ? { [T.me.seat]: T.me.token } : {});
  T.host = store("pelit.host." + id);
  T.acked = store("pelit.acked." + id);
  T.redraw = render;
  let info;
  try { info = await api("GET", "/api/tables/" + id); } catch (e) {
    app.replaceChildren(h("div", { class: "error" }, e.message)); return;
  }
  T.game = (await games()).find((g) => g.id === info.game);
  rulesButton(() => showRules(T.game, T.frame && T.frame.view ? T.frame.view.phase : null, T.frame && T.frame.table.layout));
  tools();
  T.frame = { table: info, view: null, seat: null, version: info.version };
  render();
  connect();
}

// -- the connection ------------------------------------------------------------
function banner(lost) {
  document.getElementById("conn").classList.toggle("hidden", !lost);
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + T.id);
  T.ws = ws;
  ws.onopen = () => {
    T.retry = 500;
    ws.send(JSON.stringify({ type: "hello", token: T.me ? T.me.token : undefined, since: 0 }));
    ws.send(JSON.stringify({ type: "chat_history" }));
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      // Events that came with this frame are fresh; after a reload or a
      // resync (event_start 0) nothing is: what a game makes a player
      // remember is shown once, as it happens, never again.
      T.freshFrom = msg.event_start > 0 ? msg.event_start : (msg.events || []).length;
      T.events = T.events.slice(0, msg.event_start).concat(msg.events || []);
      T.said = T.said.slice(0, msg.event_start).concat(msg.said || (msg.events || []).map(() => null));
      T.frame = msg;
      T.timerAt = Date.now();
      T.pending = false;
      T.connected = true;
      banner(false);
      if (T.hint && T.hint.version !== msg.version) T.hint = null;
      explain(msg);
      if (hotSeat(msg)) return;            // greeted again as the seat to act: its frame follows
      render();
      summary();
    } else if (msg.type === "error") {
      T.pending = false;
      if (msg.code === "chat_rate" || msg.code === "too_long") { T.chatError = msg.message; render(); return; }
      T.error = msg.message;
      if (msg.code === "bad_token") { localStorage.removeItem("pelit.seat." + T.id); T.me = null; ws.send(JSON.stringify({ type: "hello" })); }
      render();
    } else if (msg.type === "chat") {
      T.chat = msg.history ? msg.messages : T.chat.concat(msg.messages).slice(-50);
      T.chatError = "";
      render();
    } else if (msg.type === "hint") {
      T.hint = { ...msg, version: T.frame.version };
      render();
    } else if (msg.type === "notice") {
      T.notice = msg.text;
      render();
    } else if (msg.type === "rematch") {
      if (T.me) goRematch(T, msg.id);
      else { T.frame.rematch = msg.id; render(); }
    }
  };
  ws.onclose = () => {
    if (T.ws !== ws) return;
    if (T.connected) banner(true);
    setTimeout(connect, T.retry);
    T.retry = Math.min(T.retry * 2, 4000);
  };
}

// Hot seat (a referee game's one phone): when a seat this phone holds is
// to act, the connection greets the table as that seat, so its frame (and
// its legal moves) come next; nothing is hidden in these games.
function hotSeat(msg) {
  if (!hotTable(msg.table) || !msg.view || !T.me || msg.table.status !== "playing") return false;
  const toAct = msg.view.to_act || [];
  if (toAct.includes(T.me.seat)) return false;
  const next = toAct.find((s) => T.held[s] !== undefined);
  if (next === undefined) return false;
  T.me = { seat: next, token: T.held[next] };
  store("pelit.seat." + T.id, T.me);
  T.ws.send(JSON.stringify({ type: "hello", token: T.me.token, since: 0 }));
  return true;
}
// a game that allows it (layout.hot_seat) and a phone holding several of its seats
function hotTable(info) { return !!(info.layout && info.layout.hot_seat) && Object.keys(T.held).length > 1; }
function hold(seat, token) {
  T.held = { ...T.held, [seat]: token };
  store("pelit.held." + T.id, T.held);
}
function hotSeatLine(info) {
  const seats = Object.keys(T.held).map(Number).sort((a, b) => a - b);
  if (!hotTable(info) || !T.me) return null;
  const name = (s) => (info.seats[s] && info.seats[s].name) || "seat " + s;
  return h("div", { class: "hotseat", id: "hotseat" }, "This phone enters for ",
    seats.map((s) => name(s)).join(", "), info.status === "playing" ? h("b", {}, ` · now ${name(T.me.seat)}`) : null);
}

function send(action) {
  if (T.pending || !T.me) return;
  T.pending = true;
  T.error = "";
  T.ws.send(JSON.stringify({ type: "act", token: T.me.token, version: T.frame.version, action }));
}

// -- the header's tools ---------------------------------------------------------
function tools() {
  const bar = document.getElementById("tools");
  bar.replaceChildren(
    h("button", { id: "sheet-btn", type: "button", class: "hidden", onclick: showSheet }, "Scores"),
    h("button", { id: "last-btn", type: "button", class: "hidden", onclick: showLastTrick }, "Last trick"),
    h("button", { id: "hint-btn", type: "button", class: "hidden", onclick: askHint }, "Hint"),
    h("button", { id: "sound-btn", type: "button", "aria-pressed": String(soundOn()), title: "a sound when it is your turn",
      onclick: (e) => { setSound(!soundOn()); e.target.setAttribute("aria-pressed", String(soundOn())); e.target.textContent = soundOn() ? "Sound on" : "Sound off"; } },
      soundOn() ? "Sound on" : "Sound off"));
}
function toolState(m) {
  const playing = T.frame.table.status !== "open";
  const show = (id, on) => document.getElementById(id).classList.toggle("hidden", !on);
  show("sheet-btn", playing && m && (dealEnds(T.events, m.L).length > 0 || m.entries.some((e) => e.role === "team")));
  const last = m && m.first("last_trick");
  show("last-btn", !!m && m.entries.some((e) => e.role === "last_trick"));
  document.getElementById("last-btn").disabled = !(last && trickOf(last.value));
  const myTurn = !!(m && m.live && m.legal.length && T.frame.table.status === "playing");
  show("hint-btn", playing && !!T.me && T.frame.table.status === "playing");
  document.getElementById("hint-btn").disabled = !myTurn;
}
function askHint() {
  if (!T.me) return;
  T.ws.send(JSON.stringify({ type: "hint", token: T.me.token }));
}
function showSheet() {
  const m = T.model;
  if (!m) return;
  openDialog("sheet-dlg", h("h2", {}, "Score sheet"), sheetEl(m, T.events),
    h("form", { method: "dialog" }, h("button", { class: "primary", id: "sheet-close" }, "Close")));
}
function showLastTrick() {
  const m = T.model;
  const e = m && m.first("last_trick");
  const t = e && trickOf(e.value);
  if (!t) return;
  openDialog("sheet-dlg", h("h2", {}, "Last trick"),
    h("div", { class: "lasttrick", id: "lasttrick" }, t.plays.map(([s, c]) => h("div", { class: "play" + (s === t.winner ? " winner" : "") },
      h("span", { html: cardInline(c) }), " ", m.short(s)))),
    t.winner !== null ? h("p", {}, `${m.short(t.winner)} won it.`) : null,
    h("form", { method: "dialog" }, h("button", { class: "primary" }, "Close")));
}

// a surprise of the rules explained as it happens (layout "explain": Hex's swap)
function explain(msg) {
  const said = (msg.table.layout || {}).explain || {};
  if (msg.event_start === 0) return;                 // a reload: the past is past
  for (const e of msg.events || []) if (said[e.kind]) T.notice = said[e.kind];
}

// -- the end-of-deal summary: it waits until the player closes it ---------------
function summary() {
  const m = T.model;
  if (!m || !T.frame.view) return;
  const ends = dealEnds(T.events, m.L);
  if (T.acked === null || T.acked === undefined) {          // first visit: the past is past
    T.acked = T.freshFrom >= T.events.length ? ends.length : ends.filter(({ i }) => i < T.freshFrom).length;
    store("pelit.acked." + T.id, T.acked);
  }
  if (ends.length <= T.acked) return;
  if ((m.L.sheet || {}).wait === false) {   // a game of many short hands: the sheet, no pause
    T.acked = ends.length;
    store("pelit.acked." + T.id, T.acked);
    return;
  }
  const { e, i } = ends[ends.length - 1];
  const dlg = document.getElementById("summary");
  const ok = () => { T.acked = ends.length; store("pelit.acked." + T.id, T.acked); dlg.close(); };
  openDialog("summary", ...summaryEl(m, e, T.said[i], ends.length),
    h("h3", {}, "Match score"), sheetEl(m, T.events),
    h("div", { class: "row end" }, h("button", { class: "primary", id: "summary-ok", type: "button", onclick: ok },
      T.frame.table.status === "over" ? "See the result" : "Next deal")));
  dlg.oncancel = (ev) => { ev.preventDefault(); ok(); };
}

// -- drawing ---------------------------------------------------------------------
// where cards went since the last frame: a finished trick to its winner
// (now that the next card is out), a captured pile to its capturer
let gathered = null;
function gatheredTo(prev, m) {
  if (!prev || prev.frame.version === m.frame.version) return null;
  const was = prev.first("last_trick"), now = m.first("last_trick");
  const before = was && trickOf(was.value);
  if (before && before.winner !== null && !now && m.first("trick")) return { from: "#trick", seat: before.winner, n: before.plays.length };
  const pile = (x) => { const e = x.first("pile"); const size = e && e.size ? x.entries.find((y) => y.path === e.size) : null;
    return size && typeof size.value === "number" ? size.value : e && Array.isArray(e.value) ? e.value.length : null; };
  const p0 = pile(prev), p1 = pile(m);
  const who = m.first("tag") && m.entries.find((e) => e.role === "tag" && /captur|took/.test(m.label(e)));
  if (p0 > 1 && p1 === 0 && who && Number.isInteger(who.value)) return { from: ".pile, .middle", seat: who.value, n: p0 };
  return null;
}

function render() {
  const f = T.frame;
  const info = f.table;
  const kids = [];
  if (info.arranged) kids.push(h("div", { class: "error", id: "arranged" }, "Arranged deal: the cards were chosen by the table's creator, not shuffled."));
  if (info.status === "open") kids.push(seatingPanel(info), invitePanel());
  else {
    const main = [];
    const hot = hotSeatLine(info);
    if (hot) main.push(hot);
    if (f.view) {
      const held = hotTable(info) ? T.held : null;
      const ctx = { live: true, send, sel: T.sel, ui: T.ui, redraw: render, held };
      const m0 = new Model(f, T.game, { live: true, hot: !!held });
      const { fresh, dealt } = freshCards(T.prev, m0, T.events.slice(T.freshFrom));
      ctx.fresh = fresh;
      ctx.freshHand = dealt;
      ctx.timerEl = timerEl(T);
      const { el, model } = drawTable(f, T.game, ctx);
      gathered = gatheredTo(T.prev, model);
      T.model = model;
      T.prev = model;
      main.push(el);
    } else main.push(h("section", { class: "felt", id: "felt" }, h("p", {}, "…")));
    if (T.hint) main.push(hintBox());
    if (T.notice) main.push(h("div", { class: "notice", id: "notice" }, T.notice, " ", h("button", { type: "button", onclick: () => { T.notice = null; render(); } }, "OK")));
    if (T.error) main.push(h("div", { class: "error", id: "error" }, T.error));
    if (info.status === "over") main.push(resultPanel(info));
    const side = [h("section", { class: "panel" }, h("h3", {}, "Log"), logBox()), chatBox(T, T.model), invitePanel()];
    kids.push(h("div", { class: "page" }, h("div", { class: "main" }, main), h("aside", { class: "side" }, side)));
  }
  const keepChat = document.activeElement && document.activeElement.id === "chat-text";
  const scroll = window.scrollY;
  app.replaceChildren(...kids);
  if (keepChat) { const c = document.getElementById("chat-text"); if (c) { c.focus(); c.setSelectionRange(c.value.length, c.value.length); } }
  window.scrollTo(0, scroll);
  if (gathered) { sweep(document.getElementById("felt"), gathered.from, gathered.seat, gathered.n); gathered = null; }
  app.dataset.version = f.version;
  app.dataset.status = info.status;
  const mine = !!(f.view && f.view.legal && f.view.legal.length && !T.pending && T.me);
  app.dataset.myturn = mine ? "yes" : "no";
  document.getElementById("title").textContent = `${T.game.name} · ${info.status}`;
  announceTurn(T.game.name, mine && info.status === "playing", info.status);
  toolState(T.model);
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
  const chat = document.getElementById("chatlog");
  if (chat) chat.scrollTop = chat.scrollHeight;
  if (T.hint && T.hint.action) {
    for (const el of document.querySelectorAll(`#hand [data-card="${CSS.escape(T.hint.action)}"], #actions [data-action="${CSS.escape(T.hint.action)}"], [data-cell="${CSS.escape(T.hint.action)}"]`)) el.classList.add("hinted");
  }
}

function hintBox() {
  const m = T.model;
  return h("div", { class: "notice hint", id: "hint" }, h("b", {}, "Hint: "),
    h("span", { html: glyphCards(namedSeatsText(m, T.hint.text), esc).replace(/\b([2-9TJQKA][SHDC])\b/g, (w) => cardInline(w)) }), " ",
    T.hint.action && T.frame.view && (T.frame.view.legal || []).includes(T.hint.action)
      ? h("button", { type: "button", id: "hint-play", onclick: () => send(T.hint.action) }, "Do it") : null,
    h("button", { type: "button", onclick: () => { T.hint = null; render(); } }, "Close"));
}

function invitePanel() {
  const url = location.origin + "/t/" + T.id;
  const input = h("input", { id: "invite", value: url, readonly: true, onclick: (e) => e.target.select() });
  return h("section", { class: "panel invite" }, h("h3", {}, "Invite"),
    h("div", { class: "row" }, input,
      h("button", { id: "copy", type: "button", onclick: () => {
        input.select();
        if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => document.execCommand("copy"));
        else document.execCommand("copy");
      } }, "Copy link")),
    h("p", { class: "muted" }, (T.frame.table.public ? "Listed in the lobby. " : "Private: only people with this link find it. ") +
      (T.me ? `You sit at seat ${T.me.seat} (${seatName(T.me.seat)}).` : "You are watching; take a free seat to play.")));
}

function seatName(seat) {
  const s = T.frame && T.frame.table.seats[seat];
  return s && s.name ? s.name : "seat " + seat;
}

function seatingPanel(info) {
  // The name is kept as it is typed: a state update may redraw this panel
  // between typing and clicking "Sit here".
  const nameIn = h("input", { id: "name", placeholder: "your name", value: store("pelit.name") || "",
    oninput: (e) => store("pelit.name", e.target.value) });
  // a refusal stays said across redraws of this panel (a frame may come at any time)
  const err = h("div", { class: "error" + (T.seatError ? "" : " hidden"), id: "seat-error" }, T.seatError || "");
  const rows = info.seats.map((s) => {
    const cells = [h("b", {}, `Seat ${s.seat}: `), s.kind === "empty" ? h("span", { class: "muted" }, "empty") : s.name];
    if (s.kind === "empty" && !T.me) {
      cells.push(h("button", { class: "sit", type: "button", "data-seat": s.seat, onclick: async () => {
        try {
          const name = nameIn.value.trim();
          store("pelit.name", name);
          const res = await api("POST", `/api/tables/${T.id}/sit`, { seat: s.seat, name });
          T.seatError = "";
          T.me = { seat: res.seat, token: res.token };
          store("pelit.seat." + T.id, T.me);
          hold(res.seat, res.token);
          T.ws.send(JSON.stringify({ type: "hello", token: res.token, since: 0 }));
        } catch (e) { T.seatError = e.message; err.textContent = e.message; err.classList.remove("hidden"); }
      } }, "Sit here"));
    }
    const personal = (info.person_seats || []).includes(s.seat);
    if (personal && s.kind === "empty") cells.push(h("span", { class: "muted" }, " (the scorekeeper: a person, never a bot)"));
    if (s.kind === "empty" && T.me && info.layout.hot_seat) {
      // one phone for everyone: seat a player here by name; this phone enters for them
      // typed names are kept: a frame may redraw this panel between typing and clicking
      T.hotNames = T.hotNames || {};
      const other = h("input", { class: "hotname", "data-seat": s.seat, placeholder: "player's name", maxlength: 20,
        value: T.hotNames[s.seat] || "", oninput: (e) => { T.hotNames[s.seat] = e.target.value; } });
      cells.push(other, h("button", { class: "hotsit", type: "button", "data-seat": s.seat, onclick: async () => {
        try {
          const name = (T.hotNames[s.seat] ?? other.value).trim();     // this panel may have been redrawn
          const res = await api("POST", `/api/tables/${T.id}/sit`, { seat: s.seat, name });
          T.seatError = "";
          hold(res.seat, res.token);
        } catch (e) { T.seatError = e.message; err.textContent = e.message; err.classList.remove("hidden"); }
      } }, "On this phone"));
    }
    if (T.host && s.kind !== "human" && !personal) {
      const pick = h("select", { class: "botpick", "data-seat": s.seat }, T.game.bots.slice().reverse().map((b) => h("option", { value: b }, b + " bot")));
      cells.push(pick, h("button", { class: "addbot", type: "button", "data-seat": s.seat, onclick: () => hostCall("bot", { seat: s.seat, bot: pick.value }, err) }, s.kind === "bot" ? "Change bot" : "Add bot"));
      if (s.kind === "bot") cells.push(h("button", { type: "button", onclick: () => hostCall("bot", { seat: s.seat, bot: null }, err) }, "Remove"));
    }
    return h("div", { class: "row seatrow" }, cells);
  });
  const full = info.seats.every((s) => s.kind !== "empty");
  const timer = h("select", { id: "timer-pick", onchange: (e) => hostCall("timer", { seconds: Number(e.target.value) }, err) },
    [0, 15, 30, 60, 120].map((x) => h("option", { value: x, selected: x === (T.timerChoice || 0) }, x ? `${x} s a move, then a bot moves` : "no move timer")));
  return h("section", { class: "panel", id: "seating" }, h("h2", {}, "Seats"),
    T.me ? null : h("div", { class: "row" }, h("label", {}, "Name ", nameIn)),
    rows, err,
    T.host ? h("div", { class: "row" },
      h("button", { id: "fill-bots", type: "button", onclick: async () => {
        for (const s of info.seats) if (s.kind === "empty" && !(T.me && T.me.seat === s.seat) && !(info.person_seats || []).includes(s.seat)) await hostCall("bot", { seat: s.seat, bot: T.game.bots[T.game.bots.length - 1] }, err);
      } }, "Fill empty seats with bots"),
      info.stand_ins === false ? null : h("label", {}, "Timer ", timer),
      h("button", { class: "primary", id: "start", type: "button", disabled: !full, onclick: () => hostCall("start", {}, err) }, "Start")) :
      h("p", { class: "muted" }, "The host starts the match when every seat is taken."),
    h("p", { class: "muted" }, "Options: " + Object.entries(info.options).map(([k, v]) => `${words(k)} ${v}`).join(", ")));
}

async function hostCall(what, body, err) {
  try {
    await api("POST", `/api/tables/${T.id}/${what}`, { host: T.host, ...body });
    T.seatError = "";
    if (what === "timer") T.timerChoice = body.seconds;
  } catch (e) {
    T.seatError = e.message; err.textContent = e.message; err.classList.remove("hidden");
  }
}

// -- the log ------------------------------------------------------------------------
function eventText(e, i) {
  const m = T.model;
  const fresh = i >= (T.freshFrom || 0);
  const drop = (T.game && T.game.forget && T.game.forget[e.kind]) || [];
  // the game's own words, unless they would repeat what a player must remember
  if (T.said[i] && (fresh || !drop.length)) return glyphCards(namedSeatsText(m, namedSeats(m, T.said[i])), esc);
  if (!fresh && drop.length) e = Object.fromEntries(Object.entries(e).filter(([k]) => !drop.includes(k)));
  if (e.kind === "new_deal") return `<span class="deal">— deal ${Number(e.deal || 0) + 1} —</span>`;
  const who = e.seat !== null && e.seat !== undefined ? `<b>${esc(m ? m.short(e.seat) : "seat " + e.seat)}</b> ` : "";
  // shapes every game shares, said as a player would, where the game has no words of its own
  if (e.kind === "match_over" && typeof e.reason === "string") return `<b>Match over:</b> ${glyphCards(namedSeatsText(m, namedSeats(m, e.reason)), esc)}`;
  if (m && dealEnds([e], m.L).length) return `<span class="deal">${esc(words(e.kind))}: the scoring lines are under Scores</span>`;
  if (e.kind === "dealt" && Number.isInteger(e.count)) {
    const cards = e.cards !== undefined && e.cards !== null ? ": " + (m ? m.fmt(e.cards, "cards") : esc(e.cards)) : "";
    return `${who}got ${e.count} card${e.count === 1 ? "" : "s"}${cards}`;
  }
  if (e.kind === "trick" && Number.isInteger(e.winner) && m) return `<b>${esc(m.short(e.winner))}</b> won the trick`;
  const textKeys = new Set((m && m.L.text) || []);
  const rest = Object.entries(e).filter(([k, x]) => k !== "kind" && k !== "seat" && x !== null && x !== false)
    .map(([k, x]) => (textKeys.has(k) && typeof x === "string" ? (k === e.kind ? esc(x) : `${esc(words(k))} ${esc(x)}`)
      : k === "card" || k === "cards" || k === e.kind ? (m ? m.fmt(x, k) : esc(x))
      : x === true ? esc(words(k)) : `${esc(words(k))} ${m ? m.fmt(x, k) : esc(x)}`));
  return `${who}${esc(words(e.kind))} ${rest.join(", ")}`;
}
function logBox() {
  const first = Math.max(0, T.events.length - 150);
  return h("div", { class: "log", id: "log" }, T.events.slice(first).map((e, j) => h("div", { html: eventText(e, first + j) })));
}

// -- after the match --------------------------------------------------------------------
function resultPanel(info) {
  const o = info.outcome;
  const m = T.model;
  const canRematch = T.me || T.host;
  const rematchRow = T.frame.rematch
    ? h("p", {}, h("a", { href: "/t/" + T.frame.rematch, id: "rematch-link", onclick: (e) => { e.preventDefault(); goRematch(T, T.frame.rematch); } }, "The rematch has started: join it"))
    : canRematch ? h("p", {}, h("button", { class: "primary", id: "rematch", type: "button", onclick: () => rematch(T).catch((e) => { T.error = e.message; render(); }) }, "Rematch with the same seats")) : null;
  return h("section", { class: "panel", id: "result" }, h("h2", {}, "Result"),
    h("p", { html: glyphCards(namedSeatsText(m, o.reason), esc) }),
    h("table", { class: "grid" }, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), h("th", {}, "")),
      info.seats.map((s, i) => h("tr", {}, h("td", {}, seatName(i)), h("td", { html: m ? m.fmt(o.scores[i]) : esc(o.scores[i]) }), h("td", {}, o.winners.includes(i) ? "winner" : "")))),
    rematchRow,
    h("p", {}, "Seed: ", h("code", { id: "seed" }, String(info.seed)), " · ", h("a", { href: `/api/tables/${T.id}/record`, download: `pelit-${info.game}-${T.id}.json` }, "Record (JSON)")),
    info.packs ? h("details", {}, h("summary", {}, `Packs as dealt (${info.packs.length}) — check the shuffle`),
      info.packs.map((p, i) => h("p", { class: "pack", html: `<b>deal ${i}</b>: ` + p.split(" ").map((c) => (isCard(c) ? cardInline(c) : esc(c))).join(" ") }))) : null,
    replayBox(info));
}

function replayBox(info) {
  if (T.replay && T.replay.box) return T.replay.box;        // one viewer, kept across renders
  const R = T.replay || (T.replay = { upto: info.actions, seat: "open", data: null });
  const box = h("div", { class: "replay", id: "replay" });
  const pick = h("select", { id: "replay-seat", onchange: (e) => { R.seat = e.target.value; load(); } },
    h("option", { value: "open" }, "everyone (open)"), h("option", { value: "spectator" }, "spectator"),
    info.seats.map((s, i) => h("option", { value: String(i) }, seatName(i))));
  pick.value = R.seat;
  const slider = h("input", { type: "range", id: "replay-step", min: 0, max: info.actions, value: R.upto,
    oninput: (e) => { R.upto = Number(e.target.value); load(); } });
  const pos = h("span", { id: "replay-pos" });
  const views = h("div", { class: "views" });
  const step = (d) => { R.upto = Math.max(0, Math.min(info.actions, R.upto + d)); slider.value = R.upto; load(); };
  async function load() {
    let data;
    try {
      data = await api("GET", `/api/tables/${T.id}/replay?upto=${R.upto}&seat=${R.seat}`);
    } catch (e) { pos.textContent = "replay unavailable: " + e.message; return; }
    pos.textContent = `${data.upto} / ${data.total}` + (data.last ? ` — last: ${seatName(Number(data.last.split(":")[0]))}${data.last.slice(data.last.indexOf(":"))}` : "");
    views.replaceChildren(...Object.entries(data.views).map(([s, v]) => {
      const frame = { table: T.frame.table, view: v, version: data.upto };
      const ctx = { live: false, send: () => {}, sel: { objs: [] }, ui: {}, redraw: () => {} };
      return h("div", { class: "replayview" }, h("div", { class: "lbl" }, s === "spectator" ? "spectator" : "seen by " + seatName(Number(s))),
        drawTable(frame, T.game, ctx).el);
    }));
  }
  box.append(h("h3", {}, "Replay"), h("div", { class: "row" }, "View as ", pick,
    h("button", { id: "replay-first", type: "button", onclick: () => step(-1e9) }, "«"), h("button", { id: "replay-prev", type: "button", onclick: () => step(-1) }, "◀"),
    slider, h("button", { id: "replay-next", type: "button", onclick: () => step(1) }, "▶"), h("button", { id: "replay-last", type: "button", onclick: () => step(1e9) }, "»"), pos), views);
  load();
  R.box = box;
  return box;
}
