// A card described inline (Buffy's boost card, a character or an item played, a challenge; a
// Spoils resource choice): one small field per property of its schema instead of a JSON box.
// The name is a card picker (pickers.js); a choice among values a select; a number a number; a
// talent map one number per talent; a list of words a comma-separated line.  A property too
// rich for a field (a structured effect) stays for the raw JSON editor.
import {h} from "./render.js";
import {cardPicker} from "./pickers.js";

// The properties of an inline object that name a card: picked by name (from hand) or id (in play).
const NAMES_A_CARD = new Set(["name", "card", "from", "to", "target", "attach_to"]);

/** The schema of ``raw`` without its null option, resolved through ``resolve``; a value that may
 * be a name or an inline description counts as a name. */
function plain(root, raw, resolve) {
  const s = resolve(root, raw);
  const options = (s.anyOf || []).map((x) => resolve(root, x)).filter((x) => x.type !== "null");
  if (options.length > 1 && options.some((o) => o.type === "string")) return {type: "string"};
  return options.length === 1 ? options[0] : s;
}

/** True when a schema describes an object a few fields can fill (it lists its properties). */
export function describable(schema) {
  return schema?.type === "object" && schema.properties && Object.keys(schema.properties).length > 0;
}

function words(text) {
  const list = text.split(",").map((w) => w.trim()).filter(Boolean);
  return list.length ? list : undefined;
}

/**
 * The fields of an object value.  ``onchange(value)`` gets the object (undefined when emptied).
 * ``context``: {suggest(key) -> suggestions, game, names} for the card pickers.
 */
export function objectField({id, title, root, schema, value, resolve, context = {}, onchange}) {
  const current = {...(value && typeof value === "object" && !Array.isArray(value) ? value : {})};
  const required = new Set(schema.required || []);
  const set = (key, v) => {
    if (v === undefined || v === "" || Number.isNaN(v)) delete current[key]; else current[key] = v;
    onchange(Object.keys(current).length ? {...current} : undefined);
  };
  const rows = [];
  for (const [key, raw] of Object.entries(schema.properties || {})) {
    const p = plain(root, raw, resolve);
    const sid = `${id}-${key}`;
    const label = key.replaceAll("_", " ") + (required.has(key) ? "" : " (optional)");
    const input = fieldFor(key, p, sid, label, current[key], (v) => set(key, v), context);
    if (input) rows.push(h("span.field.sub-field", h("label", {for: sid}, label), input));
  }
  return h("fieldset.object-field", {id, "aria-label": title}, rows);
}

function fieldFor(key, p, sid, label, value, put, context) {
  if (NAMES_A_CARD.has(key) && p.type === "string") {
    return cardPicker({id: sid, title: label, value, game: context.game, names: context.names || {},
                       suggestions: context.suggest ? context.suggest(key) : [], onpick: put});
  }
  if (Array.isArray(p.enum)) {
    return h("select", {id: sid, onchange: (e) => put(e.target.value === "" ? undefined : p.enum[Number(e.target.value)])},
      h("option", {value: ""}, "— choose —"),
      p.enum.map((v, i) => h("option", {value: String(i), selected: value === v}, String(v).replaceAll("_", " "))));
  }
  if (p.type === "integer" || p.type === "number") {
    return h("input", {id: sid, type: "number", inputmode: "numeric", value: value ?? "",
                       onchange: (e) => put(e.target.value === "" ? undefined : Number(e.target.value))});
  }
  if (p.type === "boolean") {
    return h("input", {id: sid, type: "checkbox", checked: !!value, onchange: (e) => put(e.target.checked || undefined)});
  }
  const keys = p.propertyNames?.enum;
  if (p.type === "object" && Array.isArray(keys) && p.additionalProperties?.type === "integer") {
    const map = {...(value || {})};
    return h("span.talent-map", {id: sid, role: "group", "aria-label": label}, keys.map((k) => h("label.talent",
      h("span", k.replaceAll("_", " ")), h("input", {type: "number", inputmode: "numeric", value: map[k] ?? "",
        "aria-label": `${label}: ${k.replaceAll("_", " ")}`, onchange: (e) => {
          if (e.target.value === "") delete map[k]; else map[k] = Number(e.target.value);
          put(Object.keys(map).length ? {...map} : undefined);
        }}))));
  }
  if (p.type === "array" && p.items?.type === "string") {
    return h("input", {id: sid, value: (value || []).join(", "), placeholder: "words, separated by commas",
                       onchange: (e) => put(words(e.target.value))});
  }
  if (p.type === "string") {
    return h("input", {id: sid, value: value ?? "", autocomplete: "off", onchange: (e) => put(e.target.value || undefined)});
  }
  return null; // a structured effect and the like: the raw JSON editor takes it
}

/** A list of inline objects (the Spoils' damage assignments {from, to, amount}): one row of fields
 * each, a button to add one and one to remove each. */
export function objectList({id, title, root, schema, value, resolve, context = {}, onchange}) {
  const items = Array.isArray(value) ? value.map((x) => ({...x})) : [];
  const send = () => onchange(items.length ? items.map((x) => ({...x})) : undefined);
  const rows = items.map((item, i) => h("div.object-row",
    objectField({id: `${id}-${i}`, title: `${title} ${i + 1}`, root, schema, value: item, resolve, context,
                 onchange: (v) => { items[i] = v || {}; send(); }}),
    h("button", {type: "button", "aria-label": `remove ${title} ${i + 1}`, onclick: () => { items.splice(i, 1); send(); }}, "×")));
  return h("div.object-list", {id, role: "group", "aria-label": title}, rows,
    h("button", {type: "button", id: `${id}-add`, onclick: () => { items.push({}); send(); }}, `Add ${title.toLowerCase()}`));
}
