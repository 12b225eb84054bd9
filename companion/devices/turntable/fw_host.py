"""Run the Pico firmware's own modules under CPython, on a simulated board.

The firmware in ``companion/firmware/`` is MicroPython: it imports ``machine``,
``micropython`` and ``rp2``, and MicroPython's flavours of ``time`` (ticks),
``sys`` (stdin/stdout buffers), ``select`` and ``os``.  :func:`load_firmware`
executes the unmodified source files with those imports answered by fakes bound
to one :class:`Board`; every other import is CPython's.  Each load gets fresh
module objects, so several simulated kits can run in one process, and nothing
is put in ``sys.modules``.

Two exceptions derive from BaseException so that the firmware's own
``except Exception`` guards cannot swallow them: :class:`BoardReset` (the
watchdog fired, or ``machine.reset()``) and :class:`PowerOff` (the simulation
is over).
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import select as host_select
import threading
import time as host_time
import types
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

TICKS_PERIOD = 1 << 30
FIRMWARE_MODULES = ("link", "as5600", "main")
WDT_MAX_MS = 8388  # the rp2040's limit, as machine.WDT enforces it


class BoardReset(BaseException):
    """The board restarts (watchdog or machine.reset); the runner boots it again."""


class PowerOff(BaseException):
    """The simulation ends: the firmware's loop is unwound from inside a sleep."""


# The firmware ships inside the package (companion/firmware/), so an installed wheel has it.
BUNDLED_FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def firmware_dir() -> Path:
    """Where the firmware sources are: $COMPANION_FIRMWARE_DIR (to try other firmware), else
    the copy bundled with this package."""
    configured = os.environ.get("COMPANION_FIRMWARE_DIR")
    path = Path(configured) if configured else BUNDLED_FIRMWARE
    if not (path / "main.py").is_file():
        raise FileNotFoundError(
            f"the turntable firmware is not at {path}; set COMPANION_FIRMWARE_DIR to the "
            "folder holding main.py, as5600.py and link.py"
        )
    return path


# --- time -------------------------------------------------------------------------


class Clock(Protocol):
    def now_us(self) -> int: ...

    def sleep_us(self, us: int) -> None: ...


class RealClock:
    """Wall time; sleeping wakes at once (with PowerOff) when ``stop`` is set."""

    def __init__(self, stop: threading.Event) -> None:
        self._stop = stop
        self._origin = host_time.monotonic_ns()

    def now_us(self) -> int:
        return (host_time.monotonic_ns() - self._origin) // 1000

    def sleep_us(self, us: int) -> None:
        if self._stop.wait(max(us, 0) / 1e6) or self._stop.is_set():
            raise PowerOff


class ManualClock:
    """Simulated time that moves only when the firmware sleeps: tests run instantly.

    ``run_until_us`` raises PowerOff once reached; ``at(us, action)`` runs an action
    when time passes ``us`` (press a button, remove the magnet, send a command).
    """

    def __init__(self, run_until_us: int | None = None, start_us: int = 0) -> None:
        self.us = start_us
        self.run_until_us = run_until_us
        self._events: list[tuple[int, int, Callable[[], None]]] = []
        self._order = 0
        self._idle_spins = 0

    def now_us(self) -> int:
        return self.us

    def at(self, us: int, action: Callable[[], None]) -> None:
        self._order += 1
        self._events.append((us, self._order, action))
        self._events.sort()

    def advance(self, us: int) -> None:
        """Time spent inside a call (a slow I2C read), not in a sleep."""
        self.us += us

    def sleep_us(self, us: int) -> None:
        if us <= 0:
            self._idle_spins += 1
            if self._idle_spins > 10000:
                raise RuntimeError("the firmware loops without ever sleeping")
        else:
            self._idle_spins = 0
        target = self.us + max(us, 0)
        while self._events and self._events[0][0] <= target:
            when, _, action = self._events.pop(0)
            self.us = max(self.us, when)
            action()
        self.us = target
        if self.run_until_us is not None and self.us >= self.run_until_us:
            raise PowerOff


def ticks_add(ticks: int, delta: int) -> int:
    return (ticks + delta) % TICKS_PERIOD


def ticks_diff(a: int, b: int) -> int:
    half = TICKS_PERIOD // 2
    return ((a - b + half) % TICKS_PERIOD) - half


