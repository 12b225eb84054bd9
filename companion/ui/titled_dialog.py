"""The shape every asking dialog shares: words at its top (``title``), the button that
does what it says (``act_text``), and the answer handed on once the dialog is closed.

A stray touch beside a dialog must not lose what it asks (``auto_dismiss`` is off
unless a dialog says otherwise), and the answer goes to the caller only after the
dialog is gone, so the caller may open the next one at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView


class TitledDialog(ModalView):
    """A dialog titled ``title``; ``act(answer...)`` closes it and calls ``on_act``."""

    title = StringProperty("")
    act_text = StringProperty("")

    def __init__(
        self,
        title: str,
        on_act: Callable[..., Any],
        act_text: str = "",
        size_hint: tuple[float, float] = (0.98, 0.98),
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(size_hint=size_hint, **kwargs)
        self.title = title
        self.act_text = act_text
        self._on_act = on_act

    def act(self, *answer: Any) -> None:
        self.dismiss()
        self._on_act(*answer)
