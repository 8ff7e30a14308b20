// The Spoils: each player's faction with its influence, resources and their icons, characters
// with their damage (a depleted card is turned sideways), and the battle in progress.
import {fact, h, playerChip, seatClass, stepper} from "./render.js";

const STAGES = ["choose_first_player", "mulligan", "develop", "main", "end"];
const BATTLE = ["attack_tactics", "blocks", "repeat", "tactics_a", "assign_attacker", "assign_blocker", "tactics_e"];
const ICON_NAMES = {O: "Obsession", G: "Greed", E: "Elitism", D: "Deception", R: "Rage", V: "Volition"};

export function render(s) {
  const seating = s.seating || Object.keys(s.players);
  const roles = {};
  if (s.battle) {
    for (const c of s.battle.attackers || []) roles[c] = "attacking";
    for (const c of s.battle.blockers || []) roles[c] = "blocking";
  }
  const half = Math.ceil(seating.length / 2);
  return h("div.spoils", status(s), s.pending?.length ? pending(s) : null,
    s.for_the_judge?.length ? forTheJudge(s) : null,
    h("div.table", seating.slice(0, half).map((p) => side(s, p, roles)),
      s.battle ? battle(s) : h("div.no-battle.muted", "No battle in progress"),
      seating.slice(half).map((p) => side(s, p, roles))));
}

function status(s) {
  return h("div.status-bar",
    fact("Turn", s.turn),
    s.format ? fact("Format", s.format) : null,
    h("span.fact", h("span.fact-label", "Active"), " ", playerChip(s, s.active_player)),
    h("span.fact.to-act", h("span.fact-label", "To act"), " ", playerChip(s, s.to_act)),
    s.window?.step ? fact("Window", s.window.step.replaceAll("_", " ")) : null,
    stepper("Stages of the turn", STAGES, s.stage),
    s.choice ? h("span.fact.choice", `${s.choice.player} chooses (${s.choice.kind.replaceAll("_", " ")}): ${s.choice.options.join(", ")}`) : null,
    s.winner ? h("span.winner", `Winner: ${s.winner.player ?? "none (draw)"} by ${s.winner.by}`) : null);
}

function pending(s) {
  return h("div.pending", {role: "group", "aria-label": "plays waiting for responses"},
    h("b", "Waiting for responses: "),
    h("ol", s.pending.map((p) => h("li", playerChip(s, p.player), ` ${p.kind.replaceAll("_", " ")}: ${p.name}`,
      p.response_to ? h("span.muted", ` (in response to ${p.response_to})`) : null))));
}

// What a card left to the judge (a sentence the engine does not enforce), until a ruling answers it.
function forTheJudge(s) {
  return h("div.pending.for-the-judge", {role: "group", "aria-label": "left to the judge"},
    h("b", "For the judge, until a ruling answers it: "),
    h("ol", s.for_the_judge.map((i) => h("li", {"data-item": i.id}, h("b", i.name), `: ${i.sentence} `,
      h("span.muted", `(${i.id}, ${i.rule})`)))));
}

function battle(s) {
  const b = s.battle;
  const card = (cid) => s.cards[cid] ? mini(s, cid, s.cards[cid], b.dealt?.includes(cid)) : h("span", cid);
  const target = b.target?.kind === "location"
    ? `the location ${s.cards[b.target.card]?.name || b.target.card}`
    : `${b.target?.player || b.defender}'s faction`;
  const flags = [b.covert && "covert", b.unblockable && "unblockable", b.blocked && "blocked",
                 b.target_lost && "target lost"].filter(Boolean);
  return h("section.battle", {"aria-label": "battle in progress"},
    h("div.battle-title", h("b", "Battle"), ": ", playerChip(s, b.attacker), " attacks ", target,
      b.speed !== null && b.speed !== undefined ? h("span.fact", h("span.fact-label", " speed"), " ", h("b", b.speed)) : null,
      flags.length ? h("span.muted", ` · ${flags.join(", ")}`) : null),
    stepper("Steps of the battle", BATTLE, b.stage),
    h("div.battle-sides",
      h("div.party", h("h4", "Attacking party ", h("small", "(strength / life / speed)")), h("div.cards", b.attackers.map(card))),
      h("div.versus", {"aria-hidden": "true"}, "vs"),
      h("div.party", h("h4", `Blocking party${b.blockers.length ? "" : " (none)"}`), h("div.cards", b.blockers.map(card)))),
    totals(s, b),
    b.assignments?.length ? h("ul.assignments", b.assignments.map((a) => h("li", describe(s, a)))) : null);
}

