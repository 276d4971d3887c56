package rive

// LoopMode says what an animation does at its end.
type LoopMode uint

// Loop modes. OneShot is the defs' default: it plays once and stops.
const (
	OneShot  LoopMode = 0
	Loop     LoopMode = 1
	PingPong LoopMode = 2
)

// Interp is how a keyframe moves to the next one.
type Interp struct {
	kind  uint
	cubic ID
}

// Interpolations. Hold (the defs' default) jumps at the next keyframe, which
// is rarely wanted, so every key names its interpolation.
var (
	Hold   = Interp{kind: 0}
	Linear = Interp{kind: 1}
)

// Eased interpolates along the curve that Artboard.Cubic returned.
func Eased(curve ID) Interp { return Interp{kind: 2, cubic: curve} }

// Key is a keyframe of a float property: at Frame the property is Value, and
// it moves to the next key by Interp.
type Key struct {
	Frame  uint
	Value  float32
	Interp Interp
}

// ColorKey is a keyframe of a SolidColor's colour.
type ColorKey struct {
	Frame  uint
	Value  Color
	Interp Interp
}

// Animation is a LinearAnimation: keyframed properties of the artboard's
// components over Duration frames at FPS frames per second.
type Animation struct {
	Name          string
	FPS, Duration uint
	Loop          LoopMode

	index   int
	objects []*keyedObject
}

type keyedObject struct {
	id    ID
	props []*keyedProp
}

type keyedProp struct {
	key    PropKey
	frames []keyFrame
}

type keyFrame struct {
	frame  uint
	value  Value
	interp Interp
}

// Animation adds a linear animation. Its index (creation order) is what a
// state machine's AnimationState refers to.
func (a *Artboard) Animation(name string, fps, duration uint, loop LoopMode) *Animation {
	an := &Animation{Name: name, FPS: fps, Duration: duration, Loop: loop, index: len(a.animations)}
	a.animations = append(a.animations, an)
	return an
}

// Float keys a float property (x, y, rotation, scale, opacity, path size,
// trim end…) of object obj.
func (an *Animation) Float(obj ID, key PropKey, keys ...Key) {
	p := an.prop(obj, key)
	for _, k := range keys {
		p.frames = append(p.frames, keyFrame{frame: k.Frame, value: Float(k.Value), interp: k.Interp})
	}
}

// Color keys the colour of a SolidColor (the id Fill or Stroke returned).
func (an *Animation) Color(solidColor ID, keys ...ColorKey) {
	p := an.prop(solidColor, PropColorValue)
	for _, k := range keys {
		p.frames = append(p.frames, keyFrame{frame: k.Frame, value: k.Value, interp: k.Interp})
	}
}

// prop finds or makes the KeyedProperty, so all keys of one object end up
// under a single KeyedObject as the format requires.
func (an *Animation) prop(obj ID, key PropKey) *keyedProp {
	var ko *keyedObject
	for _, o := range an.objects {
		if o.id == obj {
			ko = o
		}
	}
	if ko == nil {
		ko = &keyedObject{id: obj}
		an.objects = append(an.objects, ko)
	}
	for _, p := range ko.props {
		if p.key == key {
			return p
		}
	}
	p := &keyedProp{key: key}
	ko.props = append(ko.props, p)
	return p
}

func (an *Animation) objectsOut() []Object {
	// Written even at their defaults: timing is the point of the object.
	ps := []Prop{P(PropAnimationName, String(an.Name)), P(PropFPS, Uint(an.FPS)),
		P(PropDuration, Uint(an.Duration)), P(PropLoop, Uint(an.Loop))}
	out := []Object{{Type: TypeLinearAnimation, Props: ps}}
	for _, ko := range an.objects {
		out = append(out, Object{Type: TypeKeyedObject, Props: []Prop{P(PropKeyedObjectID, Uint(ko.id))}})
		for _, kp := range ko.props {
			out = append(out, Object{Type: TypeKeyedProperty, Props: []Prop{P(PropKeyedPropertyKey, Uint(kp.key))}})
			for _, f := range kp.frames {
				out = append(out, f.object())
			}
		}
	}
	return out
}

func (f keyFrame) object() Object {
	t, valueKey := TypeKeyFrameDouble, PropKeyFrameDoubleValue
	if f.value.Backing() == BackingColor {
		t, valueKey = TypeKeyFrameColor, PropKeyFrameColorValue
	}
	ps := props{}.uint(PropFrame, uint64(f.frame), 0).uint(PropInterpolationType, uint64(f.interp.kind), 0)
	if f.interp.kind == 2 {
		ps = append(ps, P(PropInterpolatorID, Uint(f.interp.cubic)))
	}
	return Object{Type: t, Props: append(ps, P(valueKey, f.value))}
}
