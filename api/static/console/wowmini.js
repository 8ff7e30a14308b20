// WoW Miniatures: the grid with characters, pets and totems, the victory-point squares, the
// timeline of clocks, and each character's action bar (face up or down, ready or exhausted).
import {fact, h, playerChip, seatClass} from "./render.js";

export function render(s) {
  const chars = Object.entries(s.characters || {});
  return h("div.wowmini", status(s), h("div.wow-layout", grid(s), h("div.wow-side", clocks(s, chars))),
    h("div.bars", chars.map(([cid, c]) => bar(s, cid, c))));
}

function status(s) {
  return h("div.status-bar",
    fact("Time", s.time ?? 0),
    h("span.fact.to-act", h("span.fact-label", "Acting"), " ", s.acting ? (s.characters?.[s.acting]?.name || s.acting) : "—"),
    s.action_used ? fact("Action", "used") : null,
    s.vp_target ? fact("VP to win", s.vp_target) : null,
    Object.entries(s.players || {}).map(([p, ps]) => h("span.fact", playerChip(s, p), " ", h("b", ps.victory_points ?? 0), " VP")),
    s.last_play ? fact("Last play", `${s.last_play.card}${s.last_play.cancelled ? " (cancelled)" : ""}`) : null,
    s.winner ? h("span.winner", `Winner: ${s.winner.player ?? "none (draw)"} by ${s.winner.by.replaceAll("_", " ")}`) : null);
}

function key(sq) {
  return sq ? `${sq[0]},${sq[1]}` : null;
}

function grid(s) {
  const w = s.board?.width ?? 12;
  const hgt = s.board?.height ?? 12;
  const blocked = new Set((s.board?.blocked || []).map(key));
  const vp = new Set((s.vp_squares || []).map(key));
  const pieces = {};
  const put = (sq, el) => { (pieces[key(sq)] ||= []).push(el); };
  for (const [cid, c] of Object.entries(s.characters || {})) {
    if (c.status === "in_play" && c.square) {
      put(c.square, h(`span.token.${seatClass(s, c.owner)}`, {class: c.master ? "pet" : null, dataset: {character: cid},
        title: `${c.name || cid} (${c.owner}${c.master ? `, pet of ${c.master}` : ""}) ${c.damage}/${c.effective?.health ?? c.health} damage`},
        initials(c.name || cid)));
    }
  }
  for (const [tid, t] of Object.entries(s.totems || {})) {
    if (t.status === "in_play") put(t.square, h(`span.totem.${seatClass(s, t.owner)}`, {title: `${t.name} (totem, ${t.owner})`, dataset: {totem: tid}}, "T"));
  }
  const cells = [];
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; x++) {
      const k = `${x},${y}`;
      const holder = s.controlled_vp_squares?.[k];
      cells.push(h("div.cell", {class: [blocked.has(k) && "blocked", vp.has(k) && "vp", holder && seatClass(s, holder)].filter(Boolean).join(" ") || null,
                                title: `[${x}, ${y}]${vp.has(k) ? ` victory point square${holder ? `, held by ${holder}` : ""}` : ""}${blocked.has(k) ? " blocked" : ""}`},
        pieces[k] || null));
    }
  }
  return h("div.grid", {style: `grid-template-columns: repeat(${w}, 2.2rem)`, role: "img",
                        "aria-label": `the ${w} by ${hgt} grid`}, cells);
}

function initials(name) {
  return name.split(/\s+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase();
}

function clocks(s, chars) {
  const live = chars.filter(([, c]) => c.status === "in_play").sort((a, b) => a[1].clock - b[1].clock);
  return h("section.clocks", {"aria-label": "timeline of clocks"}, h("h4", "Timeline (clock)"),
    h("ol", live.map(([cid, c]) => h("li", {class: s.acting === cid ? "acting" : null},
      h("b", c.clock), " ", h(`span.player.${seatClass(s, c.owner)}`, c.name || cid), c.master ? h("span.muted", " pet") : null))),
    Object.keys(s.totems || {}).length ? [h("h4", "Totems"), h("ul", Object.entries(s.totems).map(([tid, t]) =>
      h("li", `${t.name} [${t.square}] ${t.damage}/${t.health}${t.status !== "in_play" ? ` (${t.status})` : ""}`)))] : null);
}

function bar(s, cid, c) {
  const eff = c.effective || {};
  const health = eff.health ?? c.health;
  const atk = eff.attack || c.attack || {};
  return h(`section.char-bar.${seatClass(s, c.owner)}`, {"aria-label": `${c.name || cid}'s action bar`, dataset: {character: cid},
                                                      class: c.status !== "in_play" ? "gone" : null},
    h("header.side-head",
      h("span.side-name", c.name || cid), h("span.muted", [c.class, c.race, c.faction].filter(Boolean).join(" · ")),
      fact("Health", `${Math.max(0, health - c.damage)}/${health}`),
      fact("Attack", `${atk.damage} ${atk.range}, ${atk.cost} ticks`),
      fact("Clock", c.clock),
      c.form ? fact("Form", c.form.name) : null,
      c.master ? fact("Pet of", c.master) : null,
      c.status !== "in_play" ? h("span.badge.lost", c.status) : null),
    h("span.bar.health", h("span.fill", {style: `width:${Math.round(100 * Math.max(0, health - c.damage) / Math.max(1, health))}%`})),
    h("div.cards", (c.action_bar || []).map((card) => h("div.slot", {class: card.orientation === "exhausted" ? "fatigued" : null},
      h("article.card.bar-card", {class: card.face === "up" ? "up" : "down", title: card.text || card.notes || card.name,
                                   "aria-label": `${card.name}, face ${card.face}${card.orientation ? ", " + card.orientation : ""}`},
        h("header.card-name", card.name),
        h("div.card-sub", `${card.kind} · ${card.cost} ticks`),
        card.category && card.category !== "action" ? h("div.card-sub", card.category) : null,
        h("footer.card-foot", `face ${card.face}${card.orientation === "exhausted" ? " · exhausted" : ""}`))))),
    c.buffs?.length ? h("div.buffs", c.buffs.map((b) => h(`span.buff.${b.kind}`,
      {title: b.text || ""}, b.name, b.expires_at !== null && b.expires_at !== undefined ? ` (until ${b.expires_at})` : ""))) : null);
}

export const example = {
  board: {width: 10, height: 8, blocked: [[4, 3], [4, 4], [5, 3]]},
  vp_squares: [[1, 6], [8, 1]],
  vp_target: 3,
  characters: {
    malfurion: {owner: "p1", name: "Malfurion", class: "Druid", race: "Night Elf", faction: "Alliance", square: [2, 5],
                health: 20, attack: {damage: 3, range: "ranged", cost: 3},
                action_bar: [{name: "Bear Form", kind: "form", cost: 2, restriction: "Druid", health: 26,
                              attack: {damage: 5, range: "melee", cost: 3}},
                             {name: "Wrath", cost: 3, damage: 4, range: "ranged", target: "enemy", restriction: "Druid"}]},
    thrall: {owner: "p2", name: "Thrall", class: "Shaman", race: "Orc", faction: "Horde", square: [7, 2], health: 22,
             attack: {damage: 4, range: "melee", cost: 3},
             action_bar: [{name: "Searing Totem", kind: "totem", cost: 2, health: 3, restriction: "Shaman"}]},
  },
};
