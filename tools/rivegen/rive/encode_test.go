package rive

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// sample builds a small artboard using every helper once.
func sample() *Artboard {
	a := NewArtboard("Demo", 300, 200)
	ease := a.Cubic(0.34, 1.56, 0.64, 1)
	dot := a.Shape(ArtboardID, "dot", 150, 100, P(PropOpacity, Float(0.5)))
	a.Ellipse(dot, 70, 70)
	color := a.Fill(dot, 0xFF6366F1)
	group := a.Node(ArtboardID, "group", 10, 20, P(PropRotation, Float(0.5)))
	card := a.Shape(group, "card", 0, 0)
	a.Rectangle(card, 100, 60, 12)
	a.Star(card, 20, 20, 4, 0.3)
	tick := a.Shape(group, "tick", 5, 5)
	a.Polyline(tick, false, Point{-6, 0}, Point{-2, 5}, Point{7, -6})
	stroke, _ := a.Stroke(tick, 0xFFFFFFFF, 3, CapRound, JoinRound)
	trim := a.TrimPath(stroke, 0, 0)

	an := a.Animation("idle", 60, 120, Loop)
	an.Float(dot, PropScaleX, Key{0, 0.8, Eased(ease)}, Key{60, 1.25, Eased(ease)}, Key{120, 0.8, Linear})
	an.Color(color, ColorKey{0, 0xFF6366F1, Linear}, ColorKey{120, 0xFF8B5CF6, Linear})
	an.Float(dot, PropScaleY, Key{0, 0.8, Linear}, Key{120, 1, Linear})
	an.Float(trim, PropTrimEnd, Key{0, 0, Linear}, Key{30, 1, Hold})
	a.PlayOnLoad("State Machine 1", "Layer 1", an)
	return a
}

func mustEncode(t *testing.T, boards ...*Artboard) decoded {
	t.Helper()
	b, err := Encode(boards...)
	if err != nil {
		t.Fatal(err)
	}
	d, err := decode(b)
	if err != nil {
		t.Fatalf("decode what Encode wrote: %v", err)
	}
	return d
}

func TestEncode_HeaderHasFingerprintVersionAndToC(t *testing.T) {
	b, err := Encode(sample())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte{'R', 'I', 'V', 'E', 7, 0, 0}) {
		t.Fatalf("file starts % x", b[:8])
	}
	d := mustEncode(t, sample())
	if d.header.major != 7 {
		t.Fatalf("major %d", d.header.major)
	}
	// The ToC lists every key the objects use, once, with its encoding.
	seen := map[PropKey]bool{}
	for _, o := range d.objects {
		for _, p := range o.Props {
			seen[p.Key] = true
		}
	}
	if len(d.header.tocOrder) != len(seen) {
		t.Fatalf("ToC lists %d keys, objects use %d", len(d.header.tocOrder), len(seen))
	}
	for k := range seen {
		if got, want := d.header.toc[k], backings[k]; got != want {
			t.Errorf("ToC says key %d is backed by %d, want %d", k, got, want)
		}
	}
}

func TestEncode_ToCPacksFourKeysPerWord(t *testing.T) {
	// Five keys: uint, string, float, colour, float → two words.
	a := NewArtboard("ab", 1, 2)
	a.Fill(ArtboardID, 0xFF000000)
	b, err := Encode(a)
	if err != nil {
		t.Fatal(err)
	}
	// Keys used: 4 name(string) 5 parentId(uint) 7 width(float) 8 height(float) 37 colour.
	wantKeys := []byte{4, 5, 7, 8, 37, 0}
	head := b[7:]
	if !bytes.HasPrefix(head, wantKeys) {
		t.Fatalf("ToC keys % x", head[:8])
	}
	words := head[len(wantKeys) : len(wantKeys)+8]
	// word 1: string(1) | uint(0)<<2 | float(2)<<4 | float(2)<<6 = 0xa1; word 2: colour(3).
	if want := []byte{0xa1, 0, 0, 0, 3, 0, 0, 0}; !bytes.Equal(words, want) {
		t.Fatalf("ToC words % x, want % x", words, want)
	}
}

