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


def clip(prefix, token):
    # A message that names what the player typed, clipped to one display line.
    token = str(token)
    room = LINE - len(prefix)
    if len(token) > room:
        token = token[: room - 1] + "~"
    return prefix + token


def refuse(code, prefix, token):
    raise RulesError(code, clip(prefix, token))
