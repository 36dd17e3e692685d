// The feel of a table: the tab title and an optional sound when it is your
// turn, and which cards are new since the last frame (they are animated in;
// prefers-reduced-motion turns the animations off in style.css).

import { store } from "./dom.js";

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
