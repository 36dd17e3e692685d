// Acting by the things on the table.  Each legal action is read as words and
// the things it names: cards (by their text, or in the meld games by rank
// word: "meld 7 7 2"), and numbered slots of a layout ("swap 3").  A click on
// a card (or a slot) that names exactly one action makes it at once (a card
// played to a trick); where it could be part of several, it is selected, the
// things that can join it are highlighted, and the actions the selection
// makes whole are offered as verbs ("meld", "add to 7s", "take pile with").
// The full list of actions stays as buttons: the keyboard path.

import { isCard, rankWord } from "./cards.js";

export function parseAction(text, L) {
  const toks = text.replace(/[:=,]/g, " ").split(/\s+/).filter(Boolean);
  const notAfter = new Set(L.not_cards_after || []);
  const ranks = L.select === "ranks";
  const slotVerbs = L.slots ? new Set([...(L.slots.own || []), ...(L.slots.other || [])]) : null;
  const things = [];
  toks.forEach((t, i) => {
    const prev = i ? toks[i - 1].toLowerCase() : "";
    if (i && notAfter.has(prev)) return;
    if (isCard(t)) things.push({ card: t });
    else if (ranks && i && /^[2-9tjqka][shdc]$/.test(t)) things.push({ card: t.toUpperCase() });
    else if (ranks && i && /^(?:[2-9tjqka]|jk)$/.test(t)) things.push({ rank: t });
    else if (slotVerbs && i === 1 && slotVerbs.has(prev) && /^\d+$/.test(t)) {
      things.push({ slot: Number(t), own: (L.slots.own || []).includes(prev) });
    }
  });
  return { text, verb: toks[0] || text, things };
}

// does table object o fit thing t of an action?
function fits(o, t, me) {
  if (o.card !== undefined) {
    if (t.card !== undefined) return t.card === o.card;
    if (t.rank !== undefined) return rankWord(o.card) === t.rank;
    return false;
  }
  if (o.slot !== undefined && t.slot !== undefined) return o.slot === t.slot && (o.seat === me) === t.own;
  return false;
}

// can the objects all be placed on distinct things of the action? (small: backtrack)
function assign(objs, things, me, used = new Set(), i = 0) {
  if (i === objs.length) return true;
  for (let j = 0; j < things.length; j++) {
    if (used.has(j) || !fits(objs[i], things[j], me)) continue;
    used.add(j);
    if (assign(objs, things, me, used, i + 1)) return true;
    used.delete(j);
  }
  return false;
}

export class Acting {
  constructor(legal, L, me, send, selection) {
    this.acts = legal.map((a) => parseAction(a, L));
    this.me = me;
    this.send = send;
    this.sel = selection;                       // kept across redraws of one version
    this.withThings = this.acts.filter((a) => a.things.length);
  }
  // actions the selection (plus o) could still become
  open(objs) {
    return this.withThings.filter((a) => objs.length <= a.things.length && assign(objs, a.things, this.me));
  }
  // actions the selection makes whole
  whole(objs = this.sel.objs) {
    return this.withThings.filter((a) => objs.length === a.things.length && assign(objs, a.things, this.me));
  }
  // may o be clicked now (alone, or joining the selection)?
  clickable(o) {
    if (this.sel.objs.some((x) => x.id === o.id)) return true;
    return this.open([...this.sel.objs, o]).length > 0 || this.open([o]).length > 0;
  }
  selected(o) { return this.sel.objs.some((x) => x.id === o.id); }
  click(o, redraw) {
    const objs = this.sel.objs;
    if (objs.some((x) => x.id === o.id)) {
      this.sel.objs = objs.filter((x) => x.id !== o.id);
      return redraw();
    }
    if (!objs.length && o.slot === undefined) {
      const alone = this.whole([o]);
      const more = this.open([o]).filter((a) => a.things.length > 1);
      if (alone.length === 1 && !more.length) return this.send(alone[0].text);
    }
    const joined = [...objs, o];
    this.sel.objs = this.open(joined).length ? joined : this.open([o]).length ? [o] : [];
    redraw();
  }
  clear(redraw) { this.sel.objs = []; redraw(); }
  // is a card text part of any action (so its card is worth clicking)?
  names(card) { return this.withThings.some((a) => a.things.some((t) => fits({ card }, t, this.me))); }
  // the action texts that name things (drawn on the table, not as plain buttons)
  thingTexts() { return new Set(this.withThings.map((a) => a.text)); }
}
