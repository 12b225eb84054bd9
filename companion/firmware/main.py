# Turntable kit firmware for the Raspberry Pi Pico (MicroPython).
#
# Streams the AS5600's angle over USB serial as checksummed text frames, with a
# heartbeat carrying the sensor's health, and answers the host's commands.  See
# PROTOCOL.md.  Ctrl-C is disabled on the data port and a watchdog restarts the
# board if the loop ever stops; a sensor error is reported, never a crash.
#
# Maintenance (to update these files with mpremote): hold the BOOTSEL button for
# one second while the kit runs, or send the MAINT command.  The board restarts
# into the normal MicroPython prompt with no watchdog and Ctrl-C enabled.

import os
import select
import sys
import time

import as5600
import link
import machine
import micropython

FIRMWARE_VERSION = "1.0.0"

I2C_ID = 0
SDA_PIN = 4  # GP4, physical pin 6
SCL_PIN = 5  # GP5, physical pin 7
I2C_FREQ = 400000

DEFAULT_RATE = 100  # angle frames per second
WDT_TIMEOUT_MS = 2000  # rp2040 allows up to 8388
SENSOR_RETRY_MS = 100  # how often to try a sensor that stopped answering
MIN_BEAT_GAP_MS = 50  # status changes send a heartbeat at once, at most this often
MAX_IDLE_US = 5000  # longest sleep: commands are answered within 5 ms
MAX_BYTES_PER_LOOP = 128  # a flood of input cannot starve the stream
FAULT_LIMIT = 20  # consecutive failed loops before letting the watchdog restart us
BOOTSEL_HOLD_MS = 1000
BOOTSEL_CHECK_MS = 50  # reading BOOTSEL briefly pauses flash access: not every loop
MAINT_FLAG = "maintenance.flag"
MAINT_BANNER = (
    "turntable kit: maintenance mode (no watchdog, Ctrl-C enabled).\n"
    "Copy files with mpremote, then unplug and replug the kit to resume."
)


def uid_text(uid):
    """The board's unique id as 16 upper-case hex digits."""
    text = "".join(f"{b:02X}" for b in uid)
    return ("0" * 16 + text)[-16:]


