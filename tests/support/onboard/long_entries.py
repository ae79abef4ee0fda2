# A long match given to the app an entry at a time, as the screens give them, on the
# emulated MacroPad (long_match.py, its code.py, beside which bench/macropad_long.py
# puts this): the same steps as the VM's player (tests/support/onvm/cpvm_play.py's
# entries()), which keeps its own copy: the player's code is in the heap of every VM
# run, and a smaller player moved the fragmented heap's bands (the Pico's scripted
# Stump needed 150 KB instead of 146 with this part moved out of it).
#   play(app, path, report) -> the entries taken; then the match is filed.
# path: its first line {"game": ..., "config": ...}, then one event a line, each
# submitted and followed by two passes of the app's loop (the key's, and the idle one
# where the app collects); report(count) after each.
import json


def play(app, path, report):
    from parlour_device.games import open_game  # (imported, this module loads no firmware)
    count = 0
    with open(path) as f:
        head = json.loads(f.readline())
        error = app.new_match(head["game"], head["config"])
        if error is not None:
            raise RuntimeError("new match refused: " + error.code)
        app._go(open_game(head["game"]).resume(app))
        app.step()
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
            app.step()
            count += 1
            report(count)
    view = app.match.view()
    over = view.get("over") or view.get("game_over") or view.get("phase") == "over"
    app._go(app.finish_match("won" if over else "stopped"))
    app.step()
    app.step()
    return count
