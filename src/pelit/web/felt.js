// The table: seats around the felt (the own seat at the bottom, partners
// facing), the middle drawn by the game's table (trick, meld, fishing,
// layout, board, betting, or plain cards), the banner, the own hand and the
// actions.  Everything is drawn from one seat's view and the game's
// declaration of what it shows (model.js); nothing else reaches the page.

import { h, esc, words } from "./dom.js";
import { cardSVG, cardBackSVG, cardInline, isCard, glyphCards } from "./cards.js";
import { Model, isPlays, isCardList, trickOf, present } from "./model.js";
import { Acting } from "./acting.js";
import { boardEl, gridEl } from "./boards.js";

// -- cards -------------------------------------------------------------------
export function cardEl(text, o = {}) {
  const cls = ["card", o.small && "small", o.playable && "playable", o.selected && "selected",
    o.dim && "dim", o.cls].filter(Boolean).join(" ");
  return h(o.onclick ? "button" : "span", { class: cls, "data-card": text, "data-id": o.id,
    type: o.onclick ? "button" : null, title: o.title || null, onclick: o.onclick, html: cardSVG(text) });
}
function backEl(cls = "") { return h("span", { class: "card back " + cls, html: cardBackSVG() }); }
export function backs(n, label) {
  if (!n) return h("div", { class: "backs none" }, label ? `${label}: none` : "no cards");
  const k = Math.min(n, 7);
  return h("div", { class: "backs", title: `${n} card${n === 1 ? "" : "s"}` },
    h("span", { class: "fan" }, Array.from({ length: k }, () => h("span", { class: "b", html: cardBackSVG() }))),
    h("span", { class: "n" }, String(n)));
}
function stack(n, label, cls) {
  return h("div", { class: "stack " + (cls || ""), "data-count": n },
    n ? h("span", { class: "card back", html: cardBackSVG() }) : h("span", { class: "card gap" }),
    h("div", { class: "cap" }, `${label} ${n}`));
}

// a card on the table acted on through the selection (acting.js)
function thing(ctx, o, text, opts = {}) {
  const a = ctx.acting;
  const can = ctx.live && a && a.clickable(o);
  return cardEl(text, { ...opts, id: o.id, playable: can && !a.selected(o), selected: a && a.selected(o),
    onclick: can ? () => a.click(o, ctx.redraw) : null });
}

function kv(m, e, s) {
  const x = Array.isArray(e.value) ? e.value[s] : e.value;
  if (x === null || x === undefined || x === "" || (Array.isArray(x) && !x.length)) return null;
  return h("div", { class: "kv", "data-key": e.path }, m.label(e) ? `${m.label(e)}: ` : "",
    h("b", { html: m.show(e, x) }));
}

