"""Request schemas (marshmallow): unknown fields are refused with 422 naming them."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from events.service.limits import MAX_POSITION

GAMES = ("buffy", "spoils", "wowmini")


class StrictBoolean(fields.Boolean):
    """A JSON boolean, and only that: 0, 1, "yes" are refused as the spec says (type: boolean)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


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
    cards_as_of = fields.Date(load_default=None, allow_none=True)  # The Spoils: printings in force (105.1)
    allow_unknown = StrictBoolean(load_default=False)  # keep a card the catalog lacks as text only


class CheckSchema(Strict):
    action = fields.Dict(required=True)
    at = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(max=MAX_POSITION))


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
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_POSITION), strict=False)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000), strict=False)


class AtArgs(Strict):
    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_POSITION), strict=False)


class LegalArgs(AtArgs):
    player = fields.String(required=True)
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_POSITION), strict=False)
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=1000), strict=False)


class RuleSearchArgs(Strict):
    game = fields.String(load_default=None, validate=validate.OneOf(GAMES))
    q = fields.String(load_default=None)
    inferred = fields.Boolean(load_default=None, allow_none=True)
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_POSITION), strict=False)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000), strict=False)


class ActionArgs(Strict):
    mode = fields.String(load_default="enforce", validate=validate.OneOf(("enforce", "record")))