/** Each party's total strength and life as the state gives them (each card's effective values). */
function totals(s, b) {
  const sum = (ids, stat) => ids.reduce((n, cid) => n + (s.cards[cid]?.effective?.[stat] ?? s.cards[cid]?.[stat] ?? 0), 0);
  const party = (label, who, ids) => h(`span.total.${seatClass(s, who)}`, label, " ", h("b", sum(ids, "strength")),
    h("small", " strength · "), h("b", sum(ids, "life")), h("small", " life"));
  return h("div.totals", {role: "status", "aria-label": "battle totals"}, h("span.fact-label", "Totals"), " ",
    party("Attacking", b.attacker, b.attackers), h("span.versus", " v "),
    party(b.blockers.length ? "Blocking" : "No blockers", b.defender, b.blockers));
}

function mini(s, cid, c, dealt) {
  const eff = c.effective || {};
  const life = eff.life ?? c.life;
  return h(`div.mini.${seatClass(s, c.controller)}`, {dataset: {card: cid}, title: cid},
    h("b", c.name), h("span.mini-stats", `${eff.strength ?? c.strength} / ${life} / ${eff.speed ?? c.speed}`),
    c.damage ? h("span.damage", Array.from({length: Math.min(c.damage, 12)}, () => h("span.pip")), ` ${c.damage} of ${life}`) : null,
    dealt ? h("span.badge", "dealt damage") : null);
}

function describe(s, a) {
  return Object.entries(a).map(([k, v]) => `${k} ${s.cards[v]?.name || (typeof v === "object" ? JSON.stringify(v) : v)}`).join(", ");
}

function side(s, player, roles) {
  const ps = s.players[player] || {};
  const f = ps.faction || {};
  const mine = Object.entries(s.cards || {}).filter(([, c]) => c.controller === player && !c.attached_to);
  const influence = f.influence ?? 0;
  const start = Math.max(f.starting_influence || 25, influence, 1);
  const byType = (t) => mine.filter(([, c]) => c.type === t);
  const others = mine.filter(([, c]) => !["character", "location"].includes(c.type));
  return h(`section.side.${seatClass(s, player)}`, {"aria-label": `${player}'s side`, dataset: {player}},
    h("header.side-head",
      h("span.side-name", player, s.active_player === player ? h("span.badge", "active") : null,
        s.to_act === player ? h("span.badge.acting", "to act") : null, ps.lost ? h("span.badge.lost", "lost") : null),
      h("span.faction", f.name || "Faction"),
      h("span.influence", {title: `influence ${influence} of ${start}`},
        h("span.fact-label", "Influence"), " ", h("b", influence),
        h("span.bar", h("span.fill", {style: `width:${Math.round(100 * Math.max(0, influence) / start)}%`}))),
      fact("Hand", ps.hand ?? 0), ps.deck !== null && ps.deck !== undefined ? fact("Deck", ps.deck) : null,
      fact("Discard", (ps.discard || []).length)),
    h("div.resources", {"aria-label": `${player}'s resources`},
      h("span.fact-label", "Resources "),
      Object.entries(ps.resources || {}).map(([rid, r]) => resource(rid, r)),
      ps.icons ? h("span.icons-total", {title: "icons provided"}, " = ", iconRow(ps.icons)) : null),
    h("div.zone", byType("character").map(([cid, c]) => cardView(s, cid, c, roles[cid])),
      byType("location").map(([cid, c]) => cardView(s, cid, c, roles[cid])),
      others.map(([cid, c]) => cardView(s, cid, c, roles[cid])),
      mine.length ? null : h("span.muted", "no cards in play")));
}