// -- a seat ------------------------------------------------------------------
function seatBox(m, s, ctx) {
  const v = m.view, info = m.seatInfo(s);
  const turn = (v.to_act || []).includes(s);
  const tags = [];
  if (info.kind === "bot") tags.push(info.bot ? `${info.bot} bot` : "bot");
  if (info.standin) tags.push("bot stands in");
  if (info.kind === "human" && !info.connected && ctx.live && !(ctx.held && ctx.held[s] !== undefined)) tags.push("away");
  if (s === m.me) tags.push(ctx.live ? "you" : "point of view");
  for (const e of m.role("tag")) if (e.value === s) tags.push(m.label(e));
  for (const e of m.role("banner")) if (e.value === s && m.isSeatKey(e.path, e.value)) tags.push(m.label(e));
  for (const e of m.role("colours")) for (const [name, x] of Object.entries(e.value)) if (x === s) tags.push(name);
  const box = h("div", { class: `seat at-${m.place(s)}${turn ? " turn" : ""}${s === m.me ? " me" : ""}`, "data-seat": s },
    h("div", { class: "who" }, h("span", { class: "nm" }, info.kind === "bot" ? "bot " + s : m.fullName(s)), tags.map((t) => h("span", { class: "tag" }, t))));
  const hand = m.first("hand");
  const open = m.role("open_hand").some((e) => seatFrom(m, e) === s);
  for (const e of m.role("backs")) {
    if (typeof e.value[s] === "number" && (s !== m.me || !hand) && !open) box.append(backs(e.value[s]));
  }
  for (const e of m.role("chips")) if (e.value[s] !== null && e.value[s] !== undefined) box.append(h("div", { class: "chips", "data-key": e.path }, h("span", { class: "chip" }), ` ${e.value[s]}`));
  for (const e of m.role("status")) if (e.value[s]) box.append(h("div", { class: "status" }, String(e.value[s])));
  for (const e of m.role("seat")) { const line = kv(m, e, s); if (line) box.append(line); }
  for (const e of m.role("bets")) if (e.value[s]) box.append(h("div", { class: "bet", "data-key": e.path }, h("span", { class: "chip" }), ` ${m.label(e)} ${e.value[s]}`));
  for (const e of m.role("seat_cards")) {
    const x = e.value[s];
    const list = isCard(x) ? [x] : isCardList(x) ? x : [];
    if (list.length) box.append(h("div", { class: "seatcards", "data-key": e.path }, h("span", { class: "lbl" }, m.label(e)),
      h("div", { class: "cards tight" }, list.map((c, i) => thing(ctx, { card: c, id: `${e.path}:${s}:${i}` }, c, { small: true })))));
  }
  for (const e of m.role("open_hand")) {
    if (seatFrom(m, e) === s && !(s === m.me && hand)) {
      box.append(h("div", { class: "openhand", "data-key": e.path }, h("span", { class: "lbl" }, m.label(e)),
        h("div", { class: "cards" }, e.value.map((c, i) => thing(ctx, { card: c, id: `${e.path}:${i}` }, c, { small: true })))));
    }
  }
  for (const e of m.role("slots")) if (Array.isArray(e.value[s])) box.append(slotsEl(m, e, s, ctx));
  return box;
}
// a hand that is no seat (Minibridge's dummy): its name, whose turn it is, its open cards
function handBox(m, s, ctx) {
  const turn = m.view.play && m.view.play.hand_to_play === s;
  const box = h("div", { class: `seat hand-only at-${m.place(s)}${turn ? " turn" : ""}`, "data-hand": s },
    h("div", { class: "who" }, h("span", { class: "nm" }, m.extra[s])));
  for (const e of m.role("open_hand")) {
    if (seatFrom(m, e) === s) box.append(h("div", { class: "openhand", "data-key": e.path },
      h("div", { class: "cards" }, e.value.map((c, i) => thing(ctx, { card: c, id: `${e.path}:${i}` }, c, { small: true })))));
  }
  for (const e of m.role("backs")) if (typeof e.value[s] === "number" && !m.role("open_hand").some((o) => seatFrom(m, o) === s)) box.append(backs(e.value[s]));
  for (const e of m.role("seat")) { const line = kv(m, e, s); if (line) box.append(line); }
  return box;
}
function seatFrom(m, e) {
  if (!e.seat_key) return null;
  return e.seat_key.split(".").reduce((o, k) => (o ? o[k] : undefined), m.view);
}

// a row of layout slots (Cactus, Trash): faces where the view shows them, backs where not
function slotsEl(m, e, s, ctx) {
  const row = h("div", { class: "slots", "data-key": e.path });
  e.value[s].forEach((x, i) => {
    const o = { slot: i + 1, seat: s, id: `slot:${s}:${i}` };
    const a = ctx.acting;
    const can = ctx.live && a && a.clickable(o);
    const cls = "slot" + (can && !a.selected(o) ? " playable" : "") + (a && a.selected(o) ? " selected" : "");
    const face = x === null ? h("span", { class: "card gap" }) : isCard(x) ? h("span", { html: cardSVG(x), class: "card", "data-card": x }) : backEl();
    row.append(h(can ? "button" : "span", { class: cls, type: can ? "button" : null, "data-slot": i + 1, title: `slot ${i + 1}`,
      onclick: can ? () => a.click(o, ctx.redraw) : null }, face, h("span", { class: "no" }, String(i + 1))));
  });
  return row;
}

