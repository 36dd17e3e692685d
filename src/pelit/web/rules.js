// The rules dialog: the game in short, how to act, and where the rule book
// speaks of the phase the table is in now (layout "rules", read from the
// game's own section headings or declared by it).

import { h, words, openDialog } from "./dom.js";

export function showRules(g, phase, layout) {
  const kids = [h("h2", {}, g.name),
    h("p", { class: "muted" }, `${g.min_seats === g.max_seats ? g.min_seats : g.min_seats + "–" + g.max_seats} players · ${g.family} · rule book ${g.source}`)];
  if (phase) {
    const sec = ((layout || g.layout || {}).rules || {})[phase];
    kids.push(h("p", { class: "now", id: "rules-now" }, h("b", {}, `Now: ${words(phase)}. `),
      sec ? `The rule book ${g.source}, section ${sec.section} (${sec.title}), says how this part goes.`
        : `See the rule book ${g.source} on ${words(phase)}.`));
  }
  kids.push(h("p", {}, g.summary || "No summary yet."));
  if (g.verbs.length) {
    kids.push(h("h3", {}, "How to act"), h("ul", {}, g.verbs.map(([form, what]) => h("li", {}, h("code", {}, form), " — ", what))));
  }
  kids.push(h("form", { method: "dialog" }, h("button", { class: "primary" }, "Close")));
  openDialog("rules", ...kids);
}

export function rulesButton(open) {
  const btn = document.getElementById("rules-btn");
  btn.classList.remove("hidden");
  btn.onclick = open;
}
