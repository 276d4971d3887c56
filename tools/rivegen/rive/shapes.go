package rive

// Point is a vertex position in its path's space.
type Point struct{ X, Y float32 }

// Cap is a stroke's line cap.
type Cap uint

// Join is a stroke's line join.
type Join uint

// Stroke caps and joins, as numbered in the runtime.
const (
	CapButt   Cap  = 0
	CapRound  Cap  = 1
	CapSquare Cap  = 2
	JoinMiter Join = 0
	JoinRound Join = 1
	JoinBevel Join = 2
)

func (a *Artboard) node(t TypeKey, parent ID, name string, x, y float32, extra []Prop) ID {
	ps := props{}.name(name)
	ps = append(ps, P(PropParentID, Uint(parent)))
	ps = ps.float(PropX, x, 0).float(PropY, y, 0)
	return a.Add(t, append(ps, extra...)...)
}

// Node adds a group: its children move, turn and scale with it. extra sets
// optional node properties, e.g. P(PropRotation, Float(0.5)) or
// P(PropOpacity, Float(0.5)).
func (a *Artboard) Node(parent ID, name string, x, y float32, extra ...Prop) ID {
	return a.node(TypeNode, parent, name, x, y, extra)
}

// Shape adds a drawable at x, y whose paths and paints are added with the
// helpers below. The first shape written is drawn on top.
func (a *Artboard) Shape(parent ID, name string, x, y float32, extra ...Prop) ID {
	return a.node(TypeShape, parent, name, x, y, extra)
}

// parametric adds a path centred on its shape (origin 0.5, 0.5 by default).
func (a *Artboard) parametric(t TypeKey, shape ID, w, h float32, extra props) ID {
	ps := props{P(PropParentID, Uint(shape)), P(PropPathWidth, Float(w)), P(PropPathHeight, Float(h))}
	return a.Add(t, append(ps, extra...)...)
}

// Rectangle adds a w×h rectangle with all four corners rounded by radius.
func (a *Artboard) Rectangle(shape ID, w, h, radius float32) ID {
	return a.parametric(TypeRectangle, shape, w, h, props{}.float(PropCornerRadius, radius, 0))
}

// Ellipse adds a w×h ellipse.
func (a *Artboard) Ellipse(shape ID, w, h float32) ID {
	return a.parametric(TypeEllipse, shape, w, h, nil)
}

// Star adds a star of points tips; innerRadius is the inner points' distance
// as a fraction of the outer one (small values give a thin sparkle).
func (a *Artboard) Star(shape ID, w, h float32, points uint, innerRadius float32) ID {
	extra := props{}.uint(PropPolygonPoints, uint64(points), 5).float(PropStarInnerRadius, innerRadius, 0.5)
	return a.parametric(TypeStar, shape, w, h, extra)
}

// Polyline adds a path through pts with straight segments (a check mark, a
// tick). closed joins the last point back to the first.
func (a *Artboard) Polyline(shape ID, closed bool, pts ...Point) ID {
	ps := props{P(PropParentID, Uint(shape))}
	if closed {
		ps = append(ps, P(PropIsClosed, Bool(true)))
	}
	path := a.Add(TypePointsPath, ps...)
	for _, p := range pts {
		a.Add(TypeStraightVertex, P(PropParentID, Uint(path)), P(PropVertexX, Float(p.X)), P(PropVertexY, Float(p.Y)))
	}
	return path
}

// Fill paints parent (a shape, or the artboard for a background) with c and
// returns the SolidColor's id, the one to key for colour animation.
func (a *Artboard) Fill(parent ID, c Color) ID {
	fill := a.Add(TypeFill, P(PropParentID, Uint(parent)))
	return a.Add(TypeSolidColor, P(PropParentID, Uint(fill)), P(PropColorValue, c))
}

// Stroke outlines parent and returns the Stroke's id (the parent of a
// TrimPath) and its SolidColor's id.
func (a *Artboard) Stroke(parent ID, c Color, thickness float32, cap Cap, join Join) (stroke, color ID) {
	ps := props{P(PropParentID, Uint(parent))}.float(PropStrokeThickness, thickness, 1)
	ps = ps.uint(PropStrokeCap, uint64(cap), 0).uint(PropStrokeJoin, uint64(join), 0)
	stroke = a.Add(TypeStroke, ps...)
	return stroke, a.Add(TypeSolidColor, P(PropParentID, Uint(stroke)), P(PropColorValue, c))
}

// TrimPath shows only the stretch from start to end (fractions of the path's
// length) of a stroke: keying end from 0 to 1 draws the line. The mode is
// sequential; the runtime rejects the defs' default of 0.
func (a *Artboard) TrimPath(stroke ID, start, end float32) ID {
	ps := props{P(PropParentID, Uint(stroke))}.float(PropTrimStart, start, 0).float(PropTrimEnd, end, 0)
	return a.Add(TypeTrimPath, append(ps, P(PropTrimMode, Uint(1)))...)
}

// Cubic adds a cubic-bézier easing curve (CSS cubic-bezier semantics) for
// keyframes to use. y values outside 0..1 overshoot, which gives a bounce.
func (a *Artboard) Cubic(x1, y1, x2, y2 float32) ID {
	ps := props{}.float(PropCubicX1, x1, 0.42).float(PropCubicY1, y1, 0)
	ps = ps.float(PropCubicX2, x2, 0.58).float(PropCubicY2, y2, 1)
	return a.Add(TypeCubicEaseInterpolator, ps...)
}