// -- the middle, by table ----------------------------------------------------
function trickMiddle(m, ctx) {
  const out = [];
  const cur = m.first("trick");
  const lastE = m.first("last_trick");
  const last = lastE && trickOf(lastE.value);
  let plays = cur ? cur.value : [], winner = null, finished = false;
  const lastKey = last ? JSON.stringify(last.plays) : "";
  if (!plays.length && last && ctx.ui.dismissed !== lastKey) { plays = last.plays; winner = last.winner; finished = true; }
  const cross = m.n <= 4;
  const box = h("div", { class: `trick${cross ? " cross" : " row"}${finished ? " finished" : ""}`, id: "trick",
    "data-cards": plays.length, title: finished ? "the last trick (tap to clear)" : null,
    onclick: finished ? () => { ctx.ui.dismissed = lastKey; ctx.redraw(); } : null });
  const fresh = ctx.fresh || new Set();
  for (const [s, c] of plays) {
    box.append(h("div", { class: `play at-${m.place(s)}${s === winner ? " winner" : ""}${fresh.has(c) ? " new" : ""}`, "data-seat": s },
      cardEl(c), h("div", { class: "who" }, m.short(s))));
  }
  if (finished) box.append(h("div", { class: "caption" }, winner !== null ? `${m.short(winner)} won the trick` : "last trick"));
  else if (!plays.length) box.append(h("div", { class: "caption muted" }, m.view.phase ? words(m.view.phase) : ""));
  out.push(box);
  out.push(...looseZones(m, ctx));
  return out;
}

function looseZones(m, ctx) {
  const out = [];
  for (const e of m.role("pile")) out.push(pileEl(m, e, ctx));
  for (const e of m.role("count")) if (typeof e.value === "number") out.push(stack(e.value, m.label(e), "count"));
  for (const e of m.role("cards")) {
    const v = Array.isArray(e.value) && !isPlays(e.value) ? e.value.filter((x) => x !== null) : e.value;   // gaps: La Belle Lucie's empty foundations
    const list = isCard(v) ? [v] : isCardList(v) ? v : isPlays(v) ? v.map((p) => p[1]) : [];
    if (!list.length) continue;
    const each = (c, i) => thing(ctx, { card: c, id: `${e.path}:${i}` }, c);
    // "by_suit": one row per suit, as a sevens layout lies
    const rows = e.by_suit ? [...new Set(list.map((c) => c.slice(-1)))].map((su) => list.map((c, i) => [c, i]).filter(([c]) => c.slice(-1) === su)) : null;
    out.push(h("div", { class: "zone" + (rows ? " bysuit" : ""), "data-zone": e.path }, h("div", { class: "lbl" }, m.label(e)),
      rows ? rows.map((r) => h("div", { class: "cards" }, r.map(([c, i]) => each(c, i)))) : h("div", { class: "cards" }, list.map(each))));
  }
  if (m.table !== "trick") {
    for (const e of m.role("trick")) {
      out.push(h("div", { class: "zone", "data-zone": e.path }, h("div", { class: "lbl" }, m.label(e)),
        h("div", { class: "cards" }, e.value.map(([s, c]) => h("div", { class: "play" }, cardEl(c), h("div", { class: "who" }, m.short(s)))))));
    }
  }
  for (const e of m.role("table_melds")) out.push(tableMelds(m, e));
  return out;
}

function pileEl(m, e, ctx) {
  const v = e.value;
  const list = isCard(v) ? [v] : isCardList(v) ? v : [];
  const sizeE = e.size ? m.entries.find((x) => x.path === e.size) : null;
  const n = sizeE && typeof sizeE.value === "number" ? sizeE.value : list.length;
  const frozen = m.role("frozen").some((f) => f.value === true);
  const top = list[list.length - 1];
  return h("div", { class: "pile" + (frozen ? " frozen" : ""), "data-zone": e.path, "data-count": n },
    n > 1 ? h("span", { class: "under", html: cardBackSVG() }) : null,
    top ? thing(ctx, { card: top, id: `${e.path}:top` }, top) : h("span", { class: "card gap" }),
    h("div", { class: "cap" }, `${m.label(e)}${n ? " " + n : ": empty"}${frozen ? " · frozen" : ""}`));
}

