// The Go engine of the key builders (code export). Everything after the line "engine: copied
// from here" is copied verbatim into every generated Go file (code-go.ts), after the generated
// package clause and imports; the lines above it only make this file a package that gofmt, go
// vet and go build accept on their own. It mirrors src/core/keys (values.ts, orderedcode.ts,
// codec.ts) and src/core/export/ranges.ts byte for byte; code.test.ts runs it against them. The
// numbers it compares (field kinds, units, buckets, steps, roles) are the tables of code.ts
// (KIND, UNIT, BUCKET, ENCODING, STEP, END, ROLE).
package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The spec of one table, written by the generator before the engine (placeholders here).
const encoding = 0

var delimiter = []byte{}
var segments = []segSpec{}
var fields = []fieldSpec{}

// ---- engine: copied from here to the end of the file ----
// KeyRange is rows [Start, End); End nil means to the end of the table.
type KeyRange struct {
	Start []byte
	End   []byte
}

type keyError struct{ msg string }

func (e keyError) Error() string { return e.msg }

func fail(msg string) { panic(keyError{msg}) }

func catch(err *error) {
	if r := recover(); r != nil {
		if k, ok := r.(keyError); ok {
			*err = k
			return
		}
		panic(r)
	}
}

type fieldSpec struct {
	name                                 string
	kind, length, enc, pad, unit, bucket int
	rev, iso                             bool
	buckets                              int64
	of                                   []int
}

type segSpec struct {
	prefix, suffix []byte
	field          int
}

type querySpec struct {
	steps  [][4]int64
	end    [3]int
	params [][2]int
}

const longMax = int64(math.MaxInt64)
const day = int64(86400000)

