"""The link's statistics tell the truth: repeats and overtaken frames are not losses."""

from __future__ import annotations

import random

from companion.devices.turntable.link import LinkState
from companion.devices.turntable.protocol import AngleFrame, Frame, encode_frame
from companion.devices.turntable.sequence import Seen, SequenceTracker
from tests.devices.turntable.link_fakes import FakeBus, FakeClock, run, run_until


def frame(seq: int, raw: int = 100) -> AngleFrame:
    return AngleFrame(seq % 65536, seq * 10 % (1 << 30), raw)


def test_a_repeat_is_a_duplicate_and_a_late_frame_takes_its_loss_back() -> None:
    tracker = SequenceTracker()
    tracker.reset(frame(10))
    assert tracker.observe(frame(10)).duplicate
    assert tracker.observe(frame(13)).lost == 2  # 11 and 12 missing, for now
    late = tracker.observe(frame(11))
    assert late.late and late.found == 1 and not late.duplicate
    assert tracker.observe(frame(11)).duplicate
    assert tracker.observe(frame(14)).lost == 0


def test_numbers_across_the_wrap_are_in_order() -> None:
    tracker = SequenceTracker()
    tracker.reset(frame(65534))
    assert [tracker.observe(frame(s)).lost for s in (65535, 65536, 65537)] == [0, 0, 0]


def test_a_number_far_behind_resynchronises_without_a_loss() -> None:
    tracker = SequenceTracker()
    tracker.reset(frame(5000))
    assert tracker.observe(frame(100)).late
    assert tracker.observe(frame(101)) == Seen() and tracker.observe(frame(102)) == Seen()


def test_every_frame_sent_twice_is_counted_as_duplicates_and_delivered_once(
    clock: FakeClock,
) -> None:
    bus = FakeBus(clock)
    kit = bus.plug()
    send = kit._send

    def twice(f: Frame) -> None:
        send(f)
        kit.out += kit.out[kit.out.rfind(b"$") :]

    kit._send = twice  # type: ignore[method-assign]
    link = bus.link()
    seqs: list[int] = []
    link.on_frame = lambda f, t: seqs.append(f.seq)
    run_until(link, clock, lambda: link.state is LinkState.CONNECTED)
    run(link, clock, 1.0)
    stats = link.stats()
    assert stats.lost_frames == 0 and stats.gaps == 0 and stats.restarts == 0
    assert stats.duplicates >= 100
    assert len(seqs) == len(set(seqs))


def test_shuffled_in_range_numbers_give_no_false_losses_or_restarts(clock: FakeClock) -> None:
    bus = FakeBus(clock)
    kit = bus.plug()
    link = bus.link()
    run_until(link, clock, lambda: link.state is LinkState.CONNECTED)
    run(link, clock, 0.2)
    kit.silent = True
    run(link, clock, 0.05)
    start, ticks = kit.seq, kit.ticks(clock())
    batch = [AngleFrame(start + i, ticks + i * 10, 200) for i in range(40)]
    rng = random.Random(4)
    for i in range(0, 40, 8):  # reorder within small blocks, as a confused USB hub might
        block = batch[i : i + 8]
        rng.shuffle(block)
        batch[i : i + 8] = block
    kit.out += b"".join(encode_frame(f) for f in batch)
    run(link, clock, 0.05)
    stats = link.stats()
    assert stats.lost_frames == 0 and stats.restarts == 0 and stats.duplicates == 0
    assert stats.reordered > 0