class Kit:
    """The streaming state machine; all hardware is passed in, so it runs anywhere."""

    def __init__(self, sensor, write, uid, now_ms, now_us, rate=DEFAULT_RATE):
        self.sensor = sensor
        self._write = write
        self.uid = uid
        self.seq = 0
        self.rate = rate
        self._period_us = 1000000 // rate
        self._next_sample_us = now_us
        self._next_beat_ms = now_ms
        self._last_beat_ms = time.ticks_add(now_ms, -MIN_BEAT_GAP_MS)
        self._last_fault_ms = time.ticks_add(now_ms, -1000)
        self._retry_ms = now_ms
        self.status = None  # unknown until the first reading
        self.agc = 0
        self.magnitude = 0
        self.errors = 0
        self.maintenance = False

    def _emit(self, line):
        self._write(line)
        self.seq = (self.seq + 1) % link.SEQ_MODULUS

    def hello(self):
        self._emit(
            link.hello_frame(self.seq, link.PROTOCOL_VERSION, FIRMWARE_VERSION, self.uid, self.rate)
        )

    def set_rate(self, rate, now_us):
        self.rate = rate
        self._period_us = 1000000 // rate
        self._next_sample_us = time.ticks_add(now_us, self._period_us)

    def poll(self, now_ms, now_us):
        """Send whatever is due: an angle sample, a heartbeat."""
        due = time.ticks_diff(now_us, self._next_sample_us) >= 0
        if due or self.status is None:  # know the sensor's state before any heartbeat
            self._sample(now_ms)
        if due:
            self._next_sample_us = time.ticks_add(self._next_sample_us, self._period_us)
            if time.ticks_diff(now_us, self._next_sample_us) >= 0:
                # Late (a slow USB write): skip ahead rather than send a burst.
                self._next_sample_us = time.ticks_add(now_us, self._period_us)
        if time.ticks_diff(now_ms, self._next_beat_ms) >= 0:
            if self.status != as5600.NOT_ANSWERING:
                self._read_field(now_ms)
            if time.ticks_diff(now_ms, self._next_beat_ms) >= 0:
                self._beat(now_ms)

    def idle_us(self, now_ms, now_us):
        """How long the loop may sleep before something is due."""
        wait = min(
            time.ticks_diff(self._next_sample_us, now_us),
            time.ticks_diff(self._next_beat_ms, now_ms) * 1000,
            MAX_IDLE_US,
        )
        return max(wait, 0)

    def led_level(self, now_ms):
        """Steady on while the sensor is happy, blinking when it needs attention."""
        if self.status == as5600.OK:
            return 1
        return (now_ms // 250) % 2

    def _sample(self, now_ms):
        if self.status == as5600.NOT_ANSWERING and time.ticks_diff(now_ms, self._retry_ms) < 0:
            return
        try:
            status, raw = self.sensor.read()
        except OSError:
            self._sensor_lost(now_ms)
            return
        self._set_status(as5600.status_letter(status), now_ms)
        if status & as5600.MD:
            self._emit(link.angle_frame(self.seq, now_ms, raw))

    def _read_field(self, now_ms):
        try:
            self.agc = self.sensor.read_agc()
            self.magnitude = self.sensor.read_magnitude()
        except OSError:
            self._sensor_lost(now_ms)

    def _sensor_lost(self, now_ms):
        self.errors += 1
        self.agc = 0
        self.magnitude = 0
        self._retry_ms = time.ticks_add(now_ms, SENSOR_RETRY_MS)
        self._set_status(as5600.NOT_ANSWERING, now_ms)

    def _set_status(self, status, now_ms):
        if status == self.status:
            return
        self.status = status
        if status != as5600.NOT_ANSWERING:
            self._read_field(now_ms)
        soonest = time.ticks_add(self._last_beat_ms, MIN_BEAT_GAP_MS)
        if time.ticks_diff(now_ms, soonest) >= 0:
            self._beat(now_ms)
        else:
            self._next_beat_ms = soonest

    def _beat(self, now_ms):
        self._emit(
            link.heartbeat_frame(
                self.seq,
                now_ms,
                self.status or as5600.NOT_ANSWERING,
                self.agc,
                self.magnitude,
                self.errors,
            )
        )
        self._last_beat_ms = now_ms
        self._next_beat_ms = time.ticks_add(now_ms, link.HEARTBEAT_MS)

    def fault(self, now_ms):
        """Report an unexpected error, at most once a second."""
        if time.ticks_diff(now_ms, self._last_fault_ms) >= 1000:
            self._last_fault_ms = now_ms
            self._emit(link.err_frame(self.seq, "NONE", link.FAULT))

    def handle_line(self, line, now_us):
        """Answer one line from the LineReader (or its LONG marker)."""
        if line == link.LONG:
            self._emit(link.err_frame(self.seq, "NONE", link.LONG))
            return
        body, problem = link.open_frame(line)
        if body is None:
            self._emit(link.err_frame(self.seq, "NONE", problem))
            return
        fields = body.decode().split(",")
        name = fields[0]
        args = fields[1:]
        if name == "HELLO" and not args:
            self.hello()
        elif name == "RATE" and len(args) == 1 and 0 < len(args[0]) <= 3 and args[0].isdigit():
            rate = int(args[0])
            if link.MIN_RATE <= rate <= link.MAX_RATE:
                self.set_rate(rate, now_us)
                self._emit(link.ack_frame(self.seq, "RATE", f"{rate:03d}"))
            else:
                self._emit(link.err_frame(self.seq, "RATE", link.RANGE))
        elif name == "PING" and len(args) == 1 and 0 < len(args[0]) <= 5 and args[0].isdigit():
            self._emit(link.ack_frame(self.seq, "PING", args[0]))
        elif name == "MAINT" and not args:
            self._emit(link.ack_frame(self.seq, "MAINT", "0"))
            self.maintenance = True
        elif name in ("HELLO", "RATE", "PING", "MAINT"):
            self._emit(link.err_frame(self.seq, name, link.SYNTAX))
        else:
            known = name if 0 < len(name) <= 8 and name.isalpha() else "NONE"
            self._emit(link.err_frame(self.seq, known, link.UNKNOWN))


def take_maintenance_flag():
    """True once after a maintenance request (the flag file is consumed)."""
    try:
        os.remove(MAINT_FLAG)
    except OSError:
        return False
    return True


def enter_maintenance(wdt):
    with open(MAINT_FLAG, "w") as f:
        f.write("1")
    wdt.feed()
    time.sleep_ms(100)  # let the last frames leave the USB buffer
    machine.reset()


def _bootsel():
    try:
        import rp2
    except ImportError:
        return None
    return getattr(rp2, "bootsel_button", None)  # MicroPython 1.20 and later


def run(kit, wdt, led):
    """The main loop: never returns (maintenance restarts the board)."""
    stdin = sys.stdin.buffer
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    reader = link.LineReader()
    bootsel = _bootsel()
    pressed_since = None
    checked_at = time.ticks_ms()
    faults = 0
    kit.hello()
    while True:
        wdt.feed()
        idle = MAX_IDLE_US
        try:
            count = 0
            while count < MAX_BYTES_PER_LOOP and poller.poll(0):
                line = reader.feed(stdin.read(1)[0])
                count += 1
                if line is not None:
                    kit.handle_line(line, time.ticks_us())
            now_ms = time.ticks_ms()
            kit.poll(now_ms, time.ticks_us())
            led.value(kit.led_level(now_ms))
            if bootsel is not None and time.ticks_diff(now_ms, checked_at) >= BOOTSEL_CHECK_MS:
                checked_at = now_ms
                if not bootsel():
                    pressed_since = None
                elif pressed_since is None:
                    pressed_since = now_ms
                elif time.ticks_diff(now_ms, pressed_since) >= BOOTSEL_HOLD_MS:
                    kit.maintenance = True
            if kit.maintenance:
                enter_maintenance(wdt)
            idle = kit.idle_us(time.ticks_ms(), time.ticks_us())
            faults = 0
        except Exception:  # never crash: report it, and let the watchdog judge
            faults += 1
            kit.fault(time.ticks_ms())
            if faults >= FAULT_LIMIT:
                while True:  # stop feeding: the watchdog restarts the board
                    time.sleep_ms(100)
        time.sleep_us(idle)


def main():
    if take_maintenance_flag():
        print(MAINT_BANNER)
        return
    micropython.kbd_intr(-1)  # the port carries data: a 0x03 byte must not stop us
    wdt = machine.WDT(timeout=WDT_TIMEOUT_MS)
    i2c = machine.I2C(I2C_ID, scl=machine.Pin(SCL_PIN), sda=machine.Pin(SDA_PIN), freq=I2C_FREQ)
    led = machine.Pin("LED", machine.Pin.OUT)
    kit = Kit(
        as5600.AS5600(i2c),
        sys.stdout.buffer.write,
        uid_text(machine.unique_id()),
        time.ticks_ms(),
        time.ticks_us(),
    )
    run(kit, wdt, led)


if __name__ == "__main__":
    main()