func TestEncode_ObjectOrderFollowsTheImporter(t *testing.T) {
	d := mustEncode(t, sample())
	var types []TypeKey
	for _, o := range d.objects {
		types = append(types, o.Type)
	}
	want := []TypeKey{
		TypeBackboard, TypeArtboard,
		TypeCubicEaseInterpolator, TypeShape, TypeEllipse, TypeFill, TypeSolidColor,
		TypeNode, TypeShape, TypeRectangle, TypeStar,
		TypeShape, TypePointsPath, TypeStraightVertex, TypeStraightVertex, TypeStraightVertex,
		TypeStroke, TypeSolidColor, TypeTrimPath,
		TypeLinearAnimation,
		TypeKeyedObject, TypeKeyedProperty, TypeKeyFrameDouble, TypeKeyFrameDouble, TypeKeyFrameDouble,
		TypeKeyedProperty, TypeKeyFrameDouble, TypeKeyFrameDouble,
		TypeKeyedObject, TypeKeyedProperty, TypeKeyFrameColor, TypeKeyFrameColor,
		TypeKeyedObject, TypeKeyedProperty, TypeKeyFrameDouble, TypeKeyFrameDouble,
		TypeStateMachine, TypeStateMachineLayer,
		TypeEntryState, TypeStateTransition, TypeAnyState, TypeExitState, TypeAnimationState,
	}
	if !reflect.DeepEqual(types, want) {
		t.Fatalf("types\n got %v\nwant %v", types, want)
	}
}

// localIDs maps each artboard component to its artboard-local id: the
// artboard is 0, the next object 1, up to the first animation.
func localIDs(d decoded) []Object {
	var out []Object
	for _, o := range d.objects[1:] { // skip the Backboard
		if o.Type == TypeLinearAnimation {
			break
		}
		out = append(out, o)
	}
	return out
}

func TestEncode_ReferencesUseArtboardLocalIDs(t *testing.T) {
	d := mustEncode(t, sample())
	byID := localIDs(d)
	parentType := func(o Object) TypeKey {
		v, _ := o.Get(PropParentID)
		return byID[v.(Uint)].Type
	}
	allowed := map[TypeKey][]TypeKey{
		TypeEllipse: {TypeShape}, TypeRectangle: {TypeShape}, TypeStar: {TypeShape}, TypePointsPath: {TypeShape},
		TypeFill: {TypeShape}, TypeStroke: {TypeShape}, TypeSolidColor: {TypeFill, TypeStroke},
		TypeStraightVertex: {TypePointsPath}, TypeTrimPath: {TypeStroke},
		TypeShape: {TypeArtboard, TypeNode}, TypeNode: {TypeArtboard},
	}
	for id, o := range byID[1:] {
		if want, ok := allowed[o.Type]; ok && !slices.Contains(want, parentType(o)) {
			t.Errorf("component %d (a %d) has a %d as parent, want one of %v", id+1, o.Type, parentType(o), want)
		}
	}
	// Keyed objects and easing point at the right components.
	for _, o := range d.objects {
		switch o.Type {
		case TypeKeyedObject:
			v, _ := o.Get(PropKeyedObjectID)
			if got := byID[v.(Uint)].Type; got != TypeShape && got != TypeSolidColor && got != TypeTrimPath {
				t.Errorf("keyed object %d is a %d", v, got)
			}
		case TypeKeyFrameDouble:
			if v, ok := o.Get(PropInterpolatorID); ok && byID[v.(Uint)].Type != TypeCubicEaseInterpolator {
				t.Errorf("keyframe eases by a %d", byID[v.(Uint)].Type)
			}
		}
	}
}

