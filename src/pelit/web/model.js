// What a view means at the table: who sits where, who is whose partner, and
// which fields are shown in which role.  A game declares its fields once
// (web_layout "show", see src/pelit/core/presentation.py); a game that does
// not is read by the generic rules below (every field but "hide").

import { isCard, cardInline } from "./cards.js";
import { esc, words } from "./dom.js";

const BASE = new Set(["game", "seat", "players", "phase", "to_act", "legal", "version", "options",
  "outcome", "board_text"]);
const TAG_WORDS = /dealer|leader|declarer|first|starter/;

export function get(v, path) {
  return path.split(".").reduce((o, k) => (o !== null && typeof o === "object" ? o[k] : undefined), v);
}
export function isCardList(v) { return Array.isArray(v) && v.every(isCard); }
// cards played by seats: [[seat, card], ...] (a trick, a round of plays)
export function isPlays(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && isCard(x[1]));
}
export function isBoard(v) {
  // rows of cells as lists; a board of strings ("R.B") is named by the layout's "board"
  return Array.isArray(v) && v.length >= 2 && v.every((r) => Array.isArray(r) && r.length === v[0].length && r.length >= 2 &&
    r.every((x) => x === null || typeof x === "number" || (typeof x === "string" && x.length <= 2 && !isCard(x))));
}
// plays of a game's own pack too (Top Trumps' named cards)
function isAnyPlays(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && typeof x[1] === "string");
}
// a finished trick in any of the shapes games give it
export function trickOf(v) {
  if (!v) return null;
  if (Array.isArray(v)) return isAnyPlays(v) ? { plays: v, winner: null } : null;
  const plays = v.cards || v.plays || v.trick;
  if (!isAnyPlays(plays)) return null;
  const winner = v.won_by ?? v.winner ?? v.taker ?? null;
  return { plays, winner: Number.isInteger(winner) ? winner : null };
}

// Where each seat sits, seen from the bottom (the own seat, or seat 0).
export function positions(n) {
  if (n <= 1) return ["bottom"];
  if (n === 2) return ["bottom", "top"];
  if (n === 3) return ["bottom", "left", "right"];
  if (n === 4) return ["bottom", "left", "top", "right"];
  return ["bottom", "left", ...Array(n - 3).fill("top"), "right"];
}

