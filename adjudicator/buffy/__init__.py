"""Buffy the Vampire Slayer CCG (Score): state, actions, and the rules engine."""
