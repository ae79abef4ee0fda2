# Key scanners whose events the player puts in (press and release, as a hand does).
import cpvm_hw


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp


class EventQueue:
    def __init__(self):
        self.queue = []
        self.overflowed = False

    def put(self, key_number, pressed):
        self.queue.append((key_number, pressed))

    def get(self):
        if not self.queue:
            return None
        number, pressed = self.queue.pop(0)
        return Event(number, pressed, cpvm_hw.clock)

    def get_into(self, event):
        if not self.queue:
            return False
        number, pressed = self.queue.pop(0)
        event.key_number = number
        event.pressed = pressed
        event.released = not pressed
        event.timestamp = cpvm_hw.clock
        return True

    def clear(self):
        self.queue = []

    def __len__(self):
        return len(self.queue)


class _Scanner:
    def __init__(self, count):
        self.key_count = count
        self.events = EventQueue()
        cpvm_hw.scanners.append(self)

    def deinit(self):
        if self in cpvm_hw.scanners:
            cpvm_hw.scanners.remove(self)

    def reset(self):
        self.events.clear()


class Keys(_Scanner):
    def __init__(self, pins, value_when_pressed=False, pull=True, interval=None,
                 max_events=64, debounce_threshold=1):
        super().__init__(len(pins))


class KeyMatrix(_Scanner):
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=None,
                 max_events=64, debounce_threshold=1):
        super().__init__(len(row_pins) * len(column_pins))
