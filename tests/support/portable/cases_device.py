# The device app on MicroPython: its menus, journal and recovery give the same
# results as on CPython (case_*), and bench/device.py measures heap and fuel with
# the bench_* functions (not run by the portable tests).
STUMP = {"players": 2, "dealer": 1}


def stump_events(turns):
    # A valid Stump match: setup, then turns that move slide 0 between 1 and 2.
    from parlour_rules.log import MatchLog
    log = MatchLog("stump", STUMP)
    events = [{"t": "setup", "slides": [1, 20]}]
    log.append(events[0])
    for i in range(turns):
        slide0 = log.view()["ring"]["slides"][0]
        if i % 3 == 0:
            events.append({"t": "gapper", "card": 10})
            log.append(events[-1])
        events.append({"t": "discard", "card": 2 if slide0 == 1 else 1})
        log.append(events[-1])
        events.append({"t": "move", "slide": 0})
        log.append(events[-1])
    return events


def boot(files=None, nvm=None):
    from doubles.memflash import MemFlash
    from doubles.scripted_board import SimBoard
    from parlour_device.app import App
    app = App(SimBoard(flash=MemFlash({} if files is None else files), nvm=nvm))
    app.step()
    return app


def texts(app):
    out = []
    for item in app.shown:
        if item[0] == 0:
            out.append(item[3])
    return out


def case_device_journal_lines():
    from parlour_device.journal import encode
    from parlour_device.twin import decode
    a = encode({"k": "e", "e": {"t": "discard", "card": 7}})
    b = encode({"k": "u"})
    torn = a + b + a[:9]
    records, good = decode(torn)
    return [records, good, decode(b"0000 junk\n" + a)[1]]


def case_device_event_line_reads_back():
    # The entry line written on every accepted event (one JSON encoding) reads back
    # whole, and a cut anywhere in it is caught.
    from parlour_device.journal import UNDO_LINE
    from parlour_device.twin import decode, encode_event
    line = encode_event({"t": "setup", "slides": [1, 20], "side": 3})
    out = [decode(line + UNDO_LINE)]
    for cut in (1, 9, len(line) - 1):
        out.append(decode(line[:cut])[1])
    return out


def case_device_menus_walk():
    from doubles.scripted_board import KEY, PRESS, TURN
    app = boot()
    seen = [texts(app)]
    for kind, value in ((TURN, 1), (KEY, 11), (KEY, 9), (TURN, 1), (PRESS, 0), (KEY, 11),
                        (KEY, 10), (KEY, 11), (KEY, 11)):
        app.board.feed(kind, value)
        app.step()
        seen.append(texts(app))
    return seen


def case_device_match_survives_reboot_and_torn_tail():
    files, nvm = {}, bytearray(4096)
    app = boot(files, nvm)
    app.new_match("stump", STUMP)
    events = stump_events(8)
    for event in events:
        app.submit(event)
    app.undo()
    for name in ("parlour/s0/live", "parlour/s1/live"):   # the last line torn in both
        data = files[name]
        end = len(bytes(data).rstrip(b"\x00"))
        data[end - 3] = 0x23
    again = boot(files, nvm)
    return [len(again.match.events), again.message, again.match.view()["totals"],
            texts(again)[0]]


def case_device_refusal_shows_reason():
    app = boot()
    app.new_match("stump", STUMP)
    error = app.submit({"t": "move", "slide": 0})
    return [error.code, app.message, len(app.match.events)]


