// The judge console: a page over the public HTTP API and nothing else (see /docs, /openapi.yaml).
// Every call goes through api() below, which adds the key a judge entered (Authorization: Bearer)
// and lists the request under "Requests this page made".
import {h, generic} from "./render.js";
import * as buffy from "./buffy.js";
import * as spoils from "./spoils.js";
import * as wowmini from "./wowmini.js";
import {ActionForm} from "./form.js";
import {ChoicesPanel} from "./choices.js";
import {namesOf} from "./pickers.js";

const VIEWS = {buffy, spoils, wowmini};
const GAME_NAMES = {buffy: "Buffy the Vampire Slayer CCG", spoils: "The Spoils", wowmini: "WoW Miniatures"};
const SHORT_NAMES = {buffy: "Buffy", spoils: "The Spoils", wowmini: "WoW Minis"};
const KEY = "adjudicator.apiKey";
const BASE = new URL(".", location.href).pathname; // the API's root, wherever the page is served
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------------------------- the API

async function api(method, path, {body, headers = {}, quiet = false} = {}) {
  const url = path.startsWith("/") ? path : BASE + path;
  const sent = {Accept: "application/json, application/problem+json", ...headers};
  const key = sessionStorage.getItem(KEY);
  if (key) sent.Authorization = `Bearer ${key}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const started = performance.now();
  let resp;
  try {
    resp = await fetch(url, {method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (err) {
    logRequest(method, url, "network error", started);
    return {ok: false, status: 0, data: {title: "The service does not answer", detail: String(err)}};
  }
  const text = await resp.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = {detail: text}; }
  if (!quiet) logRequest(method, url, resp.status, started, sent["If-Match"]);
  if (resp.status === 401 || resp.status === 403) keyStatus(`${resp.status}: ${data?.detail || "enter an API key"}`, true);
  return {ok: resp.ok, status: resp.status, data, headers: resp.headers};
}

function logRequest(method, url, status, started, ifMatch) {
  const list = $("requests");
  const ms = Math.round(performance.now() - started);
  list.prepend(h("li", h("code", `${method} ${url}`), ifMatch ? h("code", ` If-Match: ${ifMatch}`) : null, ` → ${status} (${ms} ms)`));
  while (list.children.length > 60) list.lastChild.remove();
}

async function allPages(path, field) {
  const out = [];
  let next = path;
  while (next) {
    const r = await api("GET", next);
    if (!r.ok) return {error: r};
    out.push(...r.data[field]);
    next = r.data.next;
  }
  return {items: out};
}

// ------------------------------------------------------------------------------ the page state

const S = {
  game: null,      // GET /games/{id}
  events: [],      // the whole log
  audit: null,     // GET /games/{id}/audit
  head: 1,         // the latest position
  at: 1,           // the selected position
  state: null,     // the state at the selected position
  player: null,    // whose legal actions are shown
  playerPinned: false,
  seq: 0,
  timer: null,
  form: null,      // the action form built from the legal actions' templates (form.js)
  choices: null,   // the choices a card's text asks, for the play or ability chosen (choices.js)
  legal: [],       // the legal actions shown
};

// ------------------------------------------------------------------------------- access key

function keyStatus(text, bad = false) {
  const el = $("key-status");
  el.textContent = text;
  el.classList.toggle("bad", bad);
}

function setupKey() {
  const has = sessionStorage.getItem(KEY);
  keyStatus(has ? "key in use (this tab only)" : "no key");
  $("key-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const value = $("api-key").value.trim();
    if (value) sessionStorage.setItem(KEY, value); else sessionStorage.removeItem(KEY);
    $("api-key").value = "";
    keyStatus(value ? "key in use (this tab only)" : "no key");
    refreshAll();
  });
  $("forget-key").addEventListener("click", () => {
    sessionStorage.removeItem(KEY);
    keyStatus("no key");
  });
}

async function refreshAll() {
  await loadGames();
  if (S.game) await openGame(S.game.id, S.at);
}

// ----------------------------------------------------------------------------------- games

let moreGames = null;

async function loadGames(more = false) {
  const r = await api("GET", more ? moreGames : "games?limit=100");
  const list = $("game-list");
  if (!r.ok) {
    $("games-status").textContent = problemText(r);
    return;
  }
  if (!more) list.replaceChildren();
  const items = [];
  for (const g of r.data.games) {
    const created = g.created_at ? new Date(g.created_at).toLocaleString() : "";
    const facts = h("span.game-facts", h("span.muted", `created ${created}`));
    list.append(h("li", h("button.game-link", {type: "button", dataset: {game: g.id, kind: g.game},
                                               "aria-current": S.game?.id === g.id ? "true" : null,
                                               onclick: () => openGame(g.id)},
      h("span.game-line", h(`span.game-kind.${g.game}`, SHORT_NAMES[g.game] || g.game), " ",
        h("b", (g.players || []).map((p) => p.id).join(" v "))),
      facts, h("small.muted.game-id", g.id.slice(0, 8)))));
    items.push([g, facts]);
  }
  describeGames(items);
  moreGames = r.data.next;
  $("more-games").hidden = !moreGames;
  $("games-status").textContent = list.children.length ? "" : "No games yet.";
}

/** Each listed game's status, position and last change (GET /games/{id}, then its last event). */
async function describeGames(items) {
  for (const [g, facts] of items.slice(0, 60)) {
    const r = await api("GET", `games/${g.id}`, {quiet: true});
    if (!r.ok) continue;
    const d = r.data;
    const last = await api("GET", `games/${g.id}/events?after=${Math.max(0, d.position - 1)}&limit=1`, {quiet: true});
    const when = last.ok && last.data.events[0]?.timestamp ? new Date(last.data.events[0].timestamp) : null;
    const status = d.status === "finished" ? `finished${d.winner?.player ? ` · ${d.winner.player} won` : ""}` : "in progress";
    facts.replaceChildren(h(`span.status.${d.status}`, status), ` · position ${d.position}`,
      when ? h("span", " · ", h("time", {datetime: when.toISOString(), title: when.toLocaleString()}, `last change ${ago(when)}`)) : "");
    facts.closest("button")?.setAttribute("data-position", String(d.position));
  }
}

function ago(when) {
  const s = Math.max(0, (Date.now() - when.getTime()) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return when.toLocaleDateString();
}

function markCurrentGame() {
  for (const b of document.querySelectorAll(".game-link")) {
    if (b.dataset.game === S.game?.id) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current");
  }
}

async function openGame(id, at) {
  // Opens may overlap (the live stream's refresh and the judge's own backup): the last one asked wins,
  // and while the judge's backup lands (S.landAtHead, backups.js) every open goes to the new head.
  const seq = S.openSeq = (S.openSeq || 0) + 1;
  const [g, log, audit] = await Promise.all([
    api("GET", `games/${id}`), allPages(`games/${id}/events?limit=1000`, "events"), api("GET", `games/${id}/audit`)]);
  if (seq !== S.openSeq) return;
  if (!g.ok) {
    $("welcome").hidden = false;
    $("welcome").textContent = problemText(g);
    return;
  }
  const switching = S.game?.id !== id;
  S.game = g.data;
  S.events = log.items || [];
  S.audit = audit.ok ? audit.data : null;
  S.head = g.data.position;
  if (switching) {
    S.playerPinned = false;
    S.player = null;
    $("answer").replaceChildren();
    $("rule").hidden = true;
    delete $("board").dataset.at; // a test (or a reader) waits for the new game's picture
    delete $("legal").dataset.at;
  }
  $("welcome").hidden = true;
  $("create").hidden = true;
  $("game").hidden = false;
  $("c-copy").disabled = false;
  gameHead();
  markCurrentGame();
  const slider = $("slider");
  slider.max = String(S.head);
  slider.disabled = S.head <= 1;
  const select = $("player");
  select.replaceChildren(...S.game.players.map((p) => h("option", {value: p.id}, p.id)));
  renderEvents();
  renderMarks();
  auditSummary();
  await selectPosition(S.landAtHead ? S.head : at ?? S.head, true);
  document.dispatchEvent(new CustomEvent("console:game", {detail: {state: S, reopen: openGame}})); // live.js
}

function gameHead() {
  const g = S.game;
  $("game-h").replaceChildren(`${GAME_NAMES[g.game] || g.game} · ${g.players.map((p) => p.id).join(" v ")}`);
  const winner = g.winner ? ` · won by ${g.winner.player ?? "nobody (draw)"} (${g.winner.by})` : "";
  $("game-meta").replaceChildren(`game ${g.id} · ${g.position} events · ${g.status.replace("_", " ")}${winner} · `,
    h("a", {href: `${BASE}games/${g.id}/events?limit=1000`}, "log"), " · ",
    h("a", {href: `${BASE}games/${g.id}/audit`}, "audit"),
    ...(g.parent ? [" · fork of ", h("a", {href: `#game=${g.parent.id}&at=${g.parent.at}`,
      onclick: () => setTimeout(() => openGame(g.parent.id, g.parent.at))}, `${g.parent.id.slice(0, 8)} at ${g.parent.at}`)] : []));
  const problems = g.players.filter((p) => p.deck_problems?.length || p.unknown_cards?.length);
  $("deck-facts").replaceChildren(...problems.map((p) => h("div.deck-problems", {dataset: {player: p.id}},
    h("b", `${p.id}'s deck${p.deck_name && p.deck_name !== "deck" ? ` (${p.deck_name})` : ""}: `),
    h("ul", (p.deck_problems || []).map((d) => h("li", d.rule ? [ruleLink(d.rule), " "] : null, d.message)),
      (p.unknown_cards || []).length ? h("li", `unknown cards kept as text: ${p.unknown_cards.join(", ")}`) : null))));
}

