// The byte, number and calendar helpers of the Java key engine (KeyEngine.java): the ones that
// need none of the table's spec (no F, Seg, Q, FIELDS or SEGMENTS). The lines after "engine:
// copied from here" become a private nested class of every generated Java class (engine-source.ts
// indents them one level and makes the class private static), after the engine itself, which
// calls them as Bytes.name(...). The package clause and the import only let javac compile this
// file with KeyEngine.java, whose KeyError it throws; in the generated class that KeyError is the
// enclosing class's own.
package engine;

import engine.KeyEngine.KeyError;

// ---- engine: copied from here ----
/** Bytes, numbers and the calendar: the helpers that need none of the table's spec. */
final class Bytes {
  private Bytes() {}

  static final long DAY = 86400000L;
  static final byte[] EMPTY = new byte[0];
  static final java.util.regex.Pattern DECIMAL = java.util.regex.Pattern.compile("-?[0-9]+");

  static byte[] utf8(String s) { return s.getBytes(java.nio.charset.StandardCharsets.UTF_8); }
  static String text(byte[] b, String name) {
    try {
      return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(b)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new KeyError("field " + name + " is not valid UTF-8");
    }
  }
  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) n += p.length;
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) { System.arraycopy(p, 0, out, at, p.length); at += p.length; }
    return out;
  }
  static boolean startsAt(byte[] hay, byte[] needle, int at) {
    if (at + needle.length > hay.length) return false;
    for (int i = 0; i < needle.length; i++) if (hay[at + i] != needle[i]) return false;
    return true;
  }
  static int indexOf(byte[] hay, byte[] needle, int from) {
    for (int i = from; i + needle.length <= hay.length; i++) if (startsAt(hay, needle, i)) return i;
    return -1;
  }
  static int compare(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) if (a[i] != b[i]) return (a[i] & 0xff) - (b[i] & 0xff);
    return a.length - b.length;
  }
  static String asText(Object v, String name) {
    if (!(v instanceof String)) throw new KeyError("field " + name + " needs text");
    return (String) v;
  }
  static long asLong(Object v, String name) {
    if (!(v instanceof Long)) throw new KeyError("field " + name + " needs a long");
    return (Long) v;
  }
  static String padDecimal(long v, int pad) {
    String s = Long.toString(v);
    boolean neg = s.startsWith("-");
    StringBuilder digits = new StringBuilder(neg ? s.substring(1) : s);
    while (digits.length() < pad) digits.insert(0, '0');
    return neg ? "-" + digits : digits.toString();
  }
  static long parseDecimal(String s, String name) {
    if (!DECIMAL.matcher(s).matches()) throw new KeyError("field " + name + ": \"" + s + "\" is not a decimal integer");
    try { return Long.parseLong(s); } catch (NumberFormatException e) { throw new KeyError("field " + name + ": " + s + " does not fit in a long"); }
  }
  static byte[] bigEndian(long v) {
    byte[] out = new byte[8];
    for (int i = 7; i >= 0; i--) { out[i] = (byte) v; v >>= 8; }
    return out;
  }
  static long fromBigEndian(byte[] b) {
    long v = 0;
    for (int i = 0; i < 8; i++) v = (v << 8) | (b[i] & 0xff);
    return v;
  }
  /** Bigtable's Int64 OrderedCodeBytes: 1-10 bytes, order-preserving. */
  static byte[] orderedInt(long v) {
    long m = v < 0 ? ~v : v;
    int bits = 64 - Long.numberOfLeadingZeros(m);
    int len = (bits + 7) / 7;
    byte[] out = new byte[len];
    for (int i = len - 1; i >= 0; i--) {
      int shift = 8 * (len - 1 - i);
      out[i] = shift >= 64 ? (byte) (v < 0 ? 0xff : 0) : (byte) (v >> shift);
    }
    out[0] ^= (byte) (len >= 8 ? 0xff : (0xff00 >> len) & 0xff);
    if (len > 8) out[1] ^= (byte) ((0xff00 >> (len - 8)) & 0xff);
    return out;
  }
  static long[] fromOrderedInt(byte[] b, int at) {
    if (at >= b.length) return null;
    int b0 = b[at] & 0xff;
    boolean neg = (b0 & 0x80) == 0;
    int next = at + 1 < b.length ? b[at + 1] & 0xff : (neg ? 0xff : 0);
    int word = ((b0 << 8) | next) ^ (neg ? 0xffff : 0);
    int len = 0;
    while (len < 16 && (word & (0x8000 >> len)) != 0) len++;
    if (len < 1 || len > 10 || at + len > b.length) return null;
    byte[] buf = java.util.Arrays.copyOfRange(b, at, at + len);
    buf[0] ^= (byte) (len >= 8 ? 0xff : (0xff00 >> len) & 0xff);
    if (len > 8) buf[1] ^= (byte) ((0xff00 >> (len - 8)) & 0xff);
    java.math.BigInteger value = new java.math.BigInteger(buf);
    if (value.bitLength() > 63) return null;
    long v = value.longValue();
    if (orderedInt(v).length != len) return null;
    return new long[] {v, len};
  }
  /** 32-bit FNV-1a: the salt hash. */
  static long fnv1a32(byte[] b) {
    int h = 0x811c9dc5;
    for (byte x : b) { h ^= (x & 0xff); h *= 0x01000193; }
    return h & 0xffffffffL;
  }
  static final long[] MUL = {1, 1, 1000};
  static final long[] DIV = {1000, 1, 1};
  static long toMs(int unit, long v) { return Math.floorDiv(Math.multiplyExact(v, DIV[unit]), MUL[unit]); }
  static long fromMs(int unit, long ms) { return Math.floorDiv(Math.multiplyExact(ms, MUL[unit]), DIV[unit]); }
  static long daysFromCivil(long y0, long m, long d) {
    long y = m <= 2 ? y0 - 1 : y0;
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
  }
  static long[] civilFromDays(long z0) {
    long z = z0 + 719468;
    long era = Math.floorDiv(z, 146097);
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    long d = doy - (153 * mp + 2) / 5 + 1;
    long m = mp < 10 ? mp + 3 : mp - 9;
    return new long[] {m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d};
  }
  static String pad(long n, int w) {
    StringBuilder s = new StringBuilder(Long.toString(n));
    while (s.length() < w) s.insert(0, '0');
    return s.toString();
  }
  static String reverseDomain(String host) {
    String[] labels = host.split("\\.", -1);
    StringBuilder out = new StringBuilder();
    for (int i = labels.length - 1; i >= 0; i--) { out.append(labels[i]); if (i > 0) out.append('.'); }
    return out.toString();
  }
  static byte[] escapePart(byte[] p, boolean emptyMarker) {
    if (p.length == 0) return emptyMarker ? new byte[] {0, 0} : EMPTY;
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte x : p) { if (x == 0) { out.write(0); out.write(0xff); } else out.write(x); }
    return out.toByteArray();
  }
  /** Bigtable's Struct OrderedCodeBytes: 0x00 0x01 between fields, 0x00 escaped, empty as 0x00 0x00. */
  static byte[] structJoin(byte[][] parts) {
    int last = parts.length - 1;
    while (last >= 0 && parts[last].length == 0) last--;
    if (last < 0) return new byte[] {0, 0};
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i <= last; i++) {
      if (i > 0) { out.write(0); out.write(1); }
      byte[] e = escapePart(parts[i], true);
      out.write(e, 0, e.length);
    }
    return out.toByteArray();
  }
  static byte[][] structSplit(byte[] key, int count) {
    byte[][] out = new byte[count][];
    java.util.Arrays.fill(out, EMPTY);
    if (key.length == 2 && key[0] == 0 && key[1] == 0) return out;
    java.util.List<byte[]> fields = new java.util.ArrayList<>();
    java.io.ByteArrayOutputStream cur = new java.io.ByteArrayOutputStream();
    boolean empty = false;
    for (int i = 0; i < key.length; i++) {
      int x = key[i] & 0xff;
      if (x != 0) { if (empty) return null; cur.write(x); continue; }
      int next = ++i < key.length ? key[i] & 0xff : -1;
      if (next == 0xff) { if (empty) return null; cur.write(0); }
      else if (next == 1) { if (cur.size() == 0 && !empty) return null; fields.add(cur.toByteArray()); cur.reset(); empty = false; }
      else if (next == 0) { if (cur.size() != 0) return null; empty = true; }
      else return null;
    }
    if (cur.size() == 0 && !empty) return null;
    fields.add(cur.toByteArray());
    if (fields.size() > count) return null;
    for (int i = 0; i < fields.size(); i++) out[i] = fields.get(i);
    return out;
  }
}
