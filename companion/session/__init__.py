"""Played games: the journal on disk, sessions with undo, and where each outcome came from."""
