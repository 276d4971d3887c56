package main

import "github.com/pocket-companion/pocket/tools/rivegen/rive"

// noAction: a clipboard checklist whose three boxes tick one after another
// (the box fills and bounces, the check mark draws itself), then a badge
// pops with sparkles; everything unticks and the loop starts over. Frame 0
// is the empty checklist, which is what a reduced-motion still shows.
func noAction() *rive.Artboard {
	a := rive.NewArtboard("no_action", size, size)
	an := a.Animation("loop", fps, duration, rive.Loop)
	c := addCurves(a)

	actionBadge(a, an, c)
	board := a.Node(rive.ArtboardID, "clipboard", size/2, 160)
	bob(an, board, 160, c)
	clip := a.Shape(board, "clip", 0, -84)
	a.Rectangle(clip, 58, 18, 9)
	a.Fill(clip, indigo500)
	for i, w := range []float32{70, 54, 62} {
		checkRow(a, an, c, board, i, w)
	}
	card(a, board, 150, 170)
	halo(a, an, c, 158)

	a.PlayOnLoad(stateMachine, "Layer 1", an)
	return a
}

// The reset: every tick undraws and every box empties between these frames.
const (
	resetFrom = 196
	resetTo   = 212
)

// checkRow adds row i: a checkbox at the left and a text line of width w.
func checkRow(a *rive.Artboard, an *rive.Animation, c curves, board rive.ID, i int, w float32) {
	y := float32(-40 + 44*i)
	t0 := uint(24 + 36*i) // when this row is ticked

	tick := a.Shape(board, "tick", -44, y)
	a.Polyline(tick, false, rive.Point{X: -6, Y: 0.5}, rive.Point{X: -1.5, Y: 5}, rive.Point{X: 6.5, Y: -5})
	stroke, _ := a.Stroke(tick, white, 3.5, rive.CapRound, rive.JoinRound)
	trim := a.TrimPath(stroke, 0, 0)
	an.Float(trim, rive.PropTrimEnd, key(0, 0, c.out), key(t0+4, 0, c.out), key(t0+20, 1, c.out),
		key(resetFrom, 1, c.in), key(resetTo, 0, c.in), key(duration, 0, c.in))

	box := a.Shape(board, "box", -44, y)
	a.Rectangle(box, 26, 26, 7)
	_, outline := a.Stroke(box, indigo300, 2, rive.CapRound, rive.JoinRound)
	fill := a.Fill(box, white)
	for _, pair := range []struct {
		color          rive.ID
		empty, checked rive.Color
	}{{fill, white, indigo600}, {outline, indigo300, indigo600}} {
		an.Color(pair.color, ckey(0, pair.empty), ckey(t0, pair.empty), ckey(t0+8, pair.checked),
			ckey(resetFrom, pair.checked), ckey(resetTo, pair.empty), ckey(duration, pair.empty))
	}
	scale(an, box, key(0, 1, c.inOut), key(t0, 1, c.inOut), key(t0+6, 0.86, c.back), key(t0+18, 1, c.inOut),
		key(duration, 1, c.inOut))

	line := a.Shape(board, "task", -18+w/2, y)
	a.Rectangle(line, w, 9, 4.5)
	lineColor := a.Fill(line, indigo200)
	an.Color(lineColor, ckey(0, indigo200), ckey(t0+8, indigo200), ckey(t0+24, indigo100),
		ckey(resetFrom, indigo100), ckey(resetTo, indigo200), ckey(duration, indigo200))
}

// actionBadge: a round indigo badge with a white tick that pops at the top
// right of the clipboard once all three rows are ticked, with two sparkles.
func actionBadge(a *rive.Artboard, an *rive.Animation, c curves) {
	for _, s := range []struct {
		x, y, d float32
		color   rive.Color
		at      uint
	}{{186, 56, 22, violet400, 146}, {256, 118, 18, indigo300, 154}} {
		star := sparkle(a, "badge sparkle", s.x, s.y, s.d, s.color)
		scale(an, star, key(0, 0, c.inOut), key(s.at, 0, c.back), key(s.at+16, 1, c.inOut),
			key(s.at+40, 0, c.inOut), key(duration, 0, c.inOut))
	}

	badge := a.Shape(rive.ArtboardID, "badge", 224, 82)
	scale(an, badge, key(0, 0, c.back), key(136, 0, c.back), key(156, 1, c.inOut),
		key(resetFrom, 1, c.in), key(resetTo, 0, c.in), key(duration, 0, c.in))
	tick := a.Shape(badge, "badge tick", 0, 0)
	a.Polyline(tick, false, rive.Point{X: -8, Y: 0.5}, rive.Point{X: -2.5, Y: 6}, rive.Point{X: 8.5, Y: -6.5})
	stroke, _ := a.Stroke(tick, white, 4, rive.CapRound, rive.JoinRound)
	trim := a.TrimPath(stroke, 0, 0)
	an.Float(trim, rive.PropTrimEnd, key(0, 0, c.out), key(144, 0, c.out), key(164, 1, c.out),
		key(resetFrom, 1, c.in), key(resetTo, 0, c.in), key(duration, 0, c.in))
	disc := a.Shape(badge, "badge disc", 0, 0)
	a.Ellipse(disc, 46, 46)
	a.Stroke(disc, white, 4, rive.CapRound, rive.JoinRound)
	a.Fill(disc, indigo600)
}
