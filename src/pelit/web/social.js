// Playing together: the table chat (each seat can be muted; messages are
// drawn as text, never HTML), hints, the move timer's countdown, notices,
// and the rematch.

import { h, api, store } from "./dom.js";

export function mutedSeats(tid) { return new Set(store("pelit.mute." + tid) || []); }
function setMuted(tid, set) { store("pelit.mute." + tid, [...set]); }

// the chat box: messages of seats not muted, a mute toggle per seat, a line to type
export function chatBox(T, m) {
  const muted = mutedSeats(T.id);
  const list = h("div", { class: "chatlog", id: "chatlog", "aria-live": "polite" });
  for (const msg of T.chat) {
    if (muted.has(msg.seat)) continue;
    list.append(h("div", { class: "msg", "data-seat": msg.seat },
      h("b", {}, (T.me && msg.seat === T.me.seat ? "You" : msg.name || "seat " + msg.seat) + ": "),
      h("span", { class: "text" }, msg.text)));       // text, never HTML
  }
  const hidden = T.chat.filter((x) => muted.has(x.seat)).length;
  if (hidden) list.append(h("div", { class: "muted small" }, `${hidden} message${hidden === 1 ? "" : "s"} from muted seats hidden`));
  const mutes = h("div", { class: "mutes" }, "Mute: ", T.frame.table.seats.filter((s) => s.kind === "human" && !(T.me && s.seat === T.me.seat)).map((s) =>
    h("label", { class: "mute" }, h("input", { type: "checkbox", "data-mute": s.seat, checked: muted.has(s.seat),
      onchange: (e) => { const set = mutedSeats(T.id); if (e.target.checked) set.add(s.seat); else set.delete(s.seat); setMuted(T.id, set); T.redraw(); } }), ` ${s.name}`)));
  const input = h("input", { id: "chat-text", type: "text", maxlength: 200, placeholder: T.me ? "say something" : "take a seat to chat",
    disabled: !T.me, value: T.chatDraft || "", oninput: (e) => { T.chatDraft = e.target.value; } });
  const go = () => {
    const text = input.value.trim();
    if (!text || !T.me) return;
    T.ws.send(JSON.stringify({ type: "chat", token: T.me.token, text }));
    T.chatDraft = "";
    input.value = "";
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  return h("section", { class: "panel chat", id: "chat" }, h("h3", {}, "Table chat"), list,
    T.chatError ? h("div", { class: "error small", id: "chat-error" }, T.chatError) : null,
    h("div", { class: "row" }, input, h("button", { id: "chat-send", type: "button", disabled: !T.me, onclick: go }, "Send")),
    m && T.frame.table.seats.some((s) => s.kind === "human" && !(T.me && s.seat === T.me.seat)) ? mutes : null);
}

// the countdown of the move timer, where the table has one
export function timerEl(T) {
  const t = T.frame.timer;
  if (!t) return null;
  const el = h("span", { class: "timer", id: "timer" });
  const until = T.timerAt + t.left * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    el.textContent = ` · ${left} s`;
    el.classList.toggle("low", left <= 5);
  };
  tick();
  clearInterval(T.timerTick);
  T.timerTick = setInterval(tick, 500);
  return el;
}

export async function rematch(T) {
  const body = T.host ? { host: T.host } : { token: T.me && T.me.token };
  const res = await api("POST", `/api/tables/${T.id}/rematch`, body);
  if (res.host) store("pelit.host." + res.id, res.host);
  goRematch(T, res.id);
}
// the same seat token holds the same seat at the new table
export function goRematch(T, id) {
  // once: the button's answer and the table's "rematch" message both lead here
  if (T.leaving) return;
  T.leaving = true;
  if (T.me) store("pelit.seat." + id, T.me);
  if (T.held && Object.keys(T.held).length > 1) store("pelit.held." + id, T.held);   // a hot seat stays one (where the game allows it)
  location.href = "/t/" + id;
}
