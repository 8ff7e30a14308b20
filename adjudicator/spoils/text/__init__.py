"""Readers of card scripts and of the position, pure: the script language as the engine reads it, what a
check is about, continuous effects and the characteristics they give, conditions and triggers as read."""
