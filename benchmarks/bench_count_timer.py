"""The Le Petit Poucet beat as the table hears and sees it, in a real Kivy window.

Each run opens a Kivy window (under Xvfb in ``make bench``) with an animation going
(a moving block, plus ``--frame-work-ms`` of Python work and a stream of short-lived
cyclic garbage each frame, over a heap of ``--heap-objects`` long-lived objects, as
the app's screens make), and counts at the real tempo (``--interval``, 1 s) with
three beat sources side by side on the same window:

* ``timing side``: the app's path: ``timing.Metronome`` with ``CountAudio.heard`` as
  its ``on_sound``: the whole turn starts as one sample-exact track when counting
  starts and the grid is anchored there; each number is set by the panel's
  ``BeatOnFrame``: from two frames before the count's ideal time on the grid, each
  frame checks in Kivy's "before draw" step whether its picture goes up nearest the
  beat and sets the number then (the beat thread's own events, posted to Kivy, are
  its fallback);
* ``Clock.schedule_interval``: Kivy calls back every interval; the callback starts
  each holder's round track (the app's previous design) and sets the number;
* ``Clock.schedule_once (absolute)``: re-armed each time to the next absolute beat
  time (drift-free), likewise.

Measured against each source's ideal schedule (start + slot x interval):

* woke: when the beat's code ran (the beat thread or the Clock callback);
* sound: the moment each count's sound starts in the played stream: the start of
  the track that holds it (when ``play()`` returned) plus its exact offset in it;
* drawn: the end of the buffer swap of the first frame drawn after the number was set.

Drift ("no cumulative drift": lateness must not grow with the count number) is the
trend of the error against the count's ideal time (Theil-Sen, so one late frame is
one late count, not a drift), as the milliseconds it adds from the first count to
the last.  A trend, not "the last holder's median minus the first's": every drawn
moment is one of the window's frames, and the beat's phase against the frame grid
(the same for every source) wanders over a whole frame from count to count, so two
medians of ten counts differ by 3.2 ms (one standard deviation, lateness spread
evenly over a 16.7 ms frame) with no drift at all: a drift-free source missed a
3 ms target in 36 % of runs, and the goal, the worse of two runs, in 60 %.  So for
"drawn" the trend is taken of the error against the frame nearest each beat
(``frame_error``), the best any source could do on the frames the window really
drew.  The rest, beat to nearest frame, is at most half a frame either way and
cannot accumulate; a frame too late or too early is what a source adds, and what
grows if it drifts, while it stays flat when the source does not drift.  Twenty
counts that each land on a frame cannot resolve much less than a frame of drift
over the turn with any estimator: a least-squares trend is unbiased but scatters by
3-4 ms for a drift-free source that lands a frame late now and then (a false
"missed" in about 4 runs in 10), so the median of slopes is used, which reads such
a source as flat and a source slipping 1 ms a count (19 ms over the turn) as 6-17
ms; it under-reads a slip well under a frame over the turn.

Each run is a child process (Kivy runs one App per process) and says whether its
beat thread had real-time priority (the bench runs as root, so SCHED_FIFO is
granted when asked): one run asks for it, one does not, and one runs without the
garbage-collection guard (``QuietGC``) to show what full collections cost.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from benchmarks import goals
from benchmarks.table import print_table

SOUND_P99_MS = 3.0
DRAWN_SLACK_MS = 3.0
DRIFT_MS = 1.0
"""No cumulative drift of the sound: its error's trend over the turn within this."""
SOURCES = ("timing side", "Clock.schedule_interval", "Clock.schedule_once (absolute)")


# -- the child: one run in a real window ------------------------------------------------------


@dataclass
class Beats:
    """One source's record: per count, its ideal time, sound time and drawn time."""

    ideal: list[float] = field(default_factory=list)
    sound: list[float] = field(default_factory=list)
    drawn: dict[int, float] = field(default_factory=dict)
    """When count i was first drawn (it may be set a moment before its beat is noted)."""
    woke: list[float] = field(default_factory=list)
    """When the beat's code ran (the timing thread had woken and held the GIL)."""
    track_starts: int = 0
    last_start: float = 0.0
    """When the round track now playing started."""
    pending: list[int] = field(default_factory=list)
    """Counts set on screen, waiting for the next frame."""


