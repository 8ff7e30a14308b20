// Small DOM helpers shared by the pictures of each game, and the generic tree for any state.

/** h("div.card.main", {title: "x", onclick: f}, child, "text", [more]) -> Element */
export function h(spec, attrs, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs !== null && attrs !== undefined && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className += (el.className ? " " : "") + v;
    else if (k === "style") el.style.cssText = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

const FACTIONS = ["horde", "alliance"];

/** The faction a player plays, when the game has one (WoW Minis: Horde or Alliance), from the
 * player's id or their characters' faction. */
export function factionOf(state, player) {
  const id = String(player || "").toLowerCase();
  if (FACTIONS.includes(id)) return id;
  const mine = Object.values(state.characters || {}).filter((c) => c && c.owner === player && c.faction);
  const found = [...new Set(mine.map((c) => String(c.faction).toLowerCase()))];
  return found.length === 1 && FACTIONS.includes(found[0]) ? found[0] : null;
}

/** The colour slot of a player: their faction's colours when the game has factions, else their seat (0..7). */
export function seatClass(state, player) {
  const faction = factionOf(state, player);
  if (faction) return `faction-${faction}`;
  const seating = state.seating || Object.keys(state.players || {});
  const i = seating.indexOf(player);
  return `seat${i < 0 ? 7 : i % 8}`;
}

/** A player's chip, coloured by seat. */
export function playerChip(state, player) {
  if (!player) return h("span.muted", "—");
  return h(`span.player.${seatClass(state, player)}`, player);
}

/** A row of stages, the current one marked (for steps, stages, battle stages). */
export function stepper(label, names, current) {
  return h("ol.stepper", {"aria-label": label},
    names.map((n) => h("li", n === current ? {"aria-current": "step", class: "current"} : null, n.replaceAll("_", " "))));
}

export function fact(label, value, extra) {
  return h("span.fact", extra || null, h("span.fact-label", label), " ", h("b", value));
}

/** Any JSON value as a readable tree: the fallback picture of a state the console has no view for. */
export function tree(value, key) {
  if (value === null || typeof value !== "object") {
    const text = value === null ? "null" : JSON.stringify(value);
    return h("span", {class: `v-${value === null ? "null" : typeof value}`}, text);
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  if (!entries.length) return h("span.v-null", Array.isArray(value) ? "[ ]" : "{ }");
  const simple = entries.every(([, v]) => v === null || typeof v !== "object");
  if (simple && entries.length <= 6) {
    return h("span.inline", entries.map(([k, v], i) => [i ? ", " : "", Array.isArray(value) ? "" : h("span.k", `${k}: `), tree(v)]));
  }
  const open = key === undefined || entries.length <= 8;
  return h("details.tree", {open},
    h("summary", Array.isArray(value) ? `${entries.length} items` : `${entries.length} fields`),
    h("dl", entries.map(([k, v]) => [h("dt", String(k)), h("dd", tree(v, k))])));
}

export function generic(state) {
  return h("div.generic", h("p.muted", "No picture for this game yet: the state as a tree."), tree(state));
}
