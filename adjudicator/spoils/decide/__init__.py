"""The deciders of the players' actions: playing cards, using abilities, attacking and blocking, turns,
and the candidates of the legal actions."""
