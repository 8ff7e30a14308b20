"""The Spoils games from real decks and cards named by the players: the HTTP side of
``events.service.decks`` (which reads the card catalog this server answers from)."""
from __future__ import annotations

from typing import Any
from uuid import UUID

from api.cards import card_catalog
from api.current import service
from events.service.decks import describe_action_card, parse_as_of
from events.service.decks import prepare_creation as prepare


def prepare_creation(body: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The players and setup the engine creates the game from: for The Spoils, decks are read and
    named cards described from the catalog as of ``cards_as_of`` (default: today).  Raises
    InvalidSetup naming the player, the line or entry, and the card."""
    if body["game"] != "spoils":
        return body["players"], body["setup"]
    return prepare(body["game"], body["players"], body["setup"], card_catalog(), body.get("cards_as_of"),
                   bool(body.get("allow_unknown")))


def prepare_action(gid: UUID, action: dict[str, Any]) -> dict[str, Any]:
    """A Spoils action naming a card that its game's pool lacks, described from the catalog as of the
    game's ``cards_as_of``; any other action as it is."""
    ref = action.get("card")
    if not (isinstance(ref, str) or (isinstance(ref, dict) and "name" in ref and "type" not in ref)):
        return action
    log = service().game(gid)
    if log.game != "spoils":
        return action
    state = log.state
    as_of = parse_as_of(state.cards_as_of) if getattr(state, "cards_as_of", None) else None
    return describe_action_card(action, state.card_pool, card_catalog(), as_of)
