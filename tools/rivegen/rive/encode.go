package rive

import (
	"fmt"
	"slices"
)

// Fingerprint opens every .riv file.
const Fingerprint = "RIVE"

// MajorVersion is the only major the runtime accepts ("Unsupported version"
// otherwise). The minor changes only layout and image behaviour, which these
// files do not use.
const (
	MajorVersion = 7
	MinorVersion = 0
)

// Encode writes a complete .riv file: the header, the Backboard the runtime
// requires first, then each artboard with its components, animations and
// state machines. It checks the object graph first, because the runtime
// reports a broken graph poorly (a wrong parentId can crash the page).
func Encode(boards ...*Artboard) ([]byte, error) {
	objects := []Object{{Type: TypeBackboard}}
	for _, a := range boards {
		if err := a.validate(); err != nil {
			return nil, fmt.Errorf("rive: artboard %q: %w", a.Name, err)
		}
		objects = append(objects, a.objects()...)
	}
	var w Writer
	writeHeader(&w, objects)
	for _, o := range objects {
		if err := writeObject(&w, o); err != nil {
			return nil, err
		}
	}
	return w.Bytes(), nil
}

// writeHeader writes the fingerprint, version, file id and the table of
// contents: every property key used, then their backing codes, 2 bits per key
// and 4 keys per uint32 word (the reader starts a new word after every 4th).
func writeHeader(w *Writer, objects []Object) {
	w.buf = append(w.buf, Fingerprint...)
	w.Varuint(MajorVersion)
	w.Varuint(MinorVersion)
	w.Varuint(0) // file id
	keys := usedKeys(objects)
	for _, k := range keys {
		w.Varuint(uint64(k))
	}
	w.Varuint(0)
	for i := 0; i < len(keys); i += 4 {
		var word uint32
		for j := 0; j < 4 && i+j < len(keys); j++ {
			word |= uint32(backings[keys[i+j]]) << (2 * j)
		}
		w.Uint32(word)
	}
}

func usedKeys(objects []Object) []PropKey {
	var keys []PropKey
	for _, o := range objects {
		for _, p := range o.Props {
			if !slices.Contains(keys, p.Key) {
				keys = append(keys, p.Key)
			}
		}
	}
	slices.Sort(keys)
	return keys
}
