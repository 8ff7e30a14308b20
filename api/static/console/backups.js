// Backups and what-ifs in the console: "Back up to this position" appends a judge's backup
// (POST /games/{id}/backup: the game goes on from the state of the position shown, every event
// stays in the log, those backed over are marked in the timeline), and "Fork from this position"
// starts a new game from it (POST /games/{id}/fork), linked to this one.
import {h} from "./render.js";

const KEY = "adjudicator.apiKey";
const BASE = new URL(".", location.href).pathname;
const $ = (id) => document.getElementById(id);

let page = null; // {state, reopen} from console.js

async function post(path, body, extra = {}) {
  const headers = {Accept: "application/json, application/problem+json", "Content-Type": "application/json", ...extra};
  const key = sessionStorage.getItem(KEY);
  if (key) headers.Authorization = `Bearer ${key}`;
  const started = performance.now();
  let resp;
  try {
    resp = await fetch(BASE + path, {method: "POST", headers, body: JSON.stringify(body)});
  } catch (err) {
    return {ok: false, status: 0, data: {title: "The service does not answer", detail: String(err)}};
  }
  const text = await resp.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = {detail: text}; }
  $("requests")?.prepend(h("li", h("code", `POST ${BASE}${path}`), ` → ${resp.status} (${Math.round(performance.now() - started)} ms)`));
  return {ok: resp.ok, status: resp.status, data};
}

function say(node) {
  $("branch-result").replaceChildren(node || "");
}

function problem(r) {
  const d = r.data || {};
  return h("p.bad", {role: "alert"}, `✗ ${r.status} ${d.title || "Refused"}: ${d.detail || ""}`,
    (d.errors || []).length ? h("ul", d.errors.map((e) => h("li", `${e.field}: ${e.message}`))) : null);
}

async function backup(e) {
  e.preventDefault();
  const S = page.state;
  const reason = $("backup-reason").value.trim();
  if (!reason) { say(h("p.bad", "Give the reason for the backup (it stays in the log).")); $("backup-reason").focus(); return; }
  const to = S.at;
  // If-Match: the log the judge read; a backup never lands on a log that moved on meanwhile (409).
  S.landAtHead = true;  // the live stream may reopen the game before this answer: it lands on the new head too
  try {
    const r = await post(`games/${S.game.id}/backup`, {to, reason}, {"If-Match": `"${S.head}"`});
    if (!r.ok) { say(problem(r)); return; }
    $("backup-reason").value = "";
    say(h("p.ok", `↶ Backed up: position ${r.data.position} is the state of position ${to}; positions ${to + 1}–${r.data.position - 1} stay in the log, backed over.`));
    await page.reopen(S.game.id);
  } finally {
    S.landAtHead = false;
  }
}

async function fork() {
  const S = page.state;
  const r = await post(`games/${S.game.id}/fork`, {at: S.at, reason: $("backup-reason").value.trim() || null});
  if (!r.ok) { say(problem(r)); return; }
  say(h("p.ok", `⑂ New game ${r.data.id.slice(0, 8)} starts from position ${S.at} of this one.`));
  document.dispatchEvent(new CustomEvent("console:open", {detail: {id: r.data.id}})); // console.js opens it
}

function render() {
  const S = page.state;
  const host = $("branch");
  if (!host || !S.game) return;
  const next = (S.events || []).find((e) => e.position === S.at + 1);
  const settled = !next || next.batch === next.position;  // not halfway through an action's consequences
  const behind = S.at < S.head && settled;
  const why = S.at >= S.head ? "choose an earlier position on the timeline first"
    : `position ${S.at} is halfway through an action and its consequences: choose the position before that action, `
      + "or its last event";
  host.replaceChildren(
    h("form.branch-form", {onsubmit: backup, "aria-label": "backup or fork"},
      h("span.field", h("label", {for: "backup-reason"}, "Reason"),
        h("input", {id: "backup-reason", size: 24, maxlength: 2000, placeholder: "what the judge found",
                    autocomplete: "off"})),
      h("button", {type: "submit", id: "backup", disabled: !behind,
                   title: behind ? `the game goes on from the state of position ${S.at}; nothing is deleted` : why},
        `Back up to position ${S.at}`),
      h("button", {type: "button", id: "fork", onclick: fork, disabled: !settled,
                   title: settled ? `a new game that starts from position ${S.at} of this one (a what-if)` : why},
        `Fork from position ${S.at}`)),
    h("div", {id: "branch-result", role: "status"}),
    ...(settled ? [] : [h("p.help", why)]));
}

document.addEventListener("console:game", (e) => {
  page = e.detail;
  render();
});
// The position shown changes without a new "console:game": keep the buttons' position in step.
document.addEventListener("console:position", () => { if (page) keepReason(render); });

function keepReason(fn) {
  const reason = $("backup-reason")?.value || "";
  const result = $("branch-result")?.cloneNode(true);
  fn();
  if ($("backup-reason")) $("backup-reason").value = reason;
  if (result) $("branch-result").replaceWith(result);
}
