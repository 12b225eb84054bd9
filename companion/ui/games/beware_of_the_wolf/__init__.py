"""The Beware of the Wolf screen (board, turntable, calibration tools)."""

from companion.ui.games.beware_of_the_wolf.screen import WolfScreen

SCREEN = WolfScreen
