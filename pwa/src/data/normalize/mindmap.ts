import { asArray, asObject, first, isObject, text, unwrap, type LooseObject } from './loose'

/**
 * Mind maps of a summarization (spec §3 "Mind map types"): every loose shape
 * (JSON string or object, camelCase or snake_case nodes, legacy or v2 fields)
 * becomes one clean `MindMap` per type. Components never read the raw fields.
 */

export const MIND_MAP_TYPES = ['flow', 'context', 'cluster', 'speaker'] as const
export type MindMapType = (typeof MIND_MAP_TYPES)[number]

export interface MindMapNode {
  nodeId: string
  /** '' for a root (the data may also mark a root by pointing at itself). */
  parentNodeId: string
  title: string
  /** The colour as given ('Colors.green', '#22c55e', …); see resolveColor. */
  color: string
}

interface SpeakerNodes {
  name: string
  nodes: MindMapNode[]
}

export interface NodeListMap {
  type: 'flow' | 'context'
  nodes: MindMapNode[]
}
interface ClusterMap {
  type: 'cluster'
  maps: MindMapNode[][]
}
export interface SpeakerMap {
  type: 'speaker'
  title: string
  /** Speakers keep the data's order (a plain object would reorder numeric names). */
  speakers: SpeakerNodes[]
}
export type MindMap = NodeListMap | ClusterMap | SpeakerMap

export class UnknownMindMapTypeError extends Error {
  constructor(readonly mapType: string) {
    super(`Unknown mind map type: ${mapType}`)
    this.name = 'UnknownMindMapTypeError'
  }
}

interface MindMapError {
  /** Where the map was read: 'mindMap', 'v2.speakerMindMap', … */
  field: string
  message: string
}

export interface MindMaps {
  /** Only non-empty, parseable maps: these are the templates the tab offers. */
  maps: Partial<Record<MindMapType, MindMap>>
  errors: MindMapError[]
}

/** Fields holding maps, in precedence order within one object; the value is the type a map without `type` gets. */
const FIELDS: readonly [string, MindMapType][] = [
  ['mindMap', 'flow'],
  ['v2MindMap', 'flow'],
  ['flowMindMap', 'flow'],
  ['contextMindMap', 'context'],
  ['clusterMindMap', 'cluster'],
  ['speakerMindMap', 'speaker'],
]

/**
 * Every mind map of a summarization (the first one of a recording, as given).
 * The v2 object is read before the top level, as v2 fields win elsewhere
 * (v2Summary over summary). A map's own `type` decides its slot; the first
 * non-empty map of each type wins. Broken maps are reported, never thrown.
 */
export function mindMapsOf(summarization: Record<string, unknown> | null | undefined): MindMaps {
  const result: MindMaps = { maps: {}, errors: [] }
  const top = asObject(summarization)
  if (!top) return result
  const v2 = asObject(top.v2)
  const sources: [string, LooseObject][] = v2
    ? [
        ['v2.', v2],
        ['', top],
      ]
    : [['', top]]
  for (const [prefix, source] of sources) {
    for (const [field, fallbackType] of FIELDS) {
      const raw = source[field]
      if (raw === undefined || raw === null) continue
      try {
        const map = parseMindMap(raw, fallbackType)
        if (map && !result.maps[map.type]) result.maps[map.type] = map
        if (!map) result.errors.push({ field: prefix + field, message: 'Empty or unparseable mind map' })
      } catch (error) {
        result.errors.push({ field: prefix + field, message: (error as Error).message })
      }
    }
  }
  return result
}

/** Flow if present, else the first present type in the spec's order; null when there is none. */
export function defaultMindMapType(maps: Partial<Record<MindMapType, MindMap>>): MindMapType | null {
  return MIND_MAP_TYPES.find((t) => maps[t]) ?? null
}

/**
 * One map from an object or its JSON string. Returns null when the map is
 * empty (no nodes, maps or speakers) or cannot be parsed; throws
 * UnknownMindMapTypeError for a `type` outside the four (spec §8 "Other").
 */
export function parseMindMap(raw: unknown, fallbackType?: MindMapType): MindMap | null {
  const obj = asObject(raw)
  if (!obj) return null
  const type = text(obj.type).trim().toLowerCase() || fallbackType
  if (!type) throw new UnknownMindMapTypeError('')
  switch (type) {
    case 'flow':
    case 'context': {
      const nodes = parseNodes(obj.nodes)
      return nodes.length > 0 ? { type, nodes } : null
    }
    case 'cluster': {
      const maps = (asArray(obj.maps) ?? []).map(parseNodes).filter((nodes) => nodes.length > 0)
      return maps.length > 0 ? { type, maps } : null
    }
    case 'speaker': {
      const speakers = parseSpeakerNodes(obj.nodes)
      return speakers.length > 0 ? { type, title: text(obj.title).trim(), speakers } : null
    }
    default:
      throw new UnknownMindMapTypeError(text(obj.type))
  }
}

