# Plays a step file through the firmware as code.py starts it (parlour_device.main
# .start: the board module on the stand-ins, the app on the firmware's own Flash
# over the folder PARLOUR_ROOT), one pass of the app's loop per step, as the
# simulator's scripts do (parlour/sim/headless.py).
#   cpvm_play STEPS [screens|quiet] [ENTRIES]
# STEPS: one step a line: "k N" key N, "t N" the encoder N clicks clockwise,
# "p" its switch, "w MS" the clock moves on MS (a pass every 50 ms), "r" a reset.
# ENTRIES (a long match): its first line {"game": ..., "config": ...}, then one
# event a line, each submitted and followed by a pass; then the match is filed.
# Prints "HELD\tN\tBYTES" after every 100th entry: the heap held once the app's
# idle collection has run.
# Prints "S\t" and the screen's texts after each step (screens), then "DONE".
# Nothing here collects: what the heap holds is what the app leaves. Imported
# rather than run, it loads no firmware (tests/support/cpvm.py's overhead()).
import sys

import cpvm_hw
import cpvm_site  # noqa: F401  (displayio before the firmware)
import micropython

MACROPAD = [True]       # the board under test is the MacroPad (set at boot)


def scanner(count):
    for s in cpvm_hw.scanners:
        if s.key_count == count:
            return s
    raise RuntimeError("no scanner of %d keys" % count)


def texts(items, out):
    # Every text of the frame, those inside groups too, in drawing order.
    for item in items:
        if item[0] == 0:
            out.append(item[3])
        elif item[0] == 5:
            texts(item[1], out)
    return out


def screen(app):
    print("S\t" + "\x1e".join(texts(app.shown or (), [])))


def boot():
    from parlour_device import main
    MACROPAD[0] = main.boards.choose() == "macropad"
    cpvm_hw.scanners.clear()
    cpvm_hw.encoders.clear()
    app = main.start()
    app.step()
    return app


def play(app, line, show):
    kind = line[0]
    if kind == "k" or kind == "p":
        queue = scanner(12 if kind == "k" else 1).events
        number = int(line[2:]) if kind == "k" else 0
        queue.put(number, True)
        queue.put(number, False)
        app.step()
    elif kind == "t":
        clicks = int(line[2:])
        cpvm_hw.encoders[0].position += -clicks if MACROPAD[0] else clicks
        app.step()
    elif kind == "w":
        ms = int(line[2:])
        while ms > 0:
            gone = 50 if ms > 50 else ms
            cpvm_hw.clock += gone
            ms -= gone
            app.step()
    elif kind == "r":
        app = boot()
    if show:
        screen(app)
    else:
        app.step()      # an idle pass, as the board's loop makes between keys
    return app


def entries(app, path):
    import gc
    import json

    from parlour_device.games import open_game
    with open(path) as f:
        head = json.loads(f.readline())
        error = app.new_match(head["game"], head["config"])
        if error is not None:
            raise RuntimeError("new match refused: " + error.code)
        app._go(open_game(head["game"]).resume(app))
        app.step()
        count = 0
        while True:
            line = f.readline()
            if not line:
                break
            error = app.submit(json.loads(line))
            if error is not None:
                raise RuntimeError("entry %d refused: %s" % (count, error.code))
            if count == 0 and type(app.screen).__name__.endswith("Options"):
                # the first entry (the cut, the seating, the deal) made as the options
                # screen's Start makes it: play follows, the options let go
                app._go(app.screen.play())
            else:
                app._go(None)
            app.step()
            app.step()      # the idle pass the board's loop makes before the next key
            count += 1
            if count % 100 == 0:
                # what the heap holds after that pass's collection, then the
                # interned names' pools ("qstr pool: ..., n_total_bytes=N"): a
                # module loaded late in a match may need a new pool (~9.5 KB)
                print("HELD\t%d\t%d" % (count, gc.mem_alloc()))
                micropython.qstr_info()
    view = app.match.view()
    over = view.get("over") or view.get("game_over") or view.get("phase") == "over"
    app._go(app.finish_match("won" if over else "stopped"))
    app.step()
    app.step()
    print("ENTRIES\t%d" % count)


def run():
    args = sys.argv[1:]
    show = len(args) > 1 and args[1] == "screens"
    app = boot()
    if show:
        screen(app)
    with open(args[0]) as f:
        while True:
            line = f.readline()
            if not line:
                break
            app = play(app, line.strip(), show)
    if len(args) > 2:
        entries(app, args[2])
    print("DONE\t%d\t%s" % (app.mem_low, app.message))


if __name__ == "__main__":
    run()