// ------------------------------------------------------------------------------- timeline

function batches() {
  const out = [];
  for (const e of S.events) {
    const last = out[out.length - 1];
    if (last && last.batch === e.batch) last.events.push(e); else out.push({batch: e.batch, events: [e]});
  }
  return out;
}

function findingsAt() {
  const at = {};
  for (const f of S.audit?.violations || []) {
    if (f.kind === "violation" && f.recorded) continue; // already shown as a recorded violation
    (at[f.position] ||= []).push(f);
  }
  for (const b of S.audit?.chain?.breaks || []) (at[b.position] ||= []).push({kind: "chain", message: b.problem});
  return at;
}

function short(value, max = 60) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

/** A value as a judge reads it: a card by its name, a list joined, an object as (key value, ...). */
function brief(v, depth = 0) {
  if (v === null || v === undefined) return "—";
  if (Array.isArray(v)) return v.length ? v.map((x) => brief(x, depth + 1)).join(", ") : "none";
  if (typeof v === "object") {
    if (typeof v.name === "string") return v.kind || v.type ? `${v.name} (${v.kind || v.type})` : v.name;
    const inner = Object.entries(v).map(([k, x]) => `${k} ${brief(x, depth + 1)}`).join(", ");
    return depth || Object.keys(v).length > 1 ? `(${inner})` : inner;
  }
  return String(v);
}

