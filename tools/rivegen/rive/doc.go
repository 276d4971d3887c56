// Package rive writes Rive runtime files (.riv) without the Rive editor.
//
// It covers the small subset of Rive's published runtime format that looping
// vector illustrations need: shapes built from parametric paths (rectangle,
// ellipse, star) and straight polylines, solid fills and strokes, trim paths,
// keyframed linear animations with cubic easing, and the one-state state
// machine that plays them. See shared/design/rive-format.md for the format
// facts, each checked against @rive-app/canvas 2.43.1.
//
// The layers, bottom up:
//   - Writer: the wire encoding (LEB128 varuints, little-endian float32 and
//     ARGB colours, length-prefixed UTF-8 strings).
//   - Object, Prop, Value: one record in the object stream, typed so a value
//     can only be written with the encoding its property key uses.
//   - Artboard, Animation: a builder that hands out artboard-local ids and
//     keeps the object order the runtime's importer expects.
//   - Encode: the header (fingerprint, version, table of contents) and the
//     object stream of one or more artboards.
package rive
