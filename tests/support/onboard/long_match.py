# code.py for a long match on the emulated MacroPad (bench/macropad_long.py): the app
# started as the drive's own code.py starts it, then the match's entries from
# /long.jsonl (long_entries.py, the VM's long runs' own player), then filed. The
# board's own heap, collector and flash do the work. Prints HELD every 50 entries and
# LONGDONE at the end (or LONGFAILED), then runs the app's loop as code.py does until
# the runner's script ends. (Not asleep: the emulator then skips ahead in the board's
# time, and one run lost an answer on the data port that way.)
import gc

import long_entries

from parlour_device import main


def held(count):
    if count % 50 == 0:
        print("HELD", count, gc.mem_alloc(), gc.mem_free(), app.mem_low)


app = main.start()
for _ in range(40):
    app.step()
try:
    count = long_entries.play(app, "/long.jsonl", held)
    print("LONGDONE", count, app.mem_low, gc.mem_free())
except RuntimeError as e:
    print("LONGFAILED", e)
while True:
    app.step()
