"""What every game's My box editor does alike: hold the box being corrected, keep an
edit or say why it was refused, and write the box file the owner saves.

A game's editor (``BOX_EDITOR`` in its screen package) subclasses ``BoxEditor``,
names its game's ``box_edits`` module and box writer in class attributes, and builds
only its own ``parts()`` from ``companion.ui.box_rows``.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Any, ClassVar

from kivy.app import App
from kivy.factory import Factory


class BoxEditor(abc.ABC):
    """Holds the box being corrected; ``apply`` keeps an edit or says why it was refused.

    An editor whose rows never change shape (``keeps_shape``: counts on steppers) builds
    its changing words with ``words``; an edit then rewrites those labels in place
    instead of rebuilding every row (a whole deck of steppers is slow to rebuild on a Pi).
    """

    edits: Any
    """The game's ``box_edits`` module: its edits raise its ``BoxEditRefused`` (a sentence
    for the owner), its ``checked(box)`` marks every part checked."""
    to_text: ClassVar[Callable[[Any], str]]
    """The game's box writer (``box_toml``): a box as box file text."""
    keeps_shape: ClassVar[bool] = False

    def __init__(self, box: Any, changed: Callable[[], None]) -> None:
        self.box = box
        self._changed = changed
        self._live: list[tuple[Any, Callable[[], str]]] = []

    def attempt(self, edit: Callable[[], Any]) -> str | None:
        """Keep ``edit()`` as the box; the sentence saying why it was refused, or None.

        For a form that shows the refusal itself (it stays open to fix it)."""
        try:
            self.box = edit()
        except self.edits.BoxEditRefused as err:
            return str(err)
        if self.keeps_shape:
            for label, make in self._live:
                label.text = make()
        else:
            self._changed()
        return None

    def apply(self, edit: Callable[[], Any]) -> None:
        """Keep ``edit()`` as the box, or tell the owner why it was refused."""
        problem = self.attempt(edit)
        if problem:
            App.get_running_app().notify(problem)

    def words(self, make: Callable[[], str], factory: str = "BoxPart", **style: Any) -> Any:
        """A label showing ``make()``, rewritten after every edit."""
        label = getattr(Factory, factory)(text=make(), **style)
        self._live.append((label, make))
        return label

    def rows(self) -> list[Any]:
        """The widgets of the box's parts, top to bottom."""
        self._live = []
        return self.parts()

    def saved_text(self) -> str:
        """The box file text to keep: everything on screen, now checked by its owner."""
        write = type(self).to_text  # the plain function: read off the class, not bound
        return write(self.edits.checked(self.box))

    @abc.abstractmethod
    def parts(self) -> list[Any]:
        """The rows of this game's box (``rows`` shows them)."""
