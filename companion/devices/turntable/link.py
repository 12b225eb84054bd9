"""The serial link to the turntable kit: reader thread, handshake, reconnection.

One thread owns the port.  It finds the kit (discovery), opens the port, says
HELLO and checks the answer, then reads frames, counts what went wrong (bad
frames, noise, sequence gaps), notices silence (stale after 0.5 s) and, when the
port fails or goes quiet for good, closes it and looks again every 0.2 s - so
the kit is back within 2 s of being plugged in, and an unplugged cable is never
an exception anywhere else.  A port whose device does not answer HELLO properly
is refused with a message saying why, and left alone for a while.

Like pyserial's ``serial.threaded``, the transport (this module) is apart from
the protocol (protocol.py).  Everything time-related goes through an injected
clock and ``wait``, and :meth:`TurntableLink.step` runs one iteration, so tests
drive the link deterministically without a thread or a sleep.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Protocol

from companion.devices.turntable.protocol import (
    PROTOCOL_VERSION,
    TICKS_MODULUS,
    Ack,
    AngleFrame,
    Err,
    Frame,
    FrameSplitter,
    Heartbeat,
    Hello,
    checksum_ok,
    encode_hello,
    encode_maint,
    encode_ping,
    encode_rate,
    parse_frame,
)
from companion.devices.turntable.sequence import SequenceTracker

log = logging.getLogger(__name__)

READ_TIMEOUT_S = 0.05


class LinkState(Enum):
    SEARCHING = "searching"  # no kit found (yet)
    HANDSHAKE = "handshake"  # port open, waiting for HELLO
    CONNECTED = "connected"
    REFUSED = "refused"  # a device is there, but it is not a (compatible) kit
    STOPPED = "stopped"


_STREAMED = (AngleFrame, Heartbeat)

RESTART_TICKS_MS = 10_000
"""A kit that restarted reports its clock from zero: a jump back to a later time is not one."""


class LinkDown(ConnectionError):
    """No kit is connected, or it went away before answering."""


class CommandRefused(RuntimeError):
    """The kit answered a command with ERR."""


@dataclass(slots=True)
class LinkStats:
    """The link's counters.  The link bumps its own copy, from the reader thread alone
    (a frozen copy rebuilt under a lock for every frame was the costliest step of a
    sample's way in); ``TurntableLink.stats`` hands out snapshots."""

    frames: int = 0  # valid frames received
    crc_errors: int = 0  # lines whose checksum did not match: damaged on the way
    bad_frames: int = 0  # other lines refused: cut short, too long, or not our protocol
    noise_bytes: int = 0  # bytes outside any frame (REPL text, garbage)
    gaps: int = 0  # times the sequence number jumped
    lost_frames: int = 0  # frames missing in those jumps (less those that came late)
    duplicates: int = 0  # frames received twice (the repeat is dropped)
    reordered: int = 0  # frames that came after a later one
    connects: int = 0
    disconnects: int = 0
    restarts: int = 0  # the kit restarted while connected (watchdog, reset)
    refusals: int = 0


class Port(Protocol):
    """What the link needs of a serial port (pyserial's Serial has it all)."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def reset_input_buffer(self) -> None: ...

    def close(self) -> None: ...


def open_serial_port(path: str) -> Port:
    import serial

    port: Port = serial.Serial(
        path, baudrate=115200, timeout=READ_TIMEOUT_S, write_timeout=0.5, exclusive=True
    )
    return port


def describe_open_error(path: str, err: BaseException) -> str:
    """A message a person can act on."""
    text = str(err)
    if isinstance(err, PermissionError) or "Permission denied" in text:
        return (
            f"cannot open {path}: permission denied - add this user to the dialout group "
            "(see hw/README.md) and log in again"
        )
    if "busy" in text.lower() or "lock" in text.lower():
        return f"cannot open {path}: another program is using it (a terminal? mpremote?)"
    return f"cannot open {path}: {text}"


@dataclass
class _Command:
    name: str
    line: bytes
    matches: Callable[[Frame], bool]
    result: Callable[[Frame, float, _Command], Any]
    future: Future[Any]
    sent_at: float = 0.0
    deadline: float = 0.0


class TurntableLink:
    """Keeps a connection to the kit alive and hands every valid frame to ``on_frame``."""

    def __init__(
        self,
        find_ports: Callable[[], Sequence[str]],
        *,
        open_port: Callable[[str], Port] = open_serial_port,
        clock: Callable[[], float] = time.monotonic,
        wait: Callable[[float], object] | None = None,
        looking_for: str = "a turntable kit",
        rate_hz: int | None = None,
        stale_after: float = 0.5,
        retry_interval: float = 0.2,
        handshake_timeout: float = 0.3,
        handshake_attempts: int = 3,
        rehello_interval: float = 1.0,
        reopen_after: float = 3.0,
        refuse_backoff: float = 5.0,
        command_timeout: float = 1.0,
    ) -> None:
        self._find_ports = find_ports
        self._open_port = open_port
        self._clock = clock
        self._stop_event = threading.Event()
        self._wait = wait if wait is not None else self._wait_for_stop
        self.looking_for = looking_for
        self.rate_hz = rate_hz
        self.stale_after = stale_after
        self.retry_interval = retry_interval
        self.handshake_timeout = handshake_timeout
        self.handshake_attempts = handshake_attempts
        self.rehello_interval = rehello_interval
        self.reopen_after = reopen_after
        self.refuse_backoff = refuse_backoff
        self.command_timeout = command_timeout
        self.on_frame: Callable[[Frame, float], None] | None = None

        self.state = LinkState.SEARCHING
        self.message = f"looking for {looking_for}"
        self.port_path: str | None = None
        self.hello: Hello | None = None
        self.device_rate_hz: int | None = None  # as the kit last said (HELLO or ACK)
        self.connected_at: float | None = None
        self.last_frame_at: float | None = None

        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._port: Port | None = None
        self._splitter = FrameSplitter()
        self._counts = LinkStats()
        self._next_attempt = float("-inf")
        self._refused_until: dict[str, float] = {}
        self._refused_path: str | None = None
        self._hello_sent_at = float("-inf")
        self._hello_attempts = 0
        self._sequence = SequenceTracker()
        self._last_ticks: int | None = None
        self._outbox: list[_Command] = []
        self._pending: list[_Command] = []
        self._tokens = itertools.count(1)

    # --- the thread -----------------------------------------------------------------

    def start(self) -> None:
        """Start the reader thread (idempotent)."""
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._stop_event = threading.Event()
            self.state = LinkState.SEARCHING
            self.message = f"looking for {self.looking_for}"
            self._next_attempt = float("-inf")
            self._thread = threading.Thread(target=self._run, name="turntable-link", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the thread, close the port, fail any command still waiting."""
        with self._lock:
            thread, self._thread = self._thread, None
        self._stop_event.set()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        if thread is None or not thread.is_alive():
            self._close_port()
        self._fail_commands(LinkDown("the turntable link was stopped"))
        self.state = LinkState.STOPPED
        self.message = "stopped"

    def _wait_for_stop(self, seconds: float) -> None:
        self._stop_event.wait(seconds)

    @property
    def running(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    def _run(self) -> None:
        stop = self._stop_event
        try:
            while not stop.is_set():
                try:
                    self.step()
                except Exception:  # a bug here must not end the link: log, reconnect
                    log.exception("turntable link: unexpected error; reconnecting")
                    self._drop("internal error; reconnecting", self._clock())
                    stop.wait(self.retry_interval)
        finally:
            self._close_port()

    # --- one iteration --------------------------------------------------------------

    def step(self) -> None:
        """One iteration: connect if due, else read what arrived and run the timers."""
        now = self._clock()
        port = self._port
        if port is None:
            if now < self._next_attempt:
                self._wait(min(self._next_attempt - now, READ_TIMEOUT_S))
            else:
                self._connect(now)
            return
        try:
            waiting = port.in_waiting
            data = port.read(waiting if waiting > 0 else 1)
        except Exception as err:  # SerialException, OSError, termios.error: the kit is gone
            self._drop(f"lost the kit on {self.port_path}: {err}", self._clock())
            return
        now = self._clock()
        if data:
            self._receive(data, now)
        if self._port is not None:
            self._run_timers(now)
        if self._port is not None and self.state is LinkState.CONNECTED:
            self._send_commands(now)

    def _connect(self, now: float) -> None:
        try:
            everything = list(self._find_ports())
        except Exception as err:
            log.warning("turntable port discovery failed: %s", err)
            everything = []
        for path in [p for p in self._refused_until if p not in everything]:
            del self._refused_until[path]  # unplugged: whatever comes back is a new device
        usable = [p for p in everything if self._refused_until.get(p, float("-inf")) <= now]
        self._next_attempt = now + self.retry_interval
        if not usable:
            if self.state is not LinkState.REFUSED or self._refused_path not in everything:
                self.state = LinkState.SEARCHING
                self.message = f"no turntable kit found (looked for {self.looking_for})"
            return
        path = usable[0]
        try:
            port = self._open_port(path)
        except Exception as err:
            self.state = LinkState.SEARCHING
            self.message = describe_open_error(path, err)
            return
        try:
            port.reset_input_buffer()
        except Exception:
            pass
        self._port = port
        self.port_path = path
        self._splitter.reset()
        self.state = LinkState.HANDSHAKE
        self.message = f"saying hello to {path}"
        self._hello_attempts = 0
        self._send_hello(now)

    def _send_hello(self, now: float) -> None:
        self._hello_sent_at = now
        self._hello_attempts += 1
        self._write(encode_hello(), now)

    def _write(self, data: bytes, now: float) -> bool:
        port = self._port
        if port is None:
            return False
        try:
            port.write(data)
        except Exception as err:
            self._drop(f"lost the kit on {self.port_path}: {err}", now)
            return False
        return True

    # --- receiving ------------------------------------------------------------------

    def _receive(self, data: bytes, now: float) -> None:
        counts = self._counts
        for line in self._splitter.feed(data):
            frame = parse_frame(line)
            if frame is None:
                if checksum_ok(line):
                    counts.bad_frames += 1
                else:
                    counts.crc_errors += 1
                continue
            counts.frames += 1
            if self.state is LinkState.CONNECTED and type(frame) in _STREAMED:
                self._accept_streamed(frame, now)  # type: ignore[arg-type]
                if self._port is None:
                    return
                continue
            if self.state is LinkState.HANDSHAKE:
                if isinstance(frame, Hello):
                    self._handshake_done(frame, now)
                continue  # the kit streams all the time: ignore it until it said hello
            if self.state is not LinkState.CONNECTED:
                return
            self._accept(frame, now)
            if self._port is None:
                return

    def _handshake_done(self, hello: Hello, now: float) -> None:
        if hello.protocol != PROTOCOL_VERSION:
            self._refuse(
                f"the kit on {self.port_path} speaks protocol {hello.protocol} (firmware "
                f"{hello.firmware}) but this app speaks protocol {PROTOCOL_VERSION}: copy this "
                "app's firmware to the Pico (hw/README.md)",
                now,
            )
            return
        self.hello = hello
        self.device_rate_hz = hello.rate_hz
        self.state = LinkState.CONNECTED
        self.message = f"kit {hello.uid} (firmware {hello.firmware}) on {self.port_path}"
        self.connected_at = now
        self.last_frame_at = now
        self._sequence.reset(hello)
        self._last_ticks = None
        self._refused_path = None
        self._counts.connects += 1
        log.info("turntable: connected to %s", self.message)
        self._deliver(hello, now)
        if self.rate_hz is not None and hello.rate_hz != self.rate_hz:
            self._queue_rate(self.rate_hz)

    def _accept_streamed(self, frame: AngleFrame | Heartbeat, now: float) -> None:
        """The common case kept short: an angle frame or heartbeat next in line, its
        clock going forward.  Anything else (repeats, gaps, restarts) takes the general
        path, which would come to the same for these."""
        sequence = self._sequence
        last = self._last_ticks
        if (
            frame.seq == sequence.expected
            and last is not None
            and 0 <= frame.ticks_ms - last < TICKS_MODULUS // 2
        ):
            self.last_frame_at = now
            self._last_ticks = frame.ticks_ms
            sequence.next_in_line(frame)
            callback = self.on_frame
            if callback is not None:
                try:
                    callback(frame, now)
                except Exception:  # a listener's bug must not stop the stream
                    log.exception("turntable frame listener failed")
            return
        self._accept(frame, now)

    def _accept(self, frame: Frame, now: float) -> None:
        self.last_frame_at = now
        counts = self._counts
        if self._sequence.is_duplicate(frame):
            counts.duplicates += 1
            return
        if self._restarted(frame):
            counts.restarts += 1
            log.warning("turntable: the kit restarted")
            self._sequence.reset()
        seen = self._sequence.observe(frame)
        if seen.lost:
            counts.gaps += 1
            counts.lost_frames += seen.lost
        if seen.late:
            counts.reordered += 1
            counts.lost_frames -= seen.found
        if isinstance(frame, Ack) and frame.command == "RATE":
            self.device_rate_hz = int(frame.value)
        if isinstance(frame, Hello):
            self.hello = frame
            self.device_rate_hz = frame.rate_hz
            if frame.protocol != PROTOCOL_VERSION:
                self._handshake_done(frame, now)  # refuses
                return
            if self.rate_hz is not None and frame.rate_hz != self.rate_hz:
                self._queue_rate(self.rate_hz)
        self._settle_command(frame, now)
        self._deliver(frame, now)

    def _restarted(self, frame: Frame) -> bool:
        """A HELLO with sequence 0 out of turn, or the Pico's clock jumping back to its
        first seconds (a frame that is merely late or repeated is neither)."""
        if isinstance(frame, Hello) and frame.seq == 0 and self._sequence.expected not in (None, 0):
            self._last_ticks = None
            return True
        if isinstance(frame, AngleFrame | Heartbeat):
            last = self._last_ticks
            back = None if last is None else (last - frame.ticks_ms) % TICKS_MODULUS
            if back is None or back == 0 or back >= TICKS_MODULUS // 2:
                self._last_ticks = frame.ticks_ms  # the clock went forward
                return False
            if back > 1000 and frame.ticks_ms < RESTART_TICKS_MS:
                self._last_ticks = frame.ticks_ms
                return True
        return False

    def _deliver(self, frame: Frame, now: float) -> None:
        callback = self.on_frame
        if callback is None:
            return
        try:
            callback(frame, now)
        except Exception:  # a listener's bug must not stop the stream
            log.exception("turntable frame listener failed")

    # --- timers ---------------------------------------------------------------------

    def _run_timers(self, now: float) -> None:
        if self.state is LinkState.HANDSHAKE:
            if now - self._hello_sent_at >= self.handshake_timeout:
                if self._hello_attempts >= self.handshake_attempts:
                    self._refuse(
                        f"{self.port_path} did not answer HELLO: it is not a turntable kit, or "
                        "the kit's firmware is not installed (hw/README.md)",
                        now,
                    )
                else:
                    self._send_hello(now)
            return
        quiet = now - (self.last_frame_at if self.last_frame_at is not None else now)
        if quiet >= self.reopen_after:
            self._drop(f"no frames from {self.port_path} for {quiet:.1f} s; reopening", now)
            return
        if quiet >= self.stale_after and now - self._hello_sent_at >= self.rehello_interval:
            self._send_hello(now)
        if not self._pending:
            return
        for command in list(self._pending):
            if now >= command.deadline:
                self._pending.remove(command)
                command.future.set_exception(
                    TimeoutError(f"the kit did not answer {command.name} in time")
                )

    # --- losing the kit -------------------------------------------------------------

    def _refuse(self, message: str, now: float) -> None:
        path = self.port_path
        log.warning("turntable: %s", message)
        self._close_port()
        if path is not None:
            self._refused_until[path] = now + self.refuse_backoff
            self._refused_path = path
        self.state = LinkState.REFUSED
        self.message = message
        self._next_attempt = now + self.retry_interval
        self._counts.refusals += 1
        self._fail_commands(LinkDown(message))

    def _drop(self, message: str, now: float) -> None:
        was_connected = self.state is LinkState.CONNECTED
        self._close_port()
        if was_connected:
            self._counts.disconnects += 1
            log.warning("turntable: %s", message)
        self.state = LinkState.SEARCHING
        self.message = message
        self._next_attempt = now + self.retry_interval
        self._fail_commands(LinkDown(message))

    def _close_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:
                pass

    # --- commands -------------------------------------------------------------------

    def set_rate(self, hz: int) -> Future[Ack]:
        """Ask for ``hz`` angle frames per second; kept for later reconnections too."""
        line = encode_rate(hz)
        self.rate_hz = hz
        return self._request(
            "RATE",
            line,
            lambda f: (
                (isinstance(f, Ack) and f.command == "RATE" and int(f.value) == hz)
                or (isinstance(f, Err) and f.command == "RATE")
            ),
            lambda f, now, command: f,
        )

    def ping(self) -> Future[float]:
        """Round trip to the kit, in seconds."""
        token = next(self._tokens) % 100000
        return self._request(
            "PING",
            encode_ping(token),
            lambda f: isinstance(f, Ack) and f.command == "PING" and f.value == str(token),
            lambda f, now, command: now - command.sent_at,
        )

    def request_maintenance(self) -> Future[Ack]:
        """Restart the kit into MicroPython's prompt, to update its files."""
        return self._request(
            "MAINT",
            encode_maint(),
            lambda f: isinstance(f, Ack | Err) and f.command == "MAINT",
            lambda f, now, command: f,
        )

    def _queue_rate(self, hz: int) -> None:
        future = self.set_rate(hz)
        future.add_done_callback(_log_failure)

    def _request(
        self,
        name: str,
        line: bytes,
        matches: Callable[[Frame], bool],
        result: Callable[[Frame, float, _Command], Any],
    ) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self.state is not LinkState.CONNECTED:
                future.set_exception(LinkDown(f"no turntable kit connected ({self.message})"))
                return future
            self._outbox.append(_Command(name, line, matches, result, future))
        return future

    def _send_commands(self, now: float) -> None:
        if not self._outbox:
            return  # read without the lock: a command queued just now goes next step
        with self._lock:
            ready, self._outbox = self._outbox, []
        for command in ready:
            command.sent_at = now
            command.deadline = now + self.command_timeout
            self._pending.append(command)
            if not self._write(command.line, now):
                return

    def _settle_command(self, frame: Frame, now: float) -> None:
        if not isinstance(frame, Ack | Err):
            return
        for command in self._pending:
            if command.matches(frame):
                self._pending.remove(command)
                if isinstance(frame, Err):
                    command.future.set_exception(
                        CommandRefused(f"the kit refused {command.name}: {frame.code}")
                    )
                else:
                    command.future.set_result(command.result(frame, now, command))
                return

    def _fail_commands(self, error: Exception) -> None:
        with self._lock:
            waiting = self._outbox + self._pending
            self._outbox, self._pending = [], []
        for command in waiting:
            if not command.future.done():
                command.future.set_exception(error)

    # --- looking in -----------------------------------------------------------------

    def stats(self) -> LinkStats:
        """The counters so far (bad frames include those cut short or too long)."""
        stats = self._counts
        return replace(
            stats,
            bad_frames=stats.bad_frames + self._splitter.broken,
            noise_bytes=self._splitter.noise_bytes,
        )

    def now(self) -> float:
        """The link's clock (injected in tests)."""
        return self._clock()

    def is_stale(self, now: float | None = None) -> bool:
        """Connected, but nothing valid has arrived for ``stale_after`` seconds."""
        if self.state is not LinkState.CONNECTED or self.last_frame_at is None:
            return False
        return (self._clock() if now is None else now) - self.last_frame_at >= self.stale_after


def _log_failure(future: Future[Any]) -> None:
    error = future.exception()
    if error is not None:
        log.warning("turntable: could not set the rate: %s", error)
