"""The die (BW2): its faces, read from the house-rule text, and the odds of each face."""

from __future__ import annotations

from companion.engines.base import InvalidOptions

WOLF_FACE = "wolf"
"""The wolf's head: it moves no pawn; the roller may spin the wolf (BW3)."""
DEFAULT_FACES = "1 2 3 4 5 wolf"


def parse_faces(text: str) -> tuple[int | str, ...]:
    """The die faces from text like ``"1 2 3 4 5 wolf"``; raises InvalidOptions if unusable
    (its sentence follows the rule's name: '"Die faces" needs at least two faces')."""
    faces: list[int | str] = []
    for word in text.replace(",", " ").split():
        if word.casefold() == WOLF_FACE:
            faces.append(WOLF_FACE)
        elif word.isdigit() and 1 <= int(word) <= 12:
            faces.append(int(word))
        else:
            shown = f'"{word}"' if len(word) <= 20 else "a word that long"
            raise InvalidOptions(
                f"cannot show {shown}: each face is a number from 1 to 12 or the wolf's head"
            )
    if len(faces) < 2:
        raise InvalidOptions("needs at least two faces")
    if not any(isinstance(f, int) for f in faces):
        raise InvalidOptions("needs at least one number face")
    return tuple(faces)


def face_odds(faces: tuple[int | str, ...]) -> list[tuple[int | str, float]]:
    """Each distinct face, in the order first listed, with its chance to come up."""
    counts: dict[int | str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [(face, n / len(faces)) for face, n in counts.items()]