// -- melds (the Canasta family, rummy) ---------------------------------------
const SUIT_OF = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
function meldLabel(key) {
  const k = String(key).toLowerCase();
  let m;
  if ((m = k.match(/^run ([shdc])$/))) return "run " + SUIT_OF[m[1]];
  if ((m = k.match(/^rank (\w+)$/))) return meldLabel(m[1]);
  const r = k.replace(/s$/, "");
  if (r === "t" || r === "10") return "10s";
  if (/^[2-9]$/.test(r)) return r + "s";
  if (/^[jqka]$/.test(r)) return r.toUpperCase() + "s";
  return k;
}
export function meldGroups(side) {
  if (Array.isArray(side)) {
    // numbered melds (Samba's "add 2 to meld 3"): the number leads the label
    // a meld's own number ("no") where it has one: actions name melds by it
    // a meld named by its poker hand ("hand": Fireplace Poker) keeps that name
    return side.map((x, i) => isCardList(x) ? { key: String(i + 1), label: `#${i + 1}`, cards: x }
      : { key: String(x.no ?? i + 1), owner: x.owner,
        label: `#${x.no ?? i + 1} ${x.kind === "run" && x.suit ? meldLabel("run " + x.suit) : x.rank ? meldLabel(x.rank) : x.hand ? x.hand : meldLabel(x.kind || "")}`,
        cards: x.cards || [] });
  }
  return Object.entries(side || {}).map(([k, cards]) => ({ key: k, label: meldLabel(k), cards }));
}
// melds in the middle that anyone may add to (rummy): in their order, never canastas
function tableMelds(m, e) {
  const groups = Array.isArray(e.value) ? meldGroups(e.value) : [];
  return h("div", { class: "zone tablemelds", "data-zone": e.path }, h("div", { class: "lbl" }, m.label(e)),
    groups.length ? h("div", { class: "melds" }, groups.map((g) => meldEl(m, g, { canasta: Infinity },
      Number.isInteger(g.owner) ? m.short(g.owner) : null))) : h("div", { class: "muted nomelds" }, "none yet"));
}
function meldEl(m, g, spec, by = null) {
  const wild = new Set(spec.wild || ["2", "JK"]);
  const isWild = (c) => wild.has(c === "JK" ? "JK" : c[0]);
  const n = g.cards.length;
  const size = spec.canasta || 7;
  let mark = null;
  if (n >= size) {
    const w = g.cards.filter(isWild).length;
    mark = g.label.includes("run") ? "samba" : !w ? "natural" : w === n ? "wild" : "mixed";
  }
  const cards = [...g.cards].sort((a, b) => isWild(a) - isWild(b));
  return h("div", { class: "meld" + (mark ? " canasta " + mark : ""), "data-meld": g.key },
    h("div", { class: "mlbl" }, g.label, mark ? h("span", { class: "mark" }, mark === "samba" ? "samba" : `canasta · ${mark}`) : null,
      by ? h("span", { class: "by" }, ` · ${by}`) : null),
    h("div", { class: "fanned" }, cards.map((c) => cardEl(c, { small: true }))),
    h("div", { class: "mcount" }, `${n}`));
}
function sideMelds(m, t, k) {
  const e = m.first("melds");
  const spec = (m.L.melds || {});
  const box = h("div", { class: "side", "data-side": t }, h("div", { class: "sname" }, m.sideName(t, k)));
  for (const sc of m.role("side_cards")) {
    const list = sc.value[t];
    if (isCardList(list) && list.length) box.append(h("div", { class: "sidecards", "data-key": sc.path }, h("span", { class: "lbl" }, m.label(sc)), list.map((c) => cardEl(c, { small: true }))));
  }
  const groups = e ? meldGroups(e.value[t]) : [];
  // closed canastas set aside (Triple Play), stacked beside the open melds
  for (const c of m.role("canastas")) {
    for (const cards of c.value[t] || []) groups.push({ key: "closed", label: "closed", cards });
  }
  box.append(groups.length ? h("div", { class: "melds" }, groups.map((g) => meldEl(m, g, spec))) : h("div", { class: "muted nomelds" }, "no melds yet"));
  for (const x of m.role("side")) {
    const line = kv(m, x, t);
    if (line) box.append(line);
  }
  return box;
}

