// The choices a card's text asks (The Spoils): GET /games/{id}/legal-actions gives, for a play or an
// ability, `needs`: each choice with where its answer goes in the action (`path`) and the values it
// may take. This panel shows one input per choice (cards by name, numbers within their range, menus,
// yes/no) and writes the action with the answers, so a card is played without typing JSON.
import {h} from "./render.js";

/** ``action`` with ``value`` at ``path`` (["targets", 0], ["choices", "x"]); undefined removes it. */
export function put(action, path, value) {
  const out = structuredClone(action);
  let node = out;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    if (last) {
      if (value === undefined) {
        if (Array.isArray(node)) node[key] = null; else delete node[key];
      } else node[key] = value;
      return;
    }
    if (node[key] === undefined || node[key] === null) node[key] = typeof path[i + 1] === "number" ? [] : {};
    node = node[key];
  });
  return out;
}

const key = (path) => path.join(".");

/** A choice's label for a card: its name, and its id when two cards share the name. */
function cardLabel(card, all) {
  const twins = all.filter((c) => c.name === card.name).length > 1;
  return twins || card.id === card.name ? card.name + (twins ? ` (${card.id})` : "") : card.name;
}

export class ChoicesPanel {
  /** @param host the element the panel lives in; @param onAction called with the answered action */
  constructor(host, onAction) {
    this.host = host;
    this.onAction = onAction;
    this.legal = null;
    this.answers = {};
  }

  /** Shows the choices of ``legal`` (a legal action with ``needs``), or hides the panel (null). */
  show(legal) {
    const same = legal && this.legal && JSON.stringify(legal.action) === JSON.stringify(this.legal.action);
    this.legal = legal && legal.needs?.length ? legal : null;
    if (!same) this.answers = {};
    this.render();
  }

  /** The action with every answer given so far at its path. */
  action() {
    let a = this.legal.action;
    for (const need of this.legal.needs) {
      const v = this.answers[key(need.path)];
      if (v !== undefined) a = put(a, need.path, v);
    }
    // Picks made as the effect resolves are a list: no hole where a choice was left out.
    if (a.choices?.targets) a.choices.targets = a.choices.targets.filter((t) => t !== null && t !== undefined);
    return a;
  }

  /** The choices still to give (required ones not answered). */
  missing() {
    if (!this.legal) return [];
    return this.legal.needs.filter((n) => n.required && this.answers[key(n.path)] === undefined).map((n) => n.text);
  }

  set(need, value) {
    if (value === undefined || value === "" || (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length)
        || (Array.isArray(value) && !value.length)) delete this.answers[key(need.path)];
    else this.answers[key(need.path)] = value;
    this.render();
    this.onAction(this.action(), this.missing());
  }

  render() {
    this.host.hidden = !this.legal;
    if (!this.legal) { this.host.replaceChildren(); return; }
    const rows = this.legal.needs.map((need, i) => this.field(need, `choice-${i}`));
    this.host.replaceChildren(h("legend", "Choices the card asks"), ...rows);
  }

  field(need, id) {
    const make = INPUTS[need.kind] || INPUTS.json;
    const input = make.call(this, need, id, this.answers[key(need.path)]);
    const title = need.text + (need.required ? "" : " (optional)");
    return h("span.field.a-field.choice", {dataset: {kind: need.kind, path: key(need.path)}},
      h("label", {for: id}, title), input);
  }

  /** The cards a division is shared among: those picked at ``among``, or those the text names. */
  sharedAmong(need) {
    if (!need.among) return need.allowed || [];
    const pick = this.legal.needs.find((n) => key(n.path) === key(need.among));
    const said = this.answers[key(need.among)];
    const ids = said === undefined ? [] : Array.isArray(said) ? said : [said];
    return (pick?.allowed || []).filter((c) => ids.includes(c.id));
  }
}

function select(id, values, labels, chosen, onpick, none = "— choose —") {
  return h("select", {id, onchange: (e) => onpick(e.target.value === "" ? undefined : values[Number(e.target.value)])},
    h("option", {value: ""}, none),
    values.map((v, i) => h("option", {value: String(i), selected: JSON.stringify(chosen) === JSON.stringify(v)}, labels[i])));
}

function number(id, min, max, value, onset, label) {
  return h("input", {id, type: "number", inputmode: "numeric", min: min ?? null, max: max ?? null, value: value ?? "",
    "aria-label": label || null, onchange: (e) => onset(e.target.value === "" ? undefined : Number(e.target.value))});
}

