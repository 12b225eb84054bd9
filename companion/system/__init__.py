"""The Pi itself: powering off, restarting the app, the screen's backlight."""
