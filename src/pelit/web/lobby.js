// The lobby: choose a game and its options, create a table, see recent tables.

import { h, api, store, games, words } from "./dom.js";
import { showRules, rulesButton } from "./rules.js";

const app = document.getElementById("app");

export async function lobby() {
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
    rulesButton(() => showRules(chosen, null));
    about.replaceChildren(h("p", {}, chosen.summary.slice(0, 260) + (chosen.summary.length > 260 ? "…" : ""),
      " ", h("a", { href: "#", onclick: (e) => { e.preventDefault(); showRules(chosen, null); } }, "Rules")));
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
      h("button", { class: "primary", id: "create", type: "button", onclick: create }, "Create table")),
    h("section", { class: "panel" }, h("h2", {}, "Public tables"),
      recent.length ? h("ul", { class: "tables" }, recent.map((t) => h("li", {},
        h("a", { href: "/t/" + t.id }, `${t.game} · ${t.status}` + (t.free_seats ? ` · ${t.free_seats} free` : "")),
        h("span", { class: "muted" }, " " + new Date(t.created * 1000).toLocaleString()))))
        : h("p", { class: "muted" }, "None now.")),
  );
  draw();
}
