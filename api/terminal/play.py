"""Playing a game from the terminal: ``act`` appends an action, ``check`` dry-runs one, ``legal``
lists a player's legal actions, ``state`` shows the state at a position; text for people,
``--json`` for scripts (the same documents the HTTP API answers).

An action is written ``PLAYER TYPE [FIELD=VALUE ...]`` (``alice play_card card="Gate Guard"``), or
given whole as one JSON object (``'{"type": "pass", "player": "bob"}'``), or ``-`` to read that
object from stdin.  A VALUE is read as JSON when it is JSON (``2``, ``true``, ``["c4"]``), else as
text; a field the action's schema types as a list takes ``c4,c5``; a field given twice is a list.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click

from api.terminal.common import echo_json, game_id, refuse, service
from api.terminal.words import events_text, legal_text, state_text, violations_text

ACTION_HELP = ("ACTION is PLAYER TYPE [FIELD=VALUE ...], one JSON object, or - (a JSON object on stdin); "
               "`adjudicator legal GAME_ID PLAYER` lists what may be sent.")


def _kinds(prop: dict[str, Any], defs: dict[str, Any]) -> set[str]:
    """The JSON types a field's schema allows (through $ref and anyOf)."""
    while "$ref" in prop:
        prop = defs.get(prop["$ref"].rsplit("/", 1)[-1], {})
    if "anyOf" in prop or "oneOf" in prop:
        return set().union(*(_kinds(p, defs) for p in prop.get("anyOf") or prop.get("oneOf")))
    kind = prop.get("type")
    if isinstance(kind, list):
        return set(kind)
    return {kind} if kind else ({"string"} if "const" in prop or "enum" in prop else set())