// -- the whole table ---------------------------------------------------------
export function drawTable(frame, game, ctx) {
  const m = new Model(frame, game, { live: ctx.live, hot: !!ctx.held });
  const v = m.view;
  ctx.model = m;
  if (ctx.live && m.legal.length) {
    if (ctx.sel.version !== frame.version) { ctx.sel.version = frame.version; ctx.sel.objs = []; }
    ctx.acting = new Acting(m.legal, m.L, m.me, ctx.send, ctx.sel);
  } else ctx.acting = null;
  const felt = h("section", { class: `felt t-${m.table} n${Math.min(m.n + Object.keys(m.extra).length, 5)}`, id: ctx.live ? "felt" : null, "data-table": m.table });
  // banner: the contract, trumps, declarer; the match score by side
  const banner = m.role("banner").filter((e) => e.value !== false);
  const teams = m.role("team").filter((e) => Array.isArray(e.value) && e.value.length > 1);
  if (banner.length || teams.length) {
    felt.append(h("div", { class: "banner", id: ctx.live ? "banner" : null },
      banner.map((e) => h("span", { class: "bi", "data-key": e.path, html: `${esc(m.label(e))}${e.value === true ? "" : " <b>" + m.show(e, e.value) + "</b>"}` })),
      teams.map((e) => h("span", { class: "bi team", "data-key": e.path, html: `${esc(m.label(e))}: ${m.perSide(e.value, e.path, e)}` }))));
  }
  // the ring of seats and the middle
  const spots = { top: h("div", { class: "spot top" }), left: h("div", { class: "spot left" }), right: h("div", { class: "spot right" }), bottom: h("div", { class: "spot bottom" }) };
  for (let s = 0; s < m.n; s++) spots[m.place(s)].append(seatBox(m, s, ctx));
  for (const x of Object.keys(m.extra)) spots[m.place(Number(x))].append(handBox(m, Number(x), ctx));
  const middle = h("div", { class: "middle", id: ctx.live ? "middle" : null });
  const k = m.table === "meld" && m.first("melds") ? m.first("melds").value.length : 0;
  const mySide = k ? m.sideOf(m.pov, k) : null;
  if (m.table === "trick") middle.append(...trickMiddle(m, ctx));
  else if (m.table === "board") {
    for (const e of m.role("board")) middle.append(boardEl(e.path, e.value, m, ctx));
    for (const e of m.role("grid")) middle.append(gridEl(e.path, e.value, m, ctx));
    middle.append(...looseZones(m, ctx));
  } else {
    for (const e of m.role("grid")) middle.append(gridEl(e.path, e.value, m, ctx));
    for (const e of m.role("board")) middle.append(boardEl(e.path, e.value, m, ctx));
    for (const e of m.role("fans")) middle.append(fansEl(m, e, ctx));
    middle.append(...looseZones(m, ctx));
    for (const e of m.role("pot")) middle.append(h("div", { class: "pot", "data-key": e.path }, h("span", { class: "chip big" }), ` ${m.label(e)} ${e.value}`));
  }
  // the game's own words (the terminal's board): in the middle of a plain
  // table, under the own hand where the table draws the rest
  const said = m.role("text").map((e) => h("pre", { class: "boardtext", id: ctx.live ? "boardtext" : null, html: glyphCards(namedSeats(m, e.value), esc) }));
  if (m.table === "cards") middle.append(...said);
  const ring = h("div", { class: "ring" }, spots.top, spots.left, middle, spots.right);
  if (k) {
    const others = h("div", { class: "sides others" });
    for (let t = 0; t < k; t++) if (t !== mySide) others.append(sideMelds(m, t, k));
    felt.append(others);
  }
  felt.append(ring);
  // the own place: seat, own melds, hand, the selection's verbs, buttons
  const mine = h("div", { class: "mine" }, spots.bottom);
  if (k) mine.append(h("div", { class: "sides ours" }, sideMelds(m, mySide, k)));
  const hand = m.first("hand");
  const toAct = v.to_act || [];
  if (!v.outcome) {
    const mineTurn = m.me !== null && toAct.includes(m.me) && ctx.live;
    mine.append(h("div", { class: "turnline" + (mineTurn ? " yours" : ""), id: ctx.live ? "turn" : null },
      mineTurn ? (m.hot ? `${m.fullName(m.me)}'s turn, on this phone` : "Your turn") + (toAct.length > 1 ? " (others may act too)" : "") + phaseWord(v)
        : toAct.length ? "Waiting for " + toAct.map((s) => m.short(s)).join(", ") + phaseWord(v) : "",
      ctx.timerEl || null));
  }
  if (hand) mine.append(handEl(m, hand, ctx));
  if (ctx.live && ctx.acting) mine.append(...actionsEls(m, ctx));
  felt.append(mine);
  if (m.table !== "cards") felt.append(...said);
  // the rest: labelled values, tables by seat, histories
  const infos = m.role("info");
  if (infos.length) felt.append(h("div", { class: "info" }, infos.map((e) => h("span", { "data-key": e.path, html: `${esc(m.label(e))}: <b>${m.show(e, e.value)}</b>` }))));
  for (const e of m.role("rows")) felt.append(rowsEl(m, e));
  for (const e of m.role("history")) felt.append(historyEl(m, e));
  if (v.outcome) felt.append(h("div", { class: "notice over", html: "Match over: " + glyphCards(m.named(v.outcome.reason), esc) }));
  return { el: felt, model: m };
}

