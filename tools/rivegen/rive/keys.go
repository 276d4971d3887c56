package rive

// TypeKey identifies an object type: the "key.int" of a type in Rive's defs.
type TypeKey uint32

// The types this package writes.
const (
	TypeArtboard              TypeKey = 1
	TypeNode                  TypeKey = 2
	TypeShape                 TypeKey = 3
	TypeEllipse               TypeKey = 4
	TypeStraightVertex        TypeKey = 5
	TypeRectangle             TypeKey = 7
	TypePointsPath            TypeKey = 16
	TypeSolidColor            TypeKey = 18
	TypeFill                  TypeKey = 20
	TypeBackboard             TypeKey = 23
	TypeStroke                TypeKey = 24
	TypeKeyedObject           TypeKey = 25
	TypeKeyedProperty         TypeKey = 26
	TypeCubicEaseInterpolator TypeKey = 28
	TypeKeyFrameDouble        TypeKey = 30
	TypeLinearAnimation       TypeKey = 31
	TypeKeyFrameColor         TypeKey = 37
	TypeTrimPath              TypeKey = 47
	TypeStar                  TypeKey = 52
	TypeStateMachine          TypeKey = 53
	TypeStateMachineLayer     TypeKey = 57
	TypeAnimationState        TypeKey = 61
	TypeAnyState              TypeKey = 62
	TypeEntryState            TypeKey = 63
	TypeExitState             TypeKey = 64
	TypeStateTransition       TypeKey = 65
)

// PropKey identifies a property. Property keys and type keys are separate
// numbering spaces (37 is both KeyFrameColor and SolidColor.colorValue).
type PropKey uint32

// The properties this package writes, named Owner+Property as in the defs.
const (
	PropName                  PropKey = 4   // Component.name
	PropParentID              PropKey = 5   // Component.parentId (artboard-local id)
	PropWidth                 PropKey = 7   // LayoutComponent (Artboard).width
	PropHeight                PropKey = 8   // LayoutComponent (Artboard).height
	PropX                     PropKey = 13  // Node.x
	PropY                     PropKey = 14  // Node.y
	PropRotation              PropKey = 15  // Node.rotation, radians
	PropScaleX                PropKey = 16  // Node.scaleX
	PropScaleY                PropKey = 17  // Node.scaleY
	PropOpacity               PropKey = 18  // Node.opacity
	PropPathWidth             PropKey = 20  // ParametricPath.width
	PropPathHeight            PropKey = 21  // ParametricPath.height
	PropVertexX               PropKey = 24  // PathVertex.x
	PropVertexY               PropKey = 25  // PathVertex.y
	PropVertexRadius          PropKey = 26  // StraightVertex.radius
	PropCornerRadius          PropKey = 31  // Rectangle.cornerRadiusTL (linked to all four)
	PropIsClosed              PropKey = 32  // PointsPath.isClosed
	PropColorValue            PropKey = 37  // SolidColor.colorValue
	PropStrokeThickness       PropKey = 47  // Stroke.thickness
	PropStrokeCap             PropKey = 48  // Stroke.cap
	PropStrokeJoin            PropKey = 49  // Stroke.join
	PropKeyedObjectID         PropKey = 51  // KeyedObject.objectId
	PropKeyedPropertyKey      PropKey = 53  // KeyedProperty.propertyKey
	PropAnimationName         PropKey = 55  // Animation.name
	PropFPS                   PropKey = 56  // LinearAnimation.fps
	PropDuration              PropKey = 57  // LinearAnimation.duration, frames
	PropSpeed                 PropKey = 58  // LinearAnimation.speed
	PropLoop                  PropKey = 59  // LinearAnimation.loopValue
	PropCubicX1               PropKey = 63  // CubicInterpolator.x1
	PropCubicY1               PropKey = 64  // CubicInterpolator.y1
	PropCubicX2               PropKey = 65  // CubicInterpolator.x2
	PropCubicY2               PropKey = 66  // CubicInterpolator.y2
	PropFrame                 PropKey = 67  // KeyFrame.frame
	PropInterpolationType     PropKey = 68  // InterpolatingKeyFrame.interpolationType
	PropInterpolatorID        PropKey = 69  // InterpolatingKeyFrame.interpolatorId
	PropKeyFrameDoubleValue   PropKey = 70  // KeyFrameDouble.value
	PropKeyFrameColorValue    PropKey = 88  // KeyFrameColor.value
	PropTrimStart             PropKey = 114 // TrimPath.start
	PropTrimEnd               PropKey = 115 // TrimPath.end
	PropTrimOffset            PropKey = 116 // TrimPath.offset
	PropTrimMode              PropKey = 117 // TrimPath.modeValue
	PropPolygonPoints         PropKey = 125 // Polygon.points
	PropPolygonCornerRadius   PropKey = 126 // Polygon.cornerRadius
	PropStarInnerRadius       PropKey = 127 // Star.innerRadius
	PropLayerName             PropKey = 138 // StateMachineComponent.name
	PropAnimationStateAnimID  PropKey = 149 // AnimationState.animationId
	PropTransitionStateToID   PropKey = 151 // StateTransition.stateToId
	PropDefaultStateMachineID PropKey = 236 // Artboard.defaultStateMachineId
)

// Backing is how a property's value sits on the wire; the header's table of
// contents gives it per key as a 2-bit code, so a reader can skip keys it
// does not know.
type Backing uint8

// The ToC's backing codes. Bools are listed as uint: a 0/1 byte is also a
// one-byte varuint.
const (
	BackingUint   Backing = 0
	BackingString Backing = 1
	BackingFloat  Backing = 2
	BackingColor  Backing = 3
)

var backings = map[PropKey]Backing{
	PropName: BackingString, PropParentID: BackingUint,
	PropWidth: BackingFloat, PropHeight: BackingFloat,
	PropX: BackingFloat, PropY: BackingFloat, PropRotation: BackingFloat,
	PropScaleX: BackingFloat, PropScaleY: BackingFloat, PropOpacity: BackingFloat,
	PropPathWidth: BackingFloat, PropPathHeight: BackingFloat,
	PropVertexX: BackingFloat, PropVertexY: BackingFloat, PropVertexRadius: BackingFloat,
	PropCornerRadius: BackingFloat, PropIsClosed: BackingUint,
	PropColorValue:      BackingColor,
	PropStrokeThickness: BackingFloat, PropStrokeCap: BackingUint, PropStrokeJoin: BackingUint,
	PropKeyedObjectID: BackingUint, PropKeyedPropertyKey: BackingUint,
	PropAnimationName: BackingString, PropFPS: BackingUint, PropDuration: BackingUint,
	PropSpeed: BackingFloat, PropLoop: BackingUint,
	PropCubicX1: BackingFloat, PropCubicY1: BackingFloat, PropCubicX2: BackingFloat, PropCubicY2: BackingFloat,
	PropFrame: BackingUint, PropInterpolationType: BackingUint, PropInterpolatorID: BackingUint,
	PropKeyFrameDoubleValue: BackingFloat, PropKeyFrameColorValue: BackingColor,
	PropTrimStart: BackingFloat, PropTrimEnd: BackingFloat, PropTrimOffset: BackingFloat, PropTrimMode: BackingUint,
	PropPolygonPoints: BackingUint, PropPolygonCornerRadius: BackingFloat, PropStarInnerRadius: BackingFloat,
	PropLayerName: BackingString, PropAnimationStateAnimID: BackingUint, PropTransitionStateToID: BackingUint,
	PropDefaultStateMachineID: BackingUint,
}
