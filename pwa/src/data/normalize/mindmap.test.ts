import { describe, expect, it } from 'vitest'
import { fixtureFiles } from '@/mocks/fixtures'
import {
  FALLBACK_COLOR,
  NAMED_COLORS,
  defaultMindMapType,
  mindMapsOf,
  parseMindMap,
  resolveColor,
  speakerMapAsFlow,
  toSnakeCase,
  UnknownMindMapTypeError,
  type MindMap,
  type MindMapType,
  type NodeListMap,
  type SpeakerMap,
} from './mindmap'
import { firstSummarization } from './summarization'

const node = (nodeId: string, parentNodeId: string, title = nodeId, color = 'Colors.blue') => ({
  nodeId,
  parentNodeId,
  title,
  color,
})

function summarizationOf(prefix: string) {
  const file = fixtureFiles().find(
    (f) => f.recording.id.startsWith(`rec_${prefix}_`) && !f.recording.title?.toString().includes('first sync'),
  )
  if (!file) throw new Error(`no fixture ${prefix}`)
  return firstSummarization(file.summarizations)
}

/** Node count of a map as the viewer shows it (speaker maps: their own nodes only). */
function nodeCount(map: MindMap | undefined): number | string {
  if (!map) return '-'
  switch (map.type) {
    case 'flow':
    case 'context':
      return map.nodes.length
    case 'cluster':
      return map.maps.map((m) => m.length).join('+')
    case 'speaker':
      return map.speakers.map((s) => s.nodes.length).join('+')
  }
}

describe('mindMapsOf with every fixture', () => {
  // file prefix → node counts per type ('-' = not offered), read off the fixture files.
  const expected: Record<string, Partial<Record<MindMapType, number | string>>> = {
    '01': { flow: 15 },
    '02': { flow: 5, context: 10 },
    '03': { speaker: '5+3+6' },
    '04': { cluster: '5+4+5' },
    '05': { flow: 11 },
    '06': { context: 9 },
    '07': { flow: 67 },
    '08': {},
    '09': { flow: 12, context: 8, cluster: '4+4', speaker: '4+3' },
    '10': { flow: 11, cluster: '3+4+4', speaker: '2+2+2+1+1+1' },
    '11': { context: 16 },
    '12': { flow: 14, cluster: '4+4' },
    '13': { flow: 13 },
    '14': { flow: 9 },
    '16': { flow: 11, speaker: '3+3+2' },
    '17': {},
    '18': {},
    '19': {},
    '20': {},
    '21': { cluster: '3+4+4' },
    '22': { flow: 13 },
    '23': { flow: 8 },
    '24': { context: 6 },
    '25': { speaker: '2+2+2+2+1' },
    '26': {},
  }
  for (const [prefix, counts] of Object.entries(expected)) {
    it(`reads the maps of fixture ${prefix}`, () => {
      const { maps } = mindMapsOf(summarizationOf(prefix))
      const got = Object.fromEntries(Object.entries(maps).map(([t, m]) => [t, nodeCount(m)]))
      expect(got).toEqual(counts)
    })
  }

  it('reports the broken flow map (invalid JSON) and the unknown type of fixture 21', () => {
    const { maps, errors } = mindMapsOf(summarizationOf('21'))
    expect(Object.keys(maps)).toEqual(['cluster'])
    expect(errors).toEqual([
      { field: 'mindMap', message: 'Empty or unparseable mind map' },
      { field: 'contextMindMap', message: 'Unknown mind map type: radial' },
    ])
  })

  it('reads every map of fixture 09 from the v2 object, the speaker map from a JSON string of snake_case nodes', () => {
    const { maps } = mindMapsOf(summarizationOf('09'))
    const speaker = maps.speaker as SpeakerMap
    expect(speaker.title).toBe('Consultation')
    expect(speaker.speakers.map((s) => s.name)).toEqual(['Dr. Anita Shah', 'Sam Rivera'])
    expect(speaker.speakers[0]!.nodes[0]).toEqual({
      nodeId: 'd1_1',
      parentNodeId: '',
      title: 'Examination',
      color: 'Colors.blue',
    })
  })

  it('treats a root whose parent is itself like one with an empty parent (fixture 06)', () => {
    const map = mindMapsOf(summarizationOf('06')).maps.context as NodeListMap
    expect(map.nodes[0]).toMatchObject({ nodeId: 'n1', parentNodeId: 'n1', title: 'Call with landlord' })
  })

  it('defaults to flow when present, else the first type in spec order', () => {
    expect(defaultMindMapType(mindMapsOf(summarizationOf('09')).maps)).toBe('flow')
    expect(defaultMindMapType(mindMapsOf(summarizationOf('02')).maps)).toBe('flow')
    expect(defaultMindMapType(mindMapsOf(summarizationOf('04')).maps)).toBe('cluster')
    expect(defaultMindMapType(mindMapsOf(summarizationOf('03')).maps)).toBe('speaker')
    expect(defaultMindMapType({})).toBeNull()
  })
})