func TestEncode_ValuesRoundTrip(t *testing.T) {
	d := mustEncode(t, sample())
	byID := localIDs(d)
	art := byID[0]
	if n, _ := art.Get(PropName); n != String("Demo") {
		t.Errorf("artboard name %v", n)
	}
	if w, _ := art.Get(PropWidth); w != Float(300) {
		t.Errorf("artboard width %v", w)
	}
	if sm, ok := art.Get(PropDefaultStateMachineID); !ok || sm != Uint(0) {
		t.Errorf("defaultStateMachineId %v %v", sm, ok)
	}
	dot := byID[2]
	want := []Prop{P(PropName, String("dot")), P(PropParentID, Uint(0)), P(PropX, Float(150)), P(PropY, Float(100)), P(PropOpacity, Float(0.5))}
	if !reflect.DeepEqual(dot.Props, want) {
		t.Errorf("dot props %v, want %v", dot.Props, want)
	}
	if c, _ := byID[5].Get(PropColorValue); c != Color(0xFF6366F1) {
		t.Errorf("fill colour %v", c)
	}
	if pts, _ := byID[9].Get(PropPolygonPoints); pts != Uint(4) {
		t.Errorf("star points %v", pts)
	}
	if mode, _ := byID[17].Get(PropTrimMode); mode != Uint(1) {
		t.Errorf("trim mode %v (0 is rejected by the runtime)", mode)
	}
	anim := d.objects[len(byID)+1]
	wantAnim := []Prop{P(PropAnimationName, String("idle")), P(PropFPS, Uint(60)), P(PropDuration, Uint(120)), P(PropLoop, Uint(1))}
	if !reflect.DeepEqual(anim.Props, wantAnim) {
		t.Errorf("animation props %v", anim.Props)
	}
	// The second keyframe: frame 60, cubic easing by interpolator 1, value 1.25.
	kf := d.objects[len(byID)+1+4]
	wantKF := []Prop{P(PropFrame, Uint(60)), P(PropInterpolationType, Uint(2)), P(PropInterpolatorID, Uint(1)), P(PropKeyFrameDoubleValue, Float(1.25))}
	if !reflect.DeepEqual(kf.Props, wantKF) {
		t.Errorf("keyframe props %v", kf.Props)
	}
}

func TestEncode_StateMachineEntersTheAnimation(t *testing.T) {
	d := mustEncode(t, sample())
	tail := d.objects[len(d.objects)-7:]
	if n, _ := tail[0].Get(PropAnimationName); n != String("State Machine 1") {
		t.Errorf("machine name %v", n)
	}
	if n, _ := tail[1].Get(PropLayerName); n != String("Layer 1") {
		t.Errorf("layer name %v", n)
	}
	// States index 0 entry, 1 any, 2 exit, 3 the animation; the transition
	// after Entry goes to 3, and that state plays animation 0 (written even
	// though 0, since its default means "none").
	if to, _ := tail[3].Get(PropTransitionStateToID); to != Uint(3) {
		t.Errorf("transition goes to %v", to)
	}
	if id, ok := tail[6].Get(PropAnimationStateAnimID); !ok || id != Uint(0) {
		t.Errorf("animation state plays %v (present %v)", id, ok)
	}
}

func TestEncode_RefusesBrokenGraphs(t *testing.T) {
	tests := []struct {
		name  string
		build func(a *Artboard)
		want  error
	}{
		{"parent that does not exist", func(a *Artboard) { a.Shape(9, "x", 0, 0) }, ErrInvalid},
		{"keyframes out of order", func(a *Artboard) {
			s := a.Shape(ArtboardID, "s", 0, 0)
			a.Animation("a", 60, 60, Loop).Float(s, PropX, Key{30, 1, Linear}, Key{10, 2, Linear})
		}, ErrInvalid},
		{"keyframe past the end", func(a *Artboard) {
			s := a.Shape(ArtboardID, "s", 0, 0)
			a.Animation("a", 60, 60, Loop).Float(s, PropX, Key{61, 1, Linear})
		}, ErrInvalid},
		{"easing that is not a curve", func(a *Artboard) {
			s := a.Shape(ArtboardID, "s", 0, 0)
			a.Animation("a", 60, 60, Loop).Float(s, PropX, Key{0, 1, Eased(s)})
		}, ErrInvalid},
		{"keyed object that does not exist", func(a *Artboard) {
			a.Animation("a", 60, 60, Loop).Float(5, PropX, Key{0, 1, Linear})
		}, ErrInvalid},
		{"float keyed on a colour", func(a *Artboard) {
			s := a.Shape(ArtboardID, "s", 0, 0)
			a.Animation("a", 60, 60, Loop).Float(s, PropColorValue, Key{0, 1, Linear})
		}, ErrWrongBacking},
		{"value of the wrong encoding", func(a *Artboard) { a.Add(TypeShape, P(PropX, Uint(3))) }, ErrWrongBacking},
		{"unknown property key", func(a *Artboard) { a.Add(TypeShape, P(999, Uint(3))) }, ErrUnknownProperty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := NewArtboard("bad", 10, 10)
			tt.build(a)
			if _, err := Encode(a); !errors.Is(err, tt.want) {
				t.Fatalf("Encode error %v, want %v", err, tt.want)
			}
		})
	}
}

func TestEncode_IsDeterministic(t *testing.T) {
	a, _ := Encode(sample())
	b, _ := Encode(sample())
	if !bytes.Equal(a, b) {
		t.Fatal("two encodings of the same artboard differ")
	}
}
