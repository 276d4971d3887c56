import { describe, expect, it } from 'vitest'
import type { MindMapNode } from '@/data/normalize/mindmap'
import {
  CLUSTER_GAP,
  HORIZONTAL_SPACING,
  MIN_CANVAS,
  MIN_VERTICAL_GAP,
  NODE_HEIGHT,
  NODE_MAX_WIDTH,
  NODE_MIN_WIDTH,
} from './constants'
import { ELBOW_OFFSET } from './edges'
import { layoutMap, type MapLayout, type PlacedNode } from './layout'
import { createMeasure } from './textWrap'
import { mapTree, walk } from './tree'

const measure = createMeasure()
const n = (nodeId: string, parentNodeId = '', title = `Node ${nodeId}`): MindMapNode => ({
  nodeId,
  parentNodeId,
  title,
  color: 'Colors.blue',
})
const flow = (nodes: MindMapNode[]) => mapTree({ type: 'flow', nodes })

/** A deterministic random tree: each node's parent is an earlier node, biased to recent ones for depth. */
function randomTree(size: number, seed: number): MindMapNode[] {
  let s = seed
  const rand = () => (s = (s * 48271) % 2147483647) / 2147483647
  return Array.from({ length: size }, (_, i) => {
    const parent = i === 0 ? '' : `n${Math.max(0, i - 1 - Math.floor(rand() * rand() * i))}`
    const words = 1 + Math.floor(rand() * 14)
    return n(`n${i}`, parent, Array.from({ length: words }, (_, w) => `word${w}x${i}`).join(' '))
  })
}

const center = (p: PlacedNode) => p.y + NODE_HEIGHT / 2

/**
 * Every rule the layout promises, checked on one layout. Problems are
 * collected and compared with [] at the end: one `expect` per node pair would
 * take minutes on 2,000 nodes, and the list says exactly what broke.
 */
function expectTidy(layout: MapLayout, clusterCount = 1) {
  const problems: string[] = []
  const check = (ok: boolean, what: () => string) => {
    if (!ok && problems.length < 20) problems.push(what())
  }
  const { nodes } = layout
  check(layout.width >= MIN_CANVAS && layout.height >= MIN_CANVAS, () => `canvas ${layout.width}×${layout.height}`)
  for (const p of nodes) {
    const k = p.node.key
    check(p.width >= NODE_MIN_WIDTH && p.width <= NODE_MAX_WIDTH, () => `${k} width ${p.width}`)
    check(p.lines.length <= 3, () => `${k} has ${p.lines.length} lines`)
    check(
      p.x >= 0 && p.y >= 0 && p.x + p.width <= layout.width && p.y + NODE_HEIGHT <= layout.height,
      () => `${k} off canvas`,
    )
  }
  // Nodes of one column at least MIN_VERTICAL_GAP apart (which also rules out overlaps inside a column).
  const columns = new Map<number, PlacedNode[]>()
  for (const p of nodes) columns.set(p.x, [...(columns.get(p.x) ?? []), p])
  for (const column of columns.values()) {
    column.sort((a, b) => a.y - b.y)
    for (let i = 1; i < column.length; i++) {
      const gap = column[i]!.y - column[i - 1]!.y
      check(gap >= MIN_VERTICAL_GAP - 1e-6, () => `${column[i - 1]!.node.key} and ${column[i]!.node.key} ${gap} apart`)
    }
  }
  // Columns whose x ranges meet would let cards of different columns overlap.
  const xs = [...columns.keys()].sort((a, b) => a - b)
  for (let i = 1; i < xs.length; i++)
    check(xs[i]! - xs[i - 1]! >= NODE_MAX_WIDTH + 1, () => `columns at ${xs[i - 1]} and ${xs[i]}`)
  // Parent and child: one column apart, parent centred on its first and last child, children in data order.
  const byNode = new Map(nodes.map((p) => [p.node, p]))
  for (const p of nodes) {
    const kids = p.node.children.map((c) => byNode.get(c)).filter((c) => c !== undefined)
    if (kids.length === 0) continue
    for (const c of kids) check(c.x - p.x === HORIZONTAL_SPACING, () => `${c.node.key} not one column after its parent`)
    const mid = (center(kids[0]!) + center(kids[kids.length - 1]!)) / 2
    check(Math.abs(center(p) - mid) < 1e-6, () => `${p.node.key} not centred on its children`)
    for (let i = 1; i < kids.length; i++)
      check(kids[i]!.y > kids[i - 1]!.y, () => `children of ${p.node.key} out of order`)
  }
  crossingProblems(layout).forEach((p) => check(false, () => p))
  check(
    layout.edges.length === nodes.filter((p) => p.node.parent && byNode.has(p.node.parent)).length,
    () => `${layout.edges.length} edges`,
  )
  check(
    layout.clusters.length === (clusterCount > 1 ? clusterCount : 0),
    () => `${layout.clusters.length} cluster panels`,
  )
  expect(problems).toEqual([])
}

