// pelit web client: the lobby and a generic table that draws any game's view.
// The server sends each seat its own view as JSON (cards as text such as "QS");
// this file knows no game: it draws hands, card zones, per-seat counts, boards,
// scalars and the legal actions as clickable cards, board cells or buttons.
"use strict";

const { isCard, cardSVG, cardBackSVG, cardInline } = window.PelitCards;
const BASE_KEYS = new Set(["game", "seat", "players", "phase", "to_act", "legal", "version",
  "options", "outcome", "board_text"]);
const app = document.getElementById("app");

// ---------------------------------------------------------------- helpers
function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;",
    '"': "&quot;", "'": "&#39;" }[c]));
}
function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "html") el.innerHTML = v;
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}
function words(key) { return String(key).replace(/_/g, " "); }
function isCardList(v) { return Array.isArray(v) && v.every(isCard); }
// cards played by seats: [[seat, card], ...] (a trick, a round of plays)
function isPlays(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && isCard(x[1]));
}
async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) throw new Error(data.message || res.statusText);
  return data;
}
function store(key, value) {
  if (value === undefined) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
  }
  localStorage.setItem(key, JSON.stringify(value));
}
let catalog = null;
async function games() {
  if (!catalog) catalog = (await api("GET", "/api/games")).games;
  return catalog;
}
function showRules(g) {
  const body = document.getElementById("rules-body");
  body.replaceChildren(
    h("h2", {}, g.name),
    h("p", { class: "muted" }, `${g.min_seats === g.max_seats ? g.min_seats : g.min_seats + "–" + g.max_seats} players · ${g.family} · source: ${g.source}`),
    h("p", {}, g.summary || "No summary yet."),
    g.verbs.length ? h("h3", {}, "How to act") : null,
    g.verbs.length ? h("ul", {}, g.verbs.map(([form, what]) => h("li", {}, h("code", {}, form), " — ", what))) : null,
  );
  document.getElementById("rules").showModal();
}
function rulesButton(g) {
  const btn = document.getElementById("rules-btn");
  btn.classList.remove("hidden");
  btn.onclick = () => showRules(g);
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  document.getElementById("title").textContent = "lobby";
  const list = await games();
  const recent = (await api("GET", "/api/tables")).tables;
  let chosen = list[0];
  let dirty = {};
  const sel = h("select", { id: "game" }, list.map((g) => h("option", { value: g.id }, g.name)));
  const about = h("div");
  const form = h("div", { class: "opts row" });
  const err = h("div", { class: "error hidden" });
  function draw() {
    chosen = list.find((g) => g.id === sel.value);
    dirty = {};
    rulesButton(chosen);
    about.replaceChildren(h("p", {}, chosen.summary.slice(0, 260) + (chosen.summary.length > 260 ? "…" : ""),
      " ", h("a", { href: "#", onclick: (e) => { e.preventDefault(); showRules(chosen); } }, "Rules")));
    const presets = Object.keys(chosen.presets);
    const fields = [];
    if (presets.length) {
      fields.push(h("label", {}, "preset", h("select", { id: "preset" },
        h("option", { value: "" }, "(the book's rules)"), presets.map((p) => h("option", { value: p }, p)))));
    }
    for (const o of chosen.options) {
      let input;
      const mark = (v) => { dirty[o.name] = v; };
      if (o.type === "bool") {
        input = h("input", { type: "checkbox", id: "opt-" + o.name, onchange: (e) => mark(e.target.checked) });
        input.checked = o.default;
      } else if (o.choices) {
        input = h("select", { id: "opt-" + o.name, onchange: (e) => mark(o.type === "int" ? Number(e.target.value) : e.target.value) },
          o.choices.map((c) => h("option", { value: c, selected: c === o.default }, c)));
      } else {
        input = h("input", { id: "opt-" + o.name, type: o.type === "str" ? "text" : "number", value: o.default,
          min: o.min, max: o.max, onchange: (e) => mark(o.type === "str" ? e.target.value : Number(e.target.value)) });
      }
      fields.push(h("label", { title: o.help }, words(o.name), input, h("span", { class: "help" }, o.help)));
    }
    form.replaceChildren(...fields);
  }
  sel.onchange = draw;
  async function create() {
    err.classList.add("hidden");
    const preset = document.getElementById("preset");
    try {
      const res = await api("POST", "/api/tables", { game: chosen.id, preset: preset ? preset.value : null, options: dirty,
        public: document.getElementById("public").checked });
      store("pelit.host." + res.id, res.host);
      location.href = res.url;
    } catch (e) {
      err.textContent = e.message; err.classList.remove("hidden");
    }
  }
  app.replaceChildren(
    h("section", { class: "panel" }, h("h2", {}, "New table"),
      h("div", { class: "row" }, h("label", {}, "Game ", sel)), about, form, err,
      h("div", { class: "row" }, h("label", { title: "Private tables are reached only by their invite link" },
        h("input", { type: "checkbox", id: "public" }), " List it in the lobby (anyone may sit down)")),
      h("button", { class: "primary", id: "create", onclick: create }, "Create table")),
    h("section", { class: "panel" }, h("h2", {}, "Public tables"),
      recent.length ? h("ul", { class: "tables" }, recent.map((t) => h("li", {},
        h("a", { href: "/t/" + t.id }, `${t.game} · ${t.status}` + (t.free_seats ? ` · ${t.free_seats} free` : "")),
        h("span", { class: "muted" }, " " + new Date(t.created * 1000).toLocaleString()))))
        : h("p", { class: "muted" }, "None now.")),
  );
  draw();
}