function fields(obj, skip = []) {
  return Object.entries(obj || {}).filter(([k]) => !skip.includes(k)).map(([k, v]) => `${k} ${short(brief(v))}`).join(", ");
}

function eventSummary(e) {
  if (e.type === "GameCreated") {
    const d = e.data || {};
    return `game created${d.players ? ` for ${d.players.map((p) => p.id).join(", ")}` : ""}${d.first_player ? `, ${d.first_player} first` : ""}`;
  }
  return fields(e.data);
}

function ruleLink(rule) {
  const r = typeof rule === "string" ? {id: rule} : rule;
  return h("a.rule-link", {href: `${BASE}rules/${encodeURIComponent(r.id)}`, dataset: {rule: r.id},
                           title: r.title || "rule catalog entry"}, r.id);
}

function renderEvents() {
  const findings = findingsAt();
  const list = $("events");
  list.replaceChildren();
  for (const b of batches()) {
    const first = b.events[0];
    const action = first.action;
    const recorded = b.events.flatMap((e) => e.violations || []);
    const found = b.events.flatMap((e) => findings[e.position] || []);
    const over = first.backed_over_by;  // a later backup put the game back before this batch
    list.append(h("li.batch", {dataset: {first: first.position, last: b.events[b.events.length - 1].position, backedOver: over ?? null},
                               class: [recorded.length && "has-violation", found.length && "has-finding", over && "backed-over",
                                       first.type === "GameBackedUp" && "backup"].filter(Boolean).join(" ") || null},
      h("div.batch-head",
        h("span.actor", first.actor || (first.type === "GameCreated" ? "setup" : "—")),
        action ? h("code.action", action.type, " ", h("span.muted", fields(action, ["type", "player"]))) : null,
        first.mode === "record" ? h("span.badge.recorded", {title: "appended in record mode"}, "recorded") : null,
        over ? h("span.badge.backed-over", {title: `the backup at position ${over} put the game back before it`},
          `backed over (backup at ${over})`) : null,
        first.type === "GameBackedUp" ? h("span.badge.backup-to", `↶ state of position ${first.data.to}`) : null,
        recorded.map((v) => h("span.badge.violation", {title: v.message}, "⚠ violation ", ruleLink(v.rule))),
        found.map((f) => h("span.badge.audit", {title: f.message || ""}, `✗ audit: ${f.kind}`,
          (f.rules || []).map((r) => [" ", ruleLink(r)])))),
      h("ol.batch-events", b.events.map((e) => h("li", h("button.event", {type: "button", tabindex: "-1", dataset: {pos: e.position},
                                                                          onclick: () => selectPosition(e.position)},
        h("span.pos", e.position), h("span.etype", e.type), h("span.edata", eventSummary(e))))))));
  }
}

