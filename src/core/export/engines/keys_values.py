# The Python engine of the key builders (code export), first part: the types, bytes and field
# values (it mirrors src/core/keys values.ts and orderedcode.ts). Every generated Python file
# (code-python.ts) holds, after its header comments, the lines after "engine: copied from here"
# of this file and then those of keys.py (engine-source.ts joins them), one module there. This
# file is also a module python3 can import on its own. The numbers it compares (field kinds,
# units, buckets) are the tables of code.ts (KIND, UNIT, BUCKET, ENCODING).
# ---- engine: copied from here to the end of the file ----
import re
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple, Union

KeyValue = Union[str, int, bytes]


class KeyError_(ValueError):
    """A key that does not fit the table's key, or a value that cannot be encoded."""


@dataclass(frozen=True)
class KeyRange:
    """Rows [start, end): end None means to the end of the table."""
    start: bytes
    end: Optional[bytes]


LONG_MAX = (1 << 63) - 1
LONG_MIN = -(1 << 63)
DAY = 86400000
_DECIMAL = re.compile(r"-?[0-9]+")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_ISO = re.compile(r"(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{3}|\d{6}))?Z)?)?)?)?")


def _text(b: bytes, name: str) -> str:
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        raise KeyError_("field " + name + " is not valid UTF-8") from None


def successor(p: bytes) -> Optional[bytes]:
    """The smallest key after every key that starts with p (None: none, read to the end)."""
    end = len(p)
    while end > 0 and p[end - 1] == 0xFF:
        end -= 1
    if end == 0:
        return None
    return p[: end - 1] + bytes([p[end - 1] + 1])


def _as_text(v: KeyValue, name: str) -> str:
    if not isinstance(v, str):
        raise KeyError_("field " + name + " needs text")
    return v


