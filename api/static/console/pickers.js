// Card pickers for the action form: a card field is an input with suggestions as the judge types,
// never a JSON box.  The suggestions are the cards the rules let a field name here: for a card
// played from hand, the player's hand (its named cards, else the cards its hidden hand can hold:
// the deck list), then the game's card pool; for a card in play (attach to, targets), the cards on
// the table by name with their ids.  The Spoils' names also come from GET /cards/spoils/autocomplete.
// A picked suggestion puts its value in the action (a name for a card from hand, an id for a card
// in play); typed text that is no suggestion's name goes in as typed.
import {h} from "./render.js";

const BASE = new URL(".", location.href).pathname;
const FROM_HAND = new Set(["play_card", "play_tactic", "play_resource", "respond", "discard", "reveal"]);
export const CARD_FIELDS = new Set(["card", "cards", "attach_to", "target", "targets", "location", "blocker", "attacker"]);
const MAX_SHOWN = 12;

/** Ids a judge reads as names: characters, cards, challenges and resources of a state. */
export function namesOf(state) {
  const out = {};
  for (const group of [state?.characters, state?.cards, state?.challenges]) {
    for (const [id, x] of Object.entries(group || {})) if (x && typeof x.name === "string" && x.name !== id) out[id] = x.name;
  }
  for (const ps of Object.values(state?.players || {})) {
    for (const [id, r] of Object.entries(ps?.resources || {})) {
      if (r && typeof r === "object") out[id] = r.face_up === false ? "face-down resource" : (r.name || "resource");
    }
  }
  return out;
}

/** A value as a select shows it: "Gate Guard (c4)", a list of those, or "none". */
export function valueLabel(value, names, none = "none") {
  if (Array.isArray(value)) return value.length ? value.map((v) => valueLabel(v, names)).join(", ") : none;
  if (value !== null && typeof value === "object") return typeof value.name === "string" ? value.name : JSON.stringify(value);
  return names[value] ? `${names[value]} (${value})` : String(value);
}

function unique(items) {
  const seen = new Set();
  return items.filter((s) => !seen.has(s.value) && seen.add(s.value));
}

/** The suggestions of ``field`` of an action of ``type`` by ``player`` at ``state``. */
export function suggestionsFor(state, player, type, field) {
  const ps = state?.players?.[player] || {};
  const hand = (Array.isArray(ps.hand_cards) ? ps.hand_cards : Array.isArray(ps.hand) ? ps.hand : [])
    .filter((n) => typeof n === "string").map((n) => ({value: n, label: n, group: "hand"}));
  const deck = (Array.isArray(ps.deck_cards) ? ps.deck_cards : []).filter((n) => typeof n === "string")
    .map((n) => ({value: n, label: n, group: hand.length ? "deck" : "hand (hidden): deck list"}));
  const pool = Object.keys(state?.card_pool || {}).map((n) => ({value: n, label: n, group: "card pool"}));
  const table = [];
  for (const group of [state?.cards, state?.characters]) {
    for (const [id, c] of Object.entries(group || {})) {
      if (!c || typeof c !== "object") continue;
      const whose = c.controller || c.owner;
      table.push({value: id, label: `${c.name || id} (${id})`, group: whose ? `table · ${whose}` : "table"});
    }
  }
  const fromHand = field === "card" && FROM_HAND.has(type);
  return unique(fromHand ? [...hand, ...deck, ...pool] : [...table, ...hand, ...deck, ...pool]);
}

function matches(s, q) {
  const text = q.trim().toLowerCase();
  return !text || s.label.toLowerCase().includes(text) || String(s.value).toLowerCase().includes(text);
}

let remoteTimer = null;

/** Names of the game's card catalog that start with or contain ``q`` (GET /cards/{game}/autocomplete). */
async function remoteNames(game, q) {
  if (game !== "spoils" || q.trim().length < 2) return [];
  const headers = {Accept: "application/json"};
  const key = sessionStorage.getItem("adjudicator.apiKey");
  if (key) headers.Authorization = `Bearer ${key}`;
  try {
    const r = await fetch(`${BASE}cards/${game}/autocomplete?q=${encodeURIComponent(q.trim())}`, {headers});
    if (!r.ok) return [];
    const d = await r.json();
    return (d.data || []).map((n) => ({value: n, label: n, group: "catalog"}));
  } catch {
    return [];
  }
}

/**
 * A card picker: an input (role combobox) and its list of suggestions (role listbox).
 * ``multiple``: the picked cards are chips, each removable, and the input adds one more.
 * ``onpick(value)`` gets the value (an array with ``multiple``; undefined when emptied).
 */
