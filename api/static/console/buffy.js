// Buffy the Vampire Slayer CCG: each player's four location spaces and Sunnydale Park, the
// characters there (a fatigued card is turned sideways), challenges, destiny, day or night,
// the step and the stage of a fight or challenge, and who acts.
import {fact, h, playerChip, seatClass, stepper} from "./render.js";

const STEPS = ["prologue", "draw", "refresh", "movement", "resource", "conflict", "end"];
const STAGES = ["choose", "draw", "battle", "resolve", "discard"];
const TALENTS = [["butt_kicking", "BK", "butt-kicking"], ["smarts", "SM", "smarts"],
                 ["weirdness", "WD", "weirdness"], ["charm", "CH", "charm"]];

export function render(s) {
  const phase = s.phase;
  const roles = {};
  if (phase?.kind === "fight") {
    if (phase.attacker) roles[phase.attacker] = "attacker";
    if (phase.defender) roles[phase.defender] = "defender";
  } else if (phase?.kind === "challenge") {
    for (const c of phase.characters || []) roles[c] = "facing";
  }
  const seating = s.seating || Object.keys(s.players);
  const half = Math.ceil(seating.length / 2);
  const rows = [...seating.slice(0, half).map((p) => side(s, p, roles)), park(s, roles),
                ...seating.slice(half).map((p) => side(s, p, roles))];
  return h("div.buffy", status(s), phase ? phasePanel(s) : null, h("div.table", rows));
}

function status(s) {
  const night = s.time_of_day === "night";
  return h("div.status-bar",
    h(`span.tod.${night ? "night" : "day"}`, {title: "time of day"}, night ? "☾ Night" : "☀ Day"),
    fact("Turn", s.turn),
    h("span.fact", h("span.fact-label", "Active"), " ", playerChip(s, s.active_player)),
    h("span.fact.to-act", h("span.fact-label", "To act"), " ", playerChip(s, s.to_act)),
    s.consecutive_passes ? fact("Passes in a row", s.consecutive_passes) : null,
    stepper("Steps of the turn", STEPS, s.step),
    s.winner ? h("span.winner", `Winner: ${s.winner.player ?? "none (draw)"} by ${s.winner.by}`) : null);
}

function phasePanel(s) {
  const p = s.phase;
  const name = (id) => s.characters[id]?.name || id;
  const title = p.kind === "fight"
    ? [h("b", "Fight"), ": ", name(p.attacker), " attacks ", name(p.defender)]
    : [h("b", "Challenge"), ": ", s.challenges[p.challenge]?.name || p.challenge,
       p.characters?.length ? ` faced by ${p.characters.map(name).join(", ")}` : ""];
  const stacks = Object.entries(p.stacks || {}).filter(([, cards]) => cards.length);
  return h("div.phase", {role: "group", "aria-label": `${p.kind} in progress`},
    h("div.phase-title", title, h("span.muted", ` · started by ${p.initiator}, resolving on ${talentName(p.resolving_talent)}`)),
    stepper(`Stages of the ${p.kind}`, STAGES, p.stage),
    stacks.length ? h("div.stacks", stacks.map(([player, cards]) => h("div.stack",
      h("span", playerChip(s, player), " stack: "),
      cards.map((c) => h("span.stack-card", {title: c.kind}, `${c.name} +${c.value} ${abbr(c.talent)}`))))) : null,
    standing(s, p),
    p.outcome ? h("div.outcome", outcome(p.outcome)) : null);
}

