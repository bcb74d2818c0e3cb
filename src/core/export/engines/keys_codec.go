// The Go engine of the key builders (code export), third of three files: keys as bytes (the
// delimited, singleton and ordered-code encodings, the salt), parsing them back, and query
// ranges (see keys.go for how the three files make one engine).
package engine

import (
	"bytes"
	"fmt"
	"sort"
)

// The spec of one table, written by the generator before the engine (placeholders here).
const encoding = 0

var delimiter = []byte{}
var segments = []segSpec{}
var fields = []fieldSpec{}

// ---- engine: copied from here to the end of the file ----

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
