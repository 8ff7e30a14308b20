// The action form: built from the templates GET /games/{id}/legal-actions returns (one JSON Schema
// per legal action type, each field a legal action fills listing its allowed values as an enum).
// The judge picks the action, then each parameter from the values allowed at this position; the
// choices narrow each other (an attacker that can only attack one defender leaves that one).
// The form writes the action into the raw JSON editor, which stays as the advanced option.
import {h} from "./render.js";
import {CARD_FIELDS, cardPicker, suggestionsFor, valueLabel} from "./pickers.js";
import {describable, objectField, objectList} from "./cardform.js";

const LABELS = {attacker: "Attacker", defender: "Defender", character: "Character", to: "To", card: "Card",
                target: "Target", targets: "Targets", attackers: "Attackers", blockers: "Blockers"};

/** Resolves a local $ref (#/$defs/X) of a template schema. */
function resolve(root, schema) {
  let s = schema || {};
  for (let i = 0; i < 10 && s.$ref; i++) {
    const name = s.$ref.replace(/^#\/\$defs\//, "");
    s = root.$defs?.[name] || {};
  }
  return s;
}

function kindOf(root, prop, name = "") {
  const s = resolve(root, prop);
  if (Array.isArray(s.enum)) return {kind: "enum", values: s.enum};
  const options = (s.anyOf || []).map((x) => resolve(root, x)).filter((x) => x.type !== "null");
  const single = options.length === 1 ? options[0] : s;
  if (Array.isArray(single.enum)) return {kind: "enum", values: single.enum, nullable: options.length !== (s.anyOf || []).length};
  // A card field is picked by name, whatever else its schema allows (an inline description).
  if (CARD_FIELDS.has(name) && options.some((o) => o.type === "string")) return {kind: "card"};
  if (single.type === "array") {
    const items = resolve(root, single.items);
    if (Array.isArray(items.enum)) return {kind: "multi", values: items.enum};
    const strings = items.type === "string" || (items.anyOf || []).some((x) => resolve(root, x).type === "string");
    if (CARD_FIELDS.has(name) && strings) return {kind: "cards"};
    if (describable(items)) return {kind: "objects", schema: items};
    return {kind: "json"};
  }
  if (CARD_FIELDS.has(name) && single.type === "string") return {kind: "card"};
  if (describable(single)) return {kind: "object", schema: single};
  if (single.type === "integer" || single.type === "number") return {kind: "number", min: single.minimum, max: single.maximum};
  if (single.type === "boolean") return {kind: "boolean"};
  if (single.type === "string") return {kind: "text"};
  return {kind: "json"};
}

/** The values of ``field`` among the legal actions that agree with what is chosen so far. */
function narrowed(template, chosen, field, values) {
  const agree = template.actions.filter((a) => Object.entries(chosen).every(([k, v]) =>
    k === field || !(k in a) || JSON.stringify(a[k]) === JSON.stringify(v)));
  const seen = new Set(agree.filter((a) => field in a).map((a) => JSON.stringify(a[field])));
  if (!seen.size) return values;
  return values.filter((v) => seen.has(JSON.stringify(v)));
}

export class ActionForm {
  /** @param host the element the form lives in; @param onAction called with the action object */
  constructor(host, onAction) {
    this.host = host;
    this.onAction = onAction;
    this.templates = [];
    this.template = null;
    this.chosen = {};
    this.player = null;
  }

  show(templates, player, names = {}, context = {}) {
    this.templates = templates || [];
    this.player = player;
    this.names = names;
    this.context = context; // {state, game}: where the card pickers find their suggestions
    const keep = this.template && this.templates.find((t) => t.type === this.template.type);
    this.template = keep || null;
    this.chosen = keep ? this.chosen : {};
    this.render();
  }

  pick(type) {
    this.template = this.templates.find((t) => t.type === type) || null;
    this.chosen = {};
    this.sets = {};
    if (this.template) this.prefill();
    this.render();
    this.emit();
  }

  /** A field whose legal values leave one choice is chosen already. */
  prefill() {
    const root = this.template.schema;
    for (const [name, prop] of Object.entries(root.properties || {})) {
      if (name === "type") continue;
      const k = kindOf(root, prop, name);
      if (k.kind !== "enum") continue;
      if (this.chosen[name] !== undefined && k.values.every((v) => typeof v === "boolean")) continue; // the judge's yes/no
      const values = narrowed(this.template, this.chosen, name, k.values);
      if (values.length === 1) this.chosen[name] = values[0];
    }
  }

  /** Shows a concrete action (a legal action's "Use"): its type and values. */
  use(action) {
    this.template = this.templates.find((t) => t.type === action.type) || null;
    const {type, ...rest} = action;
    this.chosen = this.template ? rest : {};
    this.render();
  }

  action() {
    if (!this.template) return null;
    return {type: this.template.type, ...this.chosen};
  }

  emit() {
    const a = this.action();
    if (a) this.onAction(this.missing().length ? null : a, this.missing());
  }

  /** The fields still to choose: required ones left empty, and each field every legal action of
   * this type fills whose choice is left on "— choose —" (which must never send a default, such as
   * "no block"). */
  missing() {
    if (!this.template) return [];
    const root = this.template.schema;
    const required = new Set(root.required || []);
    const out = [];
    for (const [name, prop] of Object.entries(root.properties || {})) {
      if (name === "type" || this.chosen[name] !== undefined) continue;
      const k = kindOf(root, prop, name);
      const everyAction = this.template.actions.length && this.template.actions.every((a) => name in a);
      const yesNo = k.kind === "enum" && k.values.every((v) => typeof v === "boolean");
      const open = (k.kind === "enum" && !yesNo && everyAction && narrowed(this.template, this.chosen, name, k.values).length > 1)
        || (k.kind === "multi" && everyAction && !!this.listed(name));
      if (required.has(name) || open) out.push(LABELS[name] || name.replaceAll("_", " "));
    }
    return out;
  }

  /** The values the legal actions of this type give a list field, when one of them is the empty list
   * (blockers: none, one, all): the usual answers, offered as a menu. */
  listed(name) {
    const given = (this.template?.actions || []).filter((a) => Array.isArray(a[name])).map((a) => a[name]);
    if (!given.some((v) => v.length === 0)) return null;
    const seen = new Map(given.map((v) => [JSON.stringify(v), v]));
    return [...seen.values()];
  }

  set(name, value) {
    if (value === undefined || value === "") delete this.chosen[name]; else this.chosen[name] = value;
    this.prefill();
    this.render();
    this.emit();
  }

  label(value, field = "") {
    return valueLabel(value, this.names, `none (no ${(LABELS[field] || field || "card").toLowerCase()})`);
  }

  render() {
    const types = this.templates.map((t) => t.type);
    const typeSelect = h("select", {id: "a-type", name: "type", onchange: (e) => this.pick(e.target.value)},
      h("option", {value: ""}, types.length ? "— choose an action —" : "no legal action"),
      types.map((t) => h("option", {value: t, selected: this.template?.type === t}, t.replaceAll("_", " "))));
    const rows = [h("span.field.a-field", h("label", {for: "a-type"}, "Action"), typeSelect)];
    if (this.template) {
      const [plain, advanced] = this.fields();
      rows.push(...plain);
      if (advanced.length) rows.push(h("details.a-advanced", h("summary", "More fields (JSON)"), advanced));
    }
    this.host.replaceChildren(...rows);
    this.host.dataset.type = this.template?.type || "";
  }

  fields() {
    const root = this.template.schema;
    const required = new Set(root.required || []);
    const out = [];
    const advanced = [];
    for (const [name, prop] of Object.entries(root.properties || {})) {
      if (name === "type") continue;
      const id = `a-${name}`;
      const k = kindOf(root, prop, name);
      const title = (LABELS[name] || name.replaceAll("_", " ")) + (required.has(name) ? "" : " (optional)");
      const help = resolve(root, prop).description;
      let input;
      const yesNo = k.kind === "boolean" || (k.kind === "enum" && k.values.every((v) => typeof v === "boolean"));
      if (yesNo) {
        // A yes/no the judge may always set (a staple played face up): the rules answer on Check.
        input = h("input", {id, name, type: "checkbox", checked: !!this.chosen[name],
          onchange: (e) => this.set(name, e.target.checked || undefined)});
      } else if (k.kind === "enum") {
        const values = narrowed(this.template, this.chosen, name, k.values);
        input = h("select", {id, name, onchange: (e) => this.set(name, e.target.value === "" ? undefined : values[Number(e.target.value)])},
          h("option", {value: ""}, values.length === 1 ? "—" : "— choose —"),
          values.map((v, i) => h("option", {value: String(i), selected: JSON.stringify(this.chosen[name]) === JSON.stringify(v)},
            this.label(v, name))));
      } else if (k.kind === "card" || k.kind === "cards") {
        const {state, game} = this.context || {};
        input = cardPicker({id, title, value: this.chosen[name], game, multiple: k.kind === "cards", names: this.names,
          suggestions: suggestionsFor(state, this.player, this.template.type, name), onpick: (v) => this.set(name, v)});
      } else if (k.kind === "object" || k.kind === "objects") {
        const {state, game} = this.context || {};
        // A card's name or "card" comes from the hand; any other card property names a card in play.
        const suggest = (key) => key === "name" || key === "card" ? suggestionsFor(state, this.player, "play_card", "card")
          : suggestionsFor(state, this.player, this.template.type, key);
        input = (k.kind === "object" ? objectField : objectList)({id, title, root, schema: k.schema, value: this.chosen[name],
          resolve, context: {game, names: this.names, suggest}, onchange: (v) => this.set(name, v)});
      } else if (k.kind === "multi" && this.listed(name) && !this.sets?.[name]) {
        // The sets the legal actions list (none, each one, all of them) in a menu, "— choose —" first
        // (never a default such as "no block"); "another set…" opens the checkboxes for any other.
        const values = this.listed(name);
        const other = values.length;
        input = h("select", {id, name, onchange: (e) => {
          if (e.target.value === String(other)) { this.sets = {...this.sets, [name]: true}; this.render(); return; }
          this.set(name, e.target.value === "" ? undefined : values[Number(e.target.value)]);
        }},
          h("option", {value: ""}, "— choose —"),
          values.map((v, i) => h("option", {value: String(i), selected: JSON.stringify(this.chosen[name]) === JSON.stringify(v)},
            this.label(v, name))),
          h("option", {value: String(other)}, "another set…"));
      } else if (k.kind === "multi") {
        const picked = new Set(this.chosen[name] || []);
        input = h("span.multi", {id, role: "group", "aria-label": title}, k.values.map((v) => h("label.check",
          h("input", {type: "checkbox", name, value: String(v), checked: picked.has(v), onchange: (e) => {
            if (e.target.checked) picked.add(v); else picked.delete(v);
            this.set(name, picked.size ? k.values.filter((x) => picked.has(x)) : undefined);
          }}), " ", this.label(v, name))));
      } else if (k.kind === "number") {
        input = h("input", {id, name, type: "number", inputmode: "numeric", min: k.min ?? null, max: k.max ?? null,
          value: this.chosen[name] ?? "", onchange: (e) => this.set(name, e.target.value === "" ? undefined : Number(e.target.value))});
      } else if (k.kind === "text") {
        input = h("input", {id, name, value: this.chosen[name] ?? "", autocomplete: "off",
          onchange: (e) => this.set(name, e.target.value || undefined)});
      } else {
        input = h("textarea", {id, name, rows: "2", spellcheck: "false", placeholder: "JSON",
          onchange: (e) => {
            try { this.set(name, e.target.value.trim() ? JSON.parse(e.target.value) : undefined); }
            catch { e.target.setCustomValidity("not valid JSON"); e.target.reportValidity(); }
          }}, this.chosen[name] !== undefined ? JSON.stringify(this.chosen[name]) : "");
      }
      (k.kind === "json" && !required.has(name) ? advanced : out)
        .push(h("span.field.a-field", {title: help || null, dataset: {kind: k.kind}}, h("label", {for: id}, title), input));
    }
    return [out, advanced];
  }
}
