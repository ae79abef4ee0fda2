"""The firmware app on the hardware-free sim board: menus reached and navigated,
refusals shown with the state unchanged, undo everywhere, settings kept, the
data channel's status answer, and the portability lint over parlour_device."""

import json

import pytest

import mprig
from appdriver import act, boot, texts
from doubles.scripted_board import KEY, PRESS, TURN, WAIT
from journal_support import STUMP_CONFIG, stump_events
from parlour_device.app import App
from parlour_device.link import Link
from parlour_device.nvm import maintenance_requested
from parlour_device.ui.frame import K_MENU, K_OK, K_UNDO
from parlour_rules.log import PLAYERS
from parlour_wire.frame import check
from portable_lint import REASON_FLOAT, SHARED_IMPORTS, lint_source, lint_tree

DEVICE = mprig.LIB / "parlour_device"



def test_boots_to_the_main_menu_with_a_hint_line():
    app = boot()
    assert app.screen.title == "parlour"
    assert texts(app)[0] == "parlour"
    assert "New match" in texts(app)
    assert texts(app)[-1] == app.screen.hint() and len(texts(app)[-1]) <= 21


@pytest.mark.parametrize("colour", [False, True], ids=["macropad", "tft"])
def test_every_menu_screen_has_a_hint_and_fits_its_display(colour):
    app = boot(colour=colour)
    lay = app.layout
    seen = set()
    for turns in range(4):                  # New match, Roster, Settings, Sync status
        act(app, (KEY, K_MENU), (TURN, turns), (KEY, K_OK))
        seen.add(app.screen.title)
        assert app.screen.hint() in texts(app)
        for item in app.shown:
            assert 0 <= item[1] < lay.width and 0 <= item[2] < lay.height
    assert seen == {"New match", "Roster", "Settings", "Sync status"}


def test_encoder_press_is_ok_and_undo_steps_back_in_menus():
    app = boot()
    act(app, (PRESS, 0))
    assert app.screen.title == "New match"
    act(app, (KEY, K_UNDO))
    assert app.screen.title == "parlour"


def test_new_match_offers_every_game_and_each_leads_to_its_player_setup():
    app = boot()
    act(app, (KEY, K_OK))
    assert app.screen.entries() == ["Dumbo", "Poker Rum/Gin", "Stump", "Dartex", "Galumphus"]
    for turns, title in enumerate(["Dumbo players", "Poker Rum/Gin players", "Stump players",
                                   "Dartex players", "Galumphus players"]):
        act(app, (KEY, K_MENU), (KEY, K_OK), (TURN, turns), (KEY, K_OK))
        assert app.screen.title == title and len(title) <= 21


def test_player_setup_seats_in_order_and_refuses_too_few():
    app = boot()
    act(app, (KEY, K_OK), (TURN, 2), (KEY, K_OK))        # New match > Stump
    assert app.screen.title == "Stump players"
    setup = app.screen
    act(app, (TURN, 2), (KEY, K_OK), (TURN, -2), (KEY, K_OK))
    assert setup.entries()[:3] == ["2 P1", "- P2", "1 P3"]
    act(app, (TURN, -1), (KEY, K_OK))                    # "Start" with 2 seated: fine
    if app.screen is setup:
        pytest.fail("two players should start Stump: " + app.message)
    other = boot()
    act(other, (KEY, K_OK), (TURN, 2), (KEY, K_OK), (TURN, -1), (KEY, K_OK))
    low, high = PLAYERS["stump"]
    assert other.message == "Needs %d-%d players" % (low, high)


def test_roster_pushed_by_the_laptop_replaces_p1_to_p8_and_survives_reboot():
    files = {}
    app = boot(files)
    assert app.roster == ["P%d" % n for n in range(1, 9)]
    assert app.set_roster(["Ted", "Helen", "Debbie"])
    assert boot(files).roster == ["Ted", "Helen", "Debbie"]