describe('mindMapsOf field names and precedence', () => {
  const flow = (title: string) => ({ type: 'flow', nodes: [node('n1', '', title)] })
  const firstTitle = (s: Record<string, unknown>) =>
    (mindMapsOf(s).maps.flow as { nodes: { title: string }[] }).nodes[0]!.title

  it.each(['mindMap', 'v2MindMap', 'flowMindMap'])('finds a flow map under %s', (field) => {
    expect(firstTitle({ [field]: flow('A') })).toBe('A')
  })

  it('prefers the v2 object, then mindMap, v2MindMap, flowMindMap', () => {
    expect(firstTitle({ mindMap: flow('top'), v2: { mindMap: flow('v2') } })).toBe('v2')
    expect(firstTitle({ v2: JSON.stringify({ mindMap: flow('v2 string') }) })).toBe('v2 string')
    expect(firstTitle({ flowMindMap: flow('c'), v2MindMap: flow('b'), mindMap: flow('a') })).toBe('a')
    expect(firstTitle({ flowMindMap: flow('c'), v2MindMap: flow('b') })).toBe('b')
  })

  it('falls back to a later field when the first is broken or empty', () => {
    expect(firstTitle({ mindMap: '{"type": "flow", "nodes": [', flowMindMap: flow('ok') })).toBe('ok')
    expect(firstTitle({ mindMap: { type: 'flow', nodes: [] }, v2MindMap: flow('ok') })).toBe('ok')
  })

  it("files a map by its own type, and by the field's type when it has none", () => {
    const { maps } = mindMapsOf({
      mindMap: { type: 'context', nodes: [node('a', '')] },
      clusterMindMap: { maps: [[node('b', '')]] },
    })
    expect(Object.keys(maps).sort()).toEqual(['cluster', 'context'])
  })

  it('returns nothing for a missing summarization or one without maps', () => {
    expect(mindMapsOf(null)).toEqual({ maps: {}, errors: [] })
    expect(mindMapsOf({ summary: 'x' })).toEqual({ maps: {}, errors: [] })
  })
})

