"""The ``adjudicator`` console script's commands, by concept: the shared error handling and store
access (``common``), playing a game from the terminal (``play``: act, check, legal, state), the
game list and game creation (``listing``), and the text people read (``words``).

``api.cli`` builds the root group and adds these commands to it.
"""
from __future__ import annotations
