// Small DOM and HTTP helpers shared by the pages.

export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;",
    '"': "&quot;", "'": "&#39;" }[c]));
}

// h("div", {class: "x", onclick: f}, child, ...): an element; "html" sets
// innerHTML (only ever with text escaped by esc or our own card markup).
export function h(tag, attrs = {}, ...kids) {
  const el = tag === "svg" ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "html") el.innerHTML = v;
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

export function words(key) { return String(key).replace(/_/g, " "); }

export async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) throw new Error(data.message || res.statusText);
  return data;
}

export function store(key, value) {
  if (value === undefined) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
  }
  localStorage.setItem(key, JSON.stringify(value));
}

let catalog = null;
export async function games() {
  if (!catalog) catalog = (await api("GET", "/api/games")).games;
  return catalog;
}

// a dialog opened with content; closed by its × or Escape
export function openDialog(id, ...content) {
  const dlg = document.getElementById(id);
  dlg.querySelector(".body").replaceChildren(...content);
  if (!dlg.open) dlg.showModal();
  return dlg;
}