function phaseWord(v) { return v.phase ? ` · ${words(v.phase)}` : ""; }

// "Seat 2" in a game's own text, by the table's names
function namedSeats(m, text) {
  return m ? m.named(text) : String(text);
}
export { namedSeats };

function handEl(m, hand, ctx) {
  const list = hand.value;
  const a = ctx.acting;
  const many = list.length > 10 ? " many" : "";
  // cards not named by any action are dimmed only while some card is
  const someCard = ctx.live && a && list.some((c, i) => a.clickable({ card: c, id: `hand:${i}` }));
  return h("div", { class: "hand" + many, id: ctx.live ? "hand" : null, "data-count": list.length, style: `--n:${list.length}` },
    h("div", { class: "lbl" }, ctx.live ? "Your hand" : "Hand", list.length ? "" : ": empty"),
    h("div", { class: "cards" }, list.map((c, i) => {
      const o = { card: c, id: `hand:${i}` };
      const can = ctx.live && a && a.clickable(o);
      return cardEl(c, { id: o.id, playable: can && !a.selected(o), selected: a && a.selected(o),
        dim: someCard && !can && !(a && a.selected(o)),
        cls: ctx.freshHand && ctx.freshHand.has(c) ? "dealt" : null,
        onclick: can ? () => a.click(o, ctx.redraw) : null });
    })));
}

// the verbs of the selection, and every action as a button (keyboard path)
function actionsEls(m, ctx) {
  const a = ctx.acting;
  const out = [];
  const inline = (t) => t.split(" ").map((w) => (isCard(w) ? cardInline(w) : esc(w))).join(" ");
  if (a.sel.objs.length) {
    const whole = a.whole();
    out.push(h("div", { class: "verbs", id: "verbs" },
      h("span", { class: "lbl" }, whole.length ? "Selected: " : "Selected — choose more cards"),
      whole.map((x) => h("button", { class: "verb primary", type: "button", "data-action": x.text, onclick: () => ctx.send(x.text), html: inline(x.text) })),
      h("button", { class: "clear", type: "button", onclick: () => a.clear(ctx.redraw) }, "Clear")));
  }
  // actions naming nothing on the table are buttons; those naming cards are
  // made by clicking them, and listed too, folded, for the keyboard
  const named = a.thingTexts();
  const plain = m.legal.filter((x) => !named.has(x) && !boardAction(m, x));
  const byCard = m.legal.filter((x) => named.has(x));
  const acts = h("div", { class: "actions", id: "actions" });
  for (const [verb, list] of groups(plain)) acts.append(...buttons(verb, list, ctx, inline));
  // layout.text_actions: verbs followed by free text (Believe or Doubt's answers)
  for (const [verb, hint] of Object.entries(m.L.text_actions || {})) {
    if (!m.legal.some((x) => x.split(" ")[0] === verb)) continue;
    const box = h("input", { type: "text", "data-text-verb": verb, placeholder: hint, maxlength: 80 });
    const go = () => { if (box.value.trim()) ctx.send(verb + " " + box.value.trim()); };
    box.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    acts.append(h("span", { class: "row" }, box, h("button", { type: "button", onclick: go }, verb)));
  }
  out.push(acts);
  if (byCard.length) {             // always: a card may be drawn where no click reaches it
    const all = h("details", { class: "allmoves", id: "allmoves" }, h("summary", {}, `All ${byCard.length} moves as a list`));
    const box = h("div", { class: "actions" });
    for (const [verb, list] of groups(byCard)) box.append(...buttons(verb, list, ctx, inline));
    all.append(box);
    out.push(all);
  }
  return out;
}
function boardAction(m, x) { return m.boardCells && m.boardCells.has(x); }
function groups(list) {
  const g = new Map();
  for (const x of list) { const verb = x.split(" ")[0]; if (!g.has(verb)) g.set(verb, []); g.get(verb).push(x); }
  return g;
}
function buttons(verb, list, ctx, inline) {
  if (list.length > 16) {
    const pick = h("select", { "data-verb": verb }, list.map((x) => h("option", { value: x }, x)));
    return [h("span", { class: "row" }, pick, h("button", { type: "button", onclick: () => ctx.send(pick.value) }, verb))];
  }
  return list.map((x) => h("button", { class: "act", type: "button", "data-action": x, onclick: () => ctx.send(x), html: inline(x) }));
}

