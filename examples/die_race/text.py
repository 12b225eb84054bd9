"""The words of Die Race: refusals and log lines, written once."""

from __future__ import annotations


def not_now(key: str) -> str:
    return f"{key} is not a legal move now"


def rolled(number: int) -> str:
    return f"The die shows {number}."


def moved(name: str, steps: int) -> str:
    return f"{name} moves {steps}."


def reached(name: str, target: int) -> str:
    return f"{name} reached square {target}"