function parseSpeakerNodes(value: unknown): SpeakerNodes[] {
  const byName = asObject(value)
  if (!byName) return []
  return Object.entries(byName).map(([name, nodes]) => ({ name, nodes: parseNodes(nodes) }))
}

/** A node list; entries that are not objects, or have neither id nor title, are skipped. */
function parseNodes(value: unknown): MindMapNode[] {
  const list = asArray(value)
  if (!list) return []
  const nodes: MindMapNode[] = []
  for (let i = 0; i < list.length; i++) {
    const node = parseNode(unwrap(list[i]))
    if (node) nodes.push(node)
  }
  return nodes
}

function parseNode(value: unknown): MindMapNode | null {
  if (!isObject(value)) return null
  const nodeId = text(first(value, 'nodeId', 'node_id', 'id')).trim()
  const title = text(value.title).trim()
  if (!nodeId && !title) return null
  return {
    nodeId,
    parentNodeId: text(first(value, 'parentNodeId', 'parent_node_id')).trim(),
    title,
    color: text(value.color).trim(),
  }
}

/** True for the root marks the spec allows: no parent, or the node itself. */
export function isRootNode(node: MindMapNode): boolean {
  return node.parentNodeId === '' || node.parentNodeId === node.nodeId
}

type SnakeNode = { node_id: string; parent_node_id: string; title: string; color: string }

/** The map in the provider's snake_case shape (spec: "Serialised back to snake_case"). */
export function toSnakeCase(map: MindMap): LooseObject {
  const snake = (n: MindMapNode): SnakeNode => ({
    node_id: n.nodeId,
    parent_node_id: n.parentNodeId,
    title: n.title,
    color: n.color,
  })
  switch (map.type) {
    case 'flow':
    case 'context':
      return { type: map.type, nodes: map.nodes.map(snake) }
    case 'cluster':
      return { type: map.type, maps: map.maps.map((nodes) => nodes.map(snake)) }
    case 'speaker':
      return {
        type: map.type,
        title: map.title,
        nodes: Object.fromEntries(map.speakers.map((s) => [s.name, s.nodes.map(snake)])),
      }
  }
}

const SPEAKER_ROOT_TITLE = 'Conversation'

/**
 * A speaker map as the flow the viewer shows (spec §3): a root titled by the
 * map's title or 'Conversation', one child per speaker, and each speaker's own
 * roots under that child. Ids are scoped per speaker (`s<i>/<id>`) so two
 * speakers reusing 'n1' stay apart and nothing collides with the added nodes.
 */
export function speakerMapAsFlow(map: SpeakerMap): MindMapNode[] {
  const rootId = 'speaker-root'
  const nodes: MindMapNode[] = [
    { nodeId: rootId, parentNodeId: '', title: map.title || SPEAKER_ROOT_TITLE, color: 'Colors.indigo' },
  ]
  map.speakers.forEach((speaker, i) => {
    const speakerId = `speaker-${i}`
    const scope = (id: string) => `s${i}/${id}`
    const ids = new Set(speaker.nodes.map((n) => n.nodeId))
    nodes.push({ nodeId: speakerId, parentNodeId: rootId, title: speaker.name, color: speaker.nodes[0]?.color ?? '' })
    for (const node of speaker.nodes) {
      // A speaker's roots and orphans (parent not among its nodes) hang under the speaker.
      const attached = !isRootNode(node) && ids.has(node.parentNodeId)
      nodes.push({ ...node, nodeId: scope(node.nodeId), parentNodeId: attached ? scope(node.parentNodeId) : speakerId })
    }
  })
  return nodes
}

/** Flutter's Colors.<name> primaries (shade 500), the palette the data's names come from. */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  green: '#4caf50',
  purple: '#9c27b0',
  pink: '#e91e63',
  yellow: '#ffeb3b',
  red: '#f44336',
  blue: '#2196f3',
  orange: '#ff9800',
  teal: '#009688',
  cyan: '#00bcd4',
  brown: '#795548',
  grey: '#9e9e9e',
  indigo: '#3f51b5',
}

export const FALLBACK_COLOR = NAMED_COLORS.grey!

/**
 * A node colour as CSS '#rrggbb': 'Colors.green' style names, or hex of 3, 6
 * or 8 digits ('#' optional, '0x' allowed). Eight digits are AARRGGBB, the
 * device's Flutter order ('#ff22c55e' is the same green as '#22c55e'); alpha is
 * dropped because colours are accents on an opaque card. Anything else is grey.
 */
export function resolveColor(color: string): string {
  const value = color.trim().toLowerCase()
  const named = /^colors\.([a-z]+)$/.exec(value)
  if (named) return NAMED_COLORS[named[1]!] ?? FALLBACK_COLOR
  const hex = /^(?:#|0x)?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1]
  if (!hex) return FALLBACK_COLOR
  if (hex.length === 3) return `#${[...hex].map((c) => c + c).join('')}`
  return `#${hex.slice(-6)}`
}
