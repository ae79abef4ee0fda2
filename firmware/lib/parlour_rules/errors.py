# A refused action. `code` is a short stable identifier for programs and logs;
# `message` is what a player reads, short enough for one 20-character line.

LINE = 20


class RulesError(Exception):
    def __init__(self, code, message):
        super().__init__(code, message)
        self.code = code
        self.message = message

    def __str__(self):
        return self.message


def cut(text, room, mark="~"):
    # type: (str, int, str) -> str
    # The one text cutter: `text` in `room` characters, ending in `mark` when cut.
    # The same string when it fits (slicing makes a new one, which costs most on
    # the board).
    if len(text) <= room:
        return text
    return text[: room - len(mark)] + mark


def clip(prefix, token):
    # A message that names what the player typed, clipped to one display line.
    return prefix + cut(str(token), LINE - len(prefix))


def refuse(code, prefix, token):
    raise RulesError(code, clip(prefix, token))
