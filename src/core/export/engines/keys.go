// The Go engine of the key builders (code export), first of three files: errors, bytes,
// integers and time arithmetic. Every generated Go file (code-go.ts) holds, after its package
// clause and imports, the lines after "engine: copied from here" of keys.go, keys_fields.go and
// keys_codec.go in that order (engine-source.ts joins them); the lines above the markers only
// make the three files one package that gofmt, go vet and go build accept on their own. The
// engine mirrors src/core/keys (values.ts, orderedcode.ts, codec.ts) and
// src/core/export/ranges.ts byte for byte; code.test.ts runs it against them. The numbers it
// compares (field kinds, units, buckets, steps, roles) are the tables of code.ts (KIND, UNIT,
// BUCKET, ENCODING, STEP, END, ROLE).
package engine

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

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
	flipLengthBits(out, n)
	return out
}

// flipLengthBits flips the n leading bits of an n-byte ordered int (the sign and the length):
// the same flip encodes and decodes.
func flipLengthBits(b []byte, n int) {
	if n >= 8 {
		b[0] ^= 0xff
	} else {
		b[0] ^= byte((int(0xff00) >> uint(n)) & 0xff)
	}
	if n > 8 {
		b[1] ^= byte((int(0xff00) >> uint(n-8)) & 0xff)
	}
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
	flipLengthBits(buf, n)
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
