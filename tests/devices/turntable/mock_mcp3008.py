"""A slave-side MCP3008 on gpiozero's mock SPI pins, so the real gpiozero.MCP3008
class talks to it bit by bit (single-ended reads only, which is all we use).

The MCP3008 protocol: after chip select, a start bit (1), then SGL/DIFF (1 for
single-ended), then three channel bits; the chip then clocks out a null bit and
the 10-bit result, most significant bit first.
"""

from __future__ import annotations

from gpiozero.pins.mock import MockSPIDevice

SCLK, MOSI, MISO, CE0 = 11, 10, 9, 8


class FakeMCP3008Chip(MockSPIDevice):
    def __init__(self, pin_factory: object) -> None:
        super().__init__(SCLK, MOSI, MISO, CE0, pin_factory=pin_factory)
        self.levels = [0.0] * 8
        """Each input as a fraction of the reference voltage (0..1)."""
        self.reads: list[int] = []
        self._phase = "idle"

    def on_start(self) -> None:
        super().on_start()
        self._phase = "idle"

    def on_bit(self) -> None:
        if self._phase == "idle":
            if self.rx_buf[-1]:
                self._phase = "mode"
                self.rx_buf = []
        elif self._phase == "mode":
            assert self.rx_buf[-1], "the companion reads single-ended inputs only"
            self._phase = "channel"
            self.rx_buf = []
        elif self._phase == "channel" and len(self.rx_buf) == 3:
            channel = self.rx_word()
            self.reads.append(channel)
            code = max(0, min(1023, int(self.levels[channel] * 1024)))  # the step it falls in
            self.tx_word(code, 12)  # a null bit and the 10-bit code (MSB first), padded
            self._phase = "result"
        elif self._phase == "result" and not self.tx_buf:
            self._phase = "idle"
            self.rx_buf = []
