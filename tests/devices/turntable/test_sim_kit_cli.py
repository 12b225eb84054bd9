"""``companion sim-turntable``: prints the port, obeys commands, cleans up."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Iterator

from companion.cli import build_parser
from companion.commands.sim_turntable import execute, run
from companion.devices.turntable.link import LinkState, TurntableLink
from companion.devices.turntable.protocol import AngleFrame, Frame
from companion.devices.turntable.sim_kit import SimKit
from tests.devices.turntable.test_sim_kit import wait_for


def test_the_command_is_registered() -> None:
    args = build_parser().parse_args(["sim-turntable", "--angle", "30", "--noise", "0"])
    assert args.func is run and args.angle == 30.0 and args.noise == 0


def test_it_prints_a_port_the_link_can_use_and_obeys_commands() -> None:
    args = build_parser().parse_args(["sim-turntable", "--noise", "0"])
    out, info = io.StringIO(), io.StringIO()
    seen: list[int] = []
    checked: dict[str, object] = {}

    def commands() -> Iterator[str]:
        path = out.getvalue().splitlines()[0]
        checked["path existed"] = os.path.exists(path)
        link = TurntableLink(lambda: [path])

        def on_frame(frame: Frame, t: float) -> None:
            if isinstance(frame, AngleFrame):
                seen.append(frame.raw)

        link.on_frame = on_frame
        link.start()
        try:
            wait_for(lambda: link.state is LinkState.CONNECTED)
            yield "angle 90\n"
            wait_for(lambda: bool(seen) and abs(seen[-1] - 1024) <= 4)  # 90 deg, off-centre
            yield "status\n"
        finally:
            link.stop()
        yield "quit\n"

    assert run(args, commands(), out, info) == 0
    assert checked["path existed"] is True
    assert "the wolf points at 90.0 deg" in info.getvalue()
    assert "wolf at 90.0 deg; magnet 1.5 mm from the sensor; sensor wired" in info.getvalue()
    assert [t.name for t in threading.enumerate() if t.name.startswith(("sim-", "turntable"))] == []


def test_commands_and_their_mistakes() -> None:
    kit = SimKit()
    assert execute(kit, "quit") is None
    assert execute(kit, "") == ""
    assert execute(kit, "angle") == "angle needs a number, e.g. 'angle 90'"
    assert execute(kit, "gap far") == "gap needs a number, e.g. 'gap 1.5'"
    assert execute(kit, "gap 3.5") == "gap 3.5 mm"
    assert execute(kit, "magnet off") == "magnet lifted out" and not kit.magnet.present
    assert execute(kit, "magnet on") == "magnet in place" and kit.magnet.present
    assert execute(kit, "sensor off") == "sensor disconnected" and not kit.sensor.connected
    assert execute(kit, "bootsel on") == "BOOTSEL held" and kit.bootsel
    assert execute(kit, "spin 360").startswith("spinning at 360 deg/s; it will stop at")
    assert (execute(kit, "jump") or "").startswith("unknown command 'jump'")
    assert "port unplugged" in (execute(kit, "status") or "")


def test_commands_refuse_numbers_the_kit_cannot_act_on() -> None:
    kit = SimKit()
    before = (kit.magnet.true_angle(), kit.magnet.gap_mm)
    assert execute(kit, "spin inf") == "spin inf: the number must be finite"
    assert execute(kit, "spin nan") == "spin nan: the number must be finite"
    assert execute(kit, "spin 1e9") == "spin 1e9: the number must be -7200 to 7200"
    assert execute(kit, "angle nan") == "angle nan: the number must be finite"
    assert execute(kit, "gap nan") == "gap nan: the number must be finite"
    assert execute(kit, "gap -5") == "gap -5: the number must be 0 to 50"
    assert (kit.magnet.true_angle(), kit.magnet.gap_mm) == before
    assert not kit.magnet.is_moving()


def test_a_huge_unknown_command_is_not_echoed_back_whole() -> None:
    reply = execute(SimKit(), "x" * 10_000_000)
    assert reply is not None and "10,000,000 characters" in reply and len(reply) < 2_000