def test_a_roster_file_that_is_no_roster_boots_with_p1_to_p8_and_bad_names_change_nothing():
    for data in (b'{"a": 1}', b"[1, 2]", b'"Ann"', b'["", "Bo"]', b"[]", b'["%s"]' % (b"x" * 25)):
        app = boot({"parlour/roster.json": data})
        assert app.roster == ["P%d" % n for n in range(1, 9)], data
        act(app, (KEY, K_OK), (KEY, K_OK))               # New match > Stump: seats offered
        assert "Error" not in app.message
    files = {}
    app = boot(files)
    assert app.set_roster(["Ann", "Bo"])
    assert not app.set_roster(["Ann", 5]) and app.message == "Not a roster"
    assert not app.set_roster(["N%d" % n for n in range(33)])
    assert app.roster == ["Ann", "Bo"] and boot(files).roster == ["Ann", "Bo"]
    assert app.set_roster([]) and app.roster == ["P%d" % n for n in range(1, 9)]


def test_settings_toggle_and_persist_and_lights_follow():
    files = {}
    app = boot(files)
    act(app, (TURN, 2), (KEY, K_OK))                     # Settings
    act(app, (KEY, K_OK))                                # Sound: on -> off
    assert app.settings["sound"] == 0 and "Sound: off" in texts(app)
    act(app, (TURN, 1), (KEY, K_OK))                     # Key lights: on -> off
    assert app.board.lit is None
    again = boot(files)
    assert again.settings == {"sound": 0, "lights": 0, "bright": 2}


def test_a_screens_own_key_lights_show_dimmed_by_the_brightness_setting():
    from parlour_device.ui.screen import Screen

    class Lit(Screen):
        def lights(self):
            return (0x00FF00,) + (0,) * 10 + (0xFF0000,)

    app = boot()
    app.screen = Lit(app)
    app.redraw()
    assert app.board.lit[0] == 0x00FF00 and app.board.lit[11] == 0xFF0000
    act(app, (KEY, K_MENU), (TURN, 2), (KEY, K_OK), (TURN, 2), (KEY, K_OK))
    assert app.settings["bright"] == 0 and "Brightness: low" in texts(app)
    app.screen = Lit(app)
    app.redraw()
    assert app.board.lit[0] == 0x003F00 and app.board.lit[11] == 0x3F0000
    # the menus light the keys that do something, by role: OK green, Undo amber
    act(app, (KEY, K_MENU))
    assert app.board.lit[11] == 0x000802 and app.board.lit[0] == 0


def test_a_screen_is_called_back_when_its_due_time_comes_and_only_then():
    from parlour_device.ui.screen import Screen

    class Timed(Screen):
        fired = 0

        def on_due(self):
            self.fired += 1
            return None

    app = boot()
    app.screen = timed = Timed(app)
    timed.due = app.after(300)
    act(app, (WAIT, 299))
    assert timed.fired == 0 and timed.due >= 0
    act(app, (WAIT, 1))
    assert timed.fired == 1 and timed.due == -1
    act(app, (WAIT, 5000))
    assert timed.fired == 1
    # across the clock's wrap at 2**29 ms
    app.board.clock = 0x1FFFFFFF - 100
    timed.due = app.after(300)
    act(app, (WAIT, 250))
    assert timed.fired == 1
    act(app, (WAIT, 50))
    assert timed.fired == 2


def test_sound_off_silences_entries_and_tunes():
    app = boot()
    app.tune(((440, 100),))
    assert app.board.tones == [((440, 100),)]
    act(app, (TURN, 2), (KEY, K_OK), (KEY, K_OK))          # Settings > Sound: off
    app.board.tones.clear()
    app.tune(((440, 100),))
    app.beep("ok")
    assert app.board.tones == []


def test_maintenance_mode_sets_the_nvm_flag_for_boot_py():
    app = boot()
    act(app, (TURN, 2), (KEY, K_OK), (TURN, 3), (KEY, K_OK))
    assert maintenance_requested(app.board.nvm)
    assert app.message == "Reset: drive opens"


