"""SettleFeed: each reading is judged when it arrives; the game gets it at the next delivery.

On an injected clock: the samples' times are the clock's, and "arrival" is the call
to ``take``.  Nothing here waits for a timer (the app's old 30 Hz drain did).
"""

from __future__ import annotations

from companion.devices.turntable.settle_feed import SettleFeed
from companion.devices.turntable.source import AngleSample


class Game:
    def __init__(self) -> None:
        self.angles: list[float] = []
        self.settles: list[tuple[float, bool]] = []

    def angle(self, raw: float) -> None:
        self.angles.append(raw)

    def settled(self, raw: float, after_spin: bool) -> None:
        self.settles.append((raw, after_spin))


def feed_with_game() -> tuple[SettleFeed, Game, list[int]]:
    feed = SettleFeed()
    game = Game()
    feed.on_angle, feed.on_settled = game.angle, game.settled
    wakes: list[int] = []
    feed.connect(lambda: wakes.append(1))
    return feed, game, wakes


def test_the_reading_that_settles_the_wolf_is_judged_on_arrival() -> None:
    feed, game, wakes = feed_with_game()
    t = 0.0
    for _ in range(60):  # at rest at 30 deg for 0.6 s: the first still reading
        t += 0.01
        feed.take(AngleSample(t, 30.0))
    assert feed.detector.state == feed.detector.RESTING  # known before any delivery
    assert game.settles == [] and len(wakes) == 60  # every arrival asked for a delivery
    feed.deliver()
    assert game.settles == [(30.0, False)] and game.angles == [30.0]


def test_a_spin_settles_at_the_arrival_of_the_reading_that_completes_it() -> None:
    feed, game, _ = feed_with_game()
    t = 0.0
    for _ in range(40):
        t += 0.01
        feed.take(AngleSample(t, 30.0))
    feed.deliver()
    angle = 30.0
    for speed in range(300, 0, -10):  # a spin slowing to a stop at ~175 deg
        t += 0.01
        angle += speed * 0.01
        feed.take(AngleSample(t, angle % 360))
    stop = t
    settled_at = None
    while settled_at is None:
        t += 0.01
        feed.take(AngleSample(t, angle % 360))
        if feed.detector.state == feed.detector.RESTING:
            settled_at = t
    assert stop < settled_at <= stop + 0.35
    assert game.settles == [(30.0, False)]  # not delivered yet...
    feed.deliver()  # ...until the game's next moment
    raw, after_spin = game.settles[-1]
    assert after_spin and abs(raw - angle % 360) < 0.1
    assert game.angles[-1] == angle % 360


def test_only_the_newest_angle_is_shown_but_no_event_is_lost() -> None:
    feed, game, _ = feed_with_game()
    feed.take(AngleSample(0.01, 10.0))
    feed.take(AngleSample(0.02, 10.5))
    feed.deliver()
    assert game.angles == [10.5]
    feed.deliver()  # nothing new: nothing delivered
    assert game.angles == [10.5]


def test_held_readings_settle_on_poll() -> None:
    now = [0.0]
    feed, game, wakes = feed_with_game()
    feed.detector.clock = lambda: now[0]
    feed.take(AngleSample(0.0, 80.0))
    wakes.clear()
    feed.poll()
    assert wakes == []  # nothing to say yet
    now[0] = 0.5
    feed.poll()
    assert wakes == [1]
    feed.deliver()
    assert game.settles == [(80.0, False)]
