# The Python engine of the key builders (code export), second part: keys as bytes (the
# delimited, singleton and ordered-code encodings, the salt), parsing them back, and query ranges
# (it mirrors src/core/keys codec.ts and src/core/export/ranges.ts). Everything after the line
# "engine: copied from here" is copied verbatim into every generated Python file
# (code-python.ts), after the first part, keys_values.py, whose names it imports here so that
# python3 can import this file on its own (the generated file holds no such import: there the two
# parts are one module). code.test.ts runs the generated files against src/core/keys. The numbers
# it compares (field kinds, steps, roles) are the tables of code.ts (KIND, ENCODING, STEP, END,
# ROLE).
from typing import List, Optional, Sequence

from keys_values import (
    KeyError_,
    KeyRange,
    KeyValue,
    _as_text,
    _decode_field,
    _encode_field,
    _F,
    _fnv1a32,
    _from_ordered_int,
    successor,
)

# ---- engine: copied from here to the end of the file ----


def _fixed_width(f: _F) -> int:
    """Bytes of a fixed-width value, -2 self-delimiting (ordered code), -1 variable."""
    if f.kind == 4:
        return 8 if f.enc == 1 else -2 if f.enc == 2 else -1
    if f.kind == 5:
        return 8 if f.enc == 1 else -1
    if f.kind == 3:
        return f.len
    return 36 if f.kind == 1 else -1


def _escape_part(p: bytes, empty_marker: bool) -> bytes:
    if not p:
        return b"\x00\x00" if empty_marker else b""
    return p.replace(b"\x00", b"\x00\xff")


def _struct_join(parts: Sequence[bytes]) -> bytes:
    """Bigtable's Struct OrderedCodeBytes: 0x00 0x01 between fields, 0x00 escaped, empty as 0x00 0x00."""
    last = len(parts) - 1
    while last >= 0 and not parts[last]:
        last -= 1
    if last < 0:
        return b"\x00\x00"
    return b"\x00\x01".join(_escape_part(p, True) for p in parts[: last + 1])


def _struct_split(key: bytes, count: int) -> Optional[List[bytes]]:
    if key == b"\x00\x00":
        return [b""] * count
    fields: List[bytes] = []
    cur = bytearray()
    empty = False
    i = 0
    while i < len(key):
        x = key[i]
        if x != 0:
            if empty:
                return None
            cur.append(x)
            i += 1
            continue
        nxt = key[i + 1] if i + 1 < len(key) else -1
        i += 2
        if nxt == 0xFF:
            if empty:
                return None
            cur.append(0)
        elif nxt == 1:
            if not cur and not empty:
                return None
            fields.append(bytes(cur))
            cur = bytearray()
            empty = False
        elif nxt == 0:
            if cur:
                return None
            empty = True
        else:
            return None
    if not cur and not empty:
        return None
    fields.append(bytes(cur))
    if len(fields) > count:
        return None
    return fields + [b""] * (count - len(fields))