/**
 * Connectors into one column all turn at the same x (ELBOW_OFFSET before it),
 * so two of them cross exactly when the vertical spans of different parents
 * overlap; each parent's span covers its own centre and its children's.
 */
function crossingProblems(layout: MapLayout): string[] {
  const problems: string[] = []
  const byParent = new Map<PlacedNode, [number, number]>()
  for (const e of layout.edges) {
    if (!e.d.startsWith(`M${e.from.x + e.from.width} `))
      problems.push(`edge into ${e.to.node.key} starts off its parent`)
    const lo = Math.min(center(e.from), center(e.to))
    const hi = Math.max(center(e.from), center(e.to))
    const span = byParent.get(e.from)
    byParent.set(e.from, span ? [Math.min(span[0], lo), Math.max(span[1], hi)] : [lo, hi])
  }
  const spans = new Map<number, [number, number][]>()
  for (const [parent, span] of byParent) {
    const turnX = parent.x + HORIZONTAL_SPACING - ELBOW_OFFSET
    spans.set(turnX, [...(spans.get(turnX) ?? []), span])
  }
  for (const list of spans.values()) {
    list.sort((a, b) => a[0] - b[0])
    for (let i = 1; i < list.length; i++)
      if (list[i]![0] <= list[i - 1]![1]) problems.push(`connectors cross at y ${list[i]![0]}`)
  }
  return problems
}

