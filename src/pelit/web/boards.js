// Boards of cells (Hex, Y, Go) and card grids (Memory).  A board is rows of
// cells: lists, or strings with one character a cell ("R.B").  The game's
// layout names the board's key and shape; the last move is marked and a
// winning chain drawn where the view gives them (roles last_move, moves, chain).

import { h, esc } from "./dom.js";
import { isCard, cardInline, cardBackSVG, cardSVG } from "./cards.js";

export function boardRows(v, L) {
  if (L && L.columns && !v.some(Array.isArray)) {     // a flat list, row by row
    const rows = [];
    for (let i = 0; i < v.length; i += L.columns) rows.push(v.slice(i, i + L.columns));
    return rows;
  }
  return v.map((r) => (typeof r === "string" ? Array.from(r) : r));
}

export function cellName(r, c, L, rows) {
  if (L.cell === "row-col") return `${r} ${c}`;
  // Go: column letters without i, rows counted from the bottom (e5 is 9x9's centre)
  if (L.cell === "go") return "abcdefghjklmnopqrst"[c] + (rows - r);
  // cells numbered 1.. row by row, acted on with a verb: "flip 12" (Memory)
  if (L.cell === "index") return `${L.verb || "play"} ${r * L.columns + c + 1}`;
  return "abcdefghijklmnopqrstuvwxyz"[c] + (r + 1);
}

const STONE = ["#c62828", "#1565c0", "#f5f5f5", "#212121", "#2e7d32", "#6a1b9a"];
const STONE_CHAR = { R: "#c62828", B: "#1565c0", W: "#f5f5f5", X: "#212121", K: "#212121" };
function stoneColour(x, L) {
  if (L.stones && Object.prototype.hasOwnProperty.call(L.stones, String(x))) return L.stones[String(x)];
  if (x === null || x === "" || x === "." || x === "-" || x === -1) return null;
  if (typeof x === "number") return STONE[x % STONE.length];
  if (STONE_CHAR[x]) return STONE_CHAR[x];
  return STONE[String(x).charCodeAt(0) % STONE.length];
}

// the last move on the board: a last_move entry, else the last cell of the moves
function lastCell(m) {
  const e = m.first("last_move");
  if (e && typeof e.value === "string") return e.value;
  const mv = m.first("moves");
  if (mv && Array.isArray(mv.value)) {
    const cells = mv.value.filter((x) => typeof x === "string" && /^[a-z]\d+$/.test(x));
    return cells.length ? cells[cells.length - 1] : null;
  }
  return null;
}