function renderMarks() {
  const marks = $("marks");
  marks.replaceChildren();
  const span = Math.max(1, S.head - 1);
  const findings = findingsAt();
  const place = (pos, kind, title) => marks.append(h(`span.mark.${kind}`,
    {style: `left: calc(8px + (100% - 16px) * ${(pos - 1) / span})`, title: `position ${pos}: ${title}`}));
  for (const e of S.events) {
    if (e.violations?.length) place(e.position, "violation", e.violations.map((v) => v.rule.id || v.rule).join(", "));
    if (findings[e.position]) place(e.position, "audit", findings[e.position].map((f) => f.kind).join(", "));
  }
}

function auditSummary() {
  const a = S.audit;
  const el = $("audit-summary");
  if (!a) { el.textContent = "Audit unavailable."; return; }
  const recorded = (a.violations || []).filter((v) => v.recorded).length;
  const other = (a.violations || []).length - recorded;
  el.className = `audit-summary ${a.valid && !other ? "ok" : "bad"}`;
  el.replaceChildren(h("b", a.valid ? "Audit: the log holds" : "Audit: problems found"),
    ` · ${a.checked} actions re-decided · hash chain ${a.chain?.valid ? "intact" : "broken"}`,
    recorded ? ` · ${recorded} violation(s) recorded by a judge` : "",
    other ? ` · ${other} finding(s)` : "",
    ...(a.backups || []).map((b) => h("span.audit-backup", {title: b.explanation || ""},
      ` · backup at ${b.position} to ${b.to}${b.backed_over?.length ? ` (${b.backed_over.length} position(s) backed over)` : ""}`)));
}