def _as_int(v: KeyValue, name: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise KeyError_("field " + name + " needs an int")
    return v


def _pad_decimal(v: int, pad: int) -> str:
    digits = str(abs(v)).rjust(pad, "0")
    return "-" + digits if v < 0 else digits


def _parse_decimal(s: str, name: str) -> int:
    if not _DECIMAL.fullmatch(s):
        raise KeyError_("field " + name + ': "' + s + '" is not a decimal integer')
    return int(s)


def _check_int64(v: int) -> None:
    if v < LONG_MIN or v > LONG_MAX:
        raise KeyError_(str(v) + " does not fit in a signed 64-bit integer")


def _big_endian(v: int) -> bytes:
    _check_int64(v)
    return v.to_bytes(8, "big", signed=True)


def _ordered_int(v: int) -> bytes:
    """Bigtable's Int64 OrderedCodeBytes: 1-10 bytes, order-preserving."""
    _check_int64(v)
    m = -v - 1 if v < 0 else v
    n = (m.bit_length() + 7) // 7
    out = bytearray((v & ((1 << (8 * n)) - 1)).to_bytes(n, "big"))
    out[0] ^= 0xFF if n >= 8 else (0xFF00 >> n) & 0xFF
    if n > 8:
        out[1] ^= (0xFF00 >> (n - 8)) & 0xFF
    return bytes(out)


def _from_ordered_int(b: bytes, at: int) -> Optional[Tuple[int, int]]:
    if at >= len(b):
        return None
    b0 = b[at]
    neg = (b0 & 0x80) == 0
    nxt = b[at + 1] if at + 1 < len(b) else (0xFF if neg else 0)
    word = ((b0 << 8) | nxt) ^ (0xFFFF if neg else 0)
    n = 0
    while n < 16 and (word & (0x8000 >> n)) != 0:
        n += 1
    if n < 1 or n > 10 or at + n > len(b):
        return None
    buf = bytearray(b[at : at + n])
    buf[0] ^= 0xFF if n >= 8 else (0xFF00 >> n) & 0xFF
    if n > 8:
        buf[1] ^= (0xFF00 >> (n - 8)) & 0xFF
    value = int.from_bytes(bytes(buf), "big", signed=True)
    if value < LONG_MIN or value > LONG_MAX or len(_ordered_int(value)) != n:
        return None
    return value, n


def _fnv1a32(b: bytes) -> int:
    """32-bit FNV-1a: the salt hash."""
    h = 0x811C9DC5
    for x in b:
        h = ((h ^ x) * 0x01000193) & 0xFFFFFFFF
    return h


_MUL = (1, 1, 1000)
_DIV = (1000, 1, 1)


def _to_ms(unit: int, v: int) -> int:
    return (v * _DIV[unit]) // _MUL[unit]


def _from_ms(unit: int, ms: int) -> int:
    return (ms * _MUL[unit]) // _DIV[unit]


def _days_from_civil(y: int, m: int, d: int) -> int:
    if m <= 2:
        y -= 1
    era = y // 400
    yoe = y - era * 400
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def _civil_from_days(z: int) -> Tuple[int, int, int]:
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400
    return (y + 1 if m <= 2 else y), m, d


class _F:
    def __init__(self, name, kind, rev, length, enc, pad, unit, bucket, iso, buckets, of):
        self.name, self.kind, self.rev, self.len, self.enc, self.pad = name, kind, rev, length, enc, pad
        self.unit, self.bucket, self.iso, self.buckets, self.of = unit, bucket, iso, buckets, of


def _bucket_start(f: _F, v: int) -> int:
    """Rounds down to the start of the bucket (UTC; weeks start on Monday)."""
    if f.bucket == 0:
        return v
    ms = _to_ms(f.unit, v)
    if f.bucket == 1:
        start = ms // 60000 * 60000
    elif f.bucket == 2:
        start = ms // 3600000 * 3600000
    elif f.bucket == 3:
        start = ms // DAY * DAY
    elif f.bucket == 4:
        days = ms // DAY
        start = (days - (days + 3) % 7) * DAY
    else:
        y, m, _ = _civil_from_days(ms // DAY)
        start = _days_from_civil(y, m, 1) * DAY
    return _from_ms(f.unit, start)


def _iso_text(f: _F, v: int) -> str:
    ms = _to_ms(f.unit, v)
    days = ms // DAY
    rem = ms - days * DAY
    y, mo, d = _civil_from_days(days)
    if y < 0 or y > 9999:
        raise KeyError_("ISO years have four digits, not " + str(y))
    date = "%04d-%02d-%02d" % (y, mo, d)
    hh, mi = "%02d" % (rem // 3600000), "%02d" % (rem // 60000 % 60)
    if f.bucket == 5:
        return date[:7]
    if f.bucket in (3, 4):
        return date
    if f.bucket == 2:
        return date + "T" + hh
    if f.bucket == 1:
        return date + "T" + hh + ":" + mi
    base = date + "T" + hh + ":" + mi + ":" + "%02d" % (rem // 1000 % 60)
    if f.unit == 0:
        return base + "Z"
    if f.unit == 1:
        return base + ".%03dZ" % (rem % 1000)
    return base + ".%06dZ" % (v % 1000000)


def _parse_iso(f: _F, s: str) -> int:
    m = _ISO.fullmatch(s)
    bad = KeyError_("field " + f.name + ': "' + s + "\" is not an ISO time of this field's form")
    if not m:
        raise bad
    g = m.groups()
    ms = _days_from_civil(int(g[0]), int(g[1]), int(g[2] or 1)) * DAY + int(g[3] or 0) * 3600000 + int(g[4] or 0) * 60000 + int(g[5] or 0) * 1000
    v = _from_ms(f.unit, ms)
    if g[6] and f.unit == 2:
        v += int(g[6].ljust(6, "0"))
    elif g[6] and f.unit == 1:
        v += int(g[6][:3])
    try:
        again = _iso_text(f, v)
    except KeyError_:
        raise bad from None
    if again != s:
        raise bad
    return v


def _encode_timestamp(f: _F, v0: int) -> bytes:
    v = _bucket_start(f, v0)
    if f.iso:
        return _iso_text(f, v).encode("utf-8")
    stored = LONG_MAX - v if f.rev else v
    if f.enc == 1:
        return _big_endian(stored)
    if f.rev and (v < 0 or v > LONG_MAX):
        raise KeyError_("timestamp " + str(v) + " cannot be reversed: it must be between 0 and Long.MAX_VALUE")
    return (str(stored).rjust(19, "0") if f.rev else _pad_decimal(stored, f.pad)).encode("utf-8")


def _decode_timestamp(f: _F, b: bytes) -> int:
    if f.iso:
        return _parse_iso(f, _text(b, f.name))
    if f.enc == 1:
        if len(b) != 8:
            raise KeyError_("field " + f.name + " needs 8 bytes, found " + str(len(b)))
        stored = int.from_bytes(b, "big", signed=True)
    else:
        try:
            s = b.decode("utf-8")
        except UnicodeDecodeError:
            s = ""
        stored = _parse_decimal(s, f.name)
    return LONG_MAX - stored if f.rev else stored


def _reverse_domain(host: str) -> str:
    return ".".join(reversed(host.split(".")))


def _encode_field(f: _F, v: KeyValue) -> bytes:
    if f.kind in (0, 1):
        return _as_text(v, f.name).encode("utf-8")
    if f.kind == 2:
        t = _as_text(v, f.name)
        return (_reverse_domain(t) if f.rev else t).encode("utf-8")
    if f.kind == 3:
        if not isinstance(v, (bytes, bytearray)) or len(v) != f.len:
            raise KeyError_("field " + f.name + " needs " + str(f.len) + " bytes")
        return bytes(v)
    if f.kind == 4:
        n = _as_int(v, f.name)
        if f.enc == 1:
            return _big_endian(n)
        if f.enc == 2:
            return _ordered_int(n)
        return _pad_decimal(n, f.pad).encode("utf-8")
    if f.kind == 5:
        return _encode_timestamp(f, _as_int(v, f.name))
    return _pad_decimal(_as_int(v, f.name), f.pad).encode("utf-8")


def _decode_field(f: _F, b: bytes) -> KeyValue:
    if f.kind == 0:
        return _text(b, f.name)
    if f.kind == 1:
        t = _text(b, f.name)
        if not _UUID.fullmatch(t):
            raise KeyError_("field " + f.name + ': "' + t + '" is not a UUID')
        return t
    if f.kind == 2:
        t = _text(b, f.name)
        return _reverse_domain(t) if f.rev else t
    if f.kind == 3:
        return bytes(b)
    if f.kind == 4:
        if f.enc == 1:
            if len(b) != 8:
                raise KeyError_("field " + f.name + " needs 8 bytes, found " + str(len(b)))
            return int.from_bytes(b, "big", signed=True)
        if f.enc == 2:
            d = _from_ordered_int(b, 0)
            if d is None or d[1] != len(b):
                raise KeyError_("field " + f.name + " is not a valid ordered-code integer")
            return d[0]
        return _parse_decimal(_text(b, f.name), f.name)
    if f.kind == 5:
        return _decode_timestamp(f, b)
    return _parse_decimal(_text(b, f.name), f.name)