describe('parseMindMap', () => {
  it('reads flow and context maps from objects and JSON strings, camelCase or snake_case', () => {
    const snake = { type: 'context', nodes: [{ node_id: 'a', parent_node_id: '', title: 'A', color: 'Colors.red' }] }
    expect(parseMindMap(JSON.stringify(snake))).toEqual({ type: 'context', nodes: [node('a', '', 'A', 'Colors.red')] })
    expect(parseMindMap({ type: 'flow', nodes: [node('a', '', 'A')] })).toEqual({
      type: 'flow',
      nodes: [node('a', '', 'A')],
    })
  })

  it('defaults a missing parent to empty and keeps numbers as text', () => {
    expect(parseMindMap({ type: 'flow', nodes: [{ nodeId: 7, title: 'Seven' }] })).toEqual({
      type: 'flow',
      nodes: [{ nodeId: '7', parentNodeId: '', title: 'Seven', color: '' }],
    })
  })

  it('reads clusters as lists of node lists, dropping empty clusters', () => {
    const map = parseMindMap({ type: 'cluster', maps: [[node('a', '')], [], JSON.stringify([node('b', '')])] })
    expect(map).toEqual({ type: 'cluster', maps: [[node('a', '')], [node('b', '')]] })
  })

  it('reads speaker maps as speakers in data order, each with its nodes', () => {
    const map = parseMindMap({ type: 'speaker', title: 'Retro', nodes: { Tom: [node('t1', '')], Ana: [] } })
    expect(map).toEqual({
      type: 'speaker',
      title: 'Retro',
      speakers: [
        { name: 'Tom', nodes: [node('t1', '')] },
        { name: 'Ana', nodes: [] },
      ],
    })
  })

  it.each([
    ['no nodes', { type: 'flow', nodes: [] }],
    ['nodes not a list', { type: 'context', nodes: 'n1' }],
    ['no maps', { type: 'cluster', maps: [] }],
    ['only empty clusters', { type: 'cluster', maps: [[], []] }],
    ['no speakers', { type: 'speaker', title: 'x', nodes: {} }],
    ['invalid JSON', '{"type": "flow", "nodes": ['],
    ['a plain string', 'flow'],
    ['a number', 42],
    ['an array', [node('a', '')]],
    ['nodes that are not objects', { type: 'flow', nodes: [1, 'x', null] }],
    ['nodes with neither id nor title', { type: 'flow', nodes: [{ color: 'Colors.red' }] }],
  ])('is empty (null) with %s', (_, raw) => {
    expect(parseMindMap(raw, 'flow')).toBeNull()
  })

  it('raises an error for an unknown type', () => {
    expect(() => parseMindMap({ type: 'radial', nodes: [node('a', '')] })).toThrow(UnknownMindMapTypeError)
    expect(() => parseMindMap({ type: 'radial', nodes: [] })).toThrow('Unknown mind map type: radial')
  })
})

describe('toSnakeCase', () => {
  it('writes nodes back in snake_case for every type', () => {
    const n = node('a', '', 'A', 'Colors.red')
    const snake = { node_id: 'a', parent_node_id: '', title: 'A', color: 'Colors.red' }
    expect(toSnakeCase({ type: 'flow', nodes: [n] })).toEqual({ type: 'flow', nodes: [snake] })
    expect(toSnakeCase({ type: 'cluster', maps: [[n], [n]] })).toEqual({ type: 'cluster', maps: [[snake], [snake]] })
    expect(toSnakeCase({ type: 'speaker', title: 'T', speakers: [{ name: 'Tom', nodes: [n] }] })).toEqual({
      type: 'speaker',
      title: 'T',
      nodes: { Tom: [snake] },
    })
  })

  it('round-trips every fixture map through parseMindMap', () => {
    for (const file of fixtureFiles()) {
      for (const map of Object.values(mindMapsOf(firstSummarization(file.summarizations)).maps)) {
        expect(parseMindMap(JSON.stringify(toSnakeCase(map)))).toEqual(map)
      }
    }
  })
})

