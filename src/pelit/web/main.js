// pelit web client: the lobby, or a table (/t/ID).  Plain ES modules served
// as they are: no build step.
import { h } from "./dom.js";
import { lobby } from "./lobby.js";
import { tablePage } from "./table.js";

const app = document.getElementById("app");
const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
(m ? tablePage(m[1]) : lobby()).catch((e) => app.replaceChildren(h("div", { class: "error" }, String(e))));
