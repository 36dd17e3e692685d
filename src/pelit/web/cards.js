// Playing cards drawn as SVG by pelit (our own drawing, no outside art).
// Four suit colours so suits tell apart at a glance, even on a small screen.
(function () {
"use strict";

const SUIT_GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_COLOUR = { S: "#1b1b1b", H: "#c8102e", D: "#1f5fbf", C: "#1d7a32" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_SHOW = { T: "10" };
const CARD_RE = /^(?:[2-9TJQKA][SHDC]|JK)$/;

function isCard(x) {
  return typeof x === "string" && CARD_RE.test(x);
}

function cardLabel(text) {
  if (text === "JK") return "Joker";
  return (RANK_SHOW[text[0]] || text[0]) + SUIT_GLYPH[text[1]];
}

// One card face as an SVG string (viewBox 0 0 60 84).
function cardSVG(text) {
  if (text === "JK") {
    return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="joker">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<text x="6" y="18" font-size="13" font-weight="700" fill="#7b2cbf" font-family="sans-serif">JK</text>
<text x="30" y="56" font-size="30" text-anchor="middle" fill="#7b2cbf">\u2605</text></svg>`;
  }
  const rank = RANK_SHOW[text[0]] || text[0];
  const suit = text[1];
  const col = SUIT_COLOUR[suit];
  const g = SUIT_GLYPH[suit];
  const court = "JQK".includes(text[0]);
  const centre = court
    ? `<rect x="15" y="22" width="30" height="40" rx="3" fill="none" stroke="${col}" stroke-width="1.5"/>
<text x="30" y="50" font-size="20" font-weight="700" text-anchor="middle" fill="${col}" font-family="serif">${rank}</text>`
    : `<text x="30" y="57" font-size="${text[0] === "A" ? 34 : 26}" text-anchor="middle" fill="${col}">${g}</text>`;
  return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="${rank} of ${SUIT_NAME[suit]}">
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<text x="5" y="17" font-size="14" font-weight="700" fill="${col}" font-family="sans-serif">${rank}</text>
<text x="5" y="30" font-size="12" fill="${col}">${g}</text>
${centre}
<g transform="rotate(180 30 42)"><text x="5" y="17" font-size="14" font-weight="700" fill="${col}" font-family="sans-serif">${rank}</text>
<text x="5" y="30" font-size="12" fill="${col}">${g}</text></g></svg>`;
}

function cardBackSVG() {
  return `<svg class="cardsvg" viewBox="0 0 60 84" role="img" aria-label="card back">
<defs><pattern id="pb" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="8" height="8" fill="#28527a"/><rect width="4" height="8" fill="#3a6ea5"/></pattern></defs>
<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#999"/>
<rect x="5" y="5" width="50" height="74" rx="4" fill="url(#pb)"/></svg>`;
}

// Card text with a coloured suit, for logs and buttons (HTML string).
function cardInline(text) {
  if (text === "JK") return `<span class="ci" style="color:#7b2cbf">JK</span>`;
  const rank = RANK_SHOW[text[0]] || text[0];
  return `<span class="ci" style="color:${SUIT_COLOUR[text[1]]}">${rank}${SUIT_GLYPH[text[1]]}</span>`;
}

window.PelitCards = { isCard, cardSVG, cardBackSVG, cardInline, cardLabel };
})();
