"""World of Warcraft Miniatures: the action-bar engine (comprehensive rules chapter 3, 300-304)."""