// a table whose rows begin with a seat (Bridge's calls): where each row is
// one seat's say, a grid with a column per seat, a line per round
function rowsEl(m, e) {
  const rows = e.value;
  const pairs = rows.every((r) => Array.isArray(r) && r.length === 2 && Number.isInteger(r[0]));
  let table;
  if (pairs && rows.length) {
    const first = rows[0][0];
    const order = Array.from({ length: m.n }, (_, i) => (first + i) % m.n);
    const lines = [];
    let line = null;
    for (const [s, say] of rows) {
      const col = order.indexOf(s);
      if (!line || col <= line.last) { line = { cells: Array(m.n).fill(""), last: -1 }; lines.push(line); }
      line.cells[col] = say;
      line.last = col;
    }
    table = h("table", { class: "grid auction" }, h("tr", {}, order.map((s) => h("th", {}, m.short(s)))),
      // a say is text (Bridge's 2D is a contract); a list of cards is cards (Mattis's beatings)
      lines.map((l) => h("tr", {}, l.cells.map((x) => h("td", { html: x === "" ? "" : m.fmt(x, "", !isCardList(x)) })))));
  } else {
    table = h("table", { class: "grid" }, rows.map((row) => h("tr", {}, (Array.isArray(row) ? row : [row]).map((x, i) =>
      h("td", { html: i === 0 && Number.isInteger(x) ? esc(m.short(x)) : m.fmt(x, "", true) })))));
  }
  return h("div", { class: "zone rows", "data-key": e.path }, h("div", { class: "lbl" }, m.label(e)), table);
}

function historyEl(m, e) {
  const val = e.value;
  const omit = new Set((m.L.omit || {})[e.path] || []);
  const perSeat = (x) => Array.isArray(x) && m.n > 1 && x.length === m.n && x.every((y) => typeof y === "number")
    ? x.map((y, s) => `${esc(m.short(s))} <b>${y}</b>`).join(" · ") : null;
  const record = val !== null && typeof val === "object" && !Array.isArray(val);
  const lines = record ? Object.entries(val).filter(([kk, x]) => x !== null && !omit.has(kk)).map(([kk, x]) => `${esc(words(kk))}: ${perSeat(x) || m.fmt(x, kk)}`)
    : Array.isArray(val) ? val.map((x) => (e.format ? m.show(e, x) : m.fmt(x))) : [m.fmt(val)];
  const zone = h("div", { class: "zone", "data-key": e.path });
  if (lines.length > 2 || lines.join("").length > 160) {
    const last = lines.length ? lines[lines.length - 1] : "";
    zone.append(h("details", e.open ? { open: true } : {}, h("summary", { html: `<span class="lbl">${esc(m.label(e))}${Array.isArray(val) ? " (" + val.length + ")" : ""}</span> ${Array.isArray(val) ? "latest: " + last : ""}` }),
      h("ol", {}, lines.map((l) => h("li", { html: l })))));
  } else zone.append(h("div", { class: "lbl" }, m.label(e)), h("div", { html: lines.join("<br>") }));
  return zone;
}

// La Belle Lucie's fans: each a row of overlapping cards, the top one clickable
function fansEl(m, e, ctx) {
  return h("div", { class: "fans", "data-key": e.path }, e.value.map((fan, i) => h("div", { class: "fanrow" },
    (fan || []).map((c, j) => (j === fan.length - 1 ? thing(ctx, { card: c, id: `fan:${i}:${j}` }, c, { small: true }) : cardEl(c, { small: true }))))));
}