# -- bench/device.py ------------------------------------------------------------------
def _file_like_flash():
    # On the board the journal is a file: an append writes to flash and keeps no
    # growing buffer in RAM. MemFlash grows one bytearray per file, which the
    # allocator moves (and frees behind it) on every accepted entry; here appended
    # lines are kept as separate chunks, so the heap sees what the board's does.
    from doubles.memflash import MemFlash

    class ChunkFlash(MemFlash):
        def __init__(self):
            super().__init__({})
            self.tails = {}

        def append(self, name, data):
            if name not in self.files:
                self.files[name] = b""
            tail = self.tails.get(name)
            if tail is None:
                tail = self.tails[name] = []
            tail.append(data)

        def read(self, name):
            tail = self.tails.pop(name, None)
            if tail:
                self.files[name] = bytes(self.files.get(name) or b"") + b"".join(tail)
            return super().read(name)

        def write(self, name, data):
            self.tails.pop(name, None)
            super().write(name, data)

        def rename(self, old, new):
            self.read(old)
            super().rename(old, new)

        def remove(self, name):
            self.tails.pop(name, None)
            super().remove(name)

    return ChunkFlash()


def bench_app(colour=False):
    from doubles.scripted_board import SimBoard
    from parlour_device.app import App
    app = App(SimBoard(colour=colour, flash=_file_like_flash()))
    app.step()
    return app


def _load_display_code():
    # The board's renderer: the board imports it with the app (its board has a
    # display; the rig's has none).
    import parlour_device.ui.render  # noqa: F401


def bench_import_peak(game, colour):
    # Bytes allocated with collection off from before the app's first import through
    # boot and the game's screens and rules loaded (a stand-in for the import peak).
    import gc

    import runner
    from doubles import memflash, scripted_board  # noqa: F401
    gc.disable()        # (a fresh guest: nothing has been collected yet either)
    before = gc.mem_alloc()
    _load_display_code()
    app = bench_app(colour)
    from parlour_device.games import open_game
    from parlour_rules.log import load_game
    open_game(game)
    load_game(game)
    runner.emit("PEAK\t%d\t%d" % (gc.mem_alloc() - before, len(app.roster)))


# What the board's displayio objects take on its heap, per frame item, as the
# renderer (ui/render.py) makes them: CircuitPython's C objects, on the same heap
# as everything else (32-bit, 16-byte blocks; each figure the struct rounded up):
#   text: a TileGrid over the font's glyph sheet (~96 B) and its tile indices (one
#     byte a character), inside a scaled Group (~64 B) on the colour board;
#   a rect, a circle, a straight line: a vectorio shape (~64 B); an outlined rect is
#     a Group of four, an outlined circle a Group of two;
#   a slanted line or a polygon: a vectorio polygon (~64 B) and its points (8 B each);
#   a group: a Group (~48 B and 4 B a member) and its members;
# and one Palette (~48 B) per colour, or per colour on a background, in use.
DISPLAY_GRID = 96
DISPLAY_SHAPE = 64
DISPLAY_GROUP = 48
DISPLAY_PALETTE = 48


def _blocks(size):
    return (size + 15) // 16 * 16


def _item_bytes(item, palettes):
    kind = item[0]
    if kind == 0:                   # TEXT
        palettes[(item[4], item[6])] = 1
        scaled = DISPLAY_GROUP + 4 if item[5] > 1 else 0
        return DISPLAY_GRID + _blocks(max(1, len(item[3]))) + scaled
    if kind == 1 or kind == 2:      # RECT, CIRCLE
        palettes[item[-2]] = 1
        if item[-1]:
            return DISPLAY_SHAPE
        parts = 4 if kind == 1 else 2
        return DISPLAY_GROUP + 4 * parts + parts * DISPLAY_SHAPE
    if kind == 3:                   # LINE
        palettes[item[5]] = 1
        if item[1] == item[3] or item[2] == item[4]:
            return DISPLAY_SHAPE
        return DISPLAY_SHAPE + _blocks(8 * 4)
    if kind == 4:                   # POLY
        palettes[item[2]] = 1
        return DISPLAY_SHAPE + _blocks(8 * len(item[1]))
    total = DISPLAY_GROUP + 4 * len(item[1])        # GROUP
    for part in item[1]:
        total += _item_bytes(part, palettes)
    return total