/** One number per card (a division, tokens removed): an object card id -> amount, zeros left out. */
function perCard(panel, need, id, cards, value, maxOf) {
  const got = {...(value || {})};
  if (!cards.length) return h("span.muted", {id}, need.among ? "pick the cards first" : "no card to choose");
  return h("span.multi", {id, role: "group", "aria-label": need.text}, cards.map((c, i) => h("label.check",
    cardLabel(c, cards), " ", number(`${id}-${i}`, 0, maxOf(c), got[c.id], (n) => {
      if (n) got[c.id] = n; else delete got[c.id];
      panel.set(need, {...got});
    }, cardLabel(c, cards)))));
}

const INPUTS = {
  target(need, id, value) {
    const cards = need.allowed || [];
    if (need.maximum > 1) {
      const picked = new Set(value || []);
      return h("span.multi", {id, role: "group", "aria-label": need.text}, cards.map((c) => h("label.check",
        h("input", {type: "checkbox", value: c.id, checked: picked.has(c.id), onchange: (e) => {
          if (e.target.checked) picked.add(c.id); else picked.delete(c.id);
          this.set(need, cards.map((x) => x.id).filter((x) => picked.has(x)));
        }}), " ", cardLabel(c, cards))));
    }
    return select(id, cards.map((c) => c.id), cards.map((c) => cardLabel(c, cards)), value, (v) => this.set(need, v),
      need.required ? "— choose —" : "— none —");
  },
  x(need, id, value) {
    const hint = `${need.minimum} to ${need.maximum}`;
    return h("span", number(id, need.minimum, need.maximum, value, (n) => this.set(need, n)), h("span.muted", ` (${hint})`));
  },
  divided(need, id, value) {
    const total = typeof need.total === "number" ? need.total : null;
    return h("span", perCard(this, need, id, this.sharedAmong(need), value, () => total),
      h("span.muted", ` ${need.up_to ? "up to " : ""}${need.total} in all`));
  },
  tokens_removed(need, id, value) {
    return perCard(this, need, id, need.allowed || [], value, (c) => c.maximum);
  },
  generate(need, id, value) {
    const counts = {};
    for (const v of value || []) counts[v] = (counts[v] || 0) + 1;
    return h("span.multi", {id, role: "group", "aria-label": need.text}, need.options.map((o, i) => h("label.check",
      number(`${id}-${i}`, 0, 99, counts[o.value], (n) => {
        counts[o.value] = n || 0;
        this.set(need, need.options.flatMap((x) => Array(counts[x.value] || 0).fill(x.value)));
      }, o.text), " × ", o.text)));
  },
  option(need, id, value) {
    return select(id, need.options.map((o) => o.value), need.options.map((o) => o.text), value, (v) => this.set(need, v),
      need.required ? "— choose —" : "— the first that can be done —");
  },
  coin(need, id, value) {
    return select(id, need.options.map((o) => o.value), need.options.map((o) => o.text), value, (v) => this.set(need, v),
      "— flipped by the service —");
  },
  card_type(need, id, value) {
    return select(id, need.options.map((o) => o.value), need.options.map((o) => o.text), value, (v) => this.set(need, v));
  },
  may(need, id, value) {
    return h("input", {id, type: "checkbox", checked: value === undefined ? need.default !== false : !!value,
      onchange: (e) => this.set(need, e.target.checked)});
  },
  named(need, id, value) {
    const list = `${id}-names`;
    return h("span", h("input", {id, list, value: value ?? "", autocomplete: "off",
      onchange: (e) => this.set(need, e.target.value.trim() || undefined)}),
      h("datalist", {id: list}, (need.suggestions || []).map((n) => h("option", {value: n}))));
  },
  revealed(need, id, value) {
    const names = need.suggestions || [];
    return select(id, names, names, value?.[0], (v) => this.set(need, v === undefined ? undefined : [v]), "— not named —");
  },
  json(need, id, value) {
    return h("textarea", {id, rows: "2", spellcheck: "false", placeholder: "JSON", onchange: (e) => {
      try { this.set(need, e.target.value.trim() ? JSON.parse(e.target.value) : undefined); }
      catch { e.target.setCustomValidity("not valid JSON"); e.target.reportValidity(); }
    }}, value !== undefined ? JSON.stringify(value) : "");
  },
};