describe('speakerMapAsFlow', () => {
  const speakerMap = (title: string) =>
    parseMindMap({
      type: 'speaker',
      title,
      nodes: {
        Tom: [node('n1', ''), node('n2', 'n1'), node('n3', 'gone')],
        Ana: [node('n1', '', 'Ana n1', 'Colors.red')],
        Leo: [],
      },
    }) as SpeakerMap

  it('puts a root titled by the map, one child per speaker, and their nodes under them', () => {
    const flow = speakerMapAsFlow(speakerMap('Retro'))
    expect(flow.map((n) => [n.nodeId, n.parentNodeId, n.title])).toEqual([
      ['speaker-root', '', 'Retro'],
      ['speaker-0', 'speaker-root', 'Tom'],
      ['s0/n1', 'speaker-0', 'n1'],
      ['s0/n2', 's0/n1', 'n2'],
      ['s0/n3', 'speaker-0', 'n3'], // orphan: under its speaker
      ['speaker-1', 'speaker-root', 'Ana'],
      ['s1/n1', 'speaker-1', 'Ana n1'], // same id as Tom's n1, kept apart
      ['speaker-2', 'speaker-root', 'Leo'],
    ])
  })

  it("titles the root 'Conversation' when the map has no title, and colours speakers by their first node", () => {
    const flow = speakerMapAsFlow(speakerMap(''))
    expect(flow[0]!.title).toBe('Conversation')
    expect(flow.find((n) => n.title === 'Ana')!.color).toBe('Colors.red')
    expect(resolveColor(flow.find((n) => n.title === 'Leo')!.color)).toBe(FALLBACK_COLOR)
  })

  it('builds fixture 25 with five speakers under its title', () => {
    const flow = speakerMapAsFlow(mindMapsOf(summarizationOf('25')).maps.speaker as SpeakerMap)
    expect(flow[0]!.title).toBe('Sprint 44 retro')
    expect(flow.filter((n) => n.parentNodeId === 'speaker-root').map((n) => n.title)).toEqual([
      'Daniel Okafor',
      'Tom Becker',
      'Leo Park',
      'Nora Lindqvist',
      'Speaker 5',
    ])
  })
})

describe('resolveColor', () => {
  it.each(Object.entries(NAMED_COLORS))('resolves Colors.%s', (name, hex) => {
    expect(resolveColor(`Colors.${name}`)).toBe(hex)
  })

  it('resolves the 12 names used in fixture 10 to 12 distinct colours', () => {
    const { maps } = mindMapsOf(summarizationOf('10'))
    const colours = new Set<string>()
    const add = (nodes: { color: string }[]) => nodes.forEach((n) => colours.add(n.color))
    for (const map of Object.values(maps)) {
      if (map.type === 'cluster') map.maps.forEach(add)
      else if (map.type === 'speaker') map.speakers.forEach((s) => add(s.nodes))
      else add(map.nodes)
    }
    expect([...colours].map(resolveColor).sort()).toEqual(Object.values(NAMED_COLORS).sort())
  })

  it('reads hex of 3, 6 and 8 digits (8 = AARRGGBB), as fixture 05 writes them', () => {
    expect(resolveColor('#0f0')).toBe('#00ff00')
    expect(resolveColor('#22c55e')).toBe('#22c55e')
    expect(resolveColor('#ff22c55e')).toBe('#22c55e')
    expect(resolveColor('#FFDC2626')).toBe('#dc2626')
    expect(resolveColor('0xff0ea5e9')).toBe('#0ea5e9')
    expect(resolveColor(' Colors.Green ')).toBe(NAMED_COLORS.green)
  })

  it.each(['Colors.magenta', 'chartreuse', 'green', '#12345', '#ggg', 'rgb(1,2,3)', ''])(
    'falls back to grey for %j',
    (c) => {
      expect(resolveColor(c)).toBe(FALLBACK_COLOR)
    },
  )

  it('resolves every colour of fixtures 05 and 23, unknown ones to grey', () => {
    const colours = (prefix: string) =>
      (mindMapsOf(summarizationOf(prefix)).maps.flow as { nodes: { color: string }[] }).nodes.map((n) =>
        resolveColor(n.color),
      )
    expect(colours('05')).toContain('#00ff00')
    expect(colours('05')).toContain('#ff0000')
    expect(colours('05').filter((c) => c === FALLBACK_COLOR)).toHaveLength(1) // Colors.magenta
    expect(colours('23').filter((c) => c === FALLBACK_COLOR)).toHaveLength(1) // chartreuse
  })
})