def _items(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    for option in [prop, *(prop.get("anyOf") or [])]:
        if option.get("type") == "array":
            return option.get("items", {})
    return {}


def coerce(raw: str, prop: dict[str, Any] | None, defs: dict[str, Any]) -> Any:
    """A ``FIELD=VALUE`` word's value, typed by the field's schema (text when nothing says otherwise)."""
    try:
        parsed: Any = json.loads(raw)
    except ValueError:
        parsed = raw
    if isinstance(parsed, (dict, list)):
        return parsed
    kinds = _kinds(prop, defs) if prop is not None else set()
    if "array" in kinds and not isinstance(parsed, (int, float)) or kinds == {"array"}:
        items = _items(prop or {}, defs)
        return [coerce(part.strip(), items, defs) for part in raw.split(",") if part.strip()]
    if parsed is None:
        return None if not kinds or "null" in kinds else raw
    if isinstance(parsed, bool):
        return parsed if not kinds or "boolean" in kinds else raw
    if isinstance(parsed, (int, float)):
        return parsed if not kinds or kinds & {"integer", "number"} else raw
    return raw


def action_from(words: tuple[str, ...], game: str) -> dict[str, Any]:
    """The action the words describe.  Raises click.UsageError when they describe none."""
    from events.service.contract import action_model

    if words == ("-",):
        words = (sys.stdin.read(),)
    if len(words) == 1 and words[0].lstrip().startswith("{"):
        try:
            action = json.loads(words[0])
        except ValueError as exc:
            raise click.UsageError(f"the action is not valid JSON ({exc})") from None
        if not isinstance(action, dict):
            raise click.UsageError("the action must be a JSON object")
        return action
    if len(words) < 2 or "=" in words[0] or "=" in words[1]:
        raise click.UsageError(f"expected PLAYER TYPE [FIELD=VALUE ...], got {' '.join(words)!r}")
    player, kind, *rest = words
    found = action_model(game, kind)
    schema, defs = found if found else ({}, {})
    action: dict[str, Any] = {"type": kind, "player": player}
    for word in rest:
        name, sep, raw = word.partition("=")
        if not sep or not name:
            raise click.UsageError(f"expected FIELD=VALUE, got {word!r}")
        value = coerce(raw, schema.get("properties", {}).get(name), defs)
        if name in action and name not in ("type", "player"):
            before = action[name] if isinstance(action[name], list) else [action[name]]
            value = before + (value if isinstance(value, list) else [value])
        action[name] = value
    return action


def with_named_card(log: Any, action: dict[str, Any]) -> dict[str, Any]:
    """A Spoils action naming a card its game's pool lacks, described from the card catalog as of
    the game's ``cards_as_of`` (as the HTTP API does)."""
    ref = action.get("card")
    if log.game != "spoils" or not isinstance(ref, str):
        return action
    pool = getattr(log.state, "card_pool", {}) or {}
    if ref in pool or any(n.lower() == ref.lower() for n in pool):
        return action
    from api.cards import cards_dir, load_card_catalog
    from events.service.decks import describe_action_card, parse_as_of

    catalog, _ = load_card_catalog(cards_dir())
    as_of = parse_as_of(log.state.cards_as_of) if getattr(log.state, "cards_as_of", None) else None
    return describe_action_card(action, pool, catalog, as_of)


def _rules(decision: Any) -> list[dict[str, Any]]:
    from api.errors import rule_ref

    return [{**t.model_dump(mode="json"), "rule": rule_ref(t.rule)} for t in decision.because]


def _violations(violations: Any) -> list[dict[str, Any]]:
    from api.errors import violations_doc

    return violations_doc(violations)


@click.command("act", epilog=ACTION_HELP)
@click.argument("game")
@click.argument("action", nargs=-1, required=True)
@click.option("--mode", type=click.Choice(["enforce", "record"]), default="enforce", show_default=True,
              help="record appends an illegal action flagged with the rules it breaks")
@click.option("--expect", type=int, default=None, metavar="N",
              help="the position you saw (as If-Match): refused when the game has moved on")
@click.option("--json", "as_json", is_flag=True, help="print the answer as JSON")
@click.pass_context
def act(ctx: click.Context, game: str, action: tuple[str, ...], mode: str, expect: int | None, as_json: bool) -> None:
    """Append ACTION to GAME's log; prints the events it produced.  Exit 1 when refused."""
    svc = service(ctx)
    gid = game_id(game)
    log = svc.game(gid)
    body = with_named_card(log, action_from(action, log.game))
    result = svc.append(gid, body, expected_position=expect, mode=mode)
    events = [{"position": e.originator_version, "type": e.type, "data": e.data} for e in result.events]
    doc = {"position": result.position, "events": events, "to_act": getattr(result.state, "to_act", None)}
    if result.decision.violations:
        doc.update(recorded=True, violations=_violations(result.decision.violations))
    if as_json:
        echo_json(doc)
        return
    click.echo(f"appended at position {result.position}:")
    click.echo("\n".join(events_text(events)))
    if result.decision.violations:
        click.echo("recorded against the rules:")
        click.echo("\n".join(violations_text(doc["violations"])))
    if doc["to_act"]:
        click.echo(f"to act: {doc['to_act']}")


@click.command("check", epilog=ACTION_HELP)
@click.argument("game")
@click.argument("action", nargs=-1, required=True)
@click.option("--at", type=int, default=None, help="position (default: latest)")
@click.option("--json", "as_json", is_flag=True, help="print the verdict as JSON")
@click.pass_context
def check(ctx: click.Context, game: str, action: tuple[str, ...], at: int | None, as_json: bool) -> None:
    """Dry-run ACTION at a position of GAME: legal or not and why; appends nothing.  Exit 0 when
    legal, 1 when not."""
    svc = service(ctx)
    log = svc.state_at(game_id(game), at)
    decision = svc.decide(log, with_named_card(log, action_from(action, log.game)))
    doc = {"legal": decision.legal, "position": log.version, "violations": _violations(decision.violations),
           "events": [{"type": e.type_name(), "data": e.payload()} for e in decision.events],
           "because": _rules(decision)}
    if as_json:
        echo_json(doc)
    else:
        click.echo(f"{'legal' if decision.legal else 'illegal'} at position {log.version}")
        click.echo("\n".join(violations_text(doc["violations"])) if doc["violations"] else "", nl=bool(doc["violations"]))
        if doc["events"]:
            click.echo("would append: " + ", ".join(e["type"] for e in doc["events"]))
        consulted = sorted({t["rule"]["id"] for t in doc["because"]})
        if consulted:
            click.echo("rules consulted: " + ", ".join(consulted))
    sys.exit(0 if decision.legal else 1)


@click.command("legal")
@click.argument("game")
@click.argument("player")
@click.option("--at", type=int, default=None, help="position (default: latest)")
@click.option("--json", "as_json", is_flag=True, help="print the answer as JSON")
@click.pass_context
def legal(ctx: click.Context, game: str, player: str, at: int | None, as_json: bool) -> None:
    """List the actions PLAYER may take in GAME at a position, each with the rules that allow it."""
    from api.errors import rule_ref

    svc = service(ctx)
    log = svc.state_at(game_id(game), at)
    if player not in [p.get("id") for p in log.players]:
        refuse(f"{player!r} is not a player of game {game} (players: {', '.join(p.get('id', '?') for p in log.players)})")
    actions = svc.legal_actions(log, player)
    doc = {"player": player, "position": log.version, "to_act": getattr(log.state, "to_act", None),
           "actions": [{"action": a.action, "rules": [rule_ref(r) for r in a.rules], "description": a.description,
                        **({"domains": a.domains} if a.domains else {})} for a in actions],
           "total": len(actions)}
    if as_json:
        echo_json(doc)
    else:
        click.echo("\n".join(legal_text(doc)))


@click.command("state")
@click.argument("game")
@click.option("--at", type=int, default=None, help="position (default: latest)")
@click.option("--json", "as_json", is_flag=True, help="print the whole state document as JSON")
@click.pass_context
def state(ctx: click.Context, game: str, at: int | None, as_json: bool) -> None:
    """Show GAME's state at a position: who acts, each player, each card in play."""
    svc = service(ctx)
    log = svc.state_at(game_id(game), at)
    doc = svc.document(log.game, log.state)
    if as_json:
        echo_json(doc)
        return
    status, winner = svc.status(log)
    click.echo("\n".join(state_text(game, doc, status, winner)))


COMMANDS = (act, check, legal, state)