// ---------------------------------------------------------------- table
const T = { id: null, game: null, frame: null, events: [], ws: null, me: null, host: null,
  pending: false, error: "", retry: 500, replay: null };

async function tablePage(id) {
  T.id = id;
  T.me = store("pelit.seat." + id);
  T.host = store("pelit.host." + id);
  let info;
  try { info = await api("GET", "/api/tables/" + id); } catch (e) {
    app.replaceChildren(h("div", { class: "error" }, e.message)); return;
  }
  T.game = (await games()).find((g) => g.id === info.game);
  rulesButton(T.game);
  document.getElementById("title").textContent = T.game.name;
  T.frame = { table: info, view: null, seat: null, version: info.version };
  render();
  connect();
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + T.id);
  T.ws = ws;
  ws.onopen = () => {
    T.retry = 500;
    ws.send(JSON.stringify({ type: "hello", token: T.me ? T.me.token : undefined, since: 0 }));
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      // Events that came with this frame are fresh; after a reload or a
      // resync (event_start 0) nothing is: what a game makes a player
      // remember is shown once, as it happens, never again.
      T.freshFrom = msg.event_start > 0 ? msg.event_start : (msg.events || []).length;
      T.events = T.events.slice(0, msg.event_start).concat(msg.events || []);
      T.frame = msg;
      T.pending = false;
      render();
    } else if (msg.type === "error") {
      T.error = msg.message;
      T.pending = false;
      if (msg.code === "bad_token") { localStorage.removeItem("pelit.seat." + T.id); T.me = null; ws.send(JSON.stringify({ type: "hello" })); }
      render();
    }
  };
  ws.onclose = () => {
    if (T.ws !== ws) return;
    setTimeout(connect, T.retry);
    T.retry = Math.min(T.retry * 2, 8000);
  };
}

function send(action) {
  if (T.pending || !T.me) return;
  T.pending = true;
  T.error = "";
  T.ws.send(JSON.stringify({ type: "act", token: T.me.token, version: T.frame.version, action }));
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "";
  const s = T.frame && T.frame.table.seats[seat];
  return s && s.name ? s.name : "seat " + seat;
}

// layout.seat_keys: the rule (shared with the terminal) for fields holding a seat
function isSeatKey(k, x) {
  const rule = ((T.frame && T.frame.table.layout) || {}).seat_keys;
  if (!rule || !Number.isInteger(x)) return false;
  if (rule.fields.includes(k)) return true;
  if (rule.never.includes(k)) return false;
  return rule.words.some((w) => k.toLowerCase().includes(w));
}
// a field's value: a seat by its name, else as usual
function fieldText(k, x) {
  return isSeatKey(k, x) ? esc(shortName(x)) : fmt(x);
}
// a seat named inside a line of text: a person by their name, a bot as "bot 2"
function shortName(seat) {
  const s = T.frame && T.frame.table.seats[seat];
  if (!s) return "seat " + seat;
  return s.kind === "bot" ? "bot " + seat : s.name || "seat " + seat;
}
// board text names seats as the terminal does ("Seat 2"): here by shortName
function namedSeats(text) {
  return text.replace(/\bSeat (\d+)\b/g, (whole, n) => shortName(Number(n)));
}

