"""Request schemas (marshmallow): unknown fields are refused with 422 naming them."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

GAMES = ("buffy", "spoils", "wowmini")


class Strict(Schema):
    class Meta:
        unknown = RAISE


class PlayerSchema(Schema):
    class Meta:
        unknown = "include"

    id = fields.String(required=True, validate=validate.Length(min=1, max=64))


class CreateGameSchema(Strict):
    game = fields.String(required=True, validate=validate.OneOf(GAMES))
    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=1, max=8))
    first_player = fields.String(load_default=None, allow_none=True)
    setup = fields.Dict(load_default=None, allow_none=True)


class CheckSchema(Strict):
    action = fields.Dict(required=True)
    at = fields.Integer(load_default=None, allow_none=True, strict=True)


class RulingSchema(Strict):
    judge = fields.String(required=True, validate=validate.Length(min=1, max=100))
    rule = fields.String(required=True)
    card = fields.String(load_default=None, allow_none=True)
    effect = fields.Dict(required=True)
    reason = fields.String(required=True, validate=validate.Length(min=1))
    cites = fields.List(fields.String(), load_default=list)
    from_position = fields.Integer(load_default=None, allow_none=True, strict=True)
    until_position = fields.Integer(load_default=None, allow_none=True, strict=True)
    expected_position = fields.Integer(load_default=None, allow_none=True, strict=True)


class PageArgs(Strict):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0), strict=False)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000), strict=False)


class AtArgs(Strict):
    at = fields.Integer(load_default=None, validate=validate.Range(min=1), strict=False)


class LegalArgs(AtArgs):
    player = fields.String(required=True)


class RuleSearchArgs(Strict):
    game = fields.String(load_default=None, validate=validate.OneOf(GAMES))
    q = fields.String(load_default=None)
    inferred = fields.Boolean(load_default=None, allow_none=True)
    after = fields.Integer(load_default=0, validate=validate.Range(min=0), strict=False)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000), strict=False)


class ActionArgs(Strict):
    mode = fields.String(load_default="enforce", validate=validate.OneOf(("enforce", "record")))
