"""/rules: the rule catalog."""
from __future__ import annotations

from flask import Blueprint, request, url_for

from api.errors import Problem, rule_ref
from api.pages import next_link
from api.schemas import RuleSearchArgs
from rulings.catalog import catalog

bp = Blueprint("rules", __name__)


@bp.get("/rules")
def search_rules():
    args = RuleSearchArgs().load(request.args)
    found = catalog().search(args["game"], args["q"])
    if args["inferred"] is not None:
        found = [r for r in found if r.inferred == args["inferred"]]
    page = found[args["after"]: args["after"] + args["limit"]]
    end = args["after"] + len(page)
    nxt = url_for("rules.search_rules", game=args["game"], q=args["q"], inferred=args["inferred"], after=end, limit=args["limit"]) if end < len(found) else None
    return next_link({"rules": [rule_doc(r) for r in page], "total": len(found), "next": nxt})


def rule_doc(rule) -> dict:
    """A catalog entry, with its related rules as ``{"id", "title"}`` like every rule reference."""
    doc = rule.to_dict()
    doc["related"] = [rule_ref(r) for r in rule.related]
    return doc


@bp.get("/rules/<rule_id>")
def get_rule(rule_id: str):
    rule = catalog().get(rule_id)
    if rule is None:
        raise Problem(404, "not-found", "No such rule", f"the catalog has no rule {rule_id!r}")
    return rule_doc(rule)