function render() {
  const f = T.frame;
  const info = f.table;
  const kids = [];
  document.getElementById("title").textContent = `${T.game.name} · ${info.status}`;
  if (info.arranged) kids.push(h("div", { class: "error", id: "arranged" }, "Arranged deal: the cards were chosen by the table's creator, not shuffled."));
  if (info.status === "open") kids.push(seatingPanel(info), invitePanel());
  else {
    kids.push(h("section", { class: "felt", id: "felt" }, f.view ? renderView(f.view, { live: true, names: info.seats }) : h("p", {}, "…")));
    if (T.error) kids.push(h("div", { class: "error", id: "error" }, T.error));
  }
  if (info.status === "over") kids.push(resultPanel(info));
  if (info.status !== "open") kids.push(h("section", { class: "panel" }, h("h3", {}, "Log"), logBox()), invitePanel());
  app.replaceChildren(...kids);
  app.dataset.version = f.version;
  app.dataset.status = info.status;
  app.dataset.myturn = f.view && f.view.legal && f.view.legal.length && !T.pending ? "yes" : "no";
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
}

function invitePanel() {
  const url = location.origin + "/t/" + T.id;
  const input = h("input", { id: "invite", value: url, readonly: true, onclick: (e) => e.target.select() });
  return h("section", { class: "panel invite" }, h("h3", {}, "Invite"),
    h("div", { class: "row" }, input,
      h("button", { id: "copy", onclick: () => {
        input.select();
        if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => document.execCommand("copy"));
        else document.execCommand("copy");
      } }, "Copy link")),
    h("p", { class: "muted" }, (T.frame.table.public ? "Listed in the lobby. " : "Private: only people with this link find it. ") +
      (T.me ? `You sit at seat ${T.me.seat} (${seatName(T.me.seat)}).` : "You are watching; take a free seat to play.")));
}

function seatingPanel(info) {
  // The name is kept as it is typed: a state update may redraw this panel
  // between typing and clicking "Sit here".
  const nameIn = h("input", { id: "name", placeholder: "your name", value: store("pelit.name") || "",
                              oninput: (e) => store("pelit.name", e.target.value) });
  const err = h("div", { class: "error hidden" });
  const rows = info.seats.map((s) => {
    const cells = [h("b", {}, `Seat ${s.seat}: `), s.kind === "empty" ? h("span", { class: "muted" }, "empty") : s.name];
    if (s.kind === "empty" && !T.me) {
      cells.push(h("button", { class: "sit", "data-seat": s.seat, onclick: async () => {
        try {
          const name = nameIn.value.trim();
          store("pelit.name", name);
          const res = await api("POST", `/api/tables/${T.id}/sit`, { seat: s.seat, name });
          T.me = { seat: res.seat, token: res.token };
          store("pelit.seat." + T.id, T.me);
          T.ws.send(JSON.stringify({ type: "hello", token: res.token, since: 0 }));
        } catch (e) { err.textContent = e.message; err.classList.remove("hidden"); }
      } }, "Sit here"));
    }
    if (T.host && s.kind !== "human") {
      const pick = h("select", { class: "botpick", "data-seat": s.seat }, T.game.bots.slice().reverse().map((b) => h("option", { value: b }, b + " bot")));
      cells.push(pick, h("button", { class: "addbot", "data-seat": s.seat, onclick: () => hostCall("bot", { seat: s.seat, bot: pick.value }, err) }, s.kind === "bot" ? "Change bot" : "Add bot"));
      if (s.kind === "bot") cells.push(h("button", { onclick: () => hostCall("bot", { seat: s.seat, bot: null }, err) }, "Remove"));
    }
    return h("div", { class: "row seatrow" }, cells);
  });
  const full = info.seats.every((s) => s.kind !== "empty");
  return h("section", { class: "panel", id: "seating" }, h("h2", {}, "Seats"),
    T.me ? null : h("div", { class: "row" }, h("label", {}, "Name ", nameIn)),
    rows, err,
    T.host ? h("div", { class: "row" },
      h("button", { id: "fill-bots", onclick: async () => {
        for (const s of info.seats) if (s.kind === "empty" && !(T.me && T.me.seat === s.seat)) await hostCall("bot", { seat: s.seat, bot: T.game.bots[T.game.bots.length - 1] }, err);
      } }, "Fill empty seats with bots"),
      h("button", { class: "primary", id: "start", disabled: !full, onclick: () => hostCall("start", {}, err) }, "Start")) :
      h("p", { class: "muted" }, "The host starts the match when every seat is taken."),
    h("p", { class: "muted" }, "Options: " + Object.entries(info.options).map(([k, v]) => `${words(k)} ${v}`).join(", ")));
}

async function hostCall(what, body, err) {
  try { await api("POST", `/api/tables/${T.id}/${what}`, { host: T.host, ...body }); } catch (e) {
    err.textContent = e.message; err.classList.remove("hidden");
  }
}

