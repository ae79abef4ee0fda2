# Moving in the files of the layout before the two-copy store, once: loaded by
# boot (mend.py) only when they are found, and let go with it. Not in filing.py,
# which every filing loads.
from .flash import read_replaced
from .twin import OLD_ACKED, OLD_DONE, OLD_LIVE, OLD_STORE, decode, stored

try:
    from typing import TYPE_CHECKING, Any
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .journal import Journal


class Bytes:
    # A record already held as bytes (moved in from the layout before).
    def __init__(self, data: bytes) -> None:
        self.data = data

    def write(self, stream: Any) -> None:
        stream.write(self.data)


def migrate(journal: "Journal", records: "list[dict[str, Any]]") -> int:
    # The files of the layout before the twin store, moved in once: finished
    # matches, the acknowledged number, the live match (its good lines).
    flash = journal.flash
    dropped = 0
    for name in flash.listdir(OLD_DONE):  # order-free: each kept by its number
        if name.endswith(".json") and name[:-5].isdigit():
            data = flash.read(OLD_DONE + "/" + name)
            seq = int(name[:-5])
            if data is not None and stored(data) is not None and not journal.archived(seq):
                journal.archive(seq, Bytes(data))
            flash.remove(OLD_DONE + "/" + name)
    old = read_replaced(flash, OLD_ACKED)
    if old is not None:
        try:
            upto = int(old.decode())
        except (ValueError, UnicodeError):
            upto = 0
        # Only the counter's floor: a record under it that no ack named with its
        # digest is still pending.
        from .records import release
        release(journal, [], upto)
        flash.remove(OLD_ACKED)
        if flash.read(OLD_ACKED + ".tmp") is not None:
            flash.remove(OLD_ACKED + ".tmp")
    data = read_replaced(flash, OLD_LIVE)     # its .tmp when cut while it was mended
    if data is not None:
        old_records, good = decode(data)
        dropped = len(data) - good
        if old_records and old_records[0].get("k") == "m" and journal.live.head.get("k") != "m":
            journal.keep_records(old_records[0], old_records[1:])
            records[:] = old_records[1:]
        flash.remove(OLD_LIVE)
    if flash.read(OLD_LIVE + ".tmp") is not None:
        flash.remove(OLD_LIVE + ".tmp")
    if journal.done.head.get("store") is not None:     # the log's head holds it now
        flash.remove(OLD_STORE)
    return dropped

