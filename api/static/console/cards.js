// The Spoils' cards in the console: a card panel (printed text, script and automation side by side,
// from GET /cards/spoils/{name}) reachable from a search box and from any card on the Spoils board,
// and a "new game from decks" form that reads two OCTGN .o8d files in the browser and POSTs /games.
// Every API value goes into the page as text (textContent through h()), never as HTML.
import {h as make} from "./render.js";

/** render.js's h() with an id: h("section#decks.panel", ...). */
function h(spec, ...rest) {
  const [, tag, id, classes] = spec.match(/^([^#.]*)(?:#([^.]+))?(.*)$/);
  const node = make(`${tag || "div"}${classes}`, ...rest);
  if (id) node.id = id;
  return node;
}

const KEY = "adjudicator.apiKey";
const BASE = new URL(".", location.href).pathname;
const $ = (id) => document.getElementById(id);
const LEVEL_WORDS = {full: "fully enforced", partial: "partly enforced", none: "not enforced (text only)"};

let page = null; // the console's page state, announced with each "console:game" event

async function api(method, path, body) {
  const headers = {Accept: "application/json, application/problem+json"};
  const key = sessionStorage.getItem(KEY);
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const url = BASE + path;
  const started = performance.now();
  let resp;
  try {
    resp = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (err) {
    return {ok: false, status: 0, data: {title: "The service does not answer", detail: String(err)}};
  }
  const text = await resp.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = {detail: text}; }
  $("requests")?.prepend(h("li", h("code", `${method} ${url}`), ` → ${resp.status} (${Math.round(performance.now() - started)} ms)`));
  return {ok: resp.ok, status: resp.status, data};
}

function problem(r) {
  const d = r.data || {};
  const items = [...(d.violations || []).map((v) => [v.rule?.id || v.rule || "", v.message]),
                 ...(d.errors || []).map((e) => [e.field, e.message])];
  // A refused deck is named as such (whatever the problem's type), with each of its problems.
  const deck = (d.errors || []).map((e) => /^players\.(\d+)\.deck/.exec(e.field || "")).find(Boolean);
  const who = deck ? ($(`d-p${Number(deck[1]) + 1}`)?.value || `player ${Number(deck[1]) + 1}`) : null;
  const title = deck ? `${who}'s deck is refused` : d.title || "Refused";
  return h("div.problem", {role: "alert"}, h("b", `${r.status} ${title}`), d.detail ? h("p.detail", d.detail) : null,
    items.length ? h("ul.deck-problems-list", items.map(([where, what]) => h("li", where ? h("code", where) : null, " ", what))) : null);
}

/** Checks a deck file as the game will (POST /decks/spoils/validate) and shows its problems. */
async function checkDeck(n) {
  const out = $(`d-check${n}`);
  const file = $(`d-f${n}`).files[0];
  if (!file) { out.replaceChildren(); return; }
  let text;
  try { text = await readFile(file); } catch (err) { out.replaceChildren(h("p.bad", `${file.name}: ${err}`)); return; }
  const headers = {Accept: "application/json, application/problem+json", "Content-Type": "application/xml"};
  const key = sessionStorage.getItem(KEY);
  if (key) headers.Authorization = `Bearer ${key}`;
  const format = $("d-format").value;
  const resp = await fetch(`${BASE}decks/spoils/validate?format=${format}`, {method: "POST", headers, body: text});
  let d = null;
  try { d = await resp.json(); } catch { d = {detail: `${resp.status}`}; }
  if (!resp.ok) { out.replaceChildren(problem({status: resp.status, data: d})); return; }
  const findings = d.findings || [];
  out.replaceChildren(h(`div.deck-check.${d.valid ? "ok" : "bad"}`, {dataset: {valid: String(d.valid)}},
    h("b", d.valid ? `✓ ${file.name}: a legal ${d.format} deck (${d.cards} cards)`
                   : `✗ ${file.name}: ${findings.length} problem(s) as a ${d.format} deck (${d.cards} cards)`),
    findings.length ? h("ul.deck-problems-list", findings.map((f) => h("li", h("code", f.rule?.id || f.rule_id || ""), " ",
      f.message))) : null));
}

// ---------------------------------------------------------------------------------- card panel

function cardDialog() {
  let dlg = $("card-panel");
  if (dlg) return dlg;
  dlg = h("dialog#card-panel.card-panel", {"aria-labelledby": "cp-h"},
    h("div.cp-head", h("h2#cp-h", "Spoils card"),
      h("button#cp-close", {type: "button", "aria-label": "Close the card panel", onclick: () => dlg.close()}, "Close")),
    h("form#cp-form.cp-search", {role: "search", autocomplete: "off", onsubmit: (e) => { e.preventDefault(); showCard($("cp-name").value, $("cp-asof").value); }},
      h("span.field", h("label", {for: "cp-name"}, "Card name"),
        h("input#cp-name", {type: "search", list: "cp-names", required: true, size: 24, oninput: suggest})),
      h("datalist#cp-names"),
      h("span.field", h("label", {for: "cp-asof"}, "As of (optional)"), h("input#cp-asof", {type: "date"})),
      h("button.primary", {type: "submit"}, "Show card")),
    h("div#cp-body.cp-body", {"aria-live": "polite"}));
  document.body.append(dlg);
  return dlg;
}

let suggestTimer = null;
function suggest() {
  clearTimeout(suggestTimer);
  const q = $("cp-name").value.trim();
  if (q.length < 2) return;
  suggestTimer = setTimeout(async () => {
    const r = await api("GET", `cards/spoils?q=${encodeURIComponent(q)}&limit=20`);
    if (r.ok) $("cp-names").replaceChildren(...r.data.names.map((n) => h("option", {value: n})));
  }, 250);
}

/** Opens the card panel on ``name`` (the printing in force on ``asOf`` when given). */
export async function openCard(name, asOf) {
  const dlg = cardDialog();
  if (!dlg.open) dlg.showModal();
  $("cp-name").value = name || "";
  $("cp-asof").value = asOf || "";
  if (name) await showCard(name, asOf); else $("cp-name").focus();
}

async function showCard(name, asOf) {
  const body = $("cp-body");
  name = String(name || "").trim();
  if (!name) return;
  delete body.dataset.card;
  body.replaceChildren(h("p.muted", `Looking up ${name}…`));
  const query = asOf ? `?as_of=${encodeURIComponent(asOf)}` : "";
  const r = await api("GET", `cards/spoils/${encodeURIComponent(name)}${query}`);
  if (!r.ok) {
    const near = await api("GET", `cards/spoils?q=${encodeURIComponent(name)}&limit=12`);
    const names = near.ok ? near.data.names : [];
    body.replaceChildren(problem(r), ...(names.length ? [h("div.cp-near", h("span.muted", "Cards whose name contains it: "),
      names.map((n) => h("button.linkish", {type: "button", onclick: () => openCard(n, asOf)}, n)))] : []));
    return;
  }
  const docs = r.data.ambiguous ? r.data.cards : [r.data];
  body.replaceChildren(...(r.data.ambiguous ? [h("p.warn", r.data.detail)] : []), ...docs.map(cardView));
  body.dataset.card = r.data.name;
}

function cardView(d) {
  const p = d.printing || {};
  const f = p.fields || {};
  const stats = [["Cost", p.cost], ["Threshold", f.threshold], ["Strength", f.strength], ["Life", f.life],
                 ["Speed", f.speed], ["Structure", f.structure]].filter(([, v]) => v !== null && v !== undefined && v !== "");
  const auto = d.automation || {level: "none", not_covered: []};
  return h("article.cp-card", {dataset: {level: auto.level}},
    h("header.cp-title", h("h3", d.name), h("span.muted", [p.type, f.subtype, f.trade].filter(Boolean).join(" · ")),
      h(`span.level.level-${auto.level}`, {title: LEVEL_WORDS[auto.level] || auto.level}, `automation: ${auto.level}`)),
    h("div.cp-columns",
      h("section.cp-text", {"aria-label": "printed text"},
        h("h4", "Printed text"),
        h("p.printed", d.text || "(no rules text)"),
        stats.length ? h("dl.cp-stats", stats.map(([k, v]) => h("div", h("dt", k), h("dd", String(v))))) : null,
        h("p.muted.small", `${p.edition || "?"}${p.released ? ` (${p.released})` : ""}${d.as_of ? ` · in force on ${d.as_of}` : ""}`),
        d.reason ? h("p.muted.small", d.reason) : null,
        (d.printings || []).length > 1 ? h("details.small", h("summary", `${d.printings.length} printings`),
          h("ul", d.printings.map((x) => h("li", `${x.edition}${x.released ? ` (${x.released})` : ""}: `, h("span.printed", x.text || "—"))))) : null),
      h("section.cp-script", {"aria-label": "script"},
        h("h4", "Script"),
        d.script ? scriptView(d.script) : h("p.muted", "No script: the engine knows this card by its printed values only."),
        d.script ? h("details.raw", h("summary", "Script (JSON)"), h("pre.cp-json", JSON.stringify(d.script, null, 2))) : null),
      h("section.cp-auto", {"aria-label": "automation"},
        h("h4", "Automation"),
        h("p", h(`b.level-word.level-${auto.level}`, auto.level), ` — ${LEVEL_WORDS[auto.level] || ""}`,
          auto.stale ? h("span.bad", " · the script was written from another text (stale)") : null),
        auto.not_covered?.length
          ? [h("p.small", "Not covered (the judge resolves it with a ruling or resolve_trigger):"),
             h("ul.not-covered", auto.not_covered.map((t) => h("li", t)))]
          : h("p.small.muted", "Nothing left to the judge: the script says all the printed text."))));
}

/** A script as labelled steps: each ability's parts (cost, play, trigger, ...) and their operations. */
function scriptView(script) {
  const abilities = script.abilities || [];
  const other = Object.entries(script).filter(([k]) => !["abilities", "text_sha"].includes(k));
  return h("div.script-words",
    abilities.length ? h("ol.abilities", abilities.map((a) => h("li", h("dl", Object.entries(a).map(([part, v]) =>
      h("div", h("dt", part.replaceAll("_", " ")), h("dd", ops(v)))))))) : h("p.muted", "no abilities"),
    other.length ? h("dl", other.map(([k, v]) => h("div", h("dt", k.replaceAll("_", " ")), h("dd", ops(v))))) : null);
}

function ops(v) {
  if (Array.isArray(v)) return h("ul.ops", v.map((x) => h("li", ops(x))));
  if (v && typeof v === "object") {
    return Object.entries(v).map(([k, x], i) => [i ? "; " : "", h("b", k.replaceAll("_", " ")),
      x && typeof x === "object" && !Array.isArray(x) && Object.values(x).every((y) => y === null || typeof y !== "object")
        ? ` (${Object.entries(x).map(([a, b]) => `${a.replaceAll("_", " ")}: ${b}`).join(", ")})`
        : [" ", x && typeof x === "object" ? ops(x) : String(x)]]);
  }
  return String(v);
}

// ------------------------------------------------------------------------ board cards open it

const BOARD_CARDS = ".spoils [data-card], .spoils .faction, .spoils .resource:not(.face-down)";

/** The card name a Spoils board element shows: a card in play, a faction, a face-up resource. */
function boardCard(el) {
  const card = el.closest?.("#board .spoils [data-card], #board .spoils .faction, #board .spoils .resource:not(.face-down)");
  if (!card) return null;
  if (card.matches(".faction")) return card.textContent.trim() || null;
  if (card.matches(".resource")) return card.firstChild?.textContent.trim() || null;
  return card.querySelector(".card-name, b")?.textContent || null;
}

function asOfOfGame() {
  return page?.state?.cards_as_of || "";
}

function watchBoard() {
  const board = $("board");
  if (!board) return;
  board.addEventListener("click", (e) => {
    const name = boardCard(e.target);
    if (name) openCard(name, asOfOfGame());
  });
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const name = e.target.matches?.(BOARD_CARDS) ? boardCard(e.target) : null;
    if (name) { e.preventDefault(); openCard(name, asOfOfGame()); }
  });
  // The board is redrawn at each position: its Spoils cards become focusable links to the panel.
  new MutationObserver(() => {
    for (const c of board.querySelectorAll(`:is(${BOARD_CARDS}):not([tabindex])`)) {
      c.tabIndex = 0;
      c.title = `${c.title ? `${c.title} · ` : ""}open the card panel`;
      c.classList.add("opens-card");
    }
  }).observe(board, {childList: true, subtree: true});
}

// ----------------------------------------------------------------------- new game from decks

function deckSection() {
  let sec = $("decks");
  if (sec) return sec;
  const player = (n, id) => h("fieldset.deck-player", h("legend", `Player ${n}`),
    h("span.field", h("label", {for: `d-p${n}`}, `Player ${n} id`), h("input", {id: `d-p${n}`, value: id, size: 10, required: true})),
    h("span.field", h("label", {for: `d-f${n}`}, `Player ${n} deck (.o8d)`),
      h("input", {id: `d-f${n}`, type: "file", accept: ".o8d,application/xml,text/xml", required: true,
                  onchange: () => checkDeck(n)})),
    h("div", {id: `d-check${n}`, class: "deck-check-result", "aria-live": "polite"}));
  sec = h("section#decks.panel", {hidden: true, "aria-labelledby": "decks-h"},
    h("h2#decks-h", "New game from decks (The Spoils)"),
    h("form#decks-form", {onsubmit: createFromDecks},
      h("div.deck-players", player(1, "alice"), player(2, "bob")),
      h("div.fields",
        h("span.field", h("label", {for: "d-first"}, "First player"), h("input#d-first", {size: 10, placeholder: "player 1"})),
        h("span.field", h("label", {for: "d-format"}, "Format"),
          h("select#d-format", {"aria-describedby": "d-format-help", onchange: () => { checkDeck(1); checkDeck(2); }},
            h("option", {value: "constructed"}, "constructed (75 cards or more)"),
            h("option", {value: "limited"}, "limited (precon, sealed, draft)"))),
        h("span.field", h("label", {for: "d-asof"}, "Cards as of"), h("input#d-asof", {type: "date", "aria-describedby": "d-asof-help"})),
        h("span.field.check", h("input#d-unknown", {type: "checkbox"}), h("label", {for: "d-unknown"}, "Allow unknown cards (kept as text only)"))),
      h("p#d-asof-help.help", "The printing of every card in force on this day is used for the whole game (105.1); empty: today."),
      h("p#d-format-help.help", "The deck-construction rules the decks are checked by (setup.format): each deck's "
        + "problems show as soon as its file is chosen, and on the board."),
      h("div.row", h("button.primary", {type: "submit"}, "Start the game"),
        h("button", {type: "button", onclick: () => { sec.hidden = true; }}, "Cancel")),
      h("div#decks-result", {role: "status"})));
  const create = $("create");
  create.after(sec);
  return sec;
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, "utf-8");
  });
}