var (
	decimalRe = regexp.MustCompile(`^-?[0-9]+$`)
	uuidRe    = regexp.MustCompile(`(?i)^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	isoRe     = regexp.MustCompile(`^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{3}|\d{6}))?Z)?)?)?)?$`)
)

func text(b []byte, name string) string {
	if !utf8.Valid(b) {
		fail("field " + name + " is not valid UTF-8")
	}
	return string(b)
}

func concat(parts ...[]byte) []byte {
	out := []byte{}
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Successor is the smallest key after every key that starts with p (nil: none, read to the end).
func Successor(p []byte) []byte {
	end := len(p)
	for end > 0 && p[end-1] == 0xff {
		end--
	}
	if end == 0 {
		return nil
	}
	out := append([]byte{}, p[:end]...)
	out[end-1]++
	return out
}

func asText(v interface{}, name string) string {
	s, ok := v.(string)
	if !ok {
		fail("field " + name + " needs text")
	}
	return s
}

func asInt(v interface{}, name string) int64 {
	n, ok := v.(int64)
	if !ok {
		fail("field " + name + " needs an int64")
	}
	return n
}

func padDecimal(v int64, pad int) string {
	s := strconv.FormatInt(v, 10)
	neg := strings.HasPrefix(s, "-")
	digits := strings.TrimPrefix(s, "-")
	for len(digits) < pad {
		digits = "0" + digits
	}
	if neg {
		return "-" + digits
	}
	return digits
}

func parseDecimal(s, name string) int64 {
	if !decimalRe.MatchString(s) {
		fail("field " + name + ": \"" + s + "\" is not a decimal integer")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		fail("field " + name + ": " + s + " does not fit in an int64")
	}
	return n
}

func bigEndian(v int64) []byte {
	out := make([]byte, 8)
	binary.BigEndian.PutUint64(out, uint64(v))
	return out
}

// orderedInt is Bigtable's Int64 OrderedCodeBytes: 1-10 bytes, order-preserving.
func orderedInt(v int64) []byte {
	m := v
	if v < 0 {
		m = ^v
	}
	n := (64 - bits.LeadingZeros64(uint64(m)) + 7) / 7
	out := make([]byte, n)
	for i := n - 1; i >= 0; i-- {
		out[i] = byte(v >> uint(8*(n-1-i)))
	}
	if n >= 8 {
		out[0] ^= 0xff
	} else {
		out[0] ^= byte((int(0xff00) >> uint(n)) & 0xff)
	}
	if n > 8 {
		out[1] ^= byte((int(0xff00) >> uint(n-8)) & 0xff)
	}
	return out
}

func fromOrderedInt(b []byte, at int) (int64, int, bool) {
	if at >= len(b) {
		return 0, 0, false
	}
	b0 := int(b[at])
	neg := b0&0x80 == 0
	next := 0
	if at+1 < len(b) {
		next = int(b[at+1])
	} else if neg {
		next = 0xff
	}
	word := (b0<<8 | next)
	if neg {
		word ^= 0xffff
	}
	n := 0
	for n < 16 && word&(0x8000>>uint(n)) != 0 {
		n++
	}
	if n < 1 || n > 10 || at+n > len(b) {
		return 0, 0, false
	}
	buf := append([]byte{}, b[at:at+n]...)
	if n >= 8 {
		buf[0] ^= 0xff
	} else {
		buf[0] ^= byte((int(0xff00) >> uint(n)) & 0xff)
	}
	if n > 8 {
		buf[1] ^= byte((int(0xff00) >> uint(n-8)) & 0xff)
	}
	value := new(big.Int).SetBytes(buf)
	if buf[0]&0x80 != 0 {
		value.Sub(value, new(big.Int).Lsh(big.NewInt(1), uint(8*n)))
	}
	if !value.IsInt64() || len(orderedInt(value.Int64())) != n {
		return 0, 0, false
	}
	return value.Int64(), n, true
}

// fnv1a32 is 32-bit FNV-1a, the salt hash (hash/fnv New32a computes the same).
func fnv1a32(b []byte) int64 {
	h := uint32(2166136261)
	for _, x := range b {
		h ^= uint32(x)
		h *= 16777619
	}
	return int64(h)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

var mul = [3]int64{1, 1, 1000}
var div = [3]int64{1000, 1, 1}

func toMs(unit int, v int64) int64    { return floorDiv(v*div[unit], mul[unit]) }
func fromMs(unit int, ms int64) int64 { return floorDiv(ms*mul[unit], div[unit]) }

func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + d - 1
	return era*146097 + yoe*365 + yoe/4 - yoe/100 + doy - 719468
}

func civilFromDays(z int64) (int64, int64, int64) {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if mp >= 10 {
		m = mp - 9
	}
	y := yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

// bucketStart rounds down to the start of the bucket (UTC; weeks start on Monday).
func bucketStart(f *fieldSpec, v int64) int64 {
	if f.bucket == 0 {
		return v
	}
	ms := toMs(f.unit, v)
	var start int64
	switch f.bucket {
	case 1:
		start = floorDiv(ms, 60000) * 60000
	case 2:
		start = floorDiv(ms, 3600000) * 3600000
	case 3:
		start = floorDiv(ms, day) * day
	case 4:
		days := floorDiv(ms, day)
		start = (days - floorMod(days+3, 7)) * day
	default:
		y, m, _ := civilFromDays(floorDiv(ms, day))
		start = daysFromCivil(y, m, 1) * day
	}
	return fromMs(f.unit, start)
}

func isoText(f *fieldSpec, v int64) string {
	ms := toMs(f.unit, v)
	days := floorDiv(ms, day)
	rem := ms - days*day
	y, mo, d := civilFromDays(days)
	if y < 0 || y > 9999 {
		fail(fmt.Sprintf("ISO years have four digits, not %d", y))
	}
	date := fmt.Sprintf("%04d-%02d-%02d", y, mo, d)
	hh, mi := fmt.Sprintf("%02d", rem/3600000), fmt.Sprintf("%02d", rem/60000%60)
	switch f.bucket {
	case 5:
		return date[:7]
	case 4, 3:
		return date
	case 2:
		return date + "T" + hh
	case 1:
		return date + "T" + hh + ":" + mi
	}
	base := date + "T" + hh + ":" + mi + ":" + fmt.Sprintf("%02d", rem/1000%60)
	if f.unit == 0 {
		return base + "Z"
	}
	if f.unit == 1 {
		return base + fmt.Sprintf(".%03dZ", rem%1000)
	}
	return base + fmt.Sprintf(".%06dZ", floorMod(v, 1000000))
}

func parseIso(f *fieldSpec, s string) (v int64) {
	m := isoRe.FindStringSubmatch(s)
	bad := "field " + f.name + ": \"" + s + "\" is not an ISO time of this field's form"
	if m == nil {
		fail(bad)
	}
	num := func(x string, d int64) int64 {
		if x == "" {
			return d
		}
		n, _ := strconv.ParseInt(x, 10, 64)
		return n
	}
	ms := daysFromCivil(num(m[1], 0), num(m[2], 0), num(m[3], 1))*day + num(m[4], 0)*3600000 + num(m[5], 0)*60000 + num(m[6], 0)*1000
	v = fromMs(f.unit, ms)
	if frac := m[7]; frac != "" && f.unit == 2 {
		v += num((frac + "000")[:6], 0)
	} else if frac != "" && f.unit == 1 {
		v += num(frac[:3], 0)
	}
	again := func() (t string) {
		defer func() {
			if recover() != nil {
				t = ""
			}
		}()
		return isoText(f, v)
	}()
	if again != s {
		fail(bad)
	}
	return v
}

func encodeTimestamp(f *fieldSpec, v0 int64) []byte {
	v := bucketStart(f, v0)
	if f.iso {
		return []byte(isoText(f, v))
	}
	if f.rev && v < 0 {
		fail(fmt.Sprintf("timestamp %d cannot be reversed: it must be between 0 and Long.MAX_VALUE", v))
	}
	stored := v
	if f.rev {
		stored = longMax - v
	}
	if f.enc == 1 {
		return bigEndian(stored)
	}
	if f.rev {
		return []byte(fmt.Sprintf("%019d", stored))
	}
	return []byte(padDecimal(stored, f.pad))
}

func decodeTimestamp(f *fieldSpec, b []byte) int64 {
	if f.iso {
		return parseIso(f, text(b, f.name))
	}
	var stored int64
	if f.enc == 1 {
		if len(b) != 8 {
			fail(fmt.Sprintf("field %s needs 8 bytes, found %d", f.name, len(b)))
		}
		stored = int64(binary.BigEndian.Uint64(b))
	} else {
		s := ""
		if utf8.Valid(b) {
			s = string(b)
		}
		stored = parseDecimal(s, f.name)
	}
	if f.rev {
		return longMax - stored
	}
	return stored
}

func reverseDomain(host string) string {
	labels := strings.Split(host, ".")
	for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
		labels[i], labels[j] = labels[j], labels[i]
	}
	return strings.Join(labels, ".")
}

func encodeField(f *fieldSpec, v interface{}) []byte {
	switch f.kind {
	case 0, 1:
		return []byte(asText(v, f.name))
	case 2:
		t := asText(v, f.name)
		if f.rev {
			t = reverseDomain(t)
		}
		return []byte(t)
	case 3:
		b, ok := v.([]byte)
		if !ok || len(b) != f.length {
			fail(fmt.Sprintf("field %s needs %d bytes", f.name, f.length))
		}
		return b
	case 4:
		n := asInt(v, f.name)
		if f.enc == 1 {
			return bigEndian(n)
		}
		if f.enc == 2 {
			return orderedInt(n)
		}
		return []byte(padDecimal(n, f.pad))
	case 5:
		return encodeTimestamp(f, asInt(v, f.name))
	}
	return []byte(padDecimal(asInt(v, f.name), f.pad))
}

func decodeField(f *fieldSpec, b []byte) interface{} {
	switch f.kind {
	case 0:
		return text(b, f.name)
	case 1:
		t := text(b, f.name)
		if !uuidRe.MatchString(t) {
			fail("field " + f.name + ": \"" + t + "\" is not a UUID")
		}
		return t
	case 2:
		if f.rev {
			return reverseDomain(text(b, f.name))
		}
		return text(b, f.name)
	case 3:
		return append([]byte{}, b...)
	case 4:
		if f.enc == 1 {
			if len(b) != 8 {
				fail(fmt.Sprintf("field %s needs 8 bytes, found %d", f.name, len(b)))
			}
			return int64(binary.BigEndian.Uint64(b))
		}
		if f.enc == 2 {
			v, n, ok := fromOrderedInt(b, 0)
			if !ok || n != len(b) {
				fail("field " + f.name + " is not a valid ordered-code integer")
			}
			return v
		}
		return parseDecimal(text(b, f.name), f.name)
	case 5:
		return decodeTimestamp(f, b)
	}
	return parseDecimal(text(b, f.name), f.name)
}

// fixedWidth is the bytes of a fixed-width value, -2 self-delimiting (ordered code), -1 variable.
func fixedWidth(f *fieldSpec) int {
	switch f.kind {
	case 4:
		if f.enc == 1 {
			return 8
		}
		if f.enc == 2 {
			return -2
		}
	case 5:
		if f.enc == 1 {
			return 8
		}
	case 3:
		return f.length
	case 1:
		return 36
	}
	return -1
}

func escapePart(p []byte, emptyMarker bool) []byte {
	if len(p) == 0 {
		if emptyMarker {
			return []byte{0, 0}
		}
		return []byte{}
	}
	return bytes.ReplaceAll(p, []byte{0}, []byte{0, 0xff})
}

// structJoin is Bigtable's Struct OrderedCodeBytes: 0x00 0x01 between fields, 0x00 escaped, empty as 0x00 0x00.
func structJoin(parts [][]byte) []byte {
	last := len(parts) - 1
	for last >= 0 && len(parts[last]) == 0 {
		last--
	}
	if last < 0 {
		return []byte{0, 0}
	}
	out := []byte{}
	for i := 0; i <= last; i++ {
		if i > 0 {
			out = append(out, 0, 1)
		}
		out = append(out, escapePart(parts[i], true)...)
	}
	return out
}

func structSplit(key []byte, count int) [][]byte {
	out := make([][]byte, count)
	for i := range out {
		out[i] = []byte{}
	}
	if len(key) == 2 && key[0] == 0 && key[1] == 0 {
		return out
	}
	fields := [][]byte{}
	cur := []byte{}
	empty := false
	for i := 0; i < len(key); i++ {
		x := key[i]
		if x != 0 {
			if empty {
				return nil
			}
			cur = append(cur, x)
			continue
		}
		i++
		next := -1
		if i < len(key) {
			next = int(key[i])
		}
		switch {
		case next == 0xff:
			if empty {
				return nil
			}
			cur = append(cur, 0)
		case next == 1:
			if len(cur) == 0 && !empty {
				return nil
			}
			fields = append(fields, cur)
			cur = []byte{}
			empty = false
		case next == 0:
			if len(cur) != 0 {
				return nil
			}
			empty = true
		default:
			return nil
		}
	}
	if len(cur) == 0 && !empty {
		return nil
	}
	fields = append(fields, cur)
	if len(fields) > count {
		return nil
	}
	copy(out, fields)
	return out
}

func saltValue(f *fieldSpec, enc [][]byte) int64 {
	parts := []byte{}
	for k, j := range f.of {
		if k > 0 {
			parts = append(parts, delimiter...)
		}
		parts = append(parts, enc[j]...)
	}
	return fnv1a32(parts) % f.buckets
}

func encodeAll(values []interface{}) [][]byte {
	enc := make([][]byte, len(fields))
	for i := range fields {
		f := &fields[i]
		if f.kind == 6 {
			continue
		}
		if values[i] == nil {
			fail("no value for field " + f.name)
		}
		enc[i] = encodeField(f, values[i])
	}
	for i := range fields {
		if fields[i].kind == 6 {
			enc[i] = encodeField(&fields[i], saltValue(&fields[i], enc))
		}
	}
	return enc
}

func buildKey(values []interface{}) []byte {
	enc := encodeAll(values)
	parts := make([][]byte, len(segments))
	for i, s := range segments {
		var v []byte
		if s.field >= 0 {
			v = enc[s.field]
		}
		parts[i] = concat(s.prefix, v, s.suffix)
	}
	if encoding == 1 {
		return structJoin(parts)
	}
	if encoding == 2 {
		return parts[0]
	}
	return bytes.Join(parts, delimiter)
}

func parseKey(key []byte) []interface{} {
	vals := make([]interface{}, len(fields))
	if encoding == 1 {
		parts := structSplit(key, len(segments))
		if parts == nil {
			fail("not an ordered-code struct key (0x00 0x01 between fields)")
		}
		for i, s := range segments {
			if s.field >= 0 {
				vals[s.field] = decodeField(&fields[s.field], parts[i])
			}
		}
	} else {
		at := 0
		for i, s := range segments {
			last := i == len(segments)-1
			if i > 0 {
				if !bytes.HasPrefix(key[at:], delimiter) {
					fail(fmt.Sprintf("expected the delimiter before segment %d at byte %d", i+1, at))
				}
				at += len(delimiter)
			}
			if !bytes.HasPrefix(key[at:], s.prefix) {
				fail(fmt.Sprintf("segment %d should start with its literal text at byte %d", i+1, at))
			}
			at += len(s.prefix)
			if s.field < 0 {
				continue
			}
			f := &fields[s.field]
			w := fixedWidth(f)
			var end int
			switch {
			case w >= 0:
				end = at + w
			case w == -2:
				_, n, _ := fromOrderedInt(key, at)
				end = at + n
			case last:
				end = len(key) - len(s.suffix)
			default:
				end = bytes.Index(key[at:], concat(s.suffix, delimiter))
				if end >= 0 {
					end += at
				}
			}
			if end < 0 && !last {
				fail("the key ends inside field " + f.name)
			}
			if end < at || end > len(key) || (w == -2 && end == at) {
				fail(fmt.Sprintf("field %s does not fit at byte %d", f.name, at))
			}
			vals[s.field] = decodeField(f, key[at:end])
			at = end
			if !bytes.HasPrefix(key[at:], s.suffix) {
				fail(fmt.Sprintf("segment %d should end with its literal text", i+1))
			}
			at += len(s.suffix)
		}
		if at != len(key) {
			fail(fmt.Sprintf("%d unexpected trailing bytes", len(key)-at))
		}
	}
	enc := encodeAll(vals)
	for i := range fields {
		if fields[i].kind == 6 && !bytes.Equal(encodeField(&fields[i], vals[i]), enc[i]) {
			fail("salt " + fields[i].name + " does not match the hash of its fields")
		}
	}
	return vals
}

func queryRanges(q *querySpec, args []interface{}) []KeyRange {
	eq := make([]interface{}, len(fields))
	prefix := ""
	var from, to interface{}
	for i, p := range q.params {
		switch p[0] {
		case 0:
			eq[p[1]] = args[i]
		case 1:
			prefix = asText(args[i], "prefix")
		case 2:
			from = args[i]
		default:
			to = args[i]
		}
	}
	oc := encoding == 1
	sep := delimiter
	if oc {
		sep = []byte{0, 1}
	}
	piece := func(b []byte, marker bool) []byte {
		if oc {
			return escapePart(b, marker)
		}
		return b
	}
	if q.end[0] == 0 {
		key := buildKey(eq)
		return []KeyRange{{key, concat(key, []byte{0})}}
	}
	combos := [][][]byte{{}}
	for _, st := range q.steps {
		s := segments[st[1]]
		var options [][]byte
		switch st[0] {
		case 0:
			options = [][]byte{s.prefix}
		case 1:
			options = [][]byte{concat(s.prefix, encodeField(&fields[st[2]], eq[st[2]]), s.suffix)}
		case 2:
			f := &fields[st[2]]
			enc := make([][]byte, len(fields))
			for _, j := range f.of {
				enc[j] = encodeField(&fields[j], eq[j])
			}
			options = [][]byte{concat(s.prefix, encodeField(f, saltValue(f, enc)), s.suffix)}
		default:
			if int64(len(combos))*st[3] > 65536 {
				fail("the query would read more than 65536 ranges")
			}
			for b := int64(0); b < st[3]; b++ {
				options = append(options, concat(s.prefix, encodeField(&fields[st[2]], b), s.suffix))
			}
		}
		more := [][][]byte{}
		for _, c := range combos {
			for _, o := range options {
				more = append(more, append(append([][]byte{}, c...), o))
			}
		}
		combos = more
	}
	out := []KeyRange{}
	for _, parts := range combos {
		joined := []byte{}
		for _, p := range parts {
			joined = append(append(joined, piece(p, true)...), sep...)
		}
		if q.end[0] == 1 {
			if len(parts) == 0 {
				out = append(out, KeyRange{[]byte{}, nil})
			} else {
				out = append(out, KeyRange{joined, Successor(joined)})
			}
			continue
		}
		head := segments[q.end[1]].prefix
		if q.end[0] == 2 {
			start := concat(joined, piece(concat(head, []byte(prefix)), false))
			out = append(out, KeyRange{start, Successor(start)})
			continue
		}
		f := &fields[q.end[2]]
		lo, hi := encodeField(f, from), encodeField(f, to)
		if f.kind == 5 && f.rev && !f.iso {
			lo, hi = hi, lo
		}
		out = append(out, KeyRange{concat(joined, piece(concat(head, lo), true)), Successor(concat(joined, piece(concat(head, hi), true)))})
	}
	sort.SliceStable(out, func(i, j int) bool { return bytes.Compare(out[i].Start, out[j].Start) < 0 })
	return out
}
