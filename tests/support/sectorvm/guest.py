# Runs on CircuitPython's VM (tests/support/sectorcut.py starts it): a drive on the sector
# double (flashdouble.py) holding the drive image, a store with saved settings, a
# roster, one finished and one kept match; then a scripted match on the app, every
# sector program recorded. Then, for each program K, the flash as it was before K
# with sector K erased (or half programmed) is mounted and the app booted from it:
# what it holds must be what the screen showed before K's step began, or after it.
#
# argv: the job file (JSON: image, game, inputs, modes, stride, size).
# Prints lines: PROGRAMS, ENTRIES, CUT (failures), RESULT per mode.
import gc
import json
import os
import sys

JOB = json.load(open(sys.argv[1]))
for path in JOB["path"]:
    sys.path.insert(0, path)

from flashdouble import SectorFlash, damaged  # noqa: E402

MNT = "/flash"
SETTINGS = {"sound": 0, "lights": 1, "bright": 3}
ROSTER = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def mount(dev):
    vfs = os.VfsFat(dev)
    os.mount(vfs, MNT)


def umount():
    try:
        os.umount(MNT)
    except OSError:
        pass


def copy_tree(src, dst):
    for name in os.listdir(src):
        s = src + "/" + name
        d = dst + "/" + name
        if os.stat(s)[0] & 0x4000:
            os.mkdir(d)
            copy_tree(s, d)
        else:
            with open(s, "rb") as fi, open(d, "wb") as fo:
                while True:
                    chunk = fi.read(4096)
                    if not chunk:
                        break
                    fo.write(chunk)


def stump_events(turns):
    from parlour_rules.log import MatchLog
    config = {"players": 2, "dealer": 1}
    log = MatchLog("stump", config)
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
    return config, events


def new_app(dev, nvm):
    from doubles.scripted_board import SimBoard
    from parlour_device.app import App
    from parlour_device.flash import Flash
    return App(SimBoard(flash=Flash(MNT), nvm=nvm))


def make_store(dev, nvm):
    # The drive as a table leaves it: the image, then settings, a roster, one match
    # finished (not yet synced) and one kept for later, all by the firmware's code.
    from parlour_device import prefs
    copy_tree(JOB["image"], MNT)
    app = new_app(dev, nvm)
    app.step()
    assert prefs.save(app.journal, prefs.SETTINGS, SETTINGS)
    assert prefs.save(app.journal, prefs.ROSTER, ROSTER)
    app.settings, app.roster = prefs.load(app.journal)
    config, events = stump_events(6)
    app.new_match("stump", config)
    for event in events:
        assert app.submit(event) is None
    app.finish_match()
    config, events = stump_events(4)
    app.new_match("stump", config)
    for event in events:
        assert app.submit(event) is None
    assert app.keep_for_later(False)
    from parlour_device.games import close_game
    close_game()


def store_steps(app):
    # The small files' saves, each a step: the settings, the roster, a new match with
    # a few entries kept for later, the match kept before brought back in its place,
    # an entry, the settings and the roster again, then the match filed.
    config, events = stump_events(2)
    kept_before = app.journal.kept[0][0]

    def settings():
        app.settings["sound"] = 1
        app.settings["bright"] = 1
        assert app.save_settings()

    def roster():
        assert app.set_roster(["Ivy", "Jo", "Kit"])

    def start():
        assert app.new_match("stump", config) is None

    def enter(event):
        return lambda: app.submit(event)

    def keep():
        assert app.keep_for_later(False)

    def resume():
        assert app.resume_kept(kept_before, "stump") is not None

    def finish():
        app.finish_match("stopped")

    steps = [settings, roster, start]
    for event in events[:4]:
        steps.append(enter(event))
    return steps + [keep, resume, enter(events[4]), settings, roster, finish]


def state(app):
    # What the device holds, as booted: the live match, the finished matches, the
    # kept ones, the settings, the roster and the store's identity.
    journal = app.journal
    match = app.match
    live = None
    if match is not None:
        live = [journal.live_seq, match.game_name, list(match.events)]
    done = []
    for seq in journal.pending():
        record = journal.load(seq)
        done.append([seq, record])
    kept = []
    for seq, game in journal.list_kept():
        kept.append([seq, game, kept_events(journal, seq, game)])
    # The store's identity too: the laptop keys every record by it.
    store = journal.done.head.get("store") if hasattr(journal, "done") else None
    return json.dumps([live, done, kept, app.settings, app.roster, store])


def kept_events(journal, seq, game):
    read = getattr(journal, "kept_events", None)
    if read is not None:
        return read(seq, game)
    from parlour_device.mend import kept_listing, kept_log
    from parlour_device.twin import decode
    log = kept_log(journal)
    for number, _, at, length in kept_listing(log):
        if number == seq and type(length) is int:
            return decode(log.read(at, length))[0]
    return None


def boot(dev, nvm):
    # -> (verdict, state): "ok", "unmountable", "failed".
    from parlour_device.games import close_game
    dev.cached = -1
    try:
        mount(dev)
    except OSError:
        return "unmountable", None
    try:
        try:
            os.listdir(MNT)
        except (OSError, UnicodeError, ValueError):
            return "unmountable", None
        try:
            board_nvm = bytearray(4096)
            board_nvm[:16] = nvm
            app = new_app(dev, board_nvm)
            app.step()
        except Exception as e:   # noqa: BLE001  the verdict, whatever broke
            return "failed", repr(e)
        if app.faults or app.screen is None:
            return "failed", app.message
        try:
            return "ok", state(app)
        except Exception as e:   # noqa: BLE001
            return "failed", "state: " + repr(e)
    finally:
        close_game()
        umount()
        gc.collect()


