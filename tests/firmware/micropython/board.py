# The firmware's main.py on a fake Pico, run by real MicroPython (see run.mjs).
#
# MicroPython has no machine or rp2 module off the board, and the firmware's loop must
# run in simulated time: fake machine, micropython, rp2, time, sys and select modules
# go into sys.modules before the firmware is imported.  The plan (/fw/plan.json, from
# the test) says how long to run and what happens when: bytes arrive on the port, the
# wolf turns, the magnet is lifted.  Everything the firmware wrote is printed as hex.
import binascii
import json
import sys

PERIOD = 1 << 30
plan = json.load(open("/fw/plan.json"))
state = {"us": 0, "raw": plan["raw"], "magnet": True, "fed_us": 0, "wdt_ms": None}
incoming = []
output = bytearray()
facts = {"kbd_intr": 3, "i2c": None, "resets": 0}
events = sorted(plan["events"], key=lambda e: e[0])


class PowerOff(BaseException):
    pass


class Module:
    def __init__(self, **attrs):
        for name, value in attrs.items():
            setattr(self, name, value)


def happen(kind, value):
    if kind == "send":
        incoming.extend(value.encode())
    elif kind == "raw":
        state["raw"] = value
    elif kind == "magnet":
        state["magnet"] = value


def sleep_us(us):
    target = state["us"] + max(int(us), 0)
    while events and events[0][0] * 1000 <= target:
        when, kind, value = events.pop(0)
        state["us"] = max(state["us"], when * 1000)
        happen(kind, value)
    state["us"] = target
    if state["wdt_ms"] is not None and state["us"] - state["fed_us"] > state["wdt_ms"] * 1000:
        raise PowerOff("watchdog")
    if state["us"] >= plan["until_ms"] * 1000:
        raise PowerOff("end of plan")


def ticks_diff(a, b):
    return ((a - b + PERIOD // 2) % PERIOD) - PERIOD // 2


fake_time = Module(
    ticks_ms=lambda: (state["us"] // 1000) % PERIOD,
    ticks_us=lambda: state["us"] % PERIOD,
    ticks_add=lambda a, b: (a + b) % PERIOD,
    ticks_diff=ticks_diff,
    sleep_us=sleep_us,
    sleep_ms=lambda ms: sleep_us(ms * 1000),
)


class I2C:
    """An AS5600 at 0x36: status, raw angle, AGC and magnitude registers."""

    def __init__(self, bus, scl=None, sda=None, freq=400000):
        facts["i2c"] = [bus, scl.id, sda.id, freq]

    def readfrom_mem_into(self, address, register, buf):
        if address != 0x36:
            raise OSError(19)
        raw = state["raw"]
        regs = {0x0B: 0x20 if state["magnet"] else 0, 0x0C: raw >> 8, 0x0D: raw & 0xFF,
                0x1A: 64, 0x1B: 2000 >> 8, 0x1C: 2000 & 0xFF}  # fmt: skip
        for i in range(len(buf)):
            buf[i] = regs.get(register + i, 0)


class Pin:
    OUT = 1

    def __init__(self, id, mode=-1):
        self.id = id

    def value(self, v=None):
        return 0


class WDT:
    def __init__(self, timeout=5000):
        state["wdt_ms"] = timeout
        self.feed()

    def feed(self):
        state["fed_us"] = state["us"]


def reset():
    facts["resets"] += 1
    raise PowerOff("machine.reset")


class Poll:
    def register(self, stream, mask):
        pass

    def poll(self, timeout=-1):
        return [(None, 1)] if incoming else []


def kbd_intr(char):
    facts["kbd_intr"] = char


stdin = Module(
    buffer=Module(read=lambda n: bytes([incoming.pop(0) for _ in range(min(n, len(incoming)))]))
)
stdout = Module(buffer=Module(write=output.extend))
sys.modules["machine"] = Module(I2C=I2C, Pin=Pin, WDT=WDT, reset=reset,
                                unique_id=lambda: b"\xe6\x61\x38\x93\x5f\x4a\x2b\x2c")  # fmt: skip
sys.modules["micropython"] = Module(kbd_intr=kbd_intr)
sys.modules["rp2"] = Module(bootsel_button=lambda: 0)
sys.modules["time"] = fake_time
sys.modules["select"] = Module(poll=Poll, POLLIN=1)
sys.modules["sys"] = Module(stdin=stdin, stdout=stdout)

import main  # noqa: E402  (the firmware: after the fakes, as the Pico imports it)

try:
    main.main()
    ended = "returned"
except PowerOff as why:
    ended = str(why)
facts["ended"] = ended
facts["implementation"] = sys.implementation.name
print("FACTS", json.dumps(facts))
print("OUTPUT", binascii.hexlify(output).decode())
