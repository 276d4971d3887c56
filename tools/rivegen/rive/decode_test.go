package rive

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// A reader for what Encode writes, used only by the tests. It follows the
// runtime's rules independently of the writer: each property's encoding comes
// from the file's own table of contents, so a wrong ToC shows up as a decode
// failure or a wrong value.

type reader struct {
	b   []byte
	pos int
}

var errShort = errors.New("unexpected end of data")

func (r *reader) varuint() (uint64, error) {
	var v uint64
	for shift := 0; ; shift += 7 {
		if r.pos >= len(r.b) {
			return 0, errShort
		}
		c := r.b[r.pos]
		r.pos++
		if shift == 63 && c > 1 {
			return 0, errors.New("varuint overflows 64 bits")
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, nil
		}
	}
}

func (r *reader) uint32() (uint32, error) {
	if r.pos+4 > len(r.b) {
		return 0, errShort
	}
	v := binary.LittleEndian.Uint32(r.b[r.pos:])
	r.pos += 4
	return v, nil
}

func (r *reader) float32() (float32, error) {
	v, err := r.uint32()
	return math.Float32frombits(v), err
}

func (r *reader) string() (string, error) {
	n, err := r.varuint()
	if err != nil {
		return "", err
	}
	if r.pos+int(n) > len(r.b) {
		return "", errShort
	}
	s := string(r.b[r.pos : r.pos+int(n)])
	r.pos += int(n)
	return s, nil
}

type header struct {
	major, minor, fileID uint64
	toc                  map[PropKey]Backing
	tocOrder             []PropKey
}

type decoded struct {
	header  header
	objects []Object
}

func decode(b []byte) (decoded, error) {
	if len(b) < 4 || string(b[:4]) != Fingerprint {
		return decoded{}, errors.New("no RIVE fingerprint")
	}
	r := &reader{b: b, pos: 4}
	h, err := r.header()
	if err != nil {
		return decoded{}, fmt.Errorf("header: %w", err)
	}
	d := decoded{header: h}
	for r.pos < len(b) {
		o, err := r.object(h.toc)
		if err != nil {
			return decoded{}, fmt.Errorf("object %d: %w", len(d.objects), err)
		}
		d.objects = append(d.objects, o)
	}
	return d, nil
}

func (r *reader) header() (header, error) {
	h := header{toc: map[PropKey]Backing{}}
	for _, dst := range []*uint64{&h.major, &h.minor, &h.fileID} {
		v, err := r.varuint()
		if err != nil {
			return h, err
		}
		*dst = v
	}
	for {
		k, err := r.varuint()
		if err != nil {
			return h, err
		}
		if k == 0 {
			break
		}
		h.tocOrder = append(h.tocOrder, PropKey(k))
	}
	// As the runtime does: a new word before the 1st, 5th, 9th… key.
	var word uint32
	for i, k := range h.tocOrder {
		if i%4 == 0 {
			w, err := r.uint32()
			if err != nil {
				return h, err
			}
			word = w
		}
		h.toc[k] = Backing(word >> (2 * (i % 4)) & 3)
	}
	return h, nil
}

func (r *reader) object(toc map[PropKey]Backing) (Object, error) {
	t, err := r.varuint()
	if err != nil {
		return Object{}, err
	}
	o := Object{Type: TypeKey(t)}
	for {
		k, err := r.varuint()
		if err != nil {
			return o, err
		}
		if k == 0 {
			return o, nil
		}
		b, ok := toc[PropKey(k)]
		if !ok {
			return o, fmt.Errorf("key %d is not in the table of contents", k)
		}
		v, err := r.value(b)
		if err != nil {
			return o, fmt.Errorf("key %d: %w", k, err)
		}
		o.Props = append(o.Props, P(PropKey(k), v))
	}
}

func (r *reader) value(b Backing) (Value, error) {
	switch b {
	case BackingUint:
		v, err := r.varuint()
		return Uint(v), err
	case BackingString:
		v, err := r.string()
		return String(v), err
	case BackingFloat:
		v, err := r.float32()
		return Float(v), err
	default:
		v, err := r.uint32()
		return Color(v), err
	}
}