// ---------------------------------------------------------------- generic view
function fmt(v) {
  if (v === null || v === undefined) return "–";
  if (isCard(v)) return cardInline(v);
  if (Array.isArray(v)) {
    if (!v.length) return "none";
    if (isCardList(v)) return v.map(cardInline).join(" ");
    if (isPlays(v)) return v.map(([s, c]) => `${esc(seatName(s))} ${cardInline(c)}`).join(", ");
    return "[" + v.map(fmt).join(", ") + "]";
  }
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${esc(words(k))}: ${fmt(x)}`).join("; ");
  return esc(v);
}

function cardEl(text, opts = {}) {
  const el = h(opts.onclick ? "button" : "span", { class: "card" + (opts.small ? " small" : "") + (opts.playable ? " playable" : "") + (opts.dim ? " dim" : ""),
    "data-card": text, title: text, onclick: opts.onclick, html: cardSVG(text) });
  return el;
}
function backs(n) {
  if (!n) return h("div", { class: "backs" }, h("span", { class: "kv" }, "no cards"));
  const k = Math.min(n, 8);
  return h("div", { class: "backs" }, Array.from({ length: k }, () => h("span", { html: cardBackSVG() })), h("span", { class: "n" }, "× " + n));
}

function isBoard(v) {
  return Array.isArray(v) && v.length >= 2 && v.every((r) => Array.isArray(r) && r.length === v[0].length && r.length >= 2 &&
    r.every((x) => x === null || typeof x === "number" || (typeof x === "string" && x.length <= 2 && !isCard(x))));
}
// A board is rows of cells: arrays, or strings with one character a cell
// ("R.B"); a game's layout hint names it (board) and its shape.
function boardRows(v, layout) {
  if (layout && layout.columns && !v.some(Array.isArray)) {     // a flat list, row by row
    const rows = [];
    for (let i = 0; i < v.length; i += layout.columns) rows.push(v.slice(i, i + layout.columns));
    return rows;
  }
  return v.map((r) => (typeof r === "string" ? Array.from(r) : r));
}

function cellName(r, c, layout, rows) {
  if (layout.cell === "row-col") return `${r} ${c}`;
  // Go: column letters without i, rows counted from the bottom (e5 is 9x9's centre)
  if (layout.cell === "go") return "abcdefghjklmnopqrst"[c] + (rows - r);
  // cells numbered 1.. row by row, acted on with a verb: "flip 12" (Memory)
  if (layout.cell === "index") return `${layout.verb || "play"} ${r * layout.columns + c + 1}`;
  return "abcdefghijklmnopqrstuvwxyz"[c] + (r + 1);
}

const STONE = ["#c62828", "#1565c0", "#f5f5f5", "#212121", "#2e7d32", "#6a1b9a"];
const STONE_CHAR = { R: "#c62828", B: "#1565c0", W: "#f5f5f5", X: "#212121", K: "#212121" };
function stoneColour(x, layout) {
  if (layout.stones && Object.prototype.hasOwnProperty.call(layout.stones, String(x))) return layout.stones[String(x)];
  if (x === null || x === "" || x === "." || x === "-" || x === -1) return null;
  if (typeof x === "number") return STONE[x % STONE.length];
  if (STONE_CHAR[x]) return STONE_CHAR[x];
  return STONE[String(x).charCodeAt(0) % STONE.length];
}

function boardEl(key, raw, layout, legalSet, live) {
  const grid = boardRows(raw, layout);
  const rows = grid.length, cols = Math.max(...grid.map((r) => r.length));
  const clickable = (r, c) => live && legalSet.has(cellName(r, c, layout, rows));
  const shape = layout.shape || "square";
  if (shape === "hex" || shape === "triangle") {
    // pointy-top hexagons; "hex": each row half a cell right of the one above
    // (a rhombus); "triangle": half a cell left (a pyramid).
    const s = 14, w = Math.sqrt(3) * s;
    const shift = shape === "hex" ? 0.5 : -0.5;
    const x0 = shape === "hex" ? 0 : (rows - 1) * w / 2;
    const pts = (cx, cy) => Array.from({ length: 6 }, (_, i) => {
      const a = Math.PI / 180 * (60 * i - 30);
      return `${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
    const pad = 14;                        // room for the coordinates
    const W = (shape === "hex" ? w * (cols + (rows - 1) / 2) + 2 * s : w * cols + 2 * s) + pad;
    const H = 1.5 * s * (rows - 1) + 2 * s + 12 + pad;
    let svg = "";
    const centre = (r, c) => [pad + s + 6 + w / 2 + x0 + w * (c + shift * r) - w / 2, pad + s + 6 + 1.5 * s * r];
    const label = (x, y, t) => `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="9" fill="#f3e6c4" text-anchor="middle" font-family="sans-serif">${t}</text>`;
    for (let r = 0; r < rows; r++) {
      const [cx, cy] = centre(r, 0);
      svg += label(cx - w / 2 - 13, cy + 3, r + 1);
    }
    if (shape === "hex") {
      for (let c = 0; c < cols; c++) {
        const [cx, cy] = centre(0, c);
        svg += label(cx, cy - s - 8, "abcdefghijklmnopqrstuvwxyz"[c]);
      }
    }
    if (shape === "hex") {
      // the sides: the first colour owns top and bottom, the second left and right
      const e = layout.edges || [STONE[0], STONE[1]];
      const band = (a, b, colour) => `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${colour}" stroke-width="5" stroke-linecap="round"/>`;
      const [tlx, tly] = centre(0, 0), [trx] = centre(0, cols - 1), [blx, bly] = centre(rows - 1, 0), [brx] = centre(rows - 1, cols - 1);
      svg += band([tlx - w / 2, tly - s - 2], [trx + w / 2, tly - s - 2], e[0]);
      svg += band([blx - w / 2, bly + s + 2], [brx + w / 2, bly + s + 2], e[0]);
      svg += band([tlx - w / 2 - 3, tly], [blx - w / 2 - 3, bly], e[1]);
      svg += band([trx + w / 2 + 3, tly], [brx + w / 2 + 3, bly], e[1]);
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < grid[r].length; c++) {
        const [cx, cy] = centre(r, c);
        const col = stoneColour(grid[r][c], layout);
        const name = cellName(r, c, layout, rows);
        const play = clickable(r, c);
        svg += `<polygon class="cell${play ? " playable" : ""}" data-cell="${esc(name)}" points="${pts(cx, cy)}" fill="${col || "#f3e6c4"}" stroke="#5d4a2a" stroke-width="1"><title>${esc(name)}</title></polygon>`;
      }
    }
    const wrap = h("div", { class: "hexboard", "data-board": key, html: `<svg viewBox="0 0 ${W.toFixed(0)} ${H.toFixed(0)}">${svg}</svg>` });
    wrap.querySelectorAll("polygon.playable").forEach((p) => p.addEventListener("click", () => send(p.dataset.cell)));
    return wrap;
  }
  const size = layout.cell === "index" ? 40 : 28;
  const el = h("div", { class: "squareboard", "data-board": key, style: `grid-template-columns: repeat(${cols}, ${size}px)` });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const col = stoneColour(grid[r][c], layout);
      const name = cellName(r, c, layout, rows);
      const play = clickable(r, c);
      const x = grid[r][c];
      // a card grid (Memory): face-up cards as cards, face-down ones as backs, gaps empty
      const face = layout.cell === "index"
        ? (isCard(x) ? h("span", { html: cardInline(x) }) : x === null ? null : h("span", { class: "cardback", html: cardBackSVG() }))
        : (col ? h("span", { class: "stone", style: `background:${col}` }) : null);
      el.append(h(play ? "button" : "span", { class: "sq" + (play ? " playable" : "") + (layout.cell === "index" ? " cardcell" : ""),
        "data-cell": name, title: name, onclick: play ? () => send(name) : null }, face));
    }
  }
  return el;
}

