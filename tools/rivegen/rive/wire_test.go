package rive

import (
	"bytes"
	"math"
	"testing"
)

func TestWriter_VaruintIsLEB128(t *testing.T) {
	tests := []struct {
		v    uint64
		want []byte
	}{
		{0, []byte{0x00}},
		{1, []byte{0x01}},
		{127, []byte{0x7f}},
		{128, []byte{0x80, 0x01}},
		{236, []byte{0xec, 0x01}}, // Artboard.defaultStateMachineId: a two-byte key
		{300, []byte{0xac, 0x02}},
		{16383, []byte{0xff, 0x7f}},
		{16384, []byte{0x80, 0x80, 0x01}},
		{math.MaxUint32, []byte{0xff, 0xff, 0xff, 0xff, 0x0f}},
		{math.MaxUint64, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}},
	}
	for _, tt := range tests {
		var w Writer
		w.Varuint(tt.v)
		if !bytes.Equal(w.Bytes(), tt.want) {
			t.Errorf("Varuint(%d) = % x, want % x", tt.v, w.Bytes(), tt.want)
		}
		r := reader{b: w.Bytes()}
		if got, err := r.varuint(); err != nil || got != tt.v || r.pos != len(tt.want) {
			t.Errorf("read back %d: got %d after %d bytes, err %v", tt.v, got, r.pos, err)
		}
	}
}

func TestWriter_Float32IsLittleEndianSinglePrecision(t *testing.T) {
	tests := []struct {
		f    float32
		want []byte
	}{
		{0, []byte{0, 0, 0, 0}},
		{1, []byte{0x00, 0x00, 0x80, 0x3f}},
		{-2.5, []byte{0x00, 0x00, 0x20, 0xc0}},
		{300, []byte{0x00, 0x00, 0x96, 0x43}},
	}
	for _, tt := range tests {
		var w Writer
		w.Float32(tt.f)
		if !bytes.Equal(w.Bytes(), tt.want) {
			t.Errorf("Float32(%v) = % x, want % x", tt.f, w.Bytes(), tt.want)
		}
	}
	for _, f := range []float32{0.1, math.Pi / 2, -1e-7, 1.56, math.MaxFloat32} {
		var w Writer
		w.Float32(f)
		r := reader{b: w.Bytes()}
		if got, err := r.float32(); err != nil || got != f {
			t.Errorf("read back %v: got %v, err %v", f, got, err)
		}
	}
}

func TestWriter_ColorIsARGBWord(t *testing.T) {
	var w Writer
	w.Color(0xFF6366F1)
	// Little-endian: blue, green, red, alpha.
	if want := []byte{0xf1, 0x66, 0x63, 0xff}; !bytes.Equal(w.Bytes(), want) {
		t.Fatalf("Color = % x, want % x", w.Bytes(), want)
	}
	r := reader{b: w.Bytes()}
	if got, _ := r.uint32(); got != 0xFF6366F1 {
		t.Fatalf("read back %#x", got)
	}
}

func TestWriter_StringIsByteLengthThenUTF8(t *testing.T) {
	tests := []struct {
		s    string
		want []byte
	}{
		{"", []byte{0}},
		{"Layer 1", append([]byte{7}, "Layer 1"...)},
		// Length counts bytes, not runes: é is 2 bytes, ✓ is 3.
		{"é✓", []byte{5, 0xc3, 0xa9, 0xe2, 0x9c, 0x93}},
	}
	for _, tt := range tests {
		var w Writer
		w.String(tt.s)
		if !bytes.Equal(w.Bytes(), tt.want) {
			t.Errorf("String(%q) = % x, want % x", tt.s, w.Bytes(), tt.want)
		}
		r := reader{b: w.Bytes()}
		if got, err := r.string(); err != nil || got != tt.s {
			t.Errorf("read back %q: got %q, err %v", tt.s, got, err)
		}
	}
	long := string(bytes.Repeat([]byte("x"), 200))
	var w Writer
	w.String(long)
	if !bytes.Equal(w.Bytes()[:2], []byte{0xc8, 0x01}) || len(w.Bytes()) != 202 {
		t.Fatalf("a 200-byte string needs a two-byte length, got % x…", w.Bytes()[:2])
	}
}

func TestWriter_BoolIsOneByte(t *testing.T) {
	var w Writer
	w.Bool(true)
	w.Bool(false)
	if !bytes.Equal(w.Bytes(), []byte{1, 0}) {
		t.Fatalf("Bool = % x", w.Bytes())
	}
}