/** The totals the state gives for the fight or challenge in progress (phase.standing). */
function standing(s, p) {
  const st = p.standing;
  if (!st?.totals) return null;
  const name = (id) => s.characters[id]?.name || id;
  if (p.kind === "fight") {
    const [a, d] = [st.totals[p.attacker], st.totals[p.defender]];
    const lead = a > d ? name(p.attacker) : d > a ? name(p.defender) : null;
    return h("div.totals", {role: "status", "aria-label": "fight totals"},
      h("span.fact-label", `Totals (${talentName(st.talent)})`), " ",
      h(`span.total.${seatClass(s, s.characters[p.attacker]?.owner)}`, name(p.attacker), " ", h("b", a)),
      h("span.versus", " v "),
      h(`span.total.${seatClass(s, s.characters[p.defender]?.owner)}`, name(p.defender), " ", h("b", d)),
      h("span.muted", lead ? ` · ${lead} ahead` : " · tied"));
  }
  return h("div.totals", {role: "status", "aria-label": "challenge totals"},
    h("span.fact-label", "Totals v goals"), " ",
    Object.entries(st.goals || {}).map(([t, goal]) => h("span.total", `${abbr(t)} `, h("b", st.totals[t] ?? 0), ` / ${goal}`, " ")),
    st.missing_traits?.length ? h("span.bad", ` missing ${st.missing_traits.join(", ")}`) : null,
    h("span.muted", st.overcome ? " · overcome if it resolved now" : " · not overcome yet"));
}

function outcome(o) {
  return Object.entries(o).map(([k, v]) => h("span.fact", h("span.fact-label", k.replaceAll("_", " ")), " ",
    h("b", typeof v === "object" ? JSON.stringify(v) : String(v))));
}

function side(s, player, roles) {
  const ps = s.players[player] || {};
  const spaces = Object.keys(s.adjacency || {}).filter((sp) => sp.startsWith(`${player}.`)).sort();
  const gone = Object.entries(s.characters).filter(([, c]) => c.owner === player && (c.location === "discard" || c.location === "crypt"));
  return h(`section.side.${seatClass(s, player)}`, {"aria-label": `${player}'s side`, dataset: {player}},
    h("header.side-head",
      h("span.side-name", player, s.active_player === player ? h("span.badge", "active") : null,
        s.to_act === player ? h("span.badge.acting", "to act") : null),
      fact("Destiny", ps.destiny ?? 0, {class: "destiny"}),
      fact("Hand", ps.hand ?? "?"),
      ps.resource_deck !== null && ps.resource_deck !== undefined ? fact("Deck", ps.resource_deck) : null,
      fact("Park turns", ps.park_control_turns ?? 0),
      ps.hand_cards?.length ? fact("Known hand", ps.hand_cards.join(", ")) : null,
      gone.length ? fact("Out of play", gone.map(([, c]) => `${c.name} (${c.location})`).join(", ")) : null),
    h("div.spaces", spaces.map((sp) => space(s, sp, roles))));
}

function park(s, roles) {
  const controller = Object.entries(s.players).find(([, p]) => p.park_control_turns > 0);
  return h("section.park", {"aria-label": "Sunnydale Park"},
    h("div.space-label", "Sunnydale Park", controller ? h("span.muted", ` · held by ${controller[0]} for ${controller[1].park_control_turns} turn(s)`) : null),
    h("div.space-body", contents(s, "park", roles)));
}

function space(s, sp, roles) {
  const loc = s.locations?.[sp];
  return h("div.space", {dataset: {space: sp}, "aria-label": `space ${sp}`},
    h("div.space-label", sp, loc ? h("span.location", ` ${loc.name}`) : null),
    h("div.space-body", contents(s, sp, roles)));
}

function contents(s, sp, roles) {
  const chars = Object.entries(s.characters).filter(([, c]) => c.location === sp);
  const challenges = Object.entries(s.challenges || {}).filter(([, c]) => c.location === sp);
  return [challenges.map(([id, c]) => challenge(s, id, c)), chars.map(([id, c]) => character(s, id, c, roles[id]))];
}

