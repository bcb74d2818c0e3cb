// The harnesses code.test.ts compiles with the generated key builders: each reads lines on
// stdin (T: the table's builder and field names; K: a record to build and parse back; Q: a
// query's ranges for values) and prints the key and ranges as hex for the test to compare with
// the studio's own codec. Test code only.
export const JAVA_HARNESS = `import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class Harness {
  static Object untag(String t) {
    byte[] b = unhex(t.substring(2));
    if (t.startsWith("s:")) return new String(b, StandardCharsets.UTF_8);
    if (t.startsWith("i:")) return Long.valueOf(t.substring(2));
    return b;
  }
  static byte[] unhex(String h) {
    if (h.startsWith("-") || h.matches(".*[^0-9a-f].*")) return new byte[0];
    byte[] out = new byte[h.length() / 2];
    for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    return out;
  }
  static final char[] HEX = "0123456789abcdef".toCharArray();
  static String hex(byte[] b) {
    char[] s = new char[b.length * 2];
    for (int i = 0; i < b.length; i++) { s[2 * i] = HEX[(b[i] >> 4) & 15]; s[2 * i + 1] = HEX[b[i] & 15]; }
    return new String(s);
  }
  static String tag(Object v) {
    if (v instanceof String) return "s:" + hex(((String) v).getBytes(StandardCharsets.UTF_8));
    if (v instanceof Long) return "i:" + v;
    return "b:" + hex((byte[]) v);
  }
  public static void main(String[] a) throws Exception {
    Class<?> keys = null;
    String[] ids = null;
    Constructor<?> ctor = null;
    Method build = null, parse = null;
    Map<String, Method> methods = new HashMap<>();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      String[] t = line.split(" ", -1);
      try {
        if (t[0].equals("T")) {
          keys = Class.forName(t[1]);
          ids = t[2].split(",");
          Class<?> rec = Class.forName(t[1] + "$Record");
          ctor = rec.getConstructors()[0];
          build = keys.getMethod("build", rec);
          parse = keys.getMethod("parse", byte[].class);
          methods.clear();
          for (Method m : keys.getMethods()) methods.put(m.getName(), m);
          out.println(line);
        } else if (t[0].equals("K")) {
          Object[] args = new Object[ctor.getParameterCount()];
          for (int i = 0; i < args.length; i++) args[i] = untag(t[i + 1]);
          byte[] key = (byte[]) build.invoke(null, ctor.newInstance(args));
          Object k = parse.invoke(null, (Object) key);
          StringBuilder sb = new StringBuilder(hex(key));
          for (String id : ids) sb.append(' ').append(tag(k.getClass().getField(id).get(k)));
          out.println(sb);
        } else {
          Method m = methods.get(t[1]);
          Object[] args = new Object[m.getParameterCount()];
          for (int i = 0; i < args.length; i++) args[i] = untag(t[i + 2]);
          List<?> ranges = (List<?>) m.invoke(null, args);
          StringBuilder sb = new StringBuilder();
          for (Object r : ranges) {
            byte[] start = (byte[]) r.getClass().getField("start").get(r);
            byte[] end = (byte[]) r.getClass().getField("end").get(r);
            if (sb.length() > 0) sb.append(' ');
            sb.append(hex(start)).append('-').append(end == null ? "end" : hex(end));
          }
          out.println(sb);
        }
      } catch (InvocationTargetException e) {
        out.println("ERROR " + e.getCause());
      }
    }
    out.flush();
  }
}
`;

export const PYTHON_HARNESS = `import importlib.util, sys

def load(path, type_name, n):
    spec = importlib.util.spec_from_file_location("gen%d" % n, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["gen%d" % n] = mod
    spec.loader.exec_module(mod)
    return getattr(mod, type_name + "Keys"), getattr(mod, type_name + "Record")

def untag(t):
    if t.startswith("s:"):
        return bytes.fromhex(t[2:]).decode("utf-8")
    if t.startswith("i:"):
        return int(t[2:])
    return bytes.fromhex(t[2:])

def tag(v):
    if isinstance(v, str):
        return "s:" + v.encode("utf-8").hex()
    if isinstance(v, int):
        return "i:" + str(v)
    return "b:" + v.hex()

out = []
for line in sys.stdin.read().split("\\n"):
    if not line:
        continue
    t = line.split(" ")
    try:
        if t[0] == "T":
            keys, Record = load(t[1], t[2], len(out))
            ids = t[3].split(",")
            out.append(line)
        elif t[0] == "K":
            key = keys.build(Record(*[untag(x) for x in t[1:]]))
            k = keys.parse(key)
            out.append(" ".join([key.hex()] + [tag(getattr(k, i)) for i in ids]))
        else:
            ranges = getattr(keys, t[1])(*[untag(x) for x in t[2:]])
            out.append(" ".join(r.start.hex() + "-" + ("end" if r.end is None else r.end.hex()) for r in ranges))
    except Exception as e:
        out.append("ERROR " + repr(e))
sys.stdout.write("\\n".join(out) + "\\n")
`;