function renderView(v, opts) {
  const live = !!opts.live;
  const players = v.players;
  const layout = (T.frame && T.frame.table.layout) || {};
  const hide = new Set(layout.hide || []);
  const mine = v.seat;
  const legal = live && mine !== null && mine !== undefined ? v.legal || [] : [];
  const legalSet = new Set(legal);
  const perSeat = [], zones = [], scalars = [], boards = [], other = [], seatTags = [], perTeam = [];
  const plain = new Set(layout.text || []);
  const teamKeys = new Set(layout.teams || []);
  let hand = null;
  for (const [k, val] of Object.entries(v)) {
    if (BASE_KEYS.has(k) || hide.has(k)) continue;
    if (k === "hand" && isCardList(val)) hand = val;
    else if (plain.has(k) && (val === null || typeof val !== "object")) scalars.push([k, val]);
    else if (teamKeys.has(k) && Array.isArray(val) && val.length > 1) perTeam.push([k, val]);
    else if ((layout.board === k) || isBoard(val)) boards.push([k, val]);
    else if (Array.isArray(val) && val.length === players && players > 1 &&
      (val.every((x) => x === null || typeof x === "number" || typeof x === "boolean" || isCard(x) || isCardList(x)) ||
       (layout.per_seat || []).includes(k))) perSeat.push([k, val]);
    else if (Array.isArray(val) && val.length === 0) scalars.push([k, "none"]);
    else if (isPlays(val)) zones.push([k, val]);
    else if (isCard(val) || isCardList(val)) zones.push([k, val]);
    else if (val === null || typeof val !== "object") scalars.push([k, val]);
    else if (!Array.isArray(val) && Object.keys(val).length && Object.values(val).every((x) => Number.isInteger(x) && x >= 0 && x < players)) seatTags.push(val);
    else other.push([k, val]);
  }
  const out = [];
  const names = opts.names || [];
  // seats
  const seatBoxes = [];
  for (let s = 0; s < players; s++) {
    const turn = (v.to_act || []).includes(s);
    const nm = names[s] ? names[s].name || "seat " + s : "seat " + s;
    const tags = [];
    if (names[s] && names[s].kind === "bot") tags.push("bot");
    if (names[s] && names[s].standin) tags.push("bot stands in");
    if (names[s] && names[s].kind === "human" && !names[s].connected && live) tags.push("away");
    if (s === mine) tags.push(live ? "you" : "point of view");
    for (const [k, val] of scalars) if (val === s && /dealer|leader|declarer|first/.test(k)) tags.push(words(k));
    for (const map of seatTags) for (const [name, x] of Object.entries(map)) if (x === s) tags.push(words(name));
    const box = h("div", { class: "seat" + (turn ? " turn" : "") + (s === mine ? " me" : ""), "data-seat": s },
      h("div", {}, h("span", { class: "nm" }, nm), tags.map((t) => h("span", { class: "tag" }, t))));
    for (const [k, val] of perSeat) {
      const x = val[s];
      if (/hand_?(size|count)|cards_?in_?hand/.test(k) && typeof x === "number") {
        if (s !== mine || !hand) box.append(backs(x));
      } else if (isCardList(x) || isCard(x)) {
        const list = isCard(x) ? [x] : x;
        box.append(h("div", { class: "kv" }, words(k) + ":"), list.length ? h("div", { class: "cards" }, list.map((c) => cardEl(c, { small: true }))) : h("span", { class: "kv muted" }, " none"));
      } else {
        box.append(h("div", { class: "kv" }, `${words(k)}: `, h("b", {}, x === null ? "–" : String(x))));
      }
    }
    seatBoxes.push(box);
  }
  out.push(h("div", { class: "seats" }, seatBoxes));
  // the game's own drawing of what the seat sees (layout.board_text)
  if (v.board_text) out.push(h("pre", { class: "boardtext", id: "boardtext" }, namedSeats(v.board_text)));
  // centre: card zones and boards
  if (zones.length) {
    out.push(h("div", { class: "centre" }, zones.map(([k, val]) => {
      if (isPlays(val)) {
        return h("div", { class: "zone", "data-zone": k }, h("div", { class: "lbl" }, words(k)),
          h("div", { class: "cards" }, val.map(([s, c]) => h("div", { class: "play" }, cardEl(c), h("div", { class: "who" }, seatName(s))))));
      }
      const list = isCard(val) ? [val] : val;
      return h("div", { class: "zone", "data-zone": k }, h("div", { class: "lbl" }, words(k)),
        list.length ? h("div", { class: "cards" }, list.map((c) => cardEl(c, { playable: live && legalSet.has(c), onclick: live && legalSet.has(c) ? () => send(c) : null })))
          : h("div", { class: "muted" }, "empty"));
    })));
  }
  for (const [k, grid] of boards) out.push(h("div", { class: "centre" }, boardEl(k, grid, layout, legalSet, live)));
  if (scalars.length) {
    // layout.text: keys whose strings are never cards (Bridge's contract "2D")
    out.push(h("div", { class: "info" }, scalars.map(([k, val]) => h("span", { "data-key": k,
      html: `${esc(words(k))}: <b>${plain.has(k) ? esc(val) : fieldText(k, val)}</b>` }))));
  }
  // layout.teams: one entry per team, partners sitting opposite (Bridge's vulnerability)
  for (const [k, val] of perTeam) {
    const team = (t) => Array.from({ length: players }, (_, s) => s).filter((s) => s % val.length === t)
      .map(shortName).join(" & ");
    const shown = (x) => (x === true ? "yes" : x === false ? "no" : fmt(x));
    out.push(h("div", { class: "info", "data-key": k }, h("span", {
      html: `${esc(words(k))}: ` + val.map((x, t) => `${esc(team(t))} <b>${shown(x)}</b>`).join(" · ") })));
  }
  for (const [k, val] of other) out.push(genericBlock(k, val, players));
  // turn
  const toAct = v.to_act || [];
  if (!v.outcome) {
    const mineTurn = toAct.includes(mine);
    out.push(h("div", { class: "turnline", id: "turn" }, mineTurn ? "Your turn" + (toAct.length > 1 ? " (others may act too)" : "")
      : toAct.length ? "Waiting for " + toAct.map((s) => names[s] ? names[s].name || "seat " + s : "seat " + s).join(", ") : ""));
  }
  // my hand
  if (hand) {
    out.push(h("div", { class: "hand", id: "hand" }, h("div", { class: "lbl" }, (live ? "Your hand" : "Hand") + (hand.length ? "" : ": empty")),
      h("div", { class: "cards" }, hand.map((c) => {
        const ok = live && legalSet.has(c);
        return cardEl(c, { playable: ok, dim: live && legal.length > 0 && !ok, onclick: ok ? () => send(c) : null });
      }))));
  }
  // other actions as buttons
  if (live && legal.length) {
    const handSet = new Set(hand || []);
    const zoneCards = new Set(zones.flatMap(([, val]) => (isCard(val) ? [val] : isPlays(val) ? [] : val)));
    const boardCells = new Set();
    for (const [, grid] of boards) { const g = boardRows(grid, layout); g.forEach((row, r) => row.forEach((_, c) => boardCells.add(cellName(r, c, layout, g.length)))); }
    const rest = legal.filter((a) => !(isCard(a) && (handSet.has(a) || zoneCards.has(a))) && !boardCells.has(a));
    const groups = new Map();
    for (const a of rest) { const verb = a.split(" ")[0]; if (!groups.has(verb)) groups.set(verb, []); groups.get(verb).push(a); }
    const acts = h("div", { class: "actions", id: "actions" });
    for (const [verb, list] of groups) {
      if (list.length > 16) {
        const pick = h("select", { "data-verb": verb }, list.map((a) => h("option", { value: a }, a)));
        acts.append(h("span", { class: "row" }, pick, h("button", { onclick: () => send(pick.value) }, verb)));
      } else {
        for (const a of list) {
          acts.append(h("button", { class: "act", "data-action": a, onclick: () => send(a),
            html: a.split(" ").map((w) => (isCard(w) ? cardInline(w) : esc(w))).join(" ") }));
        }
      }
    }
    // layout.text_actions: verbs followed by free text (Believe or Doubt's answers):
    // a text box beside the verb's button, sent as "VERB TEXT"
    for (const [verb, hint] of Object.entries(layout.text_actions || {})) {
      if (!legal.some((a) => a.split(" ")[0] === verb)) continue;
      const box = h("input", { type: "text", "data-text-verb": verb, placeholder: hint, maxlength: 80 });
      const go = () => { if (box.value.trim()) send(verb + " " + box.value.trim()); };
      box.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
      acts.append(h("span", { class: "row" }, box, h("button", { onclick: go }, verb)));
    }
    out.push(acts);
  }
  if (v.outcome) out.push(h("div", { class: "notice", style: "color:#222" }, "Match over: " + v.outcome.reason));
  return h("div", { class: "view" }, out);
}