def flash_held(flash):
    # The heap the rig's flash (files kept in memory) takes: on the board the files
    # are on the flash, so a heap figure leaves this out. Per bytes object its
    # header and data blocks, per chunk list and the files' dict their tables.
    total = _blocks(16 + 8 * 2 * len(flash.files))
    for data in flash.files.values():  # order-free
        total += 16 + _blocks(len(data) + 1)
    for tail in flash.tails.values():  # order-free
        total += 16 + _blocks(4 * len(tail))
        for chunk in tail:
            total += 16 + _blocks(len(chunk) + 1)
    return total


def display_allowance(items):
    palettes = {}
    total = DISPLAY_GROUP + 4 * len(items or ())   # the root group
    for item in items or ():
        total += _item_bytes(item, palettes)
    return total + DISPLAY_PALETTE * len(palettes)


def bench_keys(script, colour):
    # Fuel of each step of a key script [(kind, value), ...] through the screens, and
    # what kind of step it was: start (a game's modules loaded, or its match begun:
    # the journal's first lines and the play screen's first drawing), file (a match
    # filed), entry (an event logged or undone), click (an encoder click), key.
    import gc

    import runner
    from parlour_device.games import open_name
    app = bench_app(colour)
    overhead = runner.calibrate()   # what reading the fuel itself costs
    for kind, value in script:
        free = gc.mem_free()
        game = open_name()
        events = len(app.match.events) if app.match is not None else -1
        filed = len(app.journal.pending())
        start = runner.fuel_left()
        app.board.feed(kind, value)
        app.step()
        used = start - runner.fuel_left() - overhead
        # A step during which the guest's 1 MB heap was collected (about 3,000,000
        # fuel; the board's heap is far smaller) is marked, so it can be told apart.
        if gc.mem_free() > free:
            used = -used
        if (open_name() is not None and open_name() != game) or (
                events < 0 and app.match is not None):
            what = "start"      # the game's modules loaded, or its match begun
        elif len(app.journal.pending()) > filed:
            what = "file"
        elif (len(app.match.events) if app.match is not None else -1) != events:
            what = "entry"
        elif kind == 1:
            what = "click"
        else:
            what = "key"
        runner.emit("STEP\t%s\t%d\t%d\t%s\t%d\t%d\t%d" % (
            what, kind, value, type(app.screen).__name__, used,
            display_allowance(app.shown), flash_held(app.flash)))
    runner.emit("KEYS\t%d" % len(script))


def case_device_event_line_matches_the_general_encoding():
    # MicroPython encodes the entry straight into bytes, CPython through a str: on
    # each interpreter the line equals the general record encoding byte for byte
    # (key order is the interpreter's own) and reads back whole.
    from parlour_device.journal import encode
    from parlour_device.twin import decode, encode_event
    event = {"t": "throw", "cards": ["DOUBLE", 4, 5], "seat": 2, "side": None}
    line = encode_event(event)
    records, good = decode(line)
    return [line == encode({"k": "e", "e": event}), records, good == len(line)]


def case_device_sized_tables_are_each_their_own():
    # room_for hands out copies of one emptied table per size: each starts empty and
    # fills without touching the others.
    from parlour_device.ui.caches import room_for
    a = room_for(6)
    b = room_for(6)
    for n in range(6):
        a[n] = n * n
    b["x"] = 1
    return [len(a), len(b), sorted(a), len(room_for(6)), a.get("x")]


def case_device_ring_offsets_are_the_half_points():
    # The ring's per-radius tables are put together from slices of the scaled sines;
    # on each interpreter every point must be the one half_point() works out.
    from parlour_device.games.stump.ring import half_point, offsets
    wrong = []
    for r in (1, 12, 15, 16, 19, 49, 54, 56, 65, 150):
        if offsets(r) != tuple([half_point(h, r) for h in range(80)]):
            wrong.append(r)
    return [wrong, offsets(15)[:5]]