export const GO_HARNESS = (imports: string[], entries: string[]) => `package main

import (
\t"bufio"
\t"encoding/hex"
\t"fmt"
\t"os"
\t"reflect"
\t"strconv"
\t"strings"
${imports.join('\n')}
)

var tables = map[string]reflect.Value{
${entries.join('\n')}
}

func untag(t string) reflect.Value {
\tswitch t[:2] {
\tcase "s:":
\t\tb, _ := hex.DecodeString(t[2:])
\t\treturn reflect.ValueOf(string(b))
\tcase "i:":
\t\tn, _ := strconv.ParseInt(t[2:], 10, 64)
\t\treturn reflect.ValueOf(n)
\t}
\tb, _ := hex.DecodeString(t[2:])
\treturn reflect.ValueOf(b)
}

func tag(v reflect.Value) string {
\tswitch v.Kind() {
\tcase reflect.String:
\t\treturn "s:" + hex.EncodeToString([]byte(v.String()))
\tcase reflect.Int64:
\t\treturn "i:" + strconv.FormatInt(v.Int(), 10)
\t}
\treturn "b:" + hex.EncodeToString(v.Bytes())
}

func main() {
\tin := bufio.NewScanner(os.Stdin)
\tin.Buffer(make([]byte, 1<<20), 1<<26)
\tout := bufio.NewWriter(os.Stdout)
\tdefer out.Flush()
\tvar cur reflect.Value
\tfor in.Scan() {
\t\tline := in.Text()
\t\tt := strings.Split(line, " ")
\t\tswitch t[0] {
\t\tcase "T":
\t\t\tcur = tables[t[1]]
\t\t\tfmt.Fprintln(out, line)
\t\tcase "K":
\t\t\tbuild := cur.MethodByName("Build")
\t\t\trec := reflect.New(build.Type().In(0)).Elem()
\t\t\tfor i := 0; i < rec.NumField(); i++ {
\t\t\t\trec.Field(i).Set(untag(t[i+1]))
\t\t\t}
\t\t\tres := build.Call([]reflect.Value{rec})
\t\t\tif !res[1].IsNil() {
\t\t\t\tfmt.Fprintln(out, "ERROR", res[1].Interface())
\t\t\t\tcontinue
\t\t\t}
\t\t\tkey := res[0].Bytes()
\t\t\tparsed := cur.MethodByName("Parse").Call([]reflect.Value{reflect.ValueOf(key)})
\t\t\tif !parsed[1].IsNil() {
\t\t\t\tfmt.Fprintln(out, "ERROR", parsed[1].Interface())
\t\t\t\tcontinue
\t\t\t}
\t\t\tparts := []string{hex.EncodeToString(key)}
\t\t\tfor i := 0; i < parsed[0].NumField(); i++ {
\t\t\t\tparts = append(parts, tag(parsed[0].Field(i)))
\t\t\t}
\t\t\tfmt.Fprintln(out, strings.Join(parts, " "))
\t\tdefault:
\t\t\tm := cur.MethodByName(t[1])
\t\t\targs := []reflect.Value{}
\t\t\tfor _, a := range t[2:] {
\t\t\t\targs = append(args, untag(a))
\t\t\t}
\t\t\tres := m.Call(args)
\t\t\tif !res[1].IsNil() {
\t\t\t\tfmt.Fprintln(out, "ERROR", res[1].Interface())
\t\t\t\tcontinue
\t\t\t}
\t\t\tparts := []string{}
\t\t\tfor i := 0; i < res[0].Len(); i++ {
\t\t\t\tr := res[0].Index(i)
\t\t\t\tend := "end"
\t\t\t\tif !r.Field(1).IsNil() {
\t\t\t\t\tend = hex.EncodeToString(r.Field(1).Bytes())
\t\t\t\t}
\t\t\t\tparts = append(parts, hex.EncodeToString(r.Field(0).Bytes())+"-"+end)
\t\t\t}
\t\t\tfmt.Fprintln(out, strings.Join(parts, " "))
\t\t}
\t}
}
`;