async function createFromDecks(e) {
  e.preventDefault();
  const out = $("decks-result");
  out.replaceChildren(h("p.muted", "Reading the decks…"));
  const players = [];
  for (const n of [1, 2]) {
    const file = $(`d-f${n}`).files[0];
    const id = $(`d-p${n}`).value.trim();
    if (!file || !id) { out.replaceChildren(h("p.bad", `Player ${n}: an id and a deck file are needed.`)); return; }
    let deck;
    try { deck = await readFile(file); } catch (err) { out.replaceChildren(h("p.bad", `${file.name}: ${err}`)); return; }
    players.push({id, deck});
  }
  const body = {game: "spoils", players, allow_unknown: $("d-unknown").checked, setup: {format: $("d-format").value}};
  if ($("d-asof").value) body.cards_as_of = $("d-asof").value;
  if ($("d-first").value.trim()) body.first_player = $("d-first").value.trim();
  const r = await api("POST", "games", body);
  if (!r.ok) { out.replaceChildren(problem(r)); return; }
  out.replaceChildren();
  $("decks").hidden = true;
  document.dispatchEvent(new CustomEvent("console:open", {detail: {id: r.data.id}})); // console.js opens it
}

function showDecks() {
  const sec = deckSection();
  sec.hidden = false;
  $("create").hidden = true;
  $("welcome").hidden = true;
  sec.scrollIntoView({block: "start"});
  $("d-p1").focus();
}

function wire() {
  $("deck-game")?.addEventListener("click", showDecks);
  $("open-cards")?.addEventListener("click", () => openCard("", asOfOfGame()));
  $("new-game")?.addEventListener("click", () => { if ($("decks")) $("decks").hidden = true; });
  document.addEventListener("console:game", (e) => {
    page = e.detail.state;
    if ($("decks")) $("decks").hidden = true;
  });
  watchBoard();
}

wire();
