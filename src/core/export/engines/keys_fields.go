// The Go engine of the key builders (code export), second of three files: field values as bytes
// and back (see keys.go for how the three files make one engine).
package engine

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ---- engine: copied from here to the end of the file ----

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
