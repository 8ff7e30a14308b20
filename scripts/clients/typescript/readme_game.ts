// The README's game as typed requests: compiled (tsc --noEmit) against the types openapi-typescript
// generates from the served spec, so a change that breaks a client's request fails CI.
import type { components, paths } from "./schema";

type Schemas = components["schemas"];

const create: Schemas["CreateBuffyGame"] = {
  game: "buffy",
  players: [{ id: "p1" }, { id: "p2" }],
  first_player: "p1",
  setup: {
    step: "conflict",
    characters: {
      spike: { owner: "p1", name: "Spike", main: true, location: "p1.2",
               talents: { butt_kicking: 3, smarts: 1, weirdness: 2, charm: 2 }, traits: ["VAMPIRE"] },
      buffy: { owner: "p2", name: "Buffy Summers", main: true, location: "p1.2",
               talents: { butt_kicking: 3, smarts: 0, weirdness: 2, charm: 2 } },
    },
  },
};

const fight: Schemas["BuffyStartFight"] = { type: "start_fight", player: "p1", attacker: "spike", defender: "buffy" };
const pass: Schemas["BuffyPass"] = { type: "pass", player: "p2" };
const attack: Schemas["SpoilsAttack"] = { type: "attack", player: "p1", attackers: ["grunt"] };
const strike: Schemas["WowMiniAttackWith"] = { type: "attack", player: "p1", character: "malfurion", target: "grunt" };
const anyAction: Schemas["Action"][] = [fight, pass, attack, strike];
const check: paths["/games/{game_id}/check"]["post"]["requestBody"]["content"]["application/json"] = { action: pass, at: 1 };

type Created = paths["/games"]["post"]["responses"][201]["content"]["application/json"];
type Legal = paths["/games/{game_id}/legal-actions"]["get"]["responses"][200]["content"]["application/json"];

export async function readmeGame(base: string): Promise<string> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const created = (await (await post("/games", create)).json()) as Created;
  await post(`/games/${created.id}/actions`, fight, { "If-Match": `"${created.position}"` });
  const legal = (await (await fetch(`${base}/games/${created.id}/legal-actions?player=p1`)).json()) as Legal;
  const firstTemplate: Schemas["ActionTemplate"] | undefined = legal.templates?.[0];
  await post(`/games/${created.id}/check`, check);
  return `${created.id} ${anyAction.length} ${firstTemplate?.type ?? "-"}`;
}
