package main

import (
	"math"

	"github.com/pocket-companion/pocket/tools/rivegen/rive"
)

// noSummarise: a document card whose text lines shimmer in a wave from top
// to bottom while sparkles twinkle around it, "a summary is on its way".
// Frame 0 is a calm, complete picture (all sparkles shown), which is what a
// reduced-motion still shows.
func noSummarise() *rive.Artboard {
	a := rive.NewArtboard("no_summarise", size, size)
	an := a.Animation("loop", fps, duration, rive.Loop)
	c := addCurves(a)

	// Drawn top to bottom: sparkles, the card's contents, the card, the halo.
	summariseSparkles(a, an, c)
	doc := a.Node(rive.ArtboardID, "document", size/2, 158)
	bob(an, doc, 158, c)
	documentLines(a, an, doc)
	card(a, doc, 136, 150)
	halo(a, an, c, 156)

	a.PlayOnLoad(stateMachine, "Layer 1", an)
	return a
}

func summariseSparkles(a *rive.Artboard, an *rive.Animation, c curves) {
	// The big one turns a quarter per loop (a 4-point star looks the same
	// after 90°, so the loop is seamless) and pulses twice.
	big := sparkle(a, "sparkle", 216, 86, 46, violet500)
	an.Float(big, rive.PropRotation, rive.Key{Frame: 0, Value: 0, Interp: rive.Linear},
		rive.Key{Frame: duration, Value: math.Pi / 2, Interp: rive.Linear})
	scale(an, big, key(0, 1, c.inOut), key(60, 0.72, c.inOut), key(120, 1.08, c.inOut),
		key(180, 0.72, c.inOut), key(duration, 1, c.inOut))

	// Two small ones pop out and back in, each at its own time.
	small := sparkle(a, "sparkle small", 84, 98, 24, indigo400)
	scale(an, small, key(0, 1, c.in), key(30, 0, c.in), key(140, 0, c.back), key(170, 1, c.inOut), key(duration, 1, c.inOut))
	tiny := sparkle(a, "sparkle tiny", 234, 214, 18, violet400)
	scale(an, tiny, key(0, 0.8, c.inOut), key(80, 0, c.back), key(110, 1.1, c.inOut), key(150, 0.8, c.inOut),
		key(duration, 0.8, c.inOut))

	dot := a.Shape(rive.ArtboardID, "dot", 70, 196)
	a.Ellipse(dot, 9, 9)
	a.Fill(dot, violet300)
	an.Float(dot, rive.PropOpacity, key(0, 1, c.inOut), key(100, 0.2, c.inOut), key(duration, 1, c.inOut))
}

// documentLines adds the heading bar and five text lines inside the card
// (card space: the card spans ±68 by ±75). A highlight runs down the lines
// once per loop, alternating indigo and violet.
func documentLines(a *rive.Artboard, an *rive.Animation, doc rive.ID) {
	const left = -50
	heading := a.Shape(doc, "heading", left+32, -50)
	a.Rectangle(heading, 64, 10, 5)
	headingColor := a.Fill(heading, indigo500)
	an.Color(headingColor, ckey(0, indigo500), ckey(24, indigo400), ckey(48, indigo500), ckey(duration, indigo500))

	widths := []float32{100, 84, 100, 92, 58}
	for i, w := range widths {
		line := a.Shape(doc, "line", left+w/2, float32(-24+18*i))
		a.Rectangle(line, w, 8, 4)
		color := a.Fill(line, indigo100)
		peak := indigo300
		if i%2 == 1 {
			peak = violet300
		}
		start := uint(30 + 18*i)
		an.Color(color, ckey(0, indigo100), ckey(start, indigo100), ckey(start+18, peak),
			ckey(start+48, indigo100), ckey(duration, indigo100))
	}
}
