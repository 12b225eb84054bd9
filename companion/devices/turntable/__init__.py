"""Reading the Beware of the Wolf turntable: angle sources, the serial link, settling."""
