package rive

import (
	"encoding/binary"
	"math"
)

// Writer appends values in Rive's wire encoding. Everything is little-endian.
type Writer struct {
	buf []byte
}

// Bytes returns what has been written so far.
func (w *Writer) Bytes() []byte { return w.buf }

// Varuint writes v as LEB128: seven bits per byte, low group first, the high
// bit set on every byte but the last.
func (w *Writer) Varuint(v uint64) {
	for v >= 0x80 {
		w.buf = append(w.buf, byte(v)|0x80)
		v >>= 7
	}
	w.buf = append(w.buf, byte(v))
}

// Float32 writes f as 4 bytes. Rive's defs call these fields "double", but the
// file holds single precision.
func (w *Writer) Float32(f float32) {
	w.buf = binary.LittleEndian.AppendUint32(w.buf, math.Float32bits(f))
}

// Uint32 writes a fixed 4-byte word (the ToC's backing-type words).
func (w *Writer) Uint32(v uint32) {
	w.buf = binary.LittleEndian.AppendUint32(w.buf, v)
}

// Color writes an 0xAARRGGBB colour as a 4-byte word.
func (w *Writer) Color(c uint32) { w.Uint32(c) }

// String writes the UTF-8 byte length as a varuint, then the bytes.
func (w *Writer) String(s string) {
	w.Varuint(uint64(len(s)))
	w.buf = append(w.buf, s...)
}

// Bool writes one byte, 0 or 1.
func (w *Writer) Bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
		return
	}
	w.buf = append(w.buf, 0)
}
