"""What a listed Spoils legal action or a legal-actions template allows (the property test
``test_spoils_templates_sound``): an action allowed by a listed one (the same fields, a value among its
domains, fields it leaves out), or fitting a template's schema (each ``enum``), in any of the spellings
the engine decides alike."""
from __future__ import annotations

from typing import Any

EMPTY = {"targets": [], "choices": {}, "extra_cost": [], "free": False}
"""Fields whose empty value is the same as leaving them out."""


def _same(a: Any, b: Any, key: str) -> bool:
    return a == b or (a in (None, EMPTY.get(key)) and b in (None, EMPTY.get(key)))


def canonical(action: dict[str, Any]) -> dict[str, Any]:
    """One spelling for the actions the engine decides alike: a response naming a card, an ability or
    a faction ability is decided as that play or use (``decide.abilities.decide_respond``), and a tactic
    is played with ``play_card`` or ``play_tactic`` wherever a tactic may be played (``decide.plays``)."""
    a = dict(action)
    kind = a.get("type")
    if kind == "respond" and "card" in a or kind == "respond" and not {"ability", "faction_ability"} & set(a):
        a["type"] = "play_card"
    elif kind == "respond" and "ability" in a:
        a["type"], a["card"] = "use_ability", a.pop("source", None)
    elif kind == "respond" and "faction_ability" in a:
        a["type"], a["ability"] = "faction_ability", a.pop("faction_ability")
    elif kind == "play_tactic":
        a["type"] = "play_card"
    return a


def others_as(a: dict[str, Any], row: dict[str, Any], key: str) -> bool:
    """Whether ``a`` is ``row`` but for ``key`` (the same card, ability, target...)."""
    return all(a.get(k) == row.get(k) for k in set(a) | set(row) if k != key)


def fits(template: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether ``action`` (in one of its spellings) is one the template's schema allows: each field
    with an ``enum`` among it, each list field's items among theirs."""
    props = template["schema"].get("properties", {})
    for spelled in _spellings(action):
        if spelled.get("type") != template["type"]:
            continue
        if all(_value_fits(props.get(k) or {}, v) for k, v in spelled.items() if k != "type"):
            return True
    return False


def _value_fits(prop: dict[str, Any], value: Any) -> bool:
    if "enum" in prop and value not in prop["enum"]:
        return False
    items = prop.get("items") or {}
    return not (isinstance(value, list) and "enum" in items and not all(x in items["enum"] for x in value))


def _spellings(action: dict[str, Any]) -> list[dict[str, Any]]:
    """``action`` and the other spellings the engine decides alike (``canonical``)."""
    a = canonical(action)
    out = [action, a]
    if a.get("type") == "play_card":
        out += [{**a, "type": "play_tactic"}, {**a, "type": "respond"}]
    elif a.get("type") == "use_ability":
        rest = {k: v for k, v in a.items() if k != "card"}
        out.append({**rest, "type": "respond", "source": a.get("card")})
    elif a.get("type") == "faction_ability":
        rest = {k: v for k, v in a.items() if k != "ability"}
        out.append({**rest, "type": "respond", "faction_ability": a.get("ability")})
    return out


def allows(entry: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether the listed ``entry`` allows ``action``: the same fields, a value among its domains, or
    fields it leaves open (a template; the targets and choices its ``needs`` ask)."""
    listed, domains, action = canonical(entry["action"]), entry.get("domains") or {}, canonical(action)
    open_fields = {"targets", "choices", "extra_cost"} if entry.get("needs") else set()
    open_fields |= set(action) - set(listed)  # the fields it leaves out are the player's to choose (LegalAction)
    for key in set(listed) | set(action):
        if key in domains:
            if action.get(key) not in domains[key]:
                return False
        elif key in open_fields:
            continue
        elif not _same(listed.get(key), action.get(key), key):
            return False
    return True