function iconRow(icons) {
  return Object.entries(icons).map(([i, n]) => h(`span.icon.i${i}`, {title: ICON_NAMES[i] || i}, n > 1 ? `${i}×${n}` : i));
}

function resource(rid, r) {
  const icons = r.face_up ? (r.icons || "") : "V";
  return h("span.resource", {class: [r.attached && "attached", r.face_up ? null : "face-down"].filter(Boolean).join(" ") || null,
                             title: `${rid}: ${r.face_up ? (r.name || "resource") : "face down"}${r.attached ? ", attached (used this turn)" : ""}`},
    r.face_up ? (r.name || rid) : "face down", " ",
    [...icons].map((i) => h(`span.icon.i${i}`, {title: ICON_NAMES[i]}, i)));
}

function cardView(s, cid, c, role) {
  const eff = c.effective || {};
  const stat = (k, label) => (eff[k] ?? c[k]) !== null && (eff[k] ?? c[k]) !== undefined
    ? h("div", {title: k, class: eff[k] !== undefined && c[k] !== null && eff[k] !== c[k] ? (eff[k] > c[k] ? "higher" : "lower") : null},
        h("dt", label), h("dd", eff[k] ?? c[k])) : null;
  const items = Object.entries(s.cards).filter(([, a]) => a.attached_to === cid);
  const keywords = eff.keywords || c.keywords || [];
  const life = eff.life ?? c.life;
  const card = h(`article.card.spoils-card.${seatClass(s, c.controller)}`,
    {"aria-label": `${c.name}, ${c.type}, ${c.controller}'s${c.depleted ? ", depleted" : ""}${c.damage ? `, ${c.damage} damage` : ""}`,
     class: [c.type, role].filter(Boolean).join(" "), dataset: {card: cid}, title: cid},
    h("header.card-name", c.name),
    h("div.card-sub", [c.type, ...(c.subtypes || [])].join(" · ")),
    h("dl.stats", stat("strength", "STR"), stat("life", "LIFE"), stat("speed", "SPD"), stat("structure", "STRC")),
    keywords.length ? h("div.card-sub.keywords", keywords.join(", ")) : null,
    c.damage ? h("div.damage", {title: `${c.damage} damage${life ? ` of ${life} life` : ""}`},
      Array.from({length: Math.min(c.damage, 12)}, () => h("span.pip")), `\u00a0${c.damage} damage`) : null,
    items.length ? h("ul.attachments", items.map(([, a]) => h("li", "⚔ ", a.name))) : null,
    c.type === "character" && !c.can_attack && !c.depleted ? h("div.card-sub.muted", "cannot attack yet") : null,
    h("footer.card-foot", c.controller, c.depleted ? " · depleted" : "", role ? h("span.role", role) : null));
  return h("div.slot", {class: c.depleted ? "fatigued" : null}, card);
}

export const example = {
  stage: "main",
  turn: 3,
  active_player: "p1",
  players: {
    p1: {faction: {name: "Banker", influence: 21}, hand: 4, deck: 30,
         resources: [{name: "Greed", icons: "G", attached: true}, {name: "Greed", icons: "G"}, {face_up: false}]},
    p2: {faction: {name: "Rogue", influence: 17}, hand: 6, deck: 28,
         resources: [{name: "Deception", icons: "D"}, {name: "Deception", icons: "D"}, {name: "Rage", icons: "R"}]},
  },
  cards: {
    c1: {name: "Gearsmith Journeyman", type: "character", owner: "p1", controller: "p1", cost: 2, threshold: "G",
         strength: 2, life: 3, speed: 2, can_attack: true},
    c2: {name: "Brutish Ogre", type: "character", owner: "p1", controller: "p1", cost: 4, threshold: "GG",
         strength: 4, life: 4, speed: 1, can_attack: true, depleted: true, damage: 1},
    c3: {name: "Sneaky Ratcatcher", type: "character", owner: "p2", controller: "p2", cost: 1, threshold: "D",
         strength: 1, life: 2, speed: 3, keywords: ["covert"], can_attack: true},
  },
};
