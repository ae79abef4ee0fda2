"""The laptop's decoder: parlour_wire's, keeping each checked frame's line.

A record the device sends is stored exactly as the device holds it, so the digest
an ack names can be checked against the bytes in the database; the device's own
decoder has no use for the line and does not keep it.
"""

from __future__ import annotations

from parlour_wire.frame import Decoder


class Frame(dict):
    """A checked frame's body; `line` is the line it came in (CRC head and body)."""

    line: bytes = b""


class LineDecoder(Decoder):
    def _item(self, line: bytes):
        item = super()._item(line)
        if isinstance(item, dict):
            item = Frame(item)
            item.line = line[:-1] if line[-1:] == b"\r" else line
        return item
