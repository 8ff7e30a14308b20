// Live following: the open game's timeline grows as actions are appended anywhere (another judge,
// a table's app, another worker or host), through GET /games/{id}/stream.
//
// The stream is read as NDJSON over fetch() rather than with EventSource, because EventSource cannot
// send the judge's key (Authorization: Bearer).  After a drop it reconnects with ?after=N, the last
// position it received, so nothing is missed and nothing comes twice.  console.js announces each
// game it opens with a "console:game" event carrying its page state and its openGame(); a new batch
// re-opens the game at the position the judge is looking at, or at the new head when the judge was
// at the end.
const KEY = "adjudicator.apiKey";
const BASE = new URL(".", location.href).pathname;
const RETRY_MS = [1000, 2000, 5000, 10000];

let page = null;     // {state, reopen} from console.js
let current = null;  // {id, after, controller, tries}
let running = false; // a re-open in flight
let again = false;   // a batch arrived during it

function badge(status, text) {
  let el = document.getElementById("live-badge");
  if (!el) {
    const head = document.querySelector(".game-head");
    if (!head) return;
    el = document.createElement("span");
    el.id = "live-badge";
    el.setAttribute("role", "status");
    head.append(el);
  }
  el.className = `live-badge ${status}`;
  el.dataset.live = status;
  el.textContent = text;
  el.title = status === "on" ? "following the game: new actions appear as they are appended" : text;
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, {once: true});
  });
}

async function follow(id, head) {
  if (current && current.id === id) {
    current.after = Math.max(current.after, head);
    return;
  }
  if (current) current.controller.abort();
  const me = current = {id, after: head, controller: new AbortController(), tries: 0};
  while (current === me && !me.controller.signal.aborted) {
    let stop = false;
    try {
      stop = await read(me);
    } catch (err) {
      if (me.controller.signal.aborted) return;
    }
    if (current !== me) return;
    if (stop) { current = null; return; }  // refused (a key missing?): the next opening tries again
    badge("retry", "reconnecting…");
    await sleep(RETRY_MS[Math.min(me.tries++, RETRY_MS.length - 1)], me.controller.signal);
  }
}

// Reads one connection until it ends; true when retrying makes no sense (a 4xx other than 429).
async function read(me) {
  const headers = {Accept: "application/x-ndjson"};
  const key = sessionStorage.getItem(KEY);
  if (key) headers.Authorization = `Bearer ${key}`;
  const resp = await fetch(`${BASE}games/${me.id}/stream?after=${me.after}`, {headers, signal: me.controller.signal});
  if (!resp.ok) {
    let detail = `${resp.status}`;
    try { detail = `${resp.status}: ${(await resp.json()).detail}`; } catch { /* not JSON */ }
    badge("off", `not live (${detail})`);
    return resp.status >= 400 && resp.status < 500 && resp.status !== 429;
  }
  badge("on", "● live");
  me.tries = 0;
  const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return false;
    buffer += value;
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) arrived(me, JSON.parse(line));  // empty lines are heartbeats
    }
  }
}

function arrived(me, batch) {
  me.after = Math.max(me.after, batch.position);
  badge("on", `● live · position ${batch.position}`);
  refresh();
}

// One re-open at a time; batches that arrive meanwhile are taken by the next one.
async function refresh() {
  if (running) { again = true; return; }
  running = true;
  try {
    do {
      again = false;
      const S = page.state;
      if (!S.game || !current || S.game.id !== current.id || current.after <= S.head) continue;
      // At the end, or while the judge's backup lands (S.landAtHead, backups.js): to the new head.  The
      // position is chosen now: this open may land after the backup's own, once landAtHead is reset.
      const toHead = S.at >= S.head || S.landAtHead;
      await page.reopen(S.game.id, toHead ? undefined : S.at);
    } while (again);
  } catch (err) {
    console.warn("live refresh failed", err);
  } finally {
    running = false;
  }
}

document.addEventListener("console:game", (e) => {
  page = e.detail;
  const S = page.state;
  if (!S.game) return;
  if (!current || current.id !== S.game.id) badge("retry", "connecting…");
  follow(S.game.id, S.head).catch((err) => console.warn("live follow failed", err));
  if (current && current.after > S.head) refresh();
});
