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
    from parlour_device.journal import decode, encode
    a = encode({"k": "e", "e": {"t": "discard", "card": 7}})
    b = encode({"k": "u"})
    torn = a + b + a[:9]
    records, good = decode(torn)
    return [records, good, decode(b"0000 junk\n" + a)[1]]


def case_device_event_line_reads_back():
    # The entry line written on every accepted event (one JSON encoding) reads back
    # whole, and a cut anywhere in it is caught.
    from parlour_device.journal import UNDO_LINE, decode, encode_event
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
    name = "parlour/live.jnl"
    files[name] = bytes(files[name]) + b"0badc0de {\"k\": \"e\""
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


def bench_app():
    from doubles.scripted_board import SimBoard
    from parlour_device.app import App
    app = App(SimBoard(flash=_file_like_flash()))
    app.step()
    return app


def preload():
    # Import (compile) every module a Stump match uses, so a heap figure taken
    # after this counts the app's objects and the match, not the code.
    from doubles import scripted_board  # noqa: F401
    from parlour_device.games import game_module
    from parlour_device.ui import menu  # noqa: F401
    from parlour_rules.log import GAMES, load_game
    load_game("stump")
    for game in GAMES:
        game_module(game)


def bench_boot():
    # Kept alive so the heap it holds can be measured: the app at its main menu.
    return boot()


def bench_match():
    # The app after a 300-event Stump match entered through app.submit.
    app = boot()
    app.new_match("stump", STUMP)
    events = stump_events(129)
    for i in range(300):
        app.submit(events[i])
    events = None
    app.step()
    return app


def bench_match_varied():
    # The app after a bot's 303-event Stump match (cases_stump_bench.SINGLES2, imported
    # before the heap is measured): entries as varied as in play.
    import json

    import cases_stump_bench
    app = boot()
    app.new_match("stump", {"players": 2})
    for event in json.loads(json.dumps(cases_stump_bench.SINGLES2)):
        app.submit(event)
    app.step()
    return app


def bench_keys(script):
    # Fuel of each step of a key script [(kind, value), ...] through the screens.
    import runner
    from parlour_device.games import game_module
    from parlour_rules.log import GAMES, load_game
    app = bench_app()
    for game in GAMES:
        game_module(game)       # compile every module first: a one-off cost at boot
        if game_module(game) is not None:
            load_game(game)
    import gc
    overhead = runner.calibrate()   # what reading the fuel itself costs
    total = 0
    for kind, value in script:
        free = gc.mem_free()
        start = runner.fuel_left()
        app.board.feed(kind, value)
        app.step()
        used = start - runner.fuel_left() - overhead
        # A step during which the 1 MB guest heap was collected (about 3,000,000
        # fuel; the board's heap is far smaller) is marked, so it can be told apart.
        if gc.mem_free() > free:
            used = -used
        total += used
        runner.emit("STEP\t%d\t%d\t%s\t%d" % (kind, value, type(app.screen).__name__, used))
    pending = app.journal.pending()
    events = 0
    end = "none"
    if pending:
        kept = app.journal.load(pending[-1])
        events = len(kept["record"]["events"])
        end = kept["end"]
    runner.emit("KEYS\t%d\t%d\t%d\t%s" % (len(script), total, events, end))


def case_device_event_line_matches_the_general_encoding():
    # MicroPython encodes the entry straight into bytes, CPython through a str: on
    # each interpreter the line equals the general record encoding byte for byte
    # (key order is the interpreter's own) and reads back whole.
    from parlour_device.journal import decode, encode, encode_event
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