export function boardEl(key, raw, m, ctx) {
  const L = m.L;
  const grid = boardRows(raw, L);
  const rows = grid.length, cols = Math.max(...grid.map((r) => r.length));
  const legal = new Set(m.legal);
  m.boardCells = m.boardCells || new Set();
  grid.forEach((row, r) => row.forEach((_, c) => m.boardCells.add(cellName(r, c, L, rows))));
  const clickable = (name) => ctx.live && legal.has(name);
  const last = lastCell(m);
  const chainE = m.first("chain");
  const chain = new Set(chainE && Array.isArray(chainE.value) ? chainE.value : []);
  const shape = L.shape || "square";
  if (shape === "hex" || shape === "triangle") {
    // pointy-top hexagons; "hex": each row half a cell right of the one above
    // (a rhombus); "triangle": half a cell left (a pyramid).
    const s = 14, w = Math.sqrt(3) * s;
    const shift = shape === "hex" ? 0.5 : -0.5;
    const x0 = shape === "hex" ? 0 : (rows - 1) * w / 2;
    const pts = (cx, cy, rad = s) => Array.from({ length: 6 }, (_, i) => {
      const a = Math.PI / 180 * (60 * i - 30);
      return `${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
    const pad = 14;
    const W = (shape === "hex" ? w * (cols + (rows - 1) / 2) + 2 * s : w * cols + 2 * s) + pad;
    const H = 1.5 * s * (rows - 1) + 2 * s + 12 + pad;
    let svg = "";
    const centre = (r, c) => [pad + s + 6 + w / 2 + x0 + w * (c + shift * r) - w / 2, pad + s + 6 + 1.5 * s * r];
    const label = (x, y, t) => `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="9" fill="#f3e6c4" text-anchor="middle" font-family="sans-serif">${t}</text>`;
    for (let r = 0; r < rows; r++) {
      const [cx, cy] = centre(r, 0);
      svg += label(cx - w / 2 - 13, cy + 3, r + 1);
    }
    if (shape === "hex") {
      for (let c = 0; c < cols; c++) {
        const [cx, cy] = centre(0, c);
        svg += label(cx, cy - s - 8, "abcdefghijklmnopqrstuvwxyz"[c]);
      }
      // the sides: the first colour owns top and bottom, the second left and right
      const e = L.edges || [STONE[0], STONE[1]];
      const band = (a, b, colour) => `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${colour}" stroke-width="5" stroke-linecap="round"/>`;
      const [tlx, tly] = centre(0, 0), [trx] = centre(0, cols - 1), [blx, bly] = centre(rows - 1, 0), [brx] = centre(rows - 1, cols - 1);
      svg += band([tlx - w / 2, tly - s - 2], [trx + w / 2, tly - s - 2], e[0]);
      svg += band([blx - w / 2, bly + s + 2], [brx + w / 2, bly + s + 2], e[0]);
      svg += band([tlx - w / 2 - 3, tly], [blx - w / 2 - 3, bly], e[1]);
      svg += band([trx + w / 2 + 3, tly], [brx + w / 2 + 3, bly], e[1]);
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < grid[r].length; c++) {
        const [cx, cy] = centre(r, c);
        const col = stoneColour(grid[r][c], L);
        const name = cellName(r, c, L, rows);
        const play = clickable(name);
        const inChain = chain.has(name);
        svg += `<polygon class="cell${play ? " playable" : ""}${inChain ? " chain" : ""}" data-cell="${esc(name)}" points="${pts(cx, cy)}" fill="${col || "#f3e6c4"}" stroke="#5d4a2a" stroke-width="1"><title>${esc(name)}</title></polygon>`;
      }
    }
    // the winning chain outlined over the cells, and the last stone marked
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < grid[r].length; c++) {
        const [cx, cy] = centre(r, c);
        const name = cellName(r, c, L, rows);
        if (chain.has(name)) svg += `<polygon class="chainmark" points="${pts(cx, cy, s - 1.5)}" fill="none" stroke="#ffd75e" stroke-width="3" pointer-events="none"/>`;
        if (name === last) svg += `<circle class="lastmove" data-last="${esc(name)}" cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="4" fill="#fff" stroke="#000" stroke-width="1" pointer-events="none"/>`;
      }
    }
    const wrap = h("div", { class: "hexboard", "data-board": key, html: `<svg viewBox="0 0 ${W.toFixed(0)} ${H.toFixed(0)}" role="img" aria-label="board">${svg}</svg>` });
    wrap.querySelectorAll("polygon.playable").forEach((p) => p.addEventListener("click", () => ctx.send(p.dataset.cell)));
    return wrap;
  }
  // a square board: Go is played on the lines' crossings
  const go = L.cell === "go";
  const size = go ? 34 : 28;
  const el = h("div", { class: "squareboard" + (go ? " go" : ""), "data-board": key, style: `grid-template-columns: repeat(${cols}, ${size}px)` });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = grid[r][c];
      const col = stoneColour(x, L);
      const name = cellName(r, c, L, rows);
      const play = clickable(name);
      const edge = go ? [r === 0 && "t", r === rows - 1 && "b", c === 0 && "l", c === cols - 1 && "r"].filter(Boolean).map((e) => " e" + e).join("") : "";
      el.append(h(play ? "button" : "span", { class: "sq" + edge + (play ? " playable" : "") + (chain.has(name) ? " chain" : ""),
        type: play ? "button" : null, "data-cell": name, title: name, onclick: play ? () => ctx.send(name) : null },
        col ? h("span", { class: "stone" + (name === last ? " last" : ""), style: `background:${col}`, "data-last": name === last ? name : null }) : null));
    }
  }
  return el;
}

// a grid of cards (Memory): faces where the view shows them, backs where a
// card lies face down, gaps where it has gone; clicked as "VERB N"
export function gridEl(key, raw, m, ctx) {
  const L = m.L;
  const grid = boardRows(raw, L);
  const rows = grid.length, cols = Math.max(...grid.map((r) => r.length));
  const legal = new Set(m.legal);
  m.boardCells = m.boardCells || new Set();
  const el = h("div", { class: "cardgrid", "data-board": key, style: `grid-template-columns: repeat(${cols}, var(--grid-w))` });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = grid[r][c];
      const name = cellName(r, c, L, rows);
      m.boardCells.add(name);
      const play = ctx.live && legal.has(name);
      const face = isCard(x) ? h("span", { class: "card", "data-card": x, html: cardSVG(x) })
        : x === null ? h("span", { class: "card gap" }) : h("span", { class: "card back", html: cardBackSVG() });
      el.append(h(play ? "button" : "span", { class: "sq cardcell" + (play ? " playable" : ""), type: play ? "button" : null,
        "data-cell": name, title: name, onclick: play ? () => ctx.send(name) : null }, face));
    }
  }
  return el;
}
export { cardInline };