// the games' sentences are written of "seat N": where one's own seat became
// "You", the verb after it and the possessive follow ("You posts" -> "You
// post", "You's claim" -> "your claim")
const IRREGULAR = { has: "have", is: "are", was: "were", does: "do", goes: "go" };
export function youAgree(text) {
  return String(text)
    .replace(/\bYou's\b/g, (w, at) => (at === 0 ? "Your" : "your"))
    .replace(/(^|[.;:,(] |\band )You ([a-z]+)\b/g, (w, before, verb) => {
      let base = IRREGULAR[verb];
      if (base === undefined) {
        if (/(ches|shes|sses|xes|zes)$/.test(verb)) base = verb.slice(0, -2);
        else if (/[^aeiou]ies$/.test(verb)) base = verb.slice(0, -3) + "y";
        else if (/[^s]s$/.test(verb)) base = verb.slice(0, -1);
        else base = verb;
      }
      return `${before}You ${base}`;
    });
}

export class Model {
  constructor(frame, game, opts = {}) {
    this.frame = frame;
    this.game = game;
    this.view = frame.view;
    this.L = frame.table.layout || {};
    this.table = this.L.table || "cards";
    this.seats = frame.table.seats;
    this.live = !!opts.live;
    // a hot seat (one phone entering for several seats): players by name, never "You"
    this.hot = !!opts.hot;
    this.n = this.view.players || this.seats.length;
    this.me = Number.isInteger(this.view.seat) ? this.view.seat : null;
    this.pov = this.me ?? 0;
    this.legal = this.live && this.me !== null ? this.view.legal || [] : [];
    this.labels = this.L.labels || {};
    this.entries = this.L.show ? this.declared() : this.guessed();
    // hands at the table that are no seat (Minibridge's dummy), by index: a place of their own
    // (a game of two or four seats, Android Whist, names them for two only)
    this.extra = Object.fromEntries(Object.entries(this.L.extra_hands || {}).filter(([k]) => Number(k) >= this.n));
    const around = this.n + Object.keys(this.extra).length;
    const place = positions(around);
    // a game whose numbers do not count up clockwise (Android Whist) gives the order
    const ring = this.L.clockwise ? this.view[this.L.clockwise] : null;
    if (Array.isArray(ring) && ring.length === around && ring.includes(this.pov)) {
      this.place = (s) => place[(ring.indexOf(s) - ring.indexOf(this.pov) + around) % around];
    } else {
      this.place = (s) => place[(s - this.pov + around) % around];
    }
  }

  // -- fields and roles ----------------------------------------------------
  // the game's declaration; an entry with "phases" is shown in those only
  declared() {
    return Object.entries(this.L.show).map(([path, spec]) => {
      const s = typeof spec === "string" ? { role: spec } : Array.isArray(spec) ? { role: spec[0], label: spec[1] } : spec;
      return { ...s, path, value: get(this.view, path) };
    }).filter((e) => !e.phases || e.phases.includes(this.view.phase));
  }

  guessed() {
    const L = this.L, v = this.view, n = this.n;
    const hide = new Set(L.hide || []);
    const teams = new Set(L.teams || []), text = new Set(L.text || []);
    const out = [];
    const add = (path, role, extra) => out.push({ path, role, value: get(v, path), ...extra });
    for (const [k, val] of Object.entries(v)) {
      if (BASE.has(k) || hide.has(k)) continue;
      if (k === "hand" && isCardList(val)) add(k, "hand");
      else if (text.has(k) && (val === null || typeof val !== "object")) add(k, "info", { text: true });
      else if (teams.has(k) && Array.isArray(val) && val.length > 1) add(k, "team");
      else if (L.board === k && L.columns) add(k, "grid");
      else if (L.board === k || isBoard(val)) add(k, "board");
      else if ((L.seat_rows || []).includes(k)) add(k, "rows");
      else if (Array.isArray(val) && val.length === n && n > 1 &&
        (val.every((x) => x === null || typeof x === "number" || typeof x === "boolean" || isCard(x) || isCardList(x)) ||
         (L.per_seat || []).includes(k))) {
        if (/hand_?(size|count)|cards_?in_?hand/.test(k) && val.every((x) => typeof x === "number")) add(k, "backs");
        else if (val.some((x) => isCard(x) || (isCardList(x) && x.length))) add(k, "seat_cards");
        else add(k, "seat");
      } else if (Array.isArray(val) && val.length === 0) continue;
      else if (isPlays(val)) add(k, /last/.test(k) ? "last_trick" : "trick");
      else if (trickOf(val) && /last/.test(k)) add(k, "last_trick");
      else if (isCard(val) || isCardList(val)) add(k, "cards");
      else if (val === null || typeof val !== "object") {
        if (this.isSeatKey(k, val) && TAG_WORDS.test(k)) add(k, "tag");
        else add(k, "info");
      } else if (!Array.isArray(val) && Object.keys(val).length && Object.values(val).every((x) => Number.isInteger(x) && x >= 0 && x < n)) add(k, "colours");
      else add(k, "history", { open: (L.open || []).includes(k) });
    }
    if (L.board_text && v.board_text) out.push({ path: "board_text", role: "text", value: v.board_text });
    return out;
  }

  role(name) { return this.entries.filter((e) => e.role === name && present(e.value)); }
  first(name) { return this.role(name)[0] || null; }
  label(e) {
    if (e.label !== undefined) return e.label;
    const lab = this.labels[e.path];
    return lab !== undefined && lab !== "" ? lab : words(e.path.split(".").pop());
  }

  // -- seats and names --------------------------------------------------------
  seatInfo(s) { return this.seats[s] || {}; }
  // a seat in a line of text: "You" at one's own table, a person by name, a bot as "bot 2"
  short(s) {
    if (!Number.isInteger(s)) return "–";
    if (this.extra[s] !== undefined) return this.extra[s];
    if (this.live && s === this.me && !this.hot) return "You";
    const info = this.seatInfo(s);
    if (info.kind === "bot") return "bot " + s;
    return info.name || "seat " + s;
  }
  fullName(s) {
    if (this.extra[s] !== undefined) return this.extra[s];
    const info = this.seatInfo(s);
    return info.name || "seat " + s;
  }
  // partnerships: a list with one entry per side holds side t at the seats
  // s with s % k == t (partners sit opposite), unless the view says whose
  // side each seat is on (role team_of)
  sideOf(s, k) {
    const of = this.first("team_of");
    if (of && Array.isArray(of.value) && k === Math.max(...of.value) + 1) return of.value[s];
    return s % k;
  }
  members(t, k) { return Array.from({ length: this.n }, (_, s) => s).filter((s) => this.sideOf(s, k) === t); }
  sideName(t, k) {
    const m = this.members(t, k);
    if (this.live && this.me !== null && m.includes(this.me)) return ["You", ...m.filter((s) => s !== this.me).map((s) => this.short(s))].join(" & ");
    return m.map((s) => this.short(s)).join(" & ");
  }
  teamCount() {
    const e = this.entries.find((x) => x.role === "team" && Array.isArray(x.value) && x.value.length > 1);
    if (e) return e.value.length;
    const of = this.first("team_of");
    if (of && Array.isArray(of.value)) return Math.max(...of.value) + 1;
    return this.game && this.game.teams && this.n % 2 === 0 ? 2 : 0;
  }

  // a game's own words name seats and teams by number ("Seat 2", "seats 1
  // and 3", "team 0"): here by the table's names
  named(text) {
    const k = this.teamCount();
    let out = String(text).replace(/\b[Ss]eats? (\d+(?:, \d+)*(?:,? and \d+)?)(?![+\d])/g, (w, list) => {
      const seats = list.split(/,? and |, /).map(Number);
      if (seats.some((x) => x >= this.n)) return w;
      const names = seats.map((x) => this.short(x));
      return names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names[0];
    });
    if (k) out = out.replace(/\b[Tt]eam (\d+)( \([^)]*\))?/g, (w, t) => (Number(t) < k ? this.sideName(Number(t), k) : w));
    return youAgree(out);
  }

  // -- values as text ---------------------------------------------------------
  isSeatKey(k, x) {
    const rule = this.L.seat_keys;
    if (!rule || !Number.isInteger(x) || typeof x === "boolean") return false;
    const key = k.split(".").pop();
    if (rule.fields.includes(key)) return true;
    if (rule.never.includes(key)) return false;
    return rule.words.some((w) => key.toLowerCase().includes(w));
  }
  // a value as HTML (text escaped, cards inline, seats by name)
  fmt(v, key = "", textual = false) {
    if (v === null || v === undefined) return "–";
    if (v === true) return "yes";
    if (v === false) return "no";
    if (key && this.isSeatKey(key, v)) return esc(this.short(v));
    if (!textual && isCard(v)) return cardInline(v);
    if (Array.isArray(v)) {
      if (!v.length) return "none";
      if (isCardList(v) && !textual) return v.map(cardInline).join(" ");
      if (isPlays(v)) return v.map(([s, c]) => `${esc(this.short(s))} ${cardInline(c)}`).join(", ");
      if (key && /_order|passed|seats$/.test(key) && v.every(Number.isInteger)) return v.map((s) => esc(this.short(s))).join(", ");
      return v.map((x) => this.fmt(x, "", textual)).join(", ");
    }
    if (typeof v === "object") {
      return Object.entries(v).filter(([, x]) => x !== null && x !== undefined)
        .map(([k, x]) => `${esc(words(k))} ${this.fmt(x, k)}`).join(", ");
    }
    return esc(v);
  }
  // one value per side, named by its players: "You & Aino 3 · bot 1 & bot 3 2"
  perSide(val, key = "", e = null) {
    const k = val.length;
    return val.map((x, t) => `${esc(this.sideName(t, k))} <b>${e ? this.show(e, x) : this.fmt(x, key)}</b>`).join(" · ");
  }
  // one value of a shown field, as its declaration says: "words" (value to
  // text), "format" (templates tried in order: "{bid} ({card})"), "side" (a
  // partnership's number), "text" (never a card), "one_based" (a count from 0)
  show(e, x) {
    if (e.words && Object.prototype.hasOwnProperty.call(e.words, String(x))) return esc(e.words[String(x)]);
    if (e.side && Number.isInteger(x)) return esc(this.sideName(x, this.teamCount() || 2));
    if (e.one_based && typeof x === "number") return esc(x + 1);
    if (e.format && x !== null && typeof x === "object") {
      for (const t of [].concat(e.format)) {
        const keys = [...t.matchAll(/\{(\w+)\}/g)].map((mm) => mm[1]);
        if (keys.every((kk) => present(x[kk]) && x[kk] !== false)) {
          return t.split(/(\{\w+\})/).map((part) => {
            const mm = part.match(/^\{(\w+)\}$/);
            return mm ? this.fmt(x[mm[1]], mm[1], e.text) : esc(part);
          }).join("");
        }
      }
    }
    return this.fmt(x, e.path, e.text);
  }
}

export function present(v) {
  if (v === null || v === undefined || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}