# --- the serial port --------------------------------------------------------------


class Stdio(Protocol):
    def readable(self) -> bool: ...

    def read(self, n: int) -> bytes: ...

    def write(self, data: bytes) -> int: ...


class MemoryStdio:
    """USB serial as two in-memory buffers, for tests."""

    def __init__(self) -> None:
        self.incoming: deque[int] = deque()
        self.output = bytearray()

    def push(self, data: bytes) -> None:
        self.incoming.extend(data)

    def readable(self) -> bool:
        return bool(self.incoming)

    def read(self, n: int) -> bytes:
        return bytes(self.incoming.popleft() for _ in range(min(n, len(self.incoming))))

    def write(self, data: bytes) -> int:
        self.output += data
        return len(data)

    def take_output(self) -> bytes:
        data = bytes(self.output)
        self.output.clear()
        return data


class PtyStdio:
    """USB serial as the master side of a pseudo-terminal.

    Like the Pico's USB CDC, output nobody reads is dropped rather than blocking
    the firmware: the master is non-blocking and a full buffer loses the rest.
    """

    def __init__(self, master_fd: int) -> None:
        self._fd = master_fd
        os.set_blocking(master_fd, False)
        self.dropped = 0

    def readable(self) -> bool:
        try:
            ready, _, _ = host_select.select([self._fd], [], [], 0)
        except (OSError, ValueError):
            return False
        return bool(ready)

    def read(self, n: int) -> bytes:
        try:
            return os.read(self._fd, n)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        while view:
            try:
                written = os.write(self._fd, view)
            except BlockingIOError:
                self.dropped += len(view)
                break
            except OSError as err:
                if err.errno in (errno.EIO, errno.EBADF):
                    self.dropped += len(view)
                    break
                raise
            view = view[written:]
        return len(data)


# --- I2C devices ------------------------------------------------------------------


class I2CDevice(Protocol):
    connected: bool

    def read(self, register: int, n: int) -> bytes: ...

    def write(self, register: int, data: bytes) -> None: ...


# --- the board --------------------------------------------------------------------