class TimedPlayer:
    """The app's SoundPlayer, noting when each ``play()`` returned (the sound started)."""

    def __init__(self) -> None:
        from companion.ui.sound import SoundPlayer

        self.player = SoundPlayer()
        self.enabled = True
        self.started: list[tuple[float, str]] = []

    def play(self, path: str | Path) -> bool:
        played = self.player.play(path)
        self.started.append((time.monotonic(), Path(path).name))
        return played

    def preload(self, path: str | Path) -> bool:
        return self.player.preload(path)

    def stop(self, path: str | Path) -> None:
        self.player.stop(path)


def _busy(seconds: float) -> None:
    """Pure Python work (holds the GIL, as drawing code does) for ``seconds``."""
    end = time.perf_counter() + seconds
    x = 0
    while time.perf_counter() < end:
        for i in range(200):
            x += i * i


class Garbage:
    """Each frame makes ``per_frame`` small cycles and keeps the last ``frames`` of them,
    so they outlive the young collections and pile up for a full one (widgets, events
    and layout objects behave so)."""

    def __init__(self, per_frame: int, frames: int = 90) -> None:
        self.per_frame = per_frame
        self.frames = frames
        self.kept: list[list[Any]] = []

    def frame(self) -> None:
        batch = []
        for _ in range(self.per_frame):
            node: dict[str, Any] = {}
            node["self"] = node
            batch.append(node)
        self.kept.append(batch)
        if len(self.kept) > self.frames:
            self.kept.pop(0)


