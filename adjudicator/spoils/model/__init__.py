"""The Spoils' game as data: the state document (cards, players, the battle, what waits) and the actions."""
