package main

import "github.com/pocket-companion/pocket/tools/rivegen/rive"

// The app's indigo accent (pwa/src/app/styles.css: --accent #4f46e5,
// --accent-soft #eef2ff) with Tailwind's neighbouring indigo and violet
// steps, as 0xAARRGGBB.
const (
	white     rive.Color = 0xFFFFFFFF
	indigo50  rive.Color = 0xFFEEF2FF
	indigo100 rive.Color = 0xFFE0E7FF
	indigo200 rive.Color = 0xFFC7D2FE
	indigo300 rive.Color = 0xFFA5B4FC
	indigo400 rive.Color = 0xFF818CF8
	indigo500 rive.Color = 0xFF6366F1
	indigo600 rive.Color = 0xFF4F46E5
	violet200 rive.Color = 0xFFDDD6FE
	violet300 rive.Color = 0xFFC4B5FD
	violet400 rive.Color = 0xFFA78BFA
	violet500 rive.Color = 0xFF8B5CF6
	// A soft indigo shadow (20% alpha) under the white cards.
	cardShadow rive.Color = 0x334F46E5
)

// Every animation is a 4-second loop at 60 fps on a 300×300 artboard (the
// spec's empty-state size).
const (
	size     = 300
	fps      = 60
	duration = 240
	// stateMachine is the name the PWA passes to the runtime.
	stateMachine = "State Machine 1"
)

// curves are the easing curves both designs use.
type curves struct {
	inOut, out, in, back rive.ID
}

func addCurves(a *rive.Artboard) curves {
	return curves{
		inOut: a.Cubic(0.42, 0, 0.58, 1),
		out:   a.Cubic(0.22, 1, 0.36, 1),
		in:    a.Cubic(0.64, 0, 0.78, 0),
		// Overshoots by ~10% and settles: the bounce of a ticked box.
		back: a.Cubic(0.34, 1.56, 0.64, 1),
	}
}

// key is a keyframe eased by curve.
func key(frame uint, value float32, curve rive.ID) rive.Key {
	return rive.Key{Frame: frame, Value: value, Interp: rive.Eased(curve)}
}

// ckey is a colour keyframe that blends linearly to the next.
func ckey(frame uint, c rive.Color) rive.ColorKey {
	return rive.ColorKey{Frame: frame, Value: c, Interp: rive.Linear}
}

// scale keys scaleX and scaleY of obj together.
func scale(an *rive.Animation, obj rive.ID, keys ...rive.Key) {
	an.Float(obj, rive.PropScaleX, keys...)
	an.Float(obj, rive.PropScaleY, keys...)
}

// sparkle adds a four-point star (a twinkle) centred at x, y.
func sparkle(a *rive.Artboard, name string, x, y, d float32, c rive.Color) rive.ID {
	s := a.Shape(rive.ArtboardID, name, x, y)
	a.Star(s, d, d, 4, 0.3)
	a.Fill(s, c)
	return s
}

// card adds a white rounded card with an indigo outline, and under it a soft
// offset shadow, as children of parent centred on its origin.
func card(a *rive.Artboard, parent rive.ID, w, h float32) {
	body := a.Shape(parent, "card", 0, 0)
	a.Rectangle(body, w, h, 16)
	a.Stroke(body, indigo200, 2, rive.CapRound, rive.JoinRound)
	a.Fill(body, white)
	shadow := a.Shape(parent, "card shadow", 0, 8)
	a.Rectangle(shadow, w, h, 16)
	a.Fill(shadow, cardShadow)
}

// halo adds the soft indigo disc behind everything, breathing slowly.
func halo(a *rive.Artboard, an *rive.Animation, c curves, y float32) {
	disc := a.Shape(rive.ArtboardID, "halo", size/2, y)
	a.Ellipse(disc, 236, 236)
	a.Fill(disc, indigo50)
	scale(an, disc, key(0, 1, c.inOut), key(duration/2, 0.95, c.inOut), key(duration, 1, c.inOut))
}

// bob bobs a group up and down by 6 px over the loop.
func bob(an *rive.Animation, group rive.ID, y float32, c curves) {
	an.Float(group, rive.PropY, key(0, y, c.inOut), key(duration/2, y-6, c.inOut), key(duration, y, c.inOut))
}
