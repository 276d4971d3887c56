package rive

import "fmt"

// validate checks what the runtime needs but reports badly: references to
// existing components, keyframes in order and within the animation.
func (a *Artboard) validate() error {
	for i, c := range a.components {
		if v, ok := c.Get(PropParentID); ok {
			if p := ID(v.(Uint)); p != ArtboardID && int(p) > len(a.components) {
				return fmt.Errorf("%w: component %d has parent %d, which does not exist", ErrInvalid, i+1, p)
			}
		}
	}
	for _, an := range a.animations {
		if err := a.validateAnimation(an); err != nil {
			return fmt.Errorf("animation %q: %w", an.Name, err)
		}
	}
	return nil
}

func (a *Artboard) validateAnimation(an *Animation) error {
	if an.FPS == 0 || an.Duration == 0 {
		return fmt.Errorf("%w: fps and duration must be positive", ErrInvalid)
	}
	for _, ko := range an.objects {
		if _, ok := a.component(ko.id); !ok {
			return fmt.Errorf("%w: keyed object %d does not exist", ErrInvalid, ko.id)
		}
		for _, kp := range ko.props {
			if err := a.validateFrames(an, kp); err != nil {
				return fmt.Errorf("object %d key %d: %w", ko.id, kp.key, err)
			}
		}
	}
	return nil
}

func (a *Artboard) validateFrames(an *Animation, kp *keyedProp) error {
	want, ok := backings[kp.key]
	if !ok {
		return fmt.Errorf("%w %d", ErrUnknownProperty, kp.key)
	}
	for i, f := range kp.frames {
		if f.value.Backing() != want {
			return fmt.Errorf("%w: keyframe %d", ErrWrongBacking, i)
		}
		if f.frame > an.Duration || (i > 0 && f.frame <= kp.frames[i-1].frame) {
			return fmt.Errorf("%w: keyframe at %d is out of order or past frame %d", ErrInvalid, f.frame, an.Duration)
		}
		if f.interp.kind == 2 {
			if c, ok := a.component(f.interp.cubic); !ok || c.Type != TypeCubicEaseInterpolator {
				return fmt.Errorf("%w: keyframe at %d eases by %d, not a cubic interpolator", ErrInvalid, f.frame, f.interp.cubic)
			}
		}
	}
	return nil
}