function genericBlock(k, val, players) {
  const layout = (T.frame && T.frame.table.layout) || {};
  if (Array.isArray(val) && val.length && val.every(Array.isArray) && !isPlays(val)) {
    // layout.seat_rows: tables whose rows start with a seat (Bridge's calls)
    const bySeat = (layout.seat_rows || []).includes(k);
    return h("div", { class: "zone", "data-key": k }, h("div", { class: "lbl" }, words(k)),
      h("table", { class: "grid" }, val.map((row) => h("tr", {}, row.map((x, i) =>
        h("td", { html: bySeat && i === 0 && Number.isInteger(x) ? esc(shortName(x)) : fmt(x) }))))));
  }
  // a list with a number for each seat inside a record (tricks won): named by seat
  const perSeatText = (x) => Array.isArray(x) && players > 1 && x.length === players &&
    x.every((y) => typeof y === "number") ? x.map((y, s) => `${esc(shortName(s))} <b>${y}</b>`).join(" · ") : null;
  // a list of records (a history): one line each, the older ones folded away
  const flat = Array.isArray(val) && val.every((x) => x === null || typeof x !== "object" || isCardList(x));
  const record = val !== null && typeof val === "object" && !Array.isArray(val);
  // a record (e.g. Bridge's play: declarer, dummy's cards, the trick) one entry a line
  // layout.omit: entries of a record a player need not read (engine bookkeeping)
  const omit = new Set((layout.omit || {})[k] || []);
  const lines = record ? Object.entries(val).filter(([kk, x]) => x !== null && !omit.has(kk)).map(([kk, x]) => `${esc(words(kk))}: ${perSeatText(x) || fieldText(kk, x)}`)
    : Array.isArray(val) && !flat ? val.map(fmt) : [fmt(val)];
  const zone = h("div", { class: "zone", "data-key": k });
  // layout.open: keys shown unfolded (what a player needs in view, like the dummy)
  const open = layout.open || [];
  if (lines.length > 2 || lines.join("").length > 160) {
    const last = lines.length ? lines[lines.length - 1] : "";
    zone.append(h("details", open.includes(k) ? { open: true } : {}, h("summary", { html: `<span class="lbl">${esc(words(k))}${Array.isArray(val) ? " (" + val.length + ")" : ""}</span> ${Array.isArray(val) ? "latest: " + last : ""}` }),
      h("ol", {}, lines.map((l) => h("li", { html: l })))));
  } else {
    zone.append(h("div", { class: "lbl" }, words(k)), h("div", { html: lines.join("<br>") }));
  }
  return zone;
}

