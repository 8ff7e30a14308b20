"""The projection: one handler per event type applying it to the state, and the windows it keeps."""
