"""The turntable kit, simulated: the real firmware on a simulated board, on a pty.

``SimKit.start()`` creates a pseudo-terminal, runs the unmodified ``companion/firmware/``
code on a thread (see fw_host) with an AS5600 model over a SimMagnet, and returns
the port's path: anything that can open a serial port (the app's link, a terminal,
``companion sim-turntable``'s user) talks to it exactly as to a Pico on USB.
``stop()`` is pulling the USB cable; ``start()`` again plugs it back in (a new
path).  The flash filesystem survives both, as on the real board.
"""

from __future__ import annotations

import logging
import os
import threading
import traceback
import tty
from collections.abc import Callable
from pathlib import Path

from companion.devices.turntable.fw_host import (
    Board,
    BoardReset,
    PowerOff,
    PtyStdio,
    RealClock,
    load_firmware,
)
from companion.devices.turntable.link import TurntableLink
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.sim_magnet import SimAS5600, SimMagnet

log = logging.getLogger(__name__)

DEFAULT_UID = bytes.fromhex("E66138935F4A2B2C")
REPL_BANNER = (
    'MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040\r\nType "help()" for '
    "more information.\r\n>>> "
)


class SimKit:
    """A simulated Pico + AS5600 + magnet behind a pty."""

    def __init__(
        self,
        magnet: SimMagnet | None = None,
        *,
        uid: bytes = DEFAULT_UID,
        noise_lsb: int = 1,
        seed: int = 0,
        firmware: Path | None = None,
    ) -> None:
        self.magnet = magnet if magnet is not None else SimMagnet()
        self.sensor = SimAS5600(self.magnet, noise_lsb=noise_lsb, seed=seed)
        self.uid = uid
        self.firmware = firmware
        self.files: dict[str, bytes] = {}
        self.boots = 0
        self.reset_reasons: list[str] = []
        self.crash: str | None = None
        # Told (on the kit's thread) the crash's last traceback line, so a player sees why
        # the simulated wolf went quiet rather than finding it only in the log.
        self.on_crash: Callable[[str], None] | None = None
        self._crash_lock = threading.Lock()
        self.bootsel = False
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._fds: tuple[int, int] | None = None
        self._board: Board | None = None
        self.path: str | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> str:
        """Plug the kit in: returns the serial port's path (idempotent)."""
        with self._lock:
            if self.running and self.path is not None:
                return self.path
            master, slave = os.openpty()
            tty.setraw(slave)  # a USB CDC port has no line discipline: no echo, no CR/LF games
            self._fds = (master, slave)
            self.path = os.ttyname(slave)
            self._stop = threading.Event()
            self._thread = threading.Thread(
                target=self._run, args=(self._stop, master), name="sim-turntable-kit", daemon=True
            )
            self._thread.start()
            return self.path

    def stop(self) -> None:
        """Pull the cable: the firmware stops and the port goes away."""
        with self._lock:
            self._stop.set()
            thread, self._thread = self._thread, None
            if thread is not None:
                thread.join(timeout=5.0)
            if self._fds is not None:
                for fd in self._fds:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
                self._fds = None
            self._board = None

    def replug(self) -> str:
        self.stop()
        return self.start()

    def press_bootsel(self, pressed: bool = True) -> None:
        """Hold (or release) the Pico's BOOTSEL button."""
        self.bootsel = pressed
        board = self._board
        if board is not None:
            board.bootsel = pressed

    @property
    def board(self) -> Board | None:
        """The running board (pins, watchdog, kbd_intr), for tests and the devices screen."""
        return self._board

    def __enter__(self) -> SimKit:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def tell_crash_to(self, callback: Callable[[str], None]) -> None:
        """Call ``callback`` with the crash's last line once the firmware crashes, or now
        if it already has: the firmware may die before the caller could listen."""
        with self._crash_lock:
            self.on_crash = callback
            crash = self.crash
        if crash is not None:
            callback(crash.strip().splitlines()[-1])

    def _run(self, stop: threading.Event, master: int) -> None:
        stdio = PtyStdio(master)
        clock = RealClock(stop)
        while not stop.is_set():
            board = Board(clock, stdio, {SimAS5600.address: self.sensor}, self.uid, self.files)
            board.bootsel = self.bootsel
            self._board = board
            self.boots += 1
            try:
                load_firmware(board, run_main=True, source=self.firmware)
            except BoardReset as reset:
                self.reset_reasons.append(str(reset))
                continue
            except PowerOff:
                return
            except Exception:
                with self._crash_lock:
                    self.crash = traceback.format_exc()
                    tell = self.on_crash
                log.error("simulated kit firmware crashed:\n%s", self.crash)
                if tell is not None:
                    tell(self.crash.strip().splitlines()[-1])
                board.print("Traceback (most recent call last):\n" + self.crash)
            try:
                if self._repl(board, stop):
                    continue
            except PowerOff:
                return
            return

    def _repl(self, board: Board, stop: threading.Event) -> bool:
        """The MicroPython prompt after main.py returned; True on Ctrl-D (soft reboot)."""
        board.stdio.write(REPL_BANNER.encode())
        while not stop.is_set():
            if not board.stdio.readable():
                board.sleep_us(10_000)
                continue
            data = board.stdio.read(64)
            for byte in data:
                if byte == 0x04:
                    board.stdio.write(b"MPY: soft reboot\r\n")
                    return True
                if byte in (0x0D, 0x0A):
                    board.stdio.write(b"\r\n>>> ")
                else:
                    board.stdio.write(bytes([byte]))
        return False


def open_simulated_turntable(
    magnet: SimMagnet | None = None, **kit_options: object
) -> tuple[SerialAngleSource, SimKit]:
    """The app's --sim turntable: a SimKit and a SerialAngleSource reading it.

    Stopping the source also unplugs the kit.  Move the wolf with ``kit.magnet``.
    """
    kit = SimKit(magnet, **kit_options)  # type: ignore[arg-type]
    path = kit.start()
    link = TurntableLink(
        lambda: [kit.path] if kit.path and kit.running else [],
        looking_for=f"the simulated kit ({path})",
    )
    source = SerialAngleSource(link, simulated=True, on_stop=kit.stop)
    return source, kit
