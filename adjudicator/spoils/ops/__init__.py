"""The interpreter of the typed effect language and its handlers, one owner per node type, by family."""