class Board:
    """Everything the firmware can touch, with its state open to tests."""

    def __init__(
        self,
        clock: Clock,
        stdio: Stdio,
        i2c_devices: dict[int, I2CDevice] | None = None,
        uid: bytes = bytes.fromhex("E66138935F4A2B2C"),
        files: dict[str, bytes] | None = None,
    ) -> None:
        self.clock = clock
        self.stdio = stdio
        self.i2c_devices = i2c_devices if i2c_devices is not None else {}
        self.uid = uid
        self.files = files if files is not None else {}
        self.kbd_intr = 3
        self.wdt_timeout_ms: int | None = None
        self.wdt_fed_us = 0
        self.bootsel = False
        self.pins: dict[Any, int] = {}
        self.i2c_buses: list[dict[str, Any]] = []
        self.i2c_transactions = 0

    # The watchdog is checked whenever the firmware sleeps or reads the clock.
    def feed_watchdog(self) -> None:
        self.wdt_fed_us = self.clock.now_us()

    def check_watchdog(self) -> None:
        if self.wdt_timeout_ms is None:
            return
        if self.clock.now_us() - self.wdt_fed_us > self.wdt_timeout_ms * 1000:
            raise BoardReset("watchdog")

    def sleep_us(self, us: int) -> None:
        self.check_watchdog()
        self.clock.sleep_us(us)
        self.check_watchdog()

    def i2c_read(self, address: int, register: int, n: int) -> bytes:
        self.i2c_transactions += 1
        device = self.i2c_devices.get(address)
        if device is None or not device.connected:
            raise OSError(errno.EIO, "I2C device did not acknowledge")
        return device.read(register, n)

    def i2c_write(self, address: int, register: int, data: bytes) -> None:
        self.i2c_transactions += 1
        device = self.i2c_devices.get(address)
        if device is None or not device.connected:
            raise OSError(errno.EIO, "I2C device did not acknowledge")
        device.write(register, data)

    def modules(self) -> dict[str, types.ModuleType]:
        """Fresh fake modules bound to this board."""
        return {
            "machine": _machine(self),
            "micropython": _micropython(self),
            "rp2": _rp2(self),
            "time": _time(self),
            "sys": _sys(self),
            "select": _select(self),
            "os": _os(self),
        }

    def open(self, path: str, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        """The board's flash filesystem (a dict), for the firmware's ``open``."""
        return _FlashFile(self.files, str(path), mode)

    def print(self, *values: Any, sep: str = " ", end: str = "\n", **kwargs: Any) -> None:
        # MicroPython's console output is "cooked": "\n" becomes "\r\n".
        text = sep.join(str(v) for v in values) + end
        self.stdio.write(text.replace("\n", "\r\n").encode())


class _FlashFile(io.BytesIO):
    def __init__(self, files: dict[str, bytes], path: str, mode: str) -> None:
        self._files, self._path, self._mode = files, path, mode
        if "r" in mode and path not in files:
            raise OSError(errno.ENOENT, path)
        super().__init__(files.get(path, b"") if "r" in mode or "a" in mode else b"")
        if "a" in mode:
            self.seek(0, io.SEEK_END)

    def write(self, data: Any) -> int:  # type: ignore[override]
        return super().write(data.encode() if isinstance(data, str) else data)

    def read(self, size: int | None = -1) -> Any:
        data = super().read(size)
        return data if "b" in self._mode else data.decode()

    def close(self) -> None:
        if not self.closed and any(m in self._mode for m in "wa+"):
            self._files[self._path] = self.getvalue()
        super().close()


def _module(name: str, **attrs: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    return module


def _machine(board: Board) -> types.ModuleType:
    class Pin:
        IN, OUT, OPEN_DRAIN = 0, 1, 2
        PULL_UP, PULL_DOWN = 1, 2

        def __init__(self, id: Any, mode: int = -1, pull: int = -1, value: int | None = None):
            self.id = id
            if value is not None:
                board.pins[id] = int(bool(value))

        def value(self, v: Any = None) -> int | None:
            if v is None:
                return board.pins.get(self.id, 0)
            board.pins[self.id] = int(bool(v))
            return None

        def on(self) -> None:
            self.value(1)

        def off(self) -> None:
            self.value(0)

        def toggle(self) -> None:
            self.value(1 - board.pins.get(self.id, 0))

    class I2C:
        def __init__(self, id: int, *, scl: Any = None, sda: Any = None, freq: int = 400000,
                     timeout: int = 50000) -> None:  # fmt: skip
            board.i2c_buses.append({"id": id, "scl": getattr(scl, "id", scl),
                                    "sda": getattr(sda, "id", sda), "freq": freq})  # fmt: skip

        def readfrom_mem(self, addr: int, memaddr: int, nbytes: int, *, addrsize: int = 8) -> bytes:
            return board.i2c_read(addr, memaddr, nbytes)

        def readfrom_mem_into(
            self, addr: int, memaddr: int, buf: Any, *, addrsize: int = 8
        ) -> None:
            buf[:] = board.i2c_read(addr, memaddr, len(buf))

        def writeto_mem(self, addr: int, memaddr: int, buf: Any, *, addrsize: int = 8) -> None:
            board.i2c_write(addr, memaddr, bytes(buf))

        def scan(self) -> list[int]:
            return sorted(a for a, d in board.i2c_devices.items() if d.connected)

    class WDT:
        def __init__(self, id: int = 0, timeout: int = 5000) -> None:
            if not 1 <= timeout <= WDT_MAX_MS:
                raise ValueError("timeout must be 1-8388 ms on rp2040")
            board.wdt_timeout_ms = timeout
            board.feed_watchdog()

        def feed(self) -> None:
            board.feed_watchdog()

    def reset() -> None:
        raise BoardReset("machine.reset")

    return _module(
        "machine",
        Pin=Pin,
        I2C=I2C,
        WDT=WDT,
        reset=reset,
        soft_reset=reset,
        unique_id=lambda: board.uid,
        freq=lambda *a: 125_000_000,
    )


def _micropython(board: Board) -> types.ModuleType:
    def kbd_intr(char: int) -> None:
        board.kbd_intr = char

    def same(f: Any) -> Any:
        return f

    return _module(
        "micropython",
        kbd_intr=kbd_intr,
        const=lambda x: x,
        native=same,
        viper=same,
        alloc_emergency_exception_buf=lambda n: None,
    )


def _rp2(board: Board) -> types.ModuleType:
    return _module("rp2", bootsel_button=lambda: int(board.bootsel))


def _time(board: Board) -> types.ModuleType:
    def ticks_us() -> int:
        board.check_watchdog()
        return board.clock.now_us() % TICKS_PERIOD

    def ticks_ms() -> int:
        board.check_watchdog()
        return (board.clock.now_us() // 1000) % TICKS_PERIOD

    return _module(
        "time",
        ticks_ms=ticks_ms,
        ticks_us=ticks_us,
        ticks_add=ticks_add,
        ticks_diff=ticks_diff,
        sleep_us=lambda us: board.sleep_us(int(us)),
        sleep_ms=lambda ms: board.sleep_us(int(ms) * 1000),
        sleep=lambda s: board.sleep_us(int(s * 1e6)),
        time=host_time.time,
    )


class _StdinBuffer:
    def __init__(self, stdio: Stdio) -> None:
        self._stdio = stdio

    def read(self, n: int = 1) -> bytes:
        return self._stdio.read(n)


class _StdoutBuffer:
    def __init__(self, stdio: Stdio) -> None:
        self._stdio = stdio

    def write(self, data: Any) -> int:
        return self._stdio.write(bytes(data))


def _sys(board: Board) -> types.ModuleType:
    stdin = types.SimpleNamespace(buffer=_StdinBuffer(board.stdio), stdio=board.stdio)
    stdout = types.SimpleNamespace(buffer=_StdoutBuffer(board.stdio))
    stdout.write = lambda text: board.stdio.write(str(text).encode())
    return _module(
        "sys",
        stdin=stdin,
        stdout=stdout,
        stderr=stdout,
        platform="rp2",
        implementation=types.SimpleNamespace(name="micropython"),
    )


def _select(board: Board) -> types.ModuleType:
    class Poll:
        def __init__(self) -> None:
            self._registered: list[Any] = []

        def register(self, obj: Any, mask: int = 5) -> None:
            self._registered.append(obj)

        def unregister(self, obj: Any) -> None:
            self._registered.remove(obj)

        def poll(self, timeout: int = -1) -> list[tuple[Any, int]]:
            # The firmware only ever polls with timeout 0.
            if self._registered and board.stdio.readable():
                return [(self._registered[0], 1)]
            return []

        ipoll = poll

    return _module("select", poll=Poll, POLLIN=1, POLLOUT=4, POLLERR=8, POLLHUP=16)


def _os(board: Board) -> types.ModuleType:
    def remove(path: str) -> None:
        if path not in board.files:
            raise OSError(errno.ENOENT, path)
        del board.files[path]

    def stat(path: str) -> tuple[int, ...]:
        if path not in board.files:
            raise OSError(errno.ENOENT, path)
        return (0x8000, 0, 0, 0, 0, 0, len(board.files[path]), 0, 0, 0)

    return _module("os", remove=remove, stat=stat, listdir=lambda *a: sorted(board.files))


# --- loading ----------------------------------------------------------------------


def load_firmware(
    board: Board, *, run_main: bool = False, source: Path | None = None
) -> dict[str, types.ModuleType]:
    """Execute the firmware's modules against ``board``; returns them by name.

    With ``run_main`` the main module runs as ``__main__`` exactly as on the Pico,
    which means it only returns when the firmware does (maintenance mode) or
    raises (BoardReset, PowerOff, or a bug).
    """
    folder = source or firmware_dir()
    fakes = board.modules()
    loaded: dict[str, types.ModuleType] = {}
    real_import = builtins.__import__

    def fw_import(name: str, globals: Any = None, locals: Any = None,
                  fromlist: Any = (), level: int = 0) -> Any:  # fmt: skip
        if level == 0:
            if name in fakes:
                return fakes[name]
            if name in FIRMWARE_MODULES:
                return load(name)
        return real_import(name, globals, locals, fromlist, level)

    fw_builtins = dict(vars(builtins))
    fw_builtins.update(__import__=fw_import, open=board.open, print=board.print)

    def load(name: str) -> types.ModuleType:
        if name in loaded:
            return loaded[name]
        path = folder / f"{name}.py"
        module = types.ModuleType("__main__" if name == "main" and run_main else name)
        module.__file__ = str(path)
        module.__dict__["__builtins__"] = fw_builtins
        loaded[name] = module
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
        return module

    load("link")
    load("as5600")
    load("main")
    return loaded
