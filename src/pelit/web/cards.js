// Playing cards drawn as SVG by pelit (our own drawing, no outside art).
// Four suit colours so suits tell apart at a glance, even on a small screen.
// Every card face carries data-card (its text): the browser tests read the
// faces on the page from it.

const SUIT_GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const GLYPH_SUIT = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
export const SUIT_COLOUR = { S: "#1b1b1b", H: "#c8102e", D: "#1f5fbf", C: "#1d7a32" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_SHOW = { T: "10" };
const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };
const CARD_RE = /^(?:[2-9TJQKA][SHDC]|JK)$/;

export function isCard(x) {
  return typeof x === "string" && CARD_RE.test(x);
}

// the rank as action text spells it in the meld games ("7", "t", "q", "jk")
export function rankWord(text) {
  return text === "JK" ? "jk" : text[0].toLowerCase();
}

export function cardLabel(text) {
  if (text === "JK") return "Joker";
  return (RANK_SHOW[text[0]] || text[0]) + SUIT_GLYPH[text[1]];
}

export function cardName(text) {
  if (text === "JK") return "joker";
  return `${RANK_NAME[text[0]] || text[0]} of ${SUIT_NAME[text[1]]}`;
}

// One card face as an SVG string (viewBox 0 0 60 84).
// a card of a game's own pack (Top Trumps' named cards): its text, written
// across the face
function faceSVG(text) {
  const t = String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const size = Math.max(7, Math.min(18, Math.floor(80 / Math.max(1, String(text).length))));
  return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="${t}">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<text x="30" y="${42 + size / 3}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#1b1b1b" font-family="sans-serif">${t}</text></svg>`;
}

// Multimulta's cards (seed 000 ch. 10.1): a rank in up to three suits,
// spades, diamonds and clubs in that order, "-" where it has none ("KJ9",
// "A--"): drawn as the book's faces are, one rank and suit a row
const TRIPLE_RE = /^[2-9TJQKA-]{3}$/;
const TRIPLE_SUITS = ["S", "D", "C"];
function tripleSVG(text) {
  const rows = TRIPLE_SUITS.map((s, i) => {
    const r = text[i];
    const y = 24 + i * 22;
    if (r === "-") return `<text x="30" y="${y}" font-size="16" text-anchor="middle" fill="#bbb" font-family="sans-serif">\u2013</text>`;
    return `<text x="30" y="${y}" font-size="17" font-weight="700" text-anchor="middle" fill="${SUIT_COLOUR[s]}" font-family="sans-serif">${RANK_SHOW[r] || r}${SUIT_GLYPH[s]}</text>`;
  }).join("\n");
  const name = TRIPLE_SUITS.map((s, i) => text[i] === "-" ? null : `${RANK_NAME[text[i]] || text[i]} of ${SUIT_NAME[s]}`)
    .filter(Boolean).join(", ");
  return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="${text}: ${name}">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
${rows}</svg>`;
}

export function cardSVG(text) {
  if (typeof text === "string" && TRIPLE_RE.test(text) && text !== "---") return tripleSVG(text);
  if (text === "JK") {
    return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="joker">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<text x="6" y="18" font-size="13" font-weight="700" fill="#7b2cbf" font-family="sans-serif">JK</text>
<text x="30" y="56" font-size="30" text-anchor="middle" fill="#7b2cbf">\u2605</text></svg>`;
  }
  if (!isCard(text)) return faceSVG(text);
  const rank = RANK_SHOW[text[0]] || text[0];
  const suit = text[1];
  const col = SUIT_COLOUR[suit];
  const g = SUIT_GLYPH[suit];
  const court = "JQK".includes(text[0]);
  const centre = court
    ? `<rect x="15" y="22" width="30" height="40" rx="3" fill="none" stroke="${col}" stroke-width="1.5"/>
<text x="30" y="50" font-size="20" font-weight="700" text-anchor="middle" fill="${col}" font-family="serif">${rank}</text>`
    : `<text x="30" y="57" font-size="${text[0] === "A" ? 34 : 26}" text-anchor="middle" fill="${col}">${g}</text>`;
  return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="${cardName(text)}">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<text x="5" y="17" font-size="14" font-weight="700" fill="${col}" font-family="sans-serif">${rank}</text>
<text x="5" y="30" font-size="12" fill="${col}">${g}</text>
${centre}
<g transform="rotate(180 30 42)"><text x="5" y="17" font-size="14" font-weight="700" fill="${col}" font-family="sans-serif">${rank}</text>
<text x="5" y="30" font-size="12" fill="${col}">${g}</text></g></svg>`;
}

export function cardBackSVG() {
  return `<svg class="cardsvg back" viewBox="0 0 60 84" role="img" aria-label="card back">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<rect x="5" y="5" width="50" height="74" rx="4" fill="#28527a"/>
<path d="M5 20 L20 5 M5 35 L35 5 M5 50 L50 5 M5 65 L55 15 M5 79 L55 30 M20 79 L55 45 M35 79 L55 60 M50 79 L55 74" stroke="#3a6ea5" stroke-width="4"/></svg>`;
}

// Card text with a coloured suit, for logs and buttons (HTML string).
export function cardInline(text) {
  if (text === "JK") return `<span class="ci" data-card="JK" style="color:#7b2cbf">JK</span>`;
  const rank = RANK_SHOW[text[0]] || text[0];
  return `<span class="ci" data-card="${text}" style="color:${SUIT_COLOUR[text[1]]}">${rank}${SUIT_GLYPH[text[1]]}</span>`;
}

// Cards a game's own words name with suit symbols ("Q♠", "10♥", the joker
// 🃏) as inline cards; the text around them escaped.
export function glyphCards(text, esc) {
  const re = /(10|[2-9JQKA])([\u2660\u2665\u2666\u2663])|\u{1F0CF}/gu;
  let out = "", last = 0, m;
  while ((m = re.exec(text))) {
    out += esc(text.slice(last, m.index));
    out += m[0] === "\u{1F0CF}" ? cardInline("JK") : cardInline((m[1] === "10" ? "T" : m[1]) + GLYPH_SUIT[m[2]]);
    last = re.lastIndex;
  }
  return out + esc(text.slice(last));
}