// ---------------------------------------------------------------- log
function eventText(e) {
  const textKeys = new Set(((T.frame && T.frame.table.layout) || {}).text || []);
  const who = e.seat !== null && e.seat !== undefined ? `<b>${esc(seatName(e.seat))}</b> ` : "";
  const rest = Object.entries(e).filter(([k, x]) => k !== "kind" && k !== "seat" && x !== null && x !== false)
    // a field named like the event ("call": call 1h) or holding its cards is not labelled again
    .map(([k, x]) => (textKeys.has(k) && typeof x === "string" ? (k === e.kind ? esc(x) : `${esc(words(k))} ${esc(x)}`)
      : k === "card" || k === "cards" || k === e.kind ? fmt(x)
      : x === true ? esc(words(k)) : `${esc(words(k))} ${fieldText(k, x)}`));   // a flag: its name alone
  return `${who}${esc(words(e.kind))} ${rest.join(", ")}`;
}
function remembered(e, index) {
  const drop = (T.game && T.game.forget && T.game.forget[e.kind]) || [];
  if (!drop.length || index >= (T.freshFrom || 0)) return e;
  return Object.fromEntries(Object.entries(e).filter(([k]) => !drop.includes(k)));
}
function logBox() {
  const first = Math.max(0, T.events.length - 150);
  const shown = T.events.slice(first).map((e, i) => remembered(e, first + i));
  return h("div", { class: "log", id: "log" }, shown.map((e) => h("div", { html: eventText(e) })));
}

