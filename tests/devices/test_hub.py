"""The device hub: simulated pins driven from the screen, statuses for the devices screen."""

from __future__ import annotations

from gpiozero import Button, TonalBuzzer
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices.hub import DeviceHub, DeviceStatus
from companion.devices.pins import DEFAULT_PINS


def make_hub() -> DeviceHub:
    return DeviceHub(True, DEFAULT_PINS, MockFactory(pin_class=MockPWMPin))


def test_virtual_press_reaches_a_gpiozero_button() -> None:
    hub = make_hub()
    button = Button(DEFAULT_PINS["bag_button"], pin_factory=hub.pin_factory)
    presses: list[bool] = []
    button.when_pressed = lambda: presses.append(True)
    hub.press("bag_button")
    assert button.is_pressed and presses == [True]
    hub.release("bag_button")
    assert not button.is_pressed
    button.close()


def test_statuses_show_registered_devices_then_pins() -> None:
    hub = make_hub()
    buzzer = TonalBuzzer(DEFAULT_PINS["buzzer"], pin_factory=hub.pin_factory)
    buzzer.play(440)
    closed: list[str] = []
    hub.register(
        "turntable",
        lambda: DeviceStatus("turntable", "stale", "no reading for 2 s"),
        close=lambda: closed.append("turntable"),
    )
    statuses = hub.statuses()
    assert statuses[0] == DeviceStatus("turntable", "stale", "no reading for 2 s")
    by_name = {s.name: s for s in statuses}
    assert by_name["buzzer"].state == "simulated"
    assert by_name["buzzer"].reading == "sounding 440 Hz (GPIO 18)"
    assert by_name["bag button"].reading == "not in use now (GPIO 17)"
    button = Button(DEFAULT_PINS["bag_button"], pin_factory=hub.pin_factory)
    assert {s.name: s for s in hub.statuses()}["bag button"].reading == "not pressed (GPIO 17)"
    hub.press("bag_button")
    assert {s.name: s for s in hub.statuses()}["bag button"].reading == "pressed (GPIO 17)"
    assert {s.name: s for s in hub.statuses()}["LED red"].reading == "off (GPIO 5)"
    hub.close()
    assert closed == ["turntable"] and len(hub.statuses()) == len(DEFAULT_PINS)
    buzzer.close()
    button.close()


def test_a_failing_status_is_shown_not_raised() -> None:
    hub = make_hub()

    def broken() -> DeviceStatus:
        raise OSError("unplugged")

    hub.register("bag", broken)
    assert hub.statuses()[0] == DeviceStatus("bag", "missing", "error: unplugged")


def test_an_idle_status_shows_until_a_device_registers_the_name() -> None:
    hub = make_hub()
    hub.set_idle("turntable", lambda: DeviceStatus("turntable", "missing", "no kit"))
    assert hub.statuses()[0] == DeviceStatus("turntable", "missing", "no kit")
    hub.register("turntable", lambda: DeviceStatus("turntable", "connected", "12.0 deg"))
    assert [s for s in hub.statuses() if s.name == "turntable"] == [
        DeviceStatus("turntable", "connected", "12.0 deg")
    ]
    hub.unregister("turntable")
    assert hub.statuses()[0].state == "missing"
