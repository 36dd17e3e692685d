// The feel of a table: the tab title and an optional sound when it is your
// turn, and which cards are new since the last frame (they are animated in;
// prefers-reduced-motion turns the animations off in style.css).

import { store } from "./dom.js";
import { cardBackSVG } from "./cards.js";

const BACK = cardBackSVG();

let audio = null;
export function soundOn() { return store("pelit.sound") === true; }
export function setSound(on) { store("pelit.sound", !!on); }

function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator(), g = audio.createGain();
    o.type = "sine";
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.3);
  } catch (e) { /* no audio here: the title still says it */ }
}

let wasMyTurn = false;
// the title says whose turn it is; the sound plays once as the turn comes
export function announceTurn(gameName, mine, status) {
  document.title = (mine ? "● Your turn · " : "") + `${gameName}${status === "over" ? " · over" : ""} · pelit`;
  if (mine && !wasMyTurn && soundOn() && document.visibilityState !== "visible") beep();
  else if (mine && !wasMyTurn && soundOn()) beep();
  wasMyTurn = mine;
}

// cards in the trick and the hand that were not there in the last frame
export function freshCards(prev, m, freshEvents) {
  const trickNow = new Set();
  const t = m.first("trick");
  if (t) for (const [, c] of t.value) trickNow.add(c);
  const before = new Set();
  if (prev) { const pt = prev.first("trick"); if (pt) for (const [, c] of pt.value) before.add(c); }
  const fresh = new Set([...trickNow].filter((c) => !before.has(c)));
  // a new deal's hand is dealt in
  const hand = m.first("hand");
  const dealt = hand && prev && freshEvents.some((e) => e.kind === "new_deal") ? new Set(hand.value) : new Set();
  return { fresh, dealt };
}

// Cards gathered in: the finished trick to its winner, a captured pile to
// its capturer.  Drawn as backs only (faces would outlive what the view
// shows), for a moment, then gone; nothing at all under reduced motion.
export function sweep(felt, fromSel, toSeat, count) {
  if (!felt || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const from = felt.querySelector(fromSel), to = felt.querySelector(`.seat[data-seat="${toSeat}"]`);
  if (!from || !to) return;
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect(), f = felt.getBoundingClientRect();
  for (let i = 0; i < Math.min(count, 4); i++) {
    const el = document.createElement("span");
    el.className = "sweep";
    el.innerHTML = BACK;
    el.style.left = `${a.left - f.left + a.width / 2 - 20 + i * 6}px`;
    el.style.top = `${a.top - f.top + a.height / 2 - 28}px`;
    el.style.setProperty("--dx", `${b.left - a.left + b.width / 2 - a.width / 2}px`);
    el.style.setProperty("--dy", `${b.top - a.top + b.height / 2 - a.height / 2}px`);
    el.addEventListener("animationend", () => el.remove());
    felt.append(el);
  }
}