function selectPosition(at, now = false) {
  at = Math.max(1, Math.min(S.head, Number(at) || 1));
  S.at = at;
  $("slider").value = String(at);
  $("pos-out").textContent = `position ${at} of ${S.head}`;
  for (const el of document.querySelectorAll(".at")) el.textContent = at;
  for (const b of document.querySelectorAll("#events .event")) {
    const pos = Number(b.dataset.pos);
    b.classList.toggle("current", pos === at);
    b.classList.toggle("future", pos > at);
    if (pos === at) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
  scrollEventIntoView();
  $("append-help").replaceChildren("Check asks about position ", h("b", at), "; Append sends ",
    h("code", `If-Match: "${at}"`), at < S.head ? " — the log is further on, so the service will answer 409" : "",
    ".");
  history.replaceState(null, "", `#game=${S.game.id}&at=${at}`);
  document.dispatchEvent(new CustomEvent("console:position", {detail: {at}})); // backups.js
  clearTimeout(S.timer);
  return new Promise((resolve) => { S.timer = setTimeout(() => showPosition().then(resolve), now ? 0 : 80); });
}

function scrollEventIntoView() {
  const list = $("events");
  const cur = list.querySelector(".event.current");
  if (!cur) return;
  const top = cur.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top - 8;
  else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight + 8;
}

async function showPosition() {
  const seq = ++S.seq;
  const at = S.at;
  const id = S.game.id;
  const r = await api("GET", `games/${id}/state?at=${at}`);
  if (seq !== S.seq) return;
  const board = $("board");
  if (!r.ok) { board.replaceChildren(h("p.bad", problemText(r))); return; }
  S.state = r.data;
  const view = VIEWS[S.game.game];
  let picture;
  try {
    picture = view ? view.render(S.state) : generic(S.state);
  } catch (err) {
    console.error(err);
    picture = h("div", h("p.bad", `The picture failed (${err.message}); the state as a tree:`), generic(S.state));
  }
  board.replaceChildren(picture);
  board.dataset.at = String(at);
  $("state-json").textContent = JSON.stringify(S.state, null, 2);
  if (!S.playerPinned) {
    const toAct = S.state.to_act || S.state.acting && S.state.characters?.[S.state.acting]?.owner;
    S.player = toAct || S.player || S.game.players[0]?.id;
    $("player").value = S.player;
  }
  await loadLegal(seq);
}

async function loadLegal(seq) {
  const player = S.player;
  const list = $("legal");
  const r = await api("GET", `games/${S.game.id}/legal-actions?player=${encodeURIComponent(player)}&at=${S.at}`);
  if (seq !== undefined && seq !== S.seq) return;
  if (!r.ok) { list.replaceChildren(h("li.bad", problemText(r))); return; }
  const actions = r.data.actions || [];
  S.legal = actions;
  S.form.show(r.data.templates || [], player, namesOf(S.state), {state: S.state, game: S.game.game});
  S.choices.show(null);
  $("action").placeholder = JSON.stringify({type: "pass", player});
  $("action-fields").dataset.at = String(S.at);
  list.dataset.at = String(S.at);
  if (!actions.length) {
    list.replaceChildren(h("li.muted", `${player} has no legal action here${r.data.to_act ? ` (${r.data.to_act} is to act)` : ""}.`));
    return;
  }
  list.replaceChildren(...actions.map((a) => h("li",
    h("button", {type: "button", title: a.needs?.length ? "put this action in the editor and show the choices its card asks"
      : "put this action in the editor", onclick: () => useAction(a.action)}, "Use"),
    " ", h("span.desc", a.description || a.action.type),
    h("code.legal-json", {title: JSON.stringify(a.action)}, JSON.stringify(a.action)),
    h("div.rules", (a.rules || []).map((rule) => [ruleLink(rule), " "])))));
}

function useAction(action) {
  S.form.use(action);
  S.choices.show(askingFor(action));
  $("action").value = JSON.stringify(action, null, 1).replace(/\n\s*/g, " ");
  $("action-fields").querySelector("select, input")?.focus();
}

// ------------------------------------------------------------------------------ check, append

/** The legal action with the choices a card asks (``needs``) that ``action`` is: the same play or
 * ability (its type and the fields the legal action gives), whatever answers it carries. */
function askingFor(action) {
  if (!action) return null;
  return S.legal.find((a) => a.needs?.length && a.action.type === action.type
    && Object.entries(a.action).every(([k, v]) => JSON.stringify(action[k]) === JSON.stringify(v))) || null;
}

function readAction() {
  const missing = [...S.form.missing(), ...S.choices.missing()];
  if (missing.length) {  // "— choose —" sends nothing: never a default such as "no block"
    const text = `Choose ${missing.join(", ")} first: nothing was sent.`;
    $("check-result").replaceChildren(h("span.bad", text));
    showAnswer(h("p.bad", text));
    return null;
  }
  try {
    const value = JSON.parse($("action").value);
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("an action is a JSON object");
    return value;
  } catch (err) {
    showAnswer(h("p.bad", `The action is not valid JSON: ${err.message}`));
    return null;
  }
}

async function checkAction() {
  const action = readAction();
  if (!action) return;
  const r = await api("POST", `games/${S.game.id}/check`, {body: {action, at: S.at}});
  const beside = $("check-result");
  if (!r.ok) { beside.replaceChildren(h("span.bad", `✗ ${r.data?.title || r.status}`)); showAnswer(problemView(r)); return; }
  const d = r.data;
  beside.replaceChildren(h(d.legal ? "span.ok" : "span.bad", d.legal ? `✓ Legal at ${d.position}` : `✗ Illegal at ${d.position}`),
    d.legal ? "" : h("span.check-rules", " ", (d.violations || []).map((v) => [ruleLink(v.rule), " "])));
  showAnswer(h("div", {class: d.legal ? "answer-ok" : "answer-bad"},
    h("p.verdict", d.legal ? `✓ Legal at position ${d.position}` : `✗ Illegal at position ${d.position}`),
    violationsView(d.violations), eventsView(d.events, d.legal ? "Appending it would record" : "Recorded anyway, it would do"),
    becauseView(d.because)));
}

async function appendAction(e) {
  e.preventDefault();
  const action = readAction();
  if (!action) return;
  const mode = $("mode").value;
  const r = await api("POST", `games/${S.game.id}/actions${mode === "record" ? "?mode=record" : ""}`,
                      {body: action, headers: {"If-Match": `"${S.at}"`}});
  if (!r.ok) { showAnswer(problemView(r)); return; }
  const d = r.data;
  const first = d.events[0]?.position;
  showAnswer(h("div", {class: d.violations ? "answer-bad" : "answer-ok"},
    h("p.verdict", d.recorded ? "⚠ " : "✓ ", `Appended: position${d.events.length > 1 ? `s ${first}–${d.position}` : ` ${d.position}`}`,
      d.recorded ? " (recorded with its violations)" : ""),
    violationsView(d.violations || []), eventsView(d.events, "Events appended"), becauseView(d.because)));
  await openGame(S.game.id, d.position);
}

function showAnswer(el) {
  $("answer").replaceChildren(el);
}

function violationsView(violations) {
  if (!violations?.length) return null;
  return h("div", h("h4", "Violations"), h("ul.violations", violations.map((v) => h("li", ruleLink(v.rule), " ",
    h("span.muted", v.rule.title || ""), h("div", v.message)))));
}

function eventsView(events, label) {
  if (!events?.length) return null;
  return h("div", h("h4", label), h("ol.answer-events", events.map((e) => h("li",
    e.position ? h("span.pos", e.position) : null, h("span.etype", e.type), " ", h("span.edata", fields(e.data))))));
}

function becauseView(because) {
  if (!because?.length) return null;
  return h("div", h("h4", "Because (the rules consulted, in order)"),
    h("table.because",
      h("thead", h("tr", h("th", {scope: "col"}, "Rule"), h("th", {scope: "col"}, "Outcome"), h("th", {scope: "col"}, "Detail"),
        h("th", {scope: "col"}, "Overridden by"))),
      h("tbody", because.map((t) => h("tr", {class: `outcome-${t.outcome}`},
        h("td", ruleLink(t.rule), t.rule.title ? h("div.muted", t.rule.title) : null),
        h("td", h("span.outcome", t.outcome)), h("td", t.detail || ""),
        h("td", t.overridden_by ? overrider(t.overridden_by) : ""))))));
}

function overrider(o) {
  const who = o.kind === "ruling" ? [h("b", "ruling"), ` ${o.ruling_id || ""}`, o.name ? ` on ${o.name}` : ""] : [h("b", o.kind), " ", o.name];
  return h("span.overrider", who, o.effect ? h("div.muted", h("code", o.effect)) : null);
}

function problemText(r) {
  const d = r.data || {};
  return `${r.status ? r.status + " " : ""}${d.title || "Error"}: ${d.detail || ""}`;
}

function problemView(r) {
  const d = r.data || {};
  return h("div.answer-bad",
    h("p.verdict", `✗ ${r.status} ${d.title || "Refused"}`), h("p", d.detail || ""),
    d.type ? h("p.muted", h("code", d.type)) : null,
    r.status === 409 && d.position ? h("p", h("button", {type: "button", onclick: () => openGame(S.game.id)}, `Go to position ${d.position}`)) : null,
    violationsView(d.violations), d.errors?.length ? h("ul", d.errors.map((e) => h("li", h("code", e.field), ": ", e.message))) : null,
    becauseView(d.because), r.status === 422 && d.type?.endsWith("illegal-action") ? h("p.muted",
      "Nothing was appended. Choose record mode to log what happened at the table with its violations.") : null);
}

// --------------------------------------------------------------------------------- rule entry

async function showRule(id) {
  const panel = $("rule");
  const r = await api("GET", `rules/${encodeURIComponent(id)}`);
  panel.hidden = false;
  if (!r.ok) { panel.replaceChildren(h("p.bad", problemText(r))); return; }
  const d = r.data;
  panel.replaceChildren(
    h("div.rule-head", h("b", d.title), " ", h("code", d.id), d.inferred ? h("span.badge", "inferred") : null,
      h("button.close", {type: "button", "aria-label": "Close the rule", onclick: () => { panel.hidden = true; }}, "×")),
    h("p", d.summary || ""),
    d.source ? h("p.muted", `Source: ${[d.source.document, d.source.section].filter(Boolean).join(", ")}`) : null,
    d.related?.length ? h("p", "Related: ", d.related.map((x) => [ruleLink(x), " "])) : null,
    h("p.muted", h("a", {href: `${BASE}rules/${encodeURIComponent(d.id)}`}, `GET /rules/${d.id}`)));
}

// ------------------------------------------------------------------------------- create form

function showCreate() {
  $("create").hidden = false;
  $("create-result").replaceChildren();
  $("welcome").hidden = true;
  syncCommon();
  $("c-game").focus();
}

function syncCommon() {
  const game = $("c-game").value;
  for (const group of document.querySelectorAll("#c-common [data-game]")) group.hidden = group.dataset.game !== game;
}

function copyPosition() {
  if (!S.state) return;
  const doc = structuredClone(S.state);
  delete doc.position;
  $("c-game").value = S.game.game;
  $("c-players").value = S.game.players.map((p) => p.id).join(", ");
  $("c-setup").value = JSON.stringify(doc, null, 2);
  $("create-result").replaceChildren();
  showCreate();
  $("create").scrollIntoView({block: "start"});
}

async function createGame(e) {
  e.preventDefault();
  const out = $("create-result");
  const game = $("c-game").value;
  const players = $("c-players").value.split(/[\s,]+/).filter(Boolean).map((id) => ({id}));
  let setup = null;
  const text = $("c-setup").value.trim();
  if (text) {
    try { setup = JSON.parse(text); } catch (err) { out.replaceChildren(h("p.bad", `The position is not valid JSON: ${err.message}`)); return; }
  }
  for (const input of document.querySelectorAll(`#c-common [data-game="${game}"] [data-field]`)) {
    if (input.value === "") continue;
    const value = input.type === "number" ? Number(input.value) : input.value;
    setup ||= {};
    const path = input.dataset.field.split(".");
    let node = setup;
    for (const part of path.slice(0, -1)) node = (node[part] ||= {});
    node[path[path.length - 1]] = value;
  }
  const body = {game, players, setup};
  if ($("c-first").value.trim()) body.first_player = $("c-first").value.trim();
  const r = await api("POST", "games", {body});
  if (!r.ok) { out.replaceChildren(problemView(r)); return; }
  out.replaceChildren();
  await loadGames();
  await openGame(r.data.id);
}

// ------------------------------------------------------------------------------------ wiring

function step(delta) {
  return selectPosition(S.at + delta);
}

function actionStart(direction) {
  const starts = batches().map((b) => b.events[0].position);
  const target = direction < 0 ? [...starts].reverse().find((p) => p < S.at) : starts.find((p) => p > S.at);
  return selectPosition(target ?? (direction < 0 ? 1 : S.head));
}

function wire() {
  setupKey();
  const toChoose = (missing) =>
    $("check-result").replaceChildren(missing?.length ? h("span.muted", `to choose: ${missing.join(", ")}`) : "");
  S.choices = new ChoicesPanel($("choices"), (action, missing) => {
    $("action").value = JSON.stringify(action);
    toChoose(missing);
  });
  S.form = new ActionForm($("action-fields"), (action, missing) => {
    const asking = askingFor(action);
    S.choices.show(asking);
    $("action").value = asking ? JSON.stringify(S.choices.action()) : action ? JSON.stringify(action) : "";
    toChoose([...(missing || []), ...S.choices.missing()]);
  });
  $("new-game").addEventListener("click", showCreate);
  $("refresh-games").addEventListener("click", () => loadGames());
  $("more-games").addEventListener("click", () => loadGames(true));
  $("c-game").addEventListener("change", syncCommon);
  $("c-example").addEventListener("click", () => {
    const game = $("c-game").value;
    $("c-setup").value = JSON.stringify(VIEWS[game].example, null, 2);
  });
  $("c-copy").addEventListener("click", copyPosition);
  $("copy-here").addEventListener("click", copyPosition);
  $("c-cancel").addEventListener("click", () => { $("create").hidden = true; $("welcome").hidden = !!S.game; });
  $("create-form").addEventListener("submit", createGame);
  // cards.js created a game from two deck files: list it and open it.
  document.addEventListener("console:open", async (e) => { await loadGames(); await openGame(e.detail.id); });

  $("slider").addEventListener("input", (e) => selectPosition(e.target.value));
  // The slider's own keys go the same way as the event list's: Down and PageDown forward.
  $("slider").addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = {ArrowUp: () => step(-1), ArrowDown: () => step(1), PageUp: () => actionStart(-1), PageDown: () => actionStart(1)};
    if (moves[e.key]) { e.preventDefault(); moves[e.key](); }
  });
  $("t-first").addEventListener("click", () => selectPosition(1));
  $("t-prev").addEventListener("click", () => step(-1));
  $("t-next").addEventListener("click", () => step(1));
  $("t-last").addEventListener("click", () => selectPosition(S.head));
  // Arrow keys anywhere in the timeline (the slider handles its own keys natively).
  $("timeline").addEventListener("keydown", (e) => {
    if (e.target === $("slider") || e.target.matches("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = {ArrowLeft: () => step(-1), ArrowUp: () => step(-1), ArrowRight: () => step(1), ArrowDown: () => step(1),
                   Home: () => selectPosition(1), End: () => selectPosition(S.head),
                   PageUp: () => actionStart(-1), PageDown: () => actionStart(1)};
    if (moves[e.key]) { e.preventDefault(); moves[e.key](); }
  });

  $("player").addEventListener("change", (e) => { S.player = e.target.value; S.playerPinned = true; loadLegal(); });
  $("check").addEventListener("click", checkAction);
  $("action-form").addEventListener("submit", appendAction);
  document.addEventListener("click", (e) => {
    const link = e.target.closest("a.rule-link");
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    showRule(link.dataset.rule);
  });
}

/** The game list follows the store: new games and each game's position, status and winner. */
async function followGames() {
  const r = await api("GET", "games?limit=100", {quiet: true});
  if (!r.ok) return;
  const shown = [...document.querySelectorAll("#game-list .game-link")];
  const ids = shown.map((b) => b.dataset.game);
  const fresh = r.data.games.map((g) => g.id);
  const moved = r.data.games.some((g) => g.position !== undefined
    && String(g.position) !== shown.find((b) => b.dataset.game === g.id)?.dataset.position);
  if (moreGames === null && (fresh.join() !== ids.join() || moved)) await loadGames();
  else if (S.game && S.game.position !== undefined && r.data.games.length && fresh.join() === ids.join()) {
    const open = shown.find((b) => b.dataset.game === S.game.id);
    const g = r.data.games.find((x) => x.id === S.game.id);
    if (open && g && g.position === undefined) describeGames([[g, open.querySelector(".game-facts")]]);
  }
}

async function start() {
  wire();
  await loadGames();
  setInterval(() => { if (!document.hidden) followGames(); }, 3000);
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("game")) await openGame(params.get("game"), params.get("at") ? Number(params.get("at")) : undefined);
  document.body.dataset.ready = "true";
}

start();
