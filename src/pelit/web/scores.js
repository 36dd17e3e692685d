// The end-of-deal summary (it waits for the player) and the score sheet (a
// row per deal, one tap away).  Both are read from the events that end a
// deal (layout "deal_end"; "sheet" names which field holds the deal's
// points, "gained", or the match score after it, "total"), as this seat saw
// them: the events are the engine's, redacted for the seat.

import { h, esc, words } from "./dom.js";
import { isCard, cardInline, glyphCards } from "./cards.js";
import { isCardList } from "./model.js";

export function dealEnds(events, L) {
  const kinds = new Set(L.deal_end || []);
  const sheetKind = (L.sheet || {}).event;
  return events.map((e, i) => ({ e, i })).filter(({ e }) => sheetKind ? e.kind === sheetKind : kinds.has(e.kind));
}

function sideCount(m) { return m.teamCount() || m.n; }

// the scores of one deal-end event: [this deal per side, match total per side]
function rowOf(e, L, prevTotal, k) {
  const sheet = L.sheet || {};
  const list = (key) => {
    if (!key) return null;
    const x = key.split(".").reduce((o, kk) => (o ? o[kk] : undefined), e);
    if (Array.isArray(x) && x.length === k && x.every((y) => typeof y === "number")) return x;
    if (Array.isArray(x) && x.length && x.every((y) => y && typeof y === "object" && typeof y.total === "number")) return x.map((y) => y.total);
    return null;
  };
  let gained = list(sheet.gained), total = list(sheet.total);
  if (!gained && !total) {
    total = list("scores") || list("totals");
    gained = list("points") || list("score");
    if (!gained && !total) total = list("hands_won") || list("stacks");
  }
  if (!total && gained) total = gained.map((g, t) => g + (prevTotal ? prevTotal[t] : 0));
  if (!gained && total) gained = total.map((x, t) => x - (prevTotal ? prevTotal[t] : 0));
  return { gained, total };
}

export function sheetRows(m, events) {
  const L = m.L, k = sideCount(m);
  const rows = [];
  // "start": the option each side begins the match with (Commune's tokens), else 0
  const start = (L.sheet || {}).start;
  const from = start ? (m.view.options || {})[start] : null;
  let prev = typeof from === "number" ? Array(k).fill(from) : null;
  for (const { e } of dealEnds(events, L)) {
    const r = rowOf(e, L, prev, k);
    if (!r.total && !r.gained) continue;
    rows.push(r);
    prev = r.total;
  }
  return rows;
}

export function sheetEl(m, events) {
  const k = sideCount(m);
  const rows = sheetRows(m, events);
  const sideTitle = (t) => (k === m.n && !m.teamCount() ? m.short(t) : m.sideName(t, k));
  const tbl = h("table", { class: "sheet", id: "sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, "Deal"), Array.from({ length: k }, (_, t) => h("th", {}, sideTitle(t))))),
    h("tbody", {}, rows.map((r, i) => h("tr", { class: "deal" }, h("td", {}, String(i + 1)),
      Array.from({ length: k }, (_, t) => h("td", {},
        r.gained ? h("span", { class: "gain" }, signed(r.gained[t])) : null,
        r.total ? h("span", { class: "tot" }, String(r.total[t])) : null))))),
    rows.length ? h("tfoot", {}, h("tr", {}, h("th", {}, "Total"),
      Array.from({ length: k }, (_, t) => h("th", {}, String(rows[rows.length - 1].total[t]))))) : null);
  return h("div", { class: "sheetbox" },
    rows.length ? tbl : h("p", { class: "muted", id: "sheet-empty" }, "No deal has been scored yet."),
    h("p", { class: "muted small" }, "Each cell: the deal's points, then the match score after it."));
}
function signed(x) { return typeof x === "number" ? (x > 0 ? "+" + x : String(x)) : "–"; }

// The summary of one deal: what the event says, line by line, and the match score.
export function summaryEl(m, event, said, number) {
  const k = sideCount(m);
  const n = m.n;
  const sideTitle = (t, len) => (len === k && k !== n ? m.sideName(t, k) : m.short(t));
  const out = [h("h2", {}, `Deal ${number} is over`)];
  const reason = event.reason || event.result;
  if (said) out.push(h("p", { class: "said", html: glyphCards(namedSeatsText(m, said), esc) }));
  else if (reason) out.push(h("p", { class: "said", html: glyphCards(namedSeatsText(m, String(reason)), esc) }));
  const rows = [];
  const perSide = [];
  const sheet = m.L.sheet || {};
  const skip = new Set(["kind", "seat", "reason", "result", ...(sheet.hide || [])]);
  for (const [key, x] of Object.entries(event)) {
    if (skip.has(key) || x === null || x === undefined) continue;
    if ((sheet.side || []).includes(key) && Number.isInteger(x)) { rows.push([key, esc(m.sideName(x, k))]); continue; }
    if (key === "lines" && Array.isArray(x) && x.every((y) => y && typeof y === "object" && !Array.isArray(y))) {
      // scoring lines per side: a row per line, a column per side
      const names = [...new Set(x.flatMap((y) => Object.keys(y)))];
      for (const nm of names) perSide.push([nm, x.map((y) => y[nm])]);
      continue;
    }
    if (key === "lines" && x && typeof x === "object" && !Array.isArray(x)) {
      for (const [nm, val] of Object.entries(x)) rows.push([nm, esc(String(val))]);
      continue;
    }
    if (Array.isArray(x) && (x.length === k || x.length === n) && x.length > 1 && x.every((y) => y === null || typeof y !== "object" || isCardList(y))) {
      perSide.push([key, x]);
      continue;
    }
    if (Array.isArray(x) && x.length && x.every((y) => Array.isArray(y) && y.length === 2 && Number.isInteger(y[0]) === false)) continue;
    rows.push([key, m.fmt(x, key)]);
  }
  if (rows.length) out.push(h("table", { class: "grid summary-facts" }, rows.map(([kk, val]) => h("tr", {}, h("th", {}, words(kk)), h("td", { html: val })))));
  const byLen = new Map();
  for (const [key, x] of perSide) { if (!byLen.has(x.length)) byLen.set(x.length, []); byLen.get(x.length).push([key, x]); }
  for (const [len, list] of byLen) {
    out.push(h("table", { class: "grid summary-lines" },
      h("tr", {}, h("th", {}, ""), Array.from({ length: len }, (_, t) => h("th", {}, sideTitle(t, len)))),
      list.map(([key, x]) => h("tr", { class: key === "total" ? "total" : "" }, h("th", {}, words(key)),
        x.map((y, t) => h("td", { html: isCardList(y) ? y.map(cardInline).join(" ") : m.fmt(y, key) }))))));
  }
  return out;
}

// a game's own words name seats and teams by number: here by the table's names
function namedSeatsText(m, text) {
  return m ? m.named(text) : String(text);
}
export { namedSeatsText };
