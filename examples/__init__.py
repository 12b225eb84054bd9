"""Worked examples: a complete game package to copy when adding a sixth game."""
