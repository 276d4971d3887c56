package rive

// ID is an artboard-local id: the artboard is 0 and each component after it
// counts up from 1. parentId, objectId and interpolatorId all use it. It is
// not the object's index in the file (the Backboard comes first).
type ID uint32

// ArtboardID is the artboard's own local id: the parent of top-level shapes.
const ArtboardID ID = 0

// Artboard collects one artboard's components, animations and state
// machines, in the order the runtime's importer expects them.
type Artboard struct {
	Name          string
	Width, Height float32

	components []Object // local id i+1
	animations []*Animation
	machines   []machine
}

// NewArtboard starts an artboard. Without a Fill on it, its background is
// transparent.
func NewArtboard(name string, width, height float32) *Artboard {
	return &Artboard{Name: name, Width: width, Height: height}
}

// Add appends a component and returns its local id. The typed helpers below
// cover the usual cases; Add is the escape hatch.
func (a *Artboard) Add(t TypeKey, props ...Prop) ID {
	a.components = append(a.components, Object{Type: t, Props: props})
	return ID(len(a.components))
}

// component returns the object with local id id (not the artboard).
func (a *Artboard) component(id ID) (Object, bool) {
	if id == ArtboardID || int(id) > len(a.components) {
		return Object{}, false
	}
	return a.components[id-1], true
}

// objects is the artboard's slice of the object stream: the artboard, its
// components, then animations, then state machines.
func (a *Artboard) objects() []Object {
	head := []Prop{P(PropName, String(a.Name)), P(PropWidth, Float(a.Width)), P(PropHeight, Float(a.Height))}
	if len(a.machines) > 0 {
		head = append(head, P(PropDefaultStateMachineID, Uint(0)))
	}
	out := []Object{{Type: TypeArtboard, Props: head}}
	out = append(out, a.components...)
	for _, an := range a.animations {
		out = append(out, an.objectsOut()...)
	}
	for _, m := range a.machines {
		out = append(out, m.objects()...)
	}
	return out
}

// props builds a property list, leaving out values equal to the defs'
// defaults as the editor does (smaller files, same meaning).
type props []Prop

func (ps props) float(key PropKey, v, def float32) props {
	if v == def {
		return ps
	}
	return append(ps, P(key, Float(v)))
}

func (ps props) uint(key PropKey, v, def uint64) props {
	if v == def {
		return ps
	}
	return append(ps, P(key, Uint(v)))
}

func (ps props) name(n string) props {
	if n == "" {
		return ps
	}
	return append(ps, P(PropName, String(n)))
}