function character(s, id, c, role) {
  const eff = c.effective_talents || c.talents;
  const label = `${c.name}${c.main ? " (main)" : ""}, ${c.owner}'s, ${c.fatigued ? "fatigued" : "refreshed"}`;
  const card = h(`article.card.char.${seatClass(s, c.owner)}`,
    {"aria-label": label, title: `${id}${c.traits?.length ? " · " + c.traits.join(", ") : ""}`,
     class: [c.main && "main", role].filter(Boolean).join(" ") || null, dataset: {character: id}},
    h("header.card-name", c.main ? h("span.star", {title: "main character"}, "★ ") : null, c.name),
    h("div.card-sub", [c.alignment, c.traits?.join(" ")].filter(Boolean).join(" · ") || "\u00a0"),
    h("dl.talents", TALENTS.map(([key, ab, full]) => {
      const printed = c.talents?.[key] ?? 0;
      const now = eff?.[key] ?? printed;
      return h("div", {title: `${full}: ${now}${now !== printed ? ` (printed ${printed})` : ""}`,
                        class: now < printed ? "lower" : now > printed ? "higher" : null},
        h("dt", ab), h("dd", now));
    })),
    c.attachments?.length ? h("ul.attachments", c.attachments.map((a) =>
      h("li", {class: a.fatigued ? "fatigued" : null, title: `${a.kind}${a.fatigued ? ", fatigued" : ""}`},
        a.kind === "item" ? "⚔ " : "✦ ", a.name))) : null,
    h("footer.card-foot", c.owner, c.fatigued ? " · fatigued" : "", role ? h("span.role", role) : null));
  return h("div.slot", {class: c.fatigued ? "fatigued" : null}, card);
}

function challenge(s, id, c) {
  const goals = Object.entries(c.goals || {}).map(([t, n]) => `${abbr(t)} ${n}`).join(" · ");
  return h(`article.card.challenge.${seatClass(s, c.owner)}`, {"aria-label": `challenge ${c.name}`, dataset: {challenge: id}},
    h("header.card-name", c.name),
    h("div.card-sub", `goals ${goals || "—"}`),
    h("div.card-sub", `destiny ${c.destiny}${c.alignment ? " · " + c.alignment : ""}`),
    c.faced_by?.length ? h("div.card-sub", `faced by ${c.faced_by.join(", ")}`) : null,
    h("footer.card-foot", `${c.owner}'s challenge`));
}

function abbr(talent) {
  return (TALENTS.find(([k]) => k === talent) || [talent, talent])[1];
}

function talentName(talent) {
  return (TALENTS.find(([k]) => k === talent) || [talent, talent, talent])[2];
}

export const example = {
  step: "conflict",
  time_of_day: "night",
  players: {p1: {destiny: 3, hand: 5}, p2: {destiny: 4, hand: 4}},
  characters: {
    spike: {owner: "p1", name: "Spike", main: true, location: "p1.2", alignment: "evil",
            talents: {butt_kicking: 3, smarts: 1, weirdness: 2, charm: 2}, traits: ["VAMPIRE"]},
    harmony: {owner: "p1", name: "Harmony Kendall", location: "park", fatigued: true, alignment: "evil",
              talents: {butt_kicking: 1, smarts: 0, weirdness: 1, charm: 2}, traits: ["VAMPIRE"]},
    buffy: {owner: "p2", name: "Buffy Summers", main: true, location: "p1.2", alignment: "good",
            talents: {butt_kicking: 3, smarts: 0, weirdness: 2, charm: 2}, traits: ["HUMAN"],
            attachments: [{name: "Mr. Pointy", kind: "item", talents: {butt_kicking: 1}}]},
    willow: {owner: "p2", name: "Willow Rosenberg", location: "p2.3", alignment: "good",
             talents: {butt_kicking: 0, smarts: 3, weirdness: 2, charm: 1}, traits: ["HUMAN", "WITCH"]},
  },
  challenges: {
    hyenas: {name: "Hyenas in the Classroom", owner: "p1", location: "p2.1", goals: {charm: 4, smarts: 9}, destiny: 4},
  },
};