class GcWatch:
    """The length of every garbage collection, by generation (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float, float]] = []
        """(generation, milliseconds, when it began on ``time.monotonic``)."""
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.monotonic()
        else:
            took = (time.monotonic() - self._start) * 1e3
            self.pauses.append((info["generation"], took, self._start))

    def during(self, start: float, end: float) -> list[tuple[int, float, float]]:
        return [p for p in self.pauses if start <= p[2] <= end]


def run_child(config: dict[str, Any]) -> dict[str, Any]:
    """One run (in this process, which must not have started Kivy yet)."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.animation import Animation
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics import Color, Rectangle
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label
    from kivy.uix.widget import Widget

    from companion.devices import sounds, timing
    from companion.ui.games.le_petit_poucet.count_audio import METRONOME, CountAudio
    from companion.ui.games.le_petit_poucet.count_panel import BeatOnFrame, post_before_drawing

    interval: float = config["interval"]
    holders: int = config["holders"]
    counts = timing.COUNTS
    cycle = counts + timing.HANDOVER_BEATS
    slots = (holders - 1) * cycle + counts + 1
    beats = {name: Beats() for name in SOURCES}
    labels: dict[str, Label] = {}
    players = {name: TimedPlayer() for name in SOURCES}
    base = Path(tempfile.mkdtemp(prefix="bench-beat-"))
    round_track = sounds.prepare_turn_track(interval, 1, counts, 1, base / "kivy")
    for player in players.values():
        player.preload(round_track)
    ballast = [[i, str(i)] for i in range(config["heap_objects"] // 3)]
    garbage = Garbage(config["garbage_per_frame"])
    watch = GcWatch()
    frame_work = config["frame_work_ms"] / 1000.0
    result: dict[str, Any] = {"config": config}
    frames: list[float] = []

    def show(name: str, count: int, index: int | None = None) -> None:
        """Kivy's thread: the number set (count ``index``, else the last noted), to be
        drawn in the next frame."""
        labels[name].text = str(count)
        beats[name].pending.append(len(beats[name].ideal) - 1 if index is None else index)

    def swapped() -> None:
        now = time.monotonic()
        frames.append(now)
        for record in beats.values():
            for index in record.pending:
                record.drawn.setdefault(index, now)
            record.pending.clear()

    flip = Window.flip

    def flip_and_note() -> None:
        flip()
        swapped()

    Window.flip = flip_and_note  # on_flip's default handler calls it: after the swap

    def note_count(name: str, ideal: float, sound: float, woke: float) -> None:
        record = beats[name]
        record.ideal.append(ideal)
        record.sound.append(sound)
        record.woke.append(woke)

    # -- the app's path ----------------------------------------------------------------
    ours = players[SOURCES[0]]
    services = SimpleNamespace(sound=ours, data_dir=base)
    audio = CountAudio(lambda: services, lambda text: None)
    audio.prepare(METRONOME, interval, holders)
    threads: dict[str, str] = {}
    beat_cpu: list[float] = []
    """The beat thread's CPU time at each count (does a real-time thread starve the rest?)."""
    ours_record = beats[SOURCES[0]]

    def heard(event: timing.CountEvent) -> None:
        audio.heard(METRONOME, interval, holders, event)
        if event.kind == "started":
            ours_record.last_start = ours.started[-1][0]
            ours_record.track_starts += 1
        elif event.kind == "count":
            threads.setdefault("beat thread", timing.scheduling_policy())
            beat_cpu.append(time.thread_time())
            sound = ours_record.last_start + event.slot * interval
            note_count(SOURCES[0], event.due, sound, event.at)

    def on_frame(event: timing.CountEvent) -> None:
        """The panel's BeatOnFrame sets count ``event.slot``: drawn in this frame."""
        index = event.slot // cycle * counts + event.slot % cycle
        show(SOURCES[0], event.count, index)

    beat_on_frame = BeatOnFrame(on_frame)

    def posted(event: timing.CountEvent) -> None:
        post_before_drawing(partial(beat_on_frame.follow, metronome, event))

    metronome = timing.Metronome(
        range(holders),
        posted,
        interval=interval,
        on_sound=heard,
        realtime=config["realtime"],
        quiet_gc=config["quiet_gc"],
    )

    # -- Kivy's Clock, two ways ----------------------------------------------------------
    def kivy_beat(name: str, slot: int, ideal: float) -> None:
        beat = slot % cycle
        if beat >= counts or slot >= slots:
            return
        record = beats[name]
        woke = time.monotonic()
        if beat == 0:
            players[name].play(round_track)
            record.track_starts += 1
            record.last_start = players[name].started[-1][0]
        note_count(name, ideal, record.last_start + beat * interval, woke)
        show(name, beat + 1)

    def start_interval(origin: float) -> None:
        slot = [0]

        def tick(_dt: float) -> bool:
            kivy_beat(SOURCES[1], slot[0], origin + slot[0] * interval)
            slot[0] += 1
            return slot[0] < slots

        kivy_beat(SOURCES[1], 0, origin)
        slot[0] = 1
        Clock.schedule_interval(tick, interval)

    def start_absolute(origin: float) -> None:
        def tick(slot: int) -> None:
            kivy_beat(SOURCES[2], slot, origin + slot * interval)
            if slot + 1 < slots:
                due = origin + (slot + 1) * interval
                Clock.schedule_once(lambda _dt: tick(slot + 1), max(0.0, due - time.monotonic()))

        tick(0)

    # -- the window ------------------------------------------------------------------------
    class BeatApp(App):
        def build(self) -> Widget:
            root = BoxLayout(orientation="vertical")
            row = BoxLayout()
            for name in SOURCES:
                labels[name] = Label(text="0", font_size="90sp")
                row.add_widget(labels[name])
            root.add_widget(row)
            lane = Widget(size_hint_y=0.3)
            with lane.canvas:
                Color(0.9, 0.6, 0.2)
                block = Rectangle(size=(80, 80), pos=(0, 0))
            root.add_widget(lane)
            sweep = Animation(pos=(700, 0), duration=1.3) + Animation(pos=(0, 0), duration=1.3)
            sweep.repeat = True
            sweep.start(block)
            Clock.schedule_interval(self.frame, 0)
            Clock.schedule_once(self.begin, 1.5)  # the window is up and animating
            return root

        def frame(self, _dt: float) -> None:
            _busy(frame_work)
            garbage.frame()

        def begin(self, _dt: float) -> None:
            gc.callbacks.append(watch)
            threads["Kivy's thread"] = timing.scheduling_policy()
            self.started = time.monotonic()
            last_count = (holders - 1) * cycle + counts - 1
            result["count_window"] = (self.started, self.started + last_count * interval + 0.1)
            metronome.start()
            origin = time.monotonic()
            start_interval(origin)
            start_absolute(origin)
            Clock.schedule_interval(self.check, 0.25)

        def check(self, _dt: float) -> bool:
            full = all(len(b.ideal) == holders * counts for b in beats.values())
            if (
                metronome.done
                and full
                and all(len(b.drawn) >= len(b.ideal) for b in beats.values())
            ):
                self.stop()
                return False
            if time.monotonic() - self.started > slots * interval + 10:
                self.stop()  # a source lost beats: report what was measured
                return False
            return True

    BeatApp().run()
    metronome.stop()
    if watch in gc.callbacks:
        gc.callbacks.remove(watch)
    shutil.rmtree(base, ignore_errors=True)
    del ballast
    gaps = np.diff(frames) * 1e3 if len(frames) > 1 else np.array([0.0])
    in_count = watch.during(*result.pop("count_window", (0.0, 0.0)))
    result.update(
        {
            "root": os.geteuid() == 0,
            "realtime_granted": metronome.realtime,
            "policies": threads,
            "beat_cpu_ms": (beat_cpu[-1] - beat_cpu[0]) * 1e3 if len(beat_cpu) > 1 else 0.0,
            "frame_ms": float(np.median(gaps)),
            "swaps": frames,
            "gc_full_ms": [ms for generation, ms, _ in in_count if generation == 2],
            "gc_young_max_ms": max([ms for g, ms, _ in in_count if g < 2], default=0.0),
            "sources": {
                name: {
                    "ideal": b.ideal,
                    "sound": b.sound,
                    "drawn": [b.drawn.get(i) for i in range(len(b.ideal))],
                    "woke": b.woke,
                    "track_starts": b.track_starts,
                }
                for name, b in beats.items()
            },
        }
    )
    return result


# -- the parent: runs, table, goals ----------------------------------------------------------


def _child_command(config: dict[str, Any]) -> list[str]:
    command = [sys.executable, "-m", "benchmarks.bench_count_timer", "--child", json.dumps(config)]
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 800x480x24", *command]
    return command


def run(config: dict[str, Any]) -> dict[str, Any]:
    env = {**os.environ, "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    done = subprocess.run(
        _child_command(config), capture_output=True, text=True, env=env, timeout=300, check=False
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the beat run failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def _errors(times: Sequence[float | None], ideal: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """The measured counts' errors against the ideal schedule (ms), and their ideal times."""
    pairs = [(t, i) for t, i in zip(times, ideal, strict=True) if t is not None]
    return np.array([(t - i) * 1e3 for t, i in pairs]), np.array([i for _, i in pairs])


def frame_error(
    drawn: Sequence[float | None], ideal: Sequence[float], swaps: Sequence[float]
) -> np.ndarray:
    """Per drawn count, ms from the frame nearest its beat to the frame that drew it:
    0 when the number went up in the best frame the window drew."""
    grid = np.asarray(swaps)
    excess = []
    for moment, beat in zip(drawn, ideal, strict=True):
        if moment is None:
            continue
        after = int(np.searchsorted(grid, beat))
        near = [float(grid[i]) for i in (after - 1, after) if 0 <= i < grid.size]
        nearest = min(near, key=lambda swap: abs(swap - beat), default=beat)
        excess.append((moment - nearest) * 1e3)
    return np.array(excess)


def trend(errors: np.ndarray, at: np.ndarray) -> float:
    """How much ``errors`` (ms) grow over ``at`` (s): the Theil-Sen slope (the median
    of the slopes between every two counts), as the ms it adds from the first count
    to the last.  A median, so one frame dropped under load is one late count, not a
    drift; a source that slips a little on every count moves every slope."""
    first, second = np.triu_indices(at.size, k=1)
    apart = at[second] - at[first]
    if not np.any(apart > 0):
        return 0.0
    slopes = (errors[second] - errors[first])[apart > 0] / apart[apart > 0]
    return float(np.median(slopes) * np.ptp(at))


def _stats(errors: np.ndarray) -> dict[str, float]:
    late = np.abs(errors)
    return {
        "min": float(late.min()),
        "median": float(np.median(late)),
        "p99": float(np.percentile(late, 99)),
        "max": float(late.max()),
    }


def _runs(args: argparse.Namespace) -> list[tuple[str, dict[str, Any]]]:
    common = {
        "interval": args.interval,
        "frame_work_ms": args.frame_work_ms,
        "garbage_per_frame": args.garbage_per_frame,
        "heap_objects": args.heap_objects,
    }
    return [
        ("RT asked", {**common, "holders": args.holders, "realtime": True, "quiet_gc": True}),
        ("no RT", {**common, "holders": args.holders, "realtime": False, "quiet_gc": True}),
        ("no RT, no GC guard", {**common, "holders": 1, "realtime": False, "quiet_gc": False}),
    ]


def _policy_line(label: str, result: dict[str, Any]) -> str:
    policies = ", ".join(f"{k}: {v}" for k, v in result["policies"].items())
    full = result["gc_full_ms"]
    gc_text = f"{len(full)} full GCs (max {max(full):.1f} ms)" if full else "no full GC"
    return (
        f"  {label}: root={result['root']}, beat thread real-time="
        f"{'yes' if result['realtime_granted'] else 'no'} ({policies}, "
        f"{result['beat_cpu_ms']:.1f} ms of CPU from the first count to the last); frame "
        f"{result['frame_ms']:.1f} ms; during the count {gc_text}, young GC max "
        f"{result['gc_young_max_ms']:.2f} ms"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench_count_timer", description=__doc__)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds per count")
    parser.add_argument("--holders", type=int, default=2, help="rounds of ten counts per run")
    parser.add_argument("--frame-work-ms", type=float, default=4.0)
    parser.add_argument("--garbage-per-frame", type=int, default=1500)
    parser.add_argument("--heap-objects", type=int, default=300_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv if argv is not None else [])
    if args.child:
        print(json.dumps(run_child(json.loads(args.child))))
        return
    rows: list[list[object]] = []
    sound_p99: dict[str, float] = {}
    drawn_p99: dict[str, float] = {}
    drifts: dict[str, list[float]] = {"sound": [], "drawn": []}
    frame_ms = 1000.0 / 60
    notes = []
    for label, config in _runs(args):
        result = run(config)
        notes.append(_policy_line(label, result))
        frame_ms = max(frame_ms, result["frame_ms"])
        for name in SOURCES:
            source = result["sources"][name]
            for what in ("woke", "sound", "drawn"):
                errors, at = _errors(source[what], source["ideal"])
                if not errors.size:
                    rows.append([label, name, what, "no beats measured", "", "", "", "", ""])
                    continue
                s = _stats(errors)
                drifting = (
                    frame_error(source[what], source["ideal"], result["swaps"])
                    if what == "drawn"
                    else errors
                )
                drift = trend(drifting, at)
                rows.append(
                    [label, name, what, errors.size, s["min"], s["median"], s["p99"], s["max"]]
                    + [drift]
                )
                if name == SOURCES[0] and config["quiet_gc"] and what != "woke":
                    (sound_p99 if what == "sound" else drawn_p99)[label] = s["p99"]
                    drifts[what].append(abs(drift))
    print_table(
        f"Le Petit Poucet beat in a real window, animating, {args.interval:g} s per count "
        "(error against the ideal schedule, ms; drift: its trend over the turn, for drawn "
        "against the frame nearest each beat)",
        ["run", "source", "what", "counts", "min", "median", "p99", "max", "drift"],
        rows,
    )
    print("\n".join(notes))
    drawn_target = frame_ms + DRAWN_SLACK_MS
    sound_drift = max(drifts["sound"], default=float("inf"))
    drawn_drift = max(drifts["drawn"], default=float("inf"))
    goals.report(
        "beat-sound",
        bool(sound_p99) and max(sound_p99.values()) <= SOUND_P99_MS and sound_drift <= DRIFT_MS,
        ", ".join(f"p99 {v:.2f} ms ({k})" for k, v in sound_p99.items())
        + f", drift {sound_drift:.2f} ms",
        f"p99 <= {SOUND_P99_MS:g} ms, drift <= {DRIFT_MS:g} ms",
    )
    goals.report(
        "beat-drawn",
        bool(drawn_p99)
        and max(drawn_p99.values()) <= drawn_target
        and drawn_drift <= DRAWN_SLACK_MS,
        ", ".join(f"p99 {v:.1f} ms ({k})" for k, v in drawn_p99.items())
        + f", drift {drawn_drift:.1f} ms",
        f"p99 <= one frame ({frame_ms:.1f} ms) + {DRAWN_SLACK_MS:g} ms = {drawn_target:.1f} ms, "
        f"drift <= {DRAWN_SLACK_MS:g} ms",
    )


if __name__ == "__main__":
    main(sys.argv[1:])