describe('layoutMap', () => {
  it('places a single node on a canvas of at least 300 × 300, centred', () => {
    const layout = layoutMap(flow([n('a', '', 'Hi')]), { measure })
    // 300 high; as wide as the card plus its 40 px margins (360 > 300).
    expect(layout).toMatchObject({ width: NODE_MIN_WIDTH + 80, height: MIN_CANVAS })
    expect(layout.nodes[0]).toMatchObject({ x: 40, y: (MIN_CANVAS - NODE_HEIGHT) / 2, width: NODE_MIN_WIDTH })
  })

  it('gives short titles the minimum width and long ones the maximum, wrapped in three lines with an ellipsis', () => {
    const long =
      'An unusually long node title that keeps going well past what three lines of a card can possibly hold at all'
    const layout = layoutMap(flow([n('a', '', 'Short'), n('b', 'a', long)]), { measure })
    expect(layout.nodes.map((p) => p.width)).toEqual([NODE_MIN_WIDTH, NODE_MAX_WIDTH])
    expect(layout.nodes[1]!.lines).toHaveLength(3)
    expect(layout.nodes[1]!.lines[2]!.endsWith('…')).toBe(true)
  })

  it('stacks siblings MIN_VERTICAL_GAP apart, centres the parent, one column per depth', () => {
    const layout = layoutMap(flow([n('r'), n('a', 'r'), n('b', 'r'), n('c', 'r')]), { measure })
    const [r, a, b, c] = layout.nodes
    expect([b!.y - a!.y, c!.y - b!.y]).toEqual([MIN_VERTICAL_GAP, MIN_VERTICAL_GAP])
    expect(r!.y).toBe(b!.y)
    expect(a!.x - r!.x).toBe(HORIZONTAL_SPACING)
  })

  it('packs a small subtree next to a deep one without overlap (contours, not bounding boxes)', () => {
    const nodes = [n('r'), n('a', 'r'), n('a1', 'a'), n('a2', 'a'), n('a21', 'a2'), n('a22', 'a2'), n('b', 'r')]
    const layout = layoutMap(flow(nodes), { measure })
    expectTidy(layout)
    const y = (id: string) => layout.nodes.find((p) => p.node.key === id)!.y
    // b only has to clear a in its own column, not a's children one column further.
    expect(y('b') - y('a')).toBe(MIN_VERTICAL_GAP)
  })

  it('leaves out collapsed branches and counts what they hide', () => {
    const tree = flow([n('r'), n('a', 'r'), n('a1', 'a'), n('a11', 'a1'), n('b', 'r')])
    const layout = layoutMap(tree, { measure, collapsed: new Set(['a']) })
    expect(layout.nodes.map((p) => p.node.key)).toEqual(['r', 'a', 'b'])
    expect(layout.nodes[1]!.hidden).toBe(2)
    expect(layout.edges).toHaveLength(2)
    expectTidy(layout)
  })

  it('sets aria positions among siblings, roots included', () => {
    const layout = layoutMap(flow([n('r1'), n('a', 'r1'), n('b', 'r1'), n('r2')]), { measure })
    expect(layout.nodes.map((p) => [p.node.key, p.posInSet, p.setSize])).toEqual([
      ['r1', 1, 2],
      ['a', 1, 2],
      ['b', 2, 2],
      ['r2', 2, 2],
    ])
  })

  it('lays clusters out side by side, apart, vertically centred on one line', () => {
    const tree = mapTree({ type: 'cluster', maps: [[n('a'), n('a1', 'a'), n('a2', 'a')], [n('b')], randomTree(30, 3)] })
    const layout = layoutMap(tree, { measure })
    expectTidy(layout, 3)
    const [c1, c2, c3] = layout.clusters
    expect(c2!.x - (c1!.x + c1!.width)).toBe(CLUSTER_GAP - 2 * 40)
    expect(c3!.x).toBeGreaterThan(c2!.x + c2!.width)
    const mid = (c: { y: number; height: number }) => c.y + c.height / 2
    expect(mid(c1!)).toBeCloseTo(mid(c2!), 6)
    expect(mid(c2!)).toBeCloseTo(mid(c3!), 6)
  })

  it('keeps every invariant on generated trees of 1 to 2,000 nodes', () => {
    const sizes = [1, 2, 3, 5, 8, 13, 21, 50, 100, 250, 500, 1000, 2000]
    for (const size of sizes) {
      const tree = flow(randomTree(size, size))
      const layout = layoutMap(tree, { measure })
      expect(layout.nodes).toHaveLength(size)
      expectTidy(layout)
    }
  })

  it('keeps every invariant on extreme shapes: a 2,000-node chain, a 2,000-child star, a full binary tree, a forest', () => {
    const chain = Array.from({ length: 2000 }, (_, i) => n(`n${i}`, i ? `n${i - 1}` : ''))
    const star = Array.from({ length: 2000 }, (_, i) => n(`n${i}`, i ? 'n0' : ''))
    const binary = Array.from({ length: 2047 }, (_, i) => n(`n${i}`, i ? `n${Math.floor((i - 1) / 2)}` : ''))
    const forest = Array.from({ length: 300 }, (_, i) => n(`n${i}`, i % 3 ? `n${i - 1}` : ''))
    for (const nodes of [chain, star, binary, forest]) expectTidy(layoutMap(flow(nodes), { measure }))
  })

  it('keeps every invariant on the fixture maps with broken links (orphans, cycles, duplicates)', () => {
    const nodes = [
      n('r'),
      n('a', 'r'),
      n('a', 'r'),
      n('b', 'a'),
      n('x', 'y'),
      n('y', 'x'),
      n('o', 'nowhere'),
      n('s', 's'),
    ]
    const layout = layoutMap(flow(nodes), { measure })
    expect(layout.nodes).toHaveLength(nodes.length)
    expectTidy(layout)
    expect([...walk(mapTree({ type: 'flow', nodes }).forests[0]!)]).toHaveLength(nodes.length)
  })
})
