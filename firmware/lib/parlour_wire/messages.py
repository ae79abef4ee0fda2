# The messages of the sync protocol (docs/protocol.md): every frame's body is a
# JSON object with the protocol version "v", the sender's sequence number "n" and
# the type "t"; a reply names the request it answers in "re". The laptop asks, the
# device answers. check_request() is what the device runs on every request before
# acting on it, so anything malformed is refused here with a code, never acted on.
from . import NAME_MAX, PROTOCOL, ROSTER_MAX

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

try:
    from typing import Any, Optional
except ImportError:
    pass


# request type -> (field, type) pairs it must carry
REQUESTS = {
    "hello": (),
    "time": (("now", int),),
    "pull": (("after", int), ("max", int)),
    "ack": (("recs", list),),
    "roster": (("names", list), ("more", bool)),
    "settings": (("settings", dict),),
    "maint": (),
    "restart": (("maint", bool),),
}
# reply type -> what it answers
REPLIES = ("hello", "ok", "rec", "bad", "end", "acked", "error")
_DIGEST = const(8)          # a record's digest: its stored line's CRC-32, as 8 hex digits
ACK_MAX = 16        # (seq, digest) pairs an ack names at most


def message(kind: str, n: int, fields: "Optional[dict[str, Any]]" = None,
            re: "Optional[int]" = None) -> "dict[str, Any]":
    out: "dict[str, Any]" = {"v": PROTOCOL, "n": n, "t": kind}
    if re is not None:
        out["re"] = re
    if fields:
        for key in fields:  # order-free: a dict copied into a dict
            out[key] = fields[key]
    return out


def error(n: int, code: str, text: str, re: "Optional[int]" = None) -> "dict[str, Any]":
    return message("error", n, {"code": code, "msg": text}, re)


def check_envelope(body: "dict[str, Any]") -> "Optional[str]":
    # None when the frame has a usable version, sequence number and type.
    v = body.get("v")
    if type(v) is not int or type(body.get("n")) is not int or type(body.get("t")) is not str:
        return "envelope"
    if v > PROTOCOL:
        return "version"
    if v < PROTOCOL:
        return "old"    # an older laptop would free records by number alone
    return None


def check_request(body: "dict[str, Any]") -> "Optional[str]":
    # None when `body` is a request this protocol knows, with its fields' types.
    bad = check_envelope(body)
    if bad is not None:
        return bad
    fields = REQUESTS.get(body["t"])
    if fields is None:
        return "unknown"
    for name, kind in fields:
        if type(body.get(name)) is not kind:
            return "fields"
    if body["t"] == "roster" and not names_ok(body["names"]):
        return "roster"
    if body["t"] == "ack" and not recs_ok(body["recs"]):
        return "fields"
    return None


def recs_ok(recs: "list[Any]") -> bool:
    # An ack's records: up to ACK_MAX [seq, digest] pairs, the digest 8 hex digits.
    if len(recs) > ACK_MAX:
        return False
    for pair in recs:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int:
            return False
        digest = pair[1]
        if type(digest) is not str or len(digest) != _DIGEST:
            return False
    return True


def names_ok(names: "list[Any]") -> bool:
    # A roster part: up to ROSTER_MAX texts of 1..NAME_MAX characters.
    if len(names) > ROSTER_MAX:
        return False
    for name in names:
        if type(name) is not str or not 0 < len(name) <= NAME_MAX:
            return False
    return True
