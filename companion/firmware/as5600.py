# AS5600 magnetic angle sensor over I2C (ams datasheet register map).
#
# Reads never raise anything but OSError (what machine.I2C raises when the chip
# does not answer); the caller reports it and carries on.  No register is ever
# written: the chip runs on its power-up defaults and nothing is burned to OTP.

ADDRESS = 0x36

REG_CONF = 0x07
REG_STATUS = 0x0B
REG_RAW_ANGLE = 0x0C  # 12 bits, high byte first
REG_AGC = 0x1A
REG_MAGNITUDE = 0x1B  # 12 bits, high byte first

MH = 0x08  # AGC minimum overflow: magnet too strong (too close)
ML = 0x10  # AGC maximum overflow: magnet too weak (too far)
MD = 0x20  # magnet detected

# One-letter sensor states carried by heartbeats (see PROTOCOL.md).
OK = "K"
WEAK = "W"
STRONG = "S"
NO_MAGNET = "N"
NOT_ANSWERING = "X"


def status_letter(status):
    """The heartbeat letter for a STATUS register value."""
    if not status & MD:
        return NO_MAGNET
    if status & ML:
        return WEAK
    if status & MH:
        return STRONG
    return OK


class AS5600:
    def __init__(self, i2c, address=ADDRESS):
        self._i2c = i2c
        self._address = address
        self._one = bytearray(1)
        self._two = bytearray(2)

    def read_status(self):
        self._i2c.readfrom_mem_into(self._address, REG_STATUS, self._one)
        return self._one[0]

    def read_raw_angle(self):
        """The unscaled angle, 0-4095 for one turn."""
        self._i2c.readfrom_mem_into(self._address, REG_RAW_ANGLE, self._two)
        return ((self._two[0] & 0x0F) << 8) | self._two[1]

    def read_agc(self):
        """Automatic gain: 0-255 at 5 V, 0-128 at 3.3 V; mid-range means a good gap."""
        self._i2c.readfrom_mem_into(self._address, REG_AGC, self._one)
        return self._one[0]

    def read_magnitude(self):
        self._i2c.readfrom_mem_into(self._address, REG_MAGNITUDE, self._two)
        return ((self._two[0] & 0x0F) << 8) | self._two[1]

    def read(self):
        """(status register, raw angle): one sample."""
        return self.read_status(), self.read_raw_angle()