// ---------------------------------------------------------------- after the match
function resultPanel(info) {
  const o = info.outcome;
  const panel = h("section", { class: "panel", id: "result" }, h("h2", {}, "Result"),
    h("p", {}, o.reason),
    h("table", { class: "grid" }, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), h("th", {}, "")),
      info.seats.map((s, i) => h("tr", {}, h("td", {}, seatName(i)), h("td", {}, fmt(o.scores[i])), h("td", {}, o.winners.includes(i) ? "winner" : "")))),
    h("p", {}, "Seed: ", h("code", { id: "seed" }, String(info.seed)), " · ", h("a", { href: `/api/tables/${T.id}/record`, download: `pelit-${info.game}-${T.id}.json` }, "Record (JSON)")),
    info.packs ? h("details", {}, h("summary", {}, `Packs as dealt (${info.packs.length}) — check the shuffle`),
      info.packs.map((p, i) => h("p", { class: "pack", html: `<b>deal ${i}</b>: ` + p.split(" ").map(cardInline).join(" ") }))) : null,
    replayBox(info));
  return panel;
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
    views.replaceChildren(...Object.entries(data.views).map(([s, v]) => h("div", { class: "felt" },
      h("div", { class: "lbl" }, s === "spectator" ? "spectator" : "seen by " + seatName(Number(s))),
      renderView(v, { live: false, names: info.seats }))));
  }
  box.append(h("h3", {}, "Replay"), h("div", { class: "row" }, "View as ", pick,
    h("button", { id: "replay-first", onclick: () => step(-1e9) }, "«"), h("button", { id: "replay-prev", onclick: () => step(-1) }, "◀"),
    slider, h("button", { id: "replay-next", onclick: () => step(1) }, "▶"), h("button", { id: "replay-last", onclick: () => step(1e9) }, "»"), pos), views);
  load();
  R.box = box;
  return box;
}

// ---------------------------------------------------------------- start
const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
(m ? tablePage(m[1]) : lobby()).catch((e) => app.replaceChildren(h("div", { class: "error" }, String(e))));