def between(got, before, after):
    # A cut inside a step that writes more than once (a new match's head, then its
    # first entry): nothing the screen had shown is missing, nothing is made up.
    got, before, after = json.loads(got), json.loads(before), json.loads(after)
    if got[1:] != before[1:] and got[1:] != after[1:]:
        return False
    live = got[0]
    if live is None:
        return before[0] is None or after[0] is None
    for ref in (before[0], after[0]):
        if ref is not None and ref[:2] != live[:2]:
            return False
    low = before[0][2] if before[0] is not None else []
    high = after[0][2] if after[0] is not None else live[2]
    return live[2][:len(low)] == low and high[:len(live[2])] == live[2]


def main():
    size = JOB["size"]
    dev = SectorFlash(bytearray(size))
    os.VfsFat.mkfs(dev)
    dev.flush()
    mount(dev)
    nvm = bytearray(4096)
    make_store(dev, nvm)
    umount()
    dev.flush()
    gc.collect()

    # The scripted match, every program recorded with the step it came in.
    dev.record = []
    dev.first = {}
    mount(dev)
    # Step 0 is the boot; then one step per input.
    starts = [0]     # program index at which each step began
    nvms = [bytes(nvm[:16])]     # the nvm as each step began
    shown = [None]   # the live match's entries as each step began (the screen's)
    app = new_app(dev, nvm)
    app.step()
    shown.append(list(app.match.events) if app.match is not None else None)
    entries = 0
    last = -1
    steps = store_steps(app) if JOB["game"] == "store" else JOB["inputs"]
    for step in steps:
        starts.append(len(dev.record))
        nvms.append(bytes(nvm[:16]))
        if JOB["game"] == "store":
            step()
        else:
            app.board.feed(step[0], step[1])
        app.step()
        count = len(app.match.events) if app.match is not None else -1
        if count != last and count >= 0 and last >= 0:
            entries += 1
        last = count
        shown.append(list(app.match.events) if app.match is not None else None)
    filed = app.journal.pending()
    from parlour_device.games import close_game
    close_game()
    umount()
    dev.flush()
    starts.append(len(dev.record))
    nvms.append(bytes(nvm[:16]))
    record = dev.record
    print("PROGRAMS\t%d" % len(record))
    print("ENTRIES\t%d\t%d" % (entries, len(filed)))
    print("END\t%s\t%s\t%s" % (filed, type(app.screen).__name__, app.message))
    dev.record = None
    dev.first, first = None, dev.first
    app = None
    gc.collect()

    # The steps whose state a sampled cut is checked against: its own, the next.
    needed = {0, len(starts) - 1}
    s = 0
    for k in range(0, len(record), JOB["stride"]):
        while s + 1 < len(starts) and starts[s + 1] <= k:
            s += 1
        needed.add(s)
        needed.add(s + 1)
    for mode in JOB["modes"]:
        # The flash back to before the match, then forward a program at a time.
        for n in first:
            dev.data[n * 4096:(n + 1) * 4096] = first[n]
        refs = {}
        cuts = lost = failed = unmountable = 0
        shown_fail = 0
        step = 0
        results = []
        for k in range(len(record) + 1):
            while step < len(starts) and starts[step] == k:
                if step not in needed:
                    pass
                elif step and starts[step - 1] == k and step - 1 in refs:
                    refs[step] = refs[step - 1]
                else:
                    dev.overlay = {}
                    verdict, ref = boot(dev, nvms[step])
                    dev.overlay = None
                    if verdict != "ok":
                        print("REF\t%d\t%s\t%s" % (step, verdict, ref))
                    refs[step] = ref
                if step in refs and mode == JOB["modes"][0]:
                    live = json.loads(refs[step])[0] if refs[step] else None
                    if (live[2] if live else None) != shown[step]:
                        print("SCREEN\t%d\t%s" % (step, str(refs[step])[:300]))
                step += 1
            if k == len(record):
                break
            if k % JOB["stride"] == 0:
                n, data = record[k]
                dev.overlay = {n: damaged(data, mode)}
                verdict, got = boot(dev, nvms[step - 1])
                dev.overlay = None
                results.append((k, step - 1, verdict, got))
            n, data = record[k]
            dev.data[n * 4096:(n + 1) * 4096] = data
        # Steps run from starts[s] (the program index of its first write) on.
        for k, s, verdict, got in results:
            cuts += 1
            before = refs.get(s)
            after = refs.get(s + 1)
            if verdict == "unmountable":
                unmountable += 1
                failed += 1
                lost += 1
                why = "unmountable"
            elif verdict == "failed":
                failed += 1
                lost += 1
                why = "failed boot: %s" % got
            elif got != before and got != after and not between(got, before, after):
                lost += 1
                why = "lost: %s" % got[:300]
            else:
                continue
            if shown_fail < JOB.get("show", 20):
                shown_fail += 1
                print("CUT\t%s\t%d\tstep %d\t%s" % (mode, k, s, why))
        print("RESULT\t%s\t%d\t%d\t%d\t%d" % (mode, cuts, lost, failed, unmountable))


main()