export function cardPicker({id, title, value, suggestions, game, multiple = false, names = {}, onpick}) {
  const list = h("ul.suggestions", {id: `${id}-list`, role: "listbox", "aria-label": `${title}: suggestions`, hidden: true});
  const picked = multiple ? [...(Array.isArray(value) ? value : [])] : [];
  const byValue = new Map(suggestions.map((s) => [s.value, s]));
  const shown = (v) => byValue.get(v)?.label || valueLabel(v, names);
  const input = h("input", {id, type: "text", role: "combobox", autocomplete: "off", autocapitalize: "off",
    spellcheck: "false", "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": `${id}-list`,
    placeholder: multiple ? "type a name, pick one (add more)" : "type a name, pick a suggestion",
    value: multiple || value === undefined || value === null ? "" : shown(value)});
  const wrap = h("span.picker", {dataset: {field: id.replace(/^a-/, "")}});

  const close = () => { list.hidden = true; input.setAttribute("aria-expanded", "false"); };
  const commit = (v) => {
    close();
    if (multiple) {
      if (v !== undefined && v !== "" && !picked.includes(v)) picked.push(v);
      input.value = "";
      onpick(picked.length ? [...picked] : undefined);
    } else {
      onpick(v === "" ? undefined : v);
    }
  };
  const typed = () => {
    const text = input.value.trim();
    if (!text) return multiple ? undefined : "";
    const hit = suggestions.find((s) => s.label.toLowerCase() === text.toLowerCase() || String(s.value) === text)
      || suggestions.find((s) => s.value.toLowerCase?.() === text.toLowerCase());
    return hit ? hit.value : text;
  };
  const option = (s, i) => h("li", {role: "option", id: `${id}-o${i}`, dataset: {value: s.value}},
    h("button.suggestion", {type: "button", tabindex: "-1", onmousedown: (e) => e.preventDefault(),
                            onclick: () => { input.value = multiple ? "" : s.label; commit(s.value); }},
      h("span.s-name", s.label), h("small.s-group", s.group)));
  const fill = (items) => {
    list.replaceChildren(...items.slice(0, MAX_SHOWN).map(option));
    list.hidden = !items.length;
    input.setAttribute("aria-expanded", items.length ? "true" : "false");
  };
  const refresh = () => {
    const q = input.value;
    const local = suggestions.filter((s) => matches(s, q) && !picked.includes(s.value));
    fill(local);
    clearTimeout(remoteTimer);
    if (local.length >= MAX_SHOWN) return;
    remoteTimer = setTimeout(async () => {
      const more = (await remoteNames(game, q)).filter((s) => !byValue.has(s.value) && !picked.includes(s.value));
      if (input.value === q && document.activeElement === input) fill(unique([...local, ...more]));
    }, 200);
  };
  input.addEventListener("input", refresh);
  input.addEventListener("focus", refresh);
  input.addEventListener("blur", () => setTimeout(() => {
    if (list.hidden || wrap.contains(document.activeElement)) return;
    close();
    if (!multiple) commit(typed());
  }, 150));
  input.addEventListener("keydown", (e) => {
    const items = [...list.querySelectorAll("button.suggestion")];
    const at = items.indexOf(document.activeElement);
    if (e.key === "ArrowDown" && items.length) { e.preventDefault(); items[Math.min(at + 1, items.length - 1)].focus(); }
    else if (e.key === "Enter") { e.preventDefault(); const v = typed(); if (multiple && v === undefined) return; commit(v); }
    else if (e.key === "Escape") close();
  });
  list.addEventListener("keydown", (e) => {
    const items = [...list.querySelectorAll("button.suggestion")];
    const at = items.indexOf(document.activeElement);
    if (e.key === "ArrowDown") { e.preventDefault(); items[Math.min(at + 1, items.length - 1)]?.focus(); }
    if (e.key === "ArrowUp") { e.preventDefault(); (at <= 0 ? input : items[at - 1]).focus(); }
    if (e.key === "Escape") { close(); input.focus(); }
  });
  if (multiple) {
    wrap.append(h("span.chips", picked.map((v) => h("span.chip", shown(v), h("button.chip-x", {type: "button",
      "aria-label": `remove ${shown(v)}`, onclick: () => { picked.splice(picked.indexOf(v), 1); onpick(picked.length ? [...picked] : undefined); }}, "×")))));
  }
  wrap.append(input, list);
  return wrap;
}