def test_refused_event_leaves_state_and_journal_unchanged_and_shows_why():
    files = {}
    app = boot(files)
    assert app.new_match("stump", STUMP_CONFIG) is None
    events = stump_events(2)
    for event in events:
        app.submit(event)
    before, journal = app.match.view(), dict(files)
    error = app.submit({"t": "move", "slide": 0})        # a move before any discard
    assert error is not None and error.message
    assert app.match.view() == before and files == journal
    app.redraw()
    assert texts(app)[0] == error.message[:21]
    assert app.board.tones[-1] == "refuse"


def test_undo_with_no_match_or_nothing_left_is_refused_not_fatal():
    app = boot()
    assert app.undo().code == "no_undo"
    app.new_match("stump", STUMP_CONFIG)
    assert app.undo().code == "no_undo"
    app.submit(stump_events(1)[0])
    assert app.undo() is None and list(app.match.events) == []


def test_new_match_is_refused_when_the_archive_is_full(monkeypatch):
    import parlour_device.app as app_module

    app = boot()
    for _ in range(3):
        app.new_match("stump", STUMP_CONFIG)
        app.finish_match()
    monkeypatch.setattr(app_module, "MAX_KEPT", 3)
    assert app.new_match("stump", STUMP_CONFIG).code == "full"
    assert app.message == "Full: sync first"


def test_redraw_only_on_change():
    app = boot()
    frames = []
    app.renderer = type("R", (), {"draw": lambda self, frame: frames.append(frame.items)})()
    act(app, (TURN, 1))
    act(app, (TURN, 0))                                  # nothing moves: no redraw
    app.step()
    assert len(frames) == 1


class FakeSerial:
    def __init__(self, incoming):
        self.incoming = incoming
        self.written = b""
        self.timeout = None
        self.connected = True

    @property
    def in_waiting(self):
        return len(self.incoming)

    def read(self, n):
        data, self.incoming = self.incoming[:n], self.incoming[n:]
        return data

    def write(self, data):
        taken = data[:self.room]
        self.written += taken
        return len(taken)

    room = 1 << 30      # bytes a write takes (a USB buffer the laptop has not emptied)


def test_link_never_blocks_and_answers_status_lines():
    app = boot()
    serial = FakeSerial(b"sta")
    link = Link(serial)
    assert serial.timeout == 0 and serial.write_timeout == 0
    link.poll(app)
    assert serial.written == b""                          # half a line: wait for the rest
    serial.incoming = b"tus\r\nnonsense\n"
    link.poll(app)
    first, second = serial.written.splitlines()
    assert json.loads(first) == {"device": app.board.uid, "board": "sim", "firmware": "0.1.0",
                                 "pending": 0, "live": 0, "mem_free": -1, "mem_low": -1}
    assert json.loads(second) == {"error": "unknown request"}


def test_link_sends_a_reply_the_laptop_takes_slowly_whole_and_lets_the_next_wait():
    app = boot()
    serial = FakeSerial(b"status\nstatus\n")
    serial.room = 10
    link = Link(serial)
    link.poll(app)
    assert len(serial.written) == 10 and link.out                # the rest of the reply,
    assert link.items == [b"status"]                             # then the next request
    one = json.dumps(app.status()).encode() + b"\n"
    for _ in range(2 * len(one)):
        link.poll(app)
    assert serial.written == one + one and link.out == [] and link.items == []


def test_link_refuses_a_line_too_long_to_be_a_request_and_answers_the_next():
    app = boot()
    serial = FakeSerial(b"x" * 5000)
    link = Link(serial)
    for _ in range(30):
        link.poll(app)
    refusal = check(serial.written.rstrip(b"\n"))
    assert refusal["t"] == "error" and refusal["code"] == "long"    # said once, then skipped
    assert link.decoder.buffer == b""
    serial.written = b""
    serial.incoming = b"\nstatus\n"
    link.poll(app)
    assert json.loads(serial.written) == app.status()


