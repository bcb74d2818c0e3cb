// The Java engine of the key builders (code export). The lines between "engine: copied from
// here" and "engine: copied up to here" are copied verbatim into every generated Java class
// (code-java.ts), after the generated Record, Key and spec constants; the lines outside them
// only make this file a class javac compiles on its own (placeholder constants stand in for the
// generated ones). It mirrors src/core/keys (values.ts, orderedcode.ts, codec.ts) and
// src/core/export/ranges.ts byte for byte; code.test.ts runs it against them. The numbers it
// compares (field kinds, units, buckets, steps, roles) are the tables of code.ts (KIND, UNIT,
// BUCKET, ENCODING, STEP, END, ROLE). The helpers that need none of the spec are Bytes.java, a
// private nested class after the engine in the generated class; the package clause only lets
// javac compile the two files together.
package engine;

final class KeyEngine {
  private static final int ENCODING = 0;
  private static final byte[] DELIMITER = new byte[] {};
  private static final Seg[] SEGMENTS = {};
  private static final F[] FIELDS = {};

  // ---- engine: copied from here ----
  /** A key that does not fit the table's key, or a value that cannot be encoded. */
  public static final class KeyError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public KeyError(String message) { super(message); }
  }

  /** Rows [start, end): end null means to the end of the table. */
  public static final class KeyRange {
    public final byte[] start;
    public final byte[] end;
    KeyRange(byte[] start, byte[] end) { this.start = start; this.end = end; }
  }

  private static final class F {
    final String name; final int kind; final boolean rev; final int len; final int enc; final int pad; final int unit; final int bucket; final boolean iso; final int buckets; final int[] of;
    F(String name, int kind, boolean rev, int len, int enc, int pad, int unit, int bucket, boolean iso, int buckets, int[] of) {
      this.name = name; this.kind = kind; this.rev = rev; this.len = len; this.enc = enc; this.pad = pad; this.unit = unit; this.bucket = bucket; this.iso = iso; this.buckets = buckets; this.of = of;
    }
  }

  private static final class Seg {
    final byte[] prefix; final byte[] suffix; final int field;
    Seg(byte[] prefix, byte[] suffix, int field) { this.prefix = prefix; this.suffix = suffix; this.field = field; }
  }

  private static final class Q {
    final int[][] steps; final int[] end; final int[][] params;
    Q(int[][] steps, int[] end, int[][] params) { this.steps = steps; this.end = end; this.params = params; }
  }

  private static final java.util.regex.Pattern UUID = java.util.regex.Pattern.compile("(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
  private static final java.util.regex.Pattern ISO = java.util.regex.Pattern.compile("(\\d{4})-(\\d{2})(?:-(\\d{2})(?:T(\\d{2})(?::(\\d{2})(?::(\\d{2})(?:\\.(\\d{3}|\\d{6}))?Z)?)?)?)?");

  /** The smallest key after every key that starts with p (null: none, read to the end). */
  public static byte[] successor(byte[] p) {
    int end = p.length;
    while (end > 0 && p[end - 1] == (byte) 0xff) end--;
    if (end == 0) return null;
    byte[] out = java.util.Arrays.copyOf(p, end);
    out[end - 1]++;
    return out;
  }
  /** Rounds down to the start of the bucket (UTC; weeks start on Monday). */
  private static long bucketStart(F f, long v) {
    if (f.bucket == 0) return v;
    long ms = Bytes.toMs(f.unit, v);
    long start;
    if (f.bucket == 1) start = Math.floorDiv(ms, 60000L) * 60000L;
    else if (f.bucket == 2) start = Math.floorDiv(ms, 3600000L) * 3600000L;
    else if (f.bucket == 3) start = Math.floorDiv(ms, Bytes.DAY) * Bytes.DAY;
    else if (f.bucket == 4) { long days = Math.floorDiv(ms, Bytes.DAY); start = (days - Math.floorMod(days + 3, 7)) * Bytes.DAY; }
    else { long[] c = Bytes.civilFromDays(Math.floorDiv(ms, Bytes.DAY)); start = Bytes.daysFromCivil(c[0], c[1], 1) * Bytes.DAY; }
    return Bytes.fromMs(f.unit, start);
  }
  private static String isoText(F f, long v) {
    long ms = Bytes.toMs(f.unit, v);
    long days = Math.floorDiv(ms, Bytes.DAY);
    long rem = ms - days * Bytes.DAY;
    long[] c = Bytes.civilFromDays(days);
    if (c[0] < 0 || c[0] > 9999) throw new KeyError("ISO years have four digits, not " + c[0]);
    String date = Bytes.pad(c[0], 4) + "-" + Bytes.pad(c[1], 2) + "-" + Bytes.pad(c[2], 2);
    String hh = Bytes.pad(rem / 3600000L, 2);
    String mi = Bytes.pad((rem / 60000L) % 60, 2);
    if (f.bucket == 5) return date.substring(0, 7);
    if (f.bucket == 4 || f.bucket == 3) return date;
    if (f.bucket == 2) return date + "T" + hh;
    if (f.bucket == 1) return date + "T" + hh + ":" + mi;
    String base = date + "T" + hh + ":" + mi + ":" + Bytes.pad((rem / 1000L) % 60, 2);
    if (f.unit == 0) return base + "Z";
    if (f.unit == 1) return base + "." + Bytes.pad(rem % 1000L, 3) + "Z";
    return base + "." + Bytes.pad(Math.floorMod(v, 1000000L), 6) + "Z";
  }
  private static long parseIso(F f, String s) {
    java.util.regex.Matcher m = ISO.matcher(s);
    KeyError bad = new KeyError("field " + f.name + ": \"" + s + "\" is not an ISO time of this field's form");
    if (!m.matches()) throw bad;
    long ms = Bytes.daysFromCivil(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), m.group(3) == null ? 1 : Long.parseLong(m.group(3))) * Bytes.DAY
        + (m.group(4) == null ? 0 : Long.parseLong(m.group(4))) * 3600000L
        + (m.group(5) == null ? 0 : Long.parseLong(m.group(5))) * 60000L
        + (m.group(6) == null ? 0 : Long.parseLong(m.group(6))) * 1000L;
    long v = Bytes.fromMs(f.unit, ms);
    String frac = m.group(7);
    if (frac != null && f.unit == 2) v += Long.parseLong((frac + "000").substring(0, 6));
    else if (frac != null && f.unit == 1) v += Long.parseLong(frac.substring(0, 3));
    String again;
    try { again = isoText(f, v); } catch (KeyError e) { throw bad; }
    if (!again.equals(s)) throw bad;
    return v;
  }
  private static byte[] encodeTimestamp(F f, long v0) {
    long v = bucketStart(f, v0);
    if (f.iso) return Bytes.utf8(isoText(f, v));
    if (f.rev && v < 0) throw new KeyError("timestamp " + v + " cannot be reversed: it must be between 0 and Long.MAX_VALUE");
    long stored = f.rev ? Long.MAX_VALUE - v : v;
    if (f.enc == 1) return Bytes.bigEndian(stored);
    return Bytes.utf8(f.rev ? Bytes.pad(stored, 19) : Bytes.padDecimal(stored, f.pad));
  }
  private static long decodeTimestamp(F f, byte[] b) {
    if (f.iso) return parseIso(f, Bytes.text(b, f.name));
    long stored;
    if (f.enc == 1) {
      if (b.length != 8) throw new KeyError("field " + f.name + " needs 8 bytes, found " + b.length);
      stored = Bytes.fromBigEndian(b);
    } else {
      String s;
      try { s = Bytes.text(b, f.name); } catch (KeyError e) { s = ""; }
      stored = Bytes.parseDecimal(s, f.name);
    }
    return f.rev ? Long.MAX_VALUE - stored : stored;
  }
  private static byte[] encodeField(F f, Object v) {
    switch (f.kind) {
      case 0: case 1: return Bytes.utf8(Bytes.asText(v, f.name));
      case 2: return Bytes.utf8(f.rev ? Bytes.reverseDomain(Bytes.asText(v, f.name)) : Bytes.asText(v, f.name));
      case 3:
        if (!(v instanceof byte[]) || ((byte[]) v).length != f.len) throw new KeyError("field " + f.name + " needs " + f.len + " bytes");
        return (byte[]) v;
      case 4: {
        long n = Bytes.asLong(v, f.name);
        return f.enc == 1 ? Bytes.bigEndian(n) : f.enc == 2 ? Bytes.orderedInt(n) : Bytes.utf8(Bytes.padDecimal(n, f.pad));
      }
      case 5: return encodeTimestamp(f, Bytes.asLong(v, f.name));
      default: return Bytes.utf8(Bytes.padDecimal(Bytes.asLong(v, f.name), f.pad));
    }
  }
  private static Object decodeField(F f, byte[] b) {
    switch (f.kind) {
      case 0: return Bytes.text(b, f.name);
      case 1: {
        String t = Bytes.text(b, f.name);
        if (!UUID.matcher(t).matches()) throw new KeyError("field " + f.name + ": \"" + t + "\" is not a UUID");
        return t;
      }
      case 2: return f.rev ? Bytes.reverseDomain(Bytes.text(b, f.name)) : Bytes.text(b, f.name);
      case 3: return b.clone();
      case 4:
        if (f.enc == 1) {
          if (b.length != 8) throw new KeyError("field " + f.name + " needs 8 bytes, found " + b.length);
          return Bytes.fromBigEndian(b);
        }
        if (f.enc == 2) {
          long[] d = Bytes.fromOrderedInt(b, 0);
          if (d == null || d[1] != b.length) throw new KeyError("field " + f.name + " is not a valid ordered-code integer");
          return d[0];
        }
        return Bytes.parseDecimal(Bytes.text(b, f.name), f.name);
      case 5: return decodeTimestamp(f, b);
      default: return Bytes.parseDecimal(Bytes.text(b, f.name), f.name);
    }
  }
  /** Bytes of a fixed-width value, -2 self-delimiting (ordered code), -1 variable. */
  private static int fixedWidth(F f) {
    if (f.kind == 4) return f.enc == 1 ? 8 : f.enc == 2 ? -2 : -1;
    if (f.kind == 5) return f.enc == 1 ? 8 : -1;
    if (f.kind == 3) return f.len;
    return f.kind == 1 ? 36 : -1;
  }
  private static long saltValue(F f, byte[][] enc) {
    java.io.ByteArrayOutputStream parts = new java.io.ByteArrayOutputStream();
    for (int k = 0; k < f.of.length; k++) {
      if (k > 0) parts.write(DELIMITER, 0, DELIMITER.length);
      byte[] e = enc[f.of[k]] == null ? Bytes.EMPTY : enc[f.of[k]];
      parts.write(e, 0, e.length);
    }
    return Bytes.fnv1a32(parts.toByteArray()) % f.buckets;
  }
  private static byte[][] encodeAll(Object[] values) {
    byte[][] enc = new byte[FIELDS.length][];
    for (int i = 0; i < FIELDS.length; i++) {
      if (FIELDS[i].kind == 6) continue;
      if (values[i] == null) throw new KeyError("no value for field " + FIELDS[i].name);
      enc[i] = encodeField(FIELDS[i], values[i]);
    }
    for (int i = 0; i < FIELDS.length; i++) if (FIELDS[i].kind == 6) enc[i] = encodeField(FIELDS[i], saltValue(FIELDS[i], enc));
    return enc;
  }
  private static byte[] buildKey(Object[] values) {
    byte[][] enc = encodeAll(values);
    byte[][] parts = new byte[SEGMENTS.length][];
    for (int i = 0; i < SEGMENTS.length; i++) {
      Seg s = SEGMENTS[i];
      parts[i] = Bytes.concat(s.prefix, s.field >= 0 ? enc[s.field] : Bytes.EMPTY, s.suffix);
    }
    if (ENCODING == 1) return Bytes.structJoin(parts);
    if (ENCODING == 2) return parts[0];
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) out.write(DELIMITER, 0, DELIMITER.length);
      out.write(parts[i], 0, parts[i].length);
    }
    return out.toByteArray();
  }
  private static Object[] parseKey(byte[] key) {
    Object[] vals = new Object[FIELDS.length];
    if (ENCODING == 1) {
      byte[][] parts = Bytes.structSplit(key, SEGMENTS.length);
      if (parts == null) throw new KeyError("not an ordered-code struct key (0x00 0x01 between fields)");
      for (int i = 0; i < SEGMENTS.length; i++) if (SEGMENTS[i].field >= 0) vals[SEGMENTS[i].field] = decodeField(FIELDS[SEGMENTS[i].field], parts[i]);
    } else {
      int at = 0;
      for (int i = 0; i < SEGMENTS.length; i++) {
        Seg s = SEGMENTS[i];
        boolean last = i == SEGMENTS.length - 1;
        if (i > 0) {
          if (!Bytes.startsAt(key, DELIMITER, at)) throw new KeyError("expected the delimiter before segment " + (i + 1) + " at byte " + at);
          at += DELIMITER.length;
        }
        if (!Bytes.startsAt(key, s.prefix, at)) throw new KeyError("segment " + (i + 1) + " should start with its literal text at byte " + at);
        at += s.prefix.length;
        if (s.field < 0) continue;
        F f = FIELDS[s.field];
        int w = fixedWidth(f);
        int end;
        if (w >= 0) end = at + w;
        else if (w == -2) { long[] d = Bytes.fromOrderedInt(key, at); end = at + (d == null ? 0 : (int) d[1]); }
        else end = last ? key.length - s.suffix.length : Bytes.indexOf(key, Bytes.concat(s.suffix, DELIMITER), at);
        if (end < 0 && !last) throw new KeyError("the key ends inside field " + f.name);
        if (end < at || end > key.length || (w == -2 && end == at)) throw new KeyError("field " + f.name + " does not fit at byte " + at);
        vals[s.field] = decodeField(f, java.util.Arrays.copyOfRange(key, at, end));
        at = end;
        if (!Bytes.startsAt(key, s.suffix, at)) throw new KeyError("segment " + (i + 1) + " should end with its literal text");
        at += s.suffix.length;
      }
      if (at != key.length) throw new KeyError((key.length - at) + " unexpected trailing bytes");
    }
    byte[][] enc = encodeAll(vals);
    for (int i = 0; i < FIELDS.length; i++) {
      if (FIELDS[i].kind == 6 && Bytes.compare(encodeField(FIELDS[i], vals[i]), enc[i]) != 0) throw new KeyError("salt " + FIELDS[i].name + " does not match the hash of its fields");
    }
    return vals;
  }
  private static java.util.List<KeyRange> queryRanges(Q q, Object[] args) {
    Object[] eq = new Object[FIELDS.length];
    String prefix = "";
    Object from = null, to = null;
    for (int i = 0; i < q.params.length; i++) {
      int role = q.params[i][0], field = q.params[i][1];
      if (args[i] == null) throw new KeyError("missing parameter " + (i + 1));
      if (role == 0) eq[field] = args[i];
      else if (role == 1) prefix = Bytes.asText(args[i], "prefix");
      else if (role == 2) from = args[i];
      else to = args[i];
    }
    boolean oc = ENCODING == 1;
    byte[] sep = oc ? new byte[] {0, 1} : DELIMITER;
    java.util.List<KeyRange> ranges = new java.util.ArrayList<>();
    if (q.end[0] == 0) {
      byte[] key = buildKey(eq);
      ranges.add(new KeyRange(key, Bytes.concat(key, new byte[] {0})));
      return ranges;
    }
    java.util.List<byte[][]> combos = new java.util.ArrayList<>();
    combos.add(new byte[0][]);
    for (int[] st : q.steps) {
      java.util.List<byte[]> options = new java.util.ArrayList<>();
      Seg s = SEGMENTS[st[1]];
      if (st[0] == 0) options.add(s.prefix);
      else if (st[0] == 1) options.add(Bytes.concat(s.prefix, encodeField(FIELDS[st[2]], eq[st[2]]), s.suffix));
      else if (st[0] == 2) {
        F f = FIELDS[st[2]];
        byte[][] enc = new byte[FIELDS.length][];
        for (int j : f.of) enc[j] = encodeField(FIELDS[j], eq[j]);
        options.add(Bytes.concat(s.prefix, encodeField(f, saltValue(f, enc)), s.suffix));
      } else {
        if ((long) combos.size() * st[3] > 65536) throw new KeyError("the query would read more than 65536 ranges");
        for (long b = 0; b < st[3]; b++) options.add(Bytes.concat(s.prefix, encodeField(FIELDS[st[2]], b), s.suffix));
      }
      java.util.List<byte[][]> more = new java.util.ArrayList<>();
      for (byte[][] c : combos) for (byte[] o : options) { byte[][] n = java.util.Arrays.copyOf(c, c.length + 1); n[c.length] = o; more.add(n); }
      combos = more;
    }
    for (byte[][] parts : combos) {
      java.io.ByteArrayOutputStream j = new java.io.ByteArrayOutputStream();
      for (byte[] p : parts) { byte[] e = oc ? Bytes.escapePart(p, true) : p; j.write(e, 0, e.length); j.write(sep, 0, sep.length); }
      byte[] joined = j.toByteArray();
      if (q.end[0] == 1) { ranges.add(parts.length == 0 ? new KeyRange(Bytes.EMPTY, null) : new KeyRange(joined, successor(joined))); continue; }
      byte[] head = SEGMENTS[q.end[1]].prefix;
      if (q.end[0] == 2) {
        byte[] v = Bytes.concat(head, Bytes.utf8(prefix));
        byte[] start = Bytes.concat(joined, oc ? Bytes.escapePart(v, false) : v);
        ranges.add(new KeyRange(start, successor(start)));
        continue;
      }
      F f = FIELDS[q.end[2]];
      byte[] lo = encodeField(f, from), hi = encodeField(f, to);
      if (f.kind == 5 && f.rev && !f.iso) { byte[] t = lo; lo = hi; hi = t; }
      byte[] a = Bytes.concat(head, lo), z = Bytes.concat(head, hi);
      ranges.add(new KeyRange(Bytes.concat(joined, oc ? Bytes.escapePart(a, true) : a), successor(Bytes.concat(joined, oc ? Bytes.escapePart(z, true) : z))));
    }
    ranges.sort((x, y) -> Bytes.compare(x.start, y.start));
    return ranges;
  }
  // ---- engine: copied up to here ----
}
