package rive

// machine is the smallest state machine that plays one animation for ever:
// Entry → AnimationState, with the Any and Exit states every layer must have.
type machine struct {
	name, layer string
	animation   int
}

// State indexes within a layer, in the order machine.objects writes them.
const (
	stateEntry = iota
	stateAny
	stateExit
	statePlay
)

// PlayOnLoad adds a state machine named name whose single layer enters the
// animation an at once. The runtime plays the first machine by default, and
// a page can name it explicitly (the supported way in runtime 2.43).
func (a *Artboard) PlayOnLoad(name, layer string, an *Animation) {
	a.machines = append(a.machines, machine{name: name, layer: layer, animation: an.index})
}

func (m machine) objects() []Object {
	return []Object{
		{Type: TypeStateMachine, Props: []Prop{P(PropAnimationName, String(m.name))}},
		{Type: TypeStateMachineLayer, Props: []Prop{P(PropLayerName, String(m.layer))}},
		{Type: TypeEntryState},
		// A transition belongs to the state written just before it.
		{Type: TypeStateTransition, Props: []Prop{P(PropTransitionStateToID, Uint(statePlay))}},
		{Type: TypeAnyState},
		{Type: TypeExitState},
		// animationId defaults to "missing", so 0 is written too.
		{Type: TypeAnimationState, Props: []Prop{P(PropAnimationStateAnimID, Uint(m.animation))}},
	}
}
