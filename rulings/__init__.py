"""Rules knowledge: the rule catalog, the card catalog, precedence logic and judge rulings.

Pure Python: imports neither Flask, marshmallow nor eventsourcing.
"""