def test_parlour_device_passes_the_circuitpython_lint():
    allowed = SHARED_IMPORTS | {
        "parlour_device", "os", "io", "board", "keypad", "rotaryio", "usb_cdc", "microcontroller",
        "storage", "supervisor", "displayio", "terminalio", "vectorio", "digitalio", "pwmio",
        "neopixel", "fourwire", "adafruit_ili9341", "time", "gc",
        "busio", "i2cdisplaybus", "adafruit_displayio_sh1106", "adafruit_displayio_ssd1306"}
    # The MacroPad's keypad takes its scan interval in seconds, a float (the only one:
    # the app and the rules count integer milliseconds).
    findings = [f for f in lint_tree(DEVICE, allowed)
                if not (f.reason == REASON_FLOAT and f.path.endswith("boards/macropad.py"))]
    for name in ("boot.py", "code.py"):
        path = mprig.ROOT / "firmware" / name
        findings += lint_source(path.read_text(), str(path), allowed)
    assert not findings, "\n".join(map(str, findings))


def test_a_fault_in_a_screen_shows_on_the_top_line_and_the_match_survives():
    app = boot()
    app.new_match("stump", STUMP_CONFIG)
    app.submit(stump_events(1)[0])

    class Broken(type(app.screen)):
        def on_key(self, key):
            raise ZeroDivisionError()

    app.screen = Broken(app)
    app.board.feed(KEY, 4)
    app.board.feed(KEY, 4)
    runs = []

    def step():
        runs.append(1)
        if len(runs) > 1:
            raise KeyboardInterrupt      # stop run()'s endless loop after the fault
        App.step(app)

    app.step = step
    with pytest.raises(KeyboardInterrupt):
        app.run()
    app.redraw()
    assert texts(app)[0] == "Error: ZeroDivisionEr"
    assert app.screen.title == "parlour" and len(app.match.events) == 1


def test_frame_memo_reuses_a_part_until_its_key_changes():
    from parlour_device.ui.frame import MEMO_SIZE, Frame, Layout

    layout = Layout(128, 64, False, 1, 12, 40)
    memo, built = {}, []

    def part(frame):
        built.append(1)
        frame.text(0, 0, "hello")
        frame.rect(0, 12, 5, 5)

    first, second = Frame(layout, memo), Frame(layout, memo)
    first.memo(("greeting", 1), part)
    second.memo(("greeting", 1), part)
    assert len(built) == 1 and second.items == first.items
    assert second.items[0] is first.items[0]            # the same objects: cheap to compare
    Frame(layout, memo).memo(("greeting", 2), part)
    assert len(built) == 2
    for n in range(MEMO_SIZE + 1):
        Frame(layout, memo).memo(("other", n), part)
    assert len(memo) <= MEMO_SIZE
    plain = Frame(layout)                                # no memo: just draws
    plain.memo(("greeting", 1), part)
    assert len(plain.items) == 2


def test_numbered_texts_are_made_once_and_kept_to_their_size():
    from parlour_device.ui.caches import Numbered
    titles = Numbered("Stump R%d", 3)
    first = titles.text(1)
    assert first == "Stump R1" and titles.text(1) is first
    for n in (2, 3, 4):
        assert titles.text(n) == "Stump R%d" % n
    assert len(titles.texts) <= 3 and titles.text(1) == "Stump R1"


def test_option_defaults_pushed_by_the_laptop_preset_the_options_screens():
    from parlour_device.games import open_game

    app = boot()
    app.settings["defaults"] = {"stump": {"target": 15}, "dartex": {"target": 7}}
    assert "Target: 15" in open_game("stump").start(app, ["Ann", "Bob"]).rows()
    # A target the options do not offer leaves the game's own default.
    assert "Target: 500" in open_game("dartex").start(app, ["Ann", "Bob"]).rows()
    app.settings["defaults"] = "nonsense"
    assert "Target: 25" in open_game("stump").start(app, ["Ann", "Bob"]).rows()
