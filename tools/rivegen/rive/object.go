package rive

import (
	"errors"
	"fmt"
)

// Errors Encode can return.
var (
	ErrUnknownProperty = errors.New("rive: unknown property key")
	ErrWrongBacking    = errors.New("rive: value does not match the property's encoding")
	ErrInvalid         = errors.New("rive: invalid object graph")
)

// Value is a property value; its Go type decides the wire encoding.
type Value interface {
	Backing() Backing
	write(w *Writer)
}

// Uint is a varuint value (uint, Id, enum fields).
type Uint uint64

// Float is a float32 value (the defs' "double").
type Float float32

// Color is an 0xAARRGGBB colour.
type Color uint32

// String is a UTF-8 string.
type String string

// Bool is a one-byte boolean; the ToC lists it as uint.
type Bool bool

func (Uint) Backing() Backing   { return BackingUint }
func (Float) Backing() Backing  { return BackingFloat }
func (Color) Backing() Backing  { return BackingColor }
func (String) Backing() Backing { return BackingString }
func (Bool) Backing() Backing   { return BackingUint }

func (v Uint) write(w *Writer)   { w.Varuint(uint64(v)) }
func (v Float) write(w *Writer)  { w.Float32(float32(v)) }
func (v Color) write(w *Writer)  { w.Color(uint32(v)) }
func (v String) write(w *Writer) { w.String(string(v)) }
func (v Bool) write(w *Writer)   { w.Bool(bool(v)) }

// Prop is one property of an object.
type Prop struct {
	Key   PropKey
	Value Value
}

// P makes a Prop.
func P(key PropKey, v Value) Prop { return Prop{Key: key, Value: v} }

// Object is one record of the object stream.
type Object struct {
	Type  TypeKey
	Props []Prop
}

// Get returns the value of key, if the object has it.
func (o Object) Get(key PropKey) (Value, bool) {
	for _, p := range o.Props {
		if p.Key == key {
			return p.Value, true
		}
	}
	return nil, false
}

// writeObject writes typeKey, then (key, value) pairs, then a 0 key. A value
// written with the wrong encoding would shift every later byte, so it is
// refused rather than written.
func writeObject(w *Writer, o Object) error {
	w.Varuint(uint64(o.Type))
	for _, p := range o.Props {
		want, ok := backings[p.Key]
		if !ok {
			return fmt.Errorf("%w %d on type %d", ErrUnknownProperty, p.Key, o.Type)
		}
		if p.Value == nil || p.Value.Backing() != want {
			return fmt.Errorf("%w: key %d on type %d", ErrWrongBacking, p.Key, o.Type)
		}
		w.Varuint(uint64(p.Key))
		p.Value.write(w)
	}
	w.Varuint(0)
	return nil
}
