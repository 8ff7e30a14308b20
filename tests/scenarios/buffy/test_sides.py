"""A character's side, good or evil, read from its kind as well as from its alignment
(``buffy.challenge.alignment``, ``buffy.deck.alignment``): heroes and companions are good, villains
and minions evil, when they face a challenge as when a deck is built."""
from __future__ import annotations

from tests.scenarios.buffy.table import SPIKE, Table, character, refused_setup


def _challenge(alignment: str) -> dict:
    return {"name": "Trial by Fire", "owner": "p2", "location": "p1.2", "goals": {"charm": 1},
            "destiny": 1, "alignment": alignment}


def test_a_companion_without_alignment_cannot_face_an_evil_challenge(memory_client):
    """buffy.challenge.alignment: only evil characters take on an evil challenge; a companion is a
    good character even when the position gives no alignment, so Xander is turned away."""
    t = Table(memory_client, {"step": "conflict", "characters": {
        "spike": SPIKE, "xander": character("p1", "Xander Harris", "p1.2", kind="companion")},
        "challenges": {"c1": _challenge("evil")}})
    body = t.refuse({"type": "face_challenge", "player": "p1", "challenge": "c1", "characters": ["xander"]},
                    "buffy.challenge.alignment")
    assert "good" in body["detail"]


def test_a_villain_without_alignment_cannot_face_a_good_challenge(memory_client):
    """buffy.challenge.alignment: a good challenge is for good characters; a villain is evil by its
    kind, so Spike (a villain with no alignment given) may not face it."""
    t = Table(memory_client, {"step": "conflict", "characters": {"spike": SPIKE},
                              "challenges": {"c1": _challenge("good")}})
    t.refuse({"type": "face_challenge", "player": "p1", "challenge": "c1", "characters": ["spike"]},
             "buffy.challenge.alignment")


def test_a_minion_faces_an_evil_challenge(memory_client):
    """buffy.challenge.alignment: a minion is on the evil side, so it may take on an evil challenge,
    and the answer says it is evil like the challenge."""
    t = Table(memory_client, {"step": "conflict", "characters": {
        "spike": SPIKE, "pack": character("p1", "The Pack", "p1.2", kind="minion")},
        "challenges": {"c1": _challenge("evil")}})
    done = t.act({"type": "face_challenge", "player": "p1", "challenge": "c1", "characters": ["pack"]})
    assert done["state"]["phase"]["kind"] == "challenge"
    assert any(b["rule"]["id"] == "buffy.challenge.alignment" and "evil" in b["detail"] for b in done["because"])


def test_a_hero_given_an_evil_alignment_is_refused_in_a_position(memory_client):
    """buffy.deck.alignment: heroes are good by their kind; a position that says a hero is evil
    contradicts itself and is refused, naming the rule."""
    refused_setup(memory_client, {"characters": {
        "buffy": character("p2", "Buffy Summers", "p2.2", main=True, kind="hero", alignment="evil")}},
        "buffy.deck.alignment")