class _Engine:
    def __init__(self, encoding, delimiter, segments, fields):
        self.encoding, self.delimiter, self.segments, self.fields = encoding, delimiter, segments, fields

    def _salt(self, f: _F, enc: List[Optional[bytes]]) -> int:
        joined = self.delimiter.join(enc[j] or b"" for j in f.of)
        return _fnv1a32(joined) % f.buckets

    def _encode_all(self, values: Sequence[Optional[KeyValue]]) -> List[Optional[bytes]]:
        enc: List[Optional[bytes]] = [None] * len(self.fields)
        for i, f in enumerate(self.fields):
            if f.kind == 6:
                continue
            if values[i] is None:
                raise KeyError_("no value for field " + f.name)
            enc[i] = _encode_field(f, values[i])
        for i, f in enumerate(self.fields):
            if f.kind == 6:
                enc[i] = _encode_field(f, self._salt(f, enc))
        return enc

    def build(self, values: Sequence[Optional[KeyValue]]) -> bytes:
        enc = self._encode_all(values)
        parts = [s[0] + (enc[s[2]] if s[2] >= 0 else b"") + s[1] for s in self.segments]
        if self.encoding == 1:
            return _struct_join(parts)
        if self.encoding == 2:
            return parts[0]
        return self.delimiter.join(parts)

    def parse(self, key: bytes) -> List[KeyValue]:
        vals: List[Optional[KeyValue]] = [None] * len(self.fields)
        if self.encoding == 1:
            parts = _struct_split(key, len(self.segments))
            if parts is None:
                raise KeyError_("not an ordered-code struct key (0x00 0x01 between fields)")
            for i, s in enumerate(self.segments):
                if s[2] >= 0:
                    vals[s[2]] = _decode_field(self.fields[s[2]], parts[i])
        else:
            at = 0
            for i, (prefix, suffix, fi) in enumerate(self.segments):
                last = i == len(self.segments) - 1
                if i > 0:
                    if not key.startswith(self.delimiter, at):
                        raise KeyError_("expected the delimiter before segment " + str(i + 1) + " at byte " + str(at))
                    at += len(self.delimiter)
                if not key.startswith(prefix, at):
                    raise KeyError_("segment " + str(i + 1) + " should start with its literal text at byte " + str(at))
                at += len(prefix)
                if fi < 0:
                    continue
                f = self.fields[fi]
                w = _fixed_width(f)
                if w >= 0:
                    end = at + w
                elif w == -2:
                    d = _from_ordered_int(key, at)
                    end = at + (d[1] if d else 0)
                else:
                    end = len(key) - len(suffix) if last else key.find(suffix + self.delimiter, at)
                if end < 0 and not last:
                    raise KeyError_("the key ends inside field " + f.name)
                if end < at or end > len(key) or (w == -2 and end == at):
                    raise KeyError_("field " + f.name + " does not fit at byte " + str(at))
                vals[fi] = _decode_field(f, key[at:end])
                at = end
                if not key.startswith(suffix, at):
                    raise KeyError_("segment " + str(i + 1) + " should end with its literal text")
                at += len(suffix)
            if at != len(key):
                raise KeyError_(str(len(key) - at) + " unexpected trailing bytes")
        enc = self._encode_all(vals)
        for i, f in enumerate(self.fields):
            if f.kind == 6 and _encode_field(f, vals[i]) != enc[i]:
                raise KeyError_("salt " + f.name + " does not match the hash of its fields")
        return vals  # type: ignore[return-value]

    def ranges(self, q, args: Sequence[KeyValue]) -> List[KeyRange]:
        steps, end, params = q
        eq: List[Optional[KeyValue]] = [None] * len(self.fields)
        prefix, lo_v, hi_v = "", None, None
        for i, (role, field) in enumerate(params):
            v = args[i]
            if v is None:
                raise KeyError_("missing parameter " + str(i + 1))
            if role == 0:
                eq[field] = v
            elif role == 1:
                prefix = _as_text(v, "prefix")
            elif role == 2:
                lo_v = v
            else:
                hi_v = v
        oc = self.encoding == 1
        sep = b"\x00\x01" if oc else self.delimiter
        if end[0] == 0:
            key = self.build(eq)
            return [KeyRange(key, key + b"\x00")]
        combos: List[List[bytes]] = [[]]
        for kind, s, fi, buckets in steps:
            pre, suf, _ = self.segments[s]
            if kind == 0:
                options = [pre]
            elif kind == 1:
                options = [pre + _encode_field(self.fields[fi], eq[fi]) + suf]
            elif kind == 2:
                f = self.fields[fi]
                enc: List[Optional[bytes]] = [None] * len(self.fields)
                for j in f.of:
                    enc[j] = _encode_field(self.fields[j], eq[j])
                options = [pre + _encode_field(f, self._salt(f, enc)) + suf]
            else:
                if len(combos) * buckets > 65536:
                    raise KeyError_("the query would read more than 65536 ranges")
                options = [pre + _encode_field(self.fields[fi], b) + suf for b in range(buckets)]
            combos = [c + [o] for c in combos for o in options]
        out: List[KeyRange] = []
        for parts in combos:
            joined = b"".join((_escape_part(p, True) if oc else p) + sep for p in parts)
            if end[0] == 1:
                out.append(KeyRange(b"", None) if not parts else KeyRange(joined, successor(joined)))
                continue
            head = self.segments[end[1]][0]
            if end[0] == 2:
                v = head + prefix.encode("utf-8")
                start = joined + (_escape_part(v, False) if oc else v)
                out.append(KeyRange(start, successor(start)))
                continue
            f = self.fields[end[2]]
            lo, hi = _encode_field(f, lo_v), _encode_field(f, hi_v)
            if f.kind == 5 and f.rev and not f.iso:
                lo, hi = hi, lo
            a, z = head + lo, head + hi
            out.append(KeyRange(joined + (_escape_part(a, True) if oc else a), successor(joined + (_escape_part(z, True) if oc else z))))
        out.sort(key=lambda r: r.start)
        return out
