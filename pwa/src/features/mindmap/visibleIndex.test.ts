import { describe, expect, it } from 'vitest'
import type { MindMapNode } from '@/data/normalize/mindmap'
import { generateFlowMap } from './generateFlowMap'
import { NODE_HEIGHT } from './constants'
import { layoutMap, type MapLayout } from './layout'
import { createMeasure } from './textWrap'
import { mapTree } from './tree'
import { intersects, type Rect } from './viewport'
import { edgeBox, visibleIndex } from './visibleIndex'

const measure = createMeasure()

/** What a window shows, by testing every card and connector: the answer the index must give. */
function scan(layout: MapLayout, window: Rect) {
  return {
    nodes: layout.nodes.filter((p) => intersects(window, { x: p.x, y: p.y, width: p.width, height: NODE_HEIGHT })),
    edges: new Set(layout.edges.filter((e) => intersects(window, edgeBox(e)))),
  }
}

/** Windows of several sizes all over the map and a little beyond it, deterministic. */
function windows(layout: MapLayout): Rect[] {
  let s = 7
  const rand = () => (s = (s * 48271) % 2147483647) / 2147483647
  const out: Rect[] = [
    { x: 0, y: 0, width: layout.width, height: layout.height },
    { x: -500, y: -500, width: 100, height: 100 },
    { x: 0, y: 0, width: 0, height: 0 },
  ]
  for (let i = 0; i < 60; i++) {
    const width = 50 + rand() * 4000
    const height = 50 + rand() * 3000
    out.push({
      x: rand() * (layout.width + 400) - 200 - width / 2,
      y: rand() * (layout.height + 400) - 200 - height / 2,
      width,
      height,
    })
  }
  return out
}

function expectSameAsScan(layout: MapLayout) {
  const index = visibleIndex(layout)
  for (const window of windows(layout)) {
    const expected = scan(layout, window)
    // Same cards, in the layout's reading order; the same connectors.
    expect(index.nodes(window)).toEqual(expected.nodes)
    expect(new Set(index.edges(window))).toEqual(expected.edges)
  }
}

const n = (nodeId: string, parentNodeId = ''): MindMapNode => ({
  nodeId,
  parentNodeId,
  title: `Card ${nodeId}`,
  color: 'Colors.teal',
})

describe('visibleIndex', () => {
  it('finds exactly the cards and connectors a scan finds, on maps of 1 to 2,000 nodes', () => {
    for (const size of [1, 2, 15, 300, 2000]) {
      expectSameAsScan(layoutMap(mapTree({ type: 'flow', nodes: generateFlowMap(size, size) }), { measure }))
    }
  })

  it('does the same for clusters side by side and for a map with collapsed branches', () => {
    const clusters = mapTree({
      type: 'cluster',
      maps: [generateFlowMap(120, 2), [n('a'), n('b', 'a')], generateFlowMap(60, 3)],
    })
    expectSameAsScan(layoutMap(clusters, { measure }))
    const tree = mapTree({ type: 'flow', nodes: generateFlowMap(400, 4) })
    const collapsed = new Set(tree.forests[0]![0]!.children.slice(0, 2).map((c) => c.key))
    expectSameAsScan(layoutMap(tree, { measure, collapsed }))
  })

  it('finds a card by key and knows its place in reading order', () => {
    const layout = layoutMap(mapTree({ type: 'flow', nodes: generateFlowMap(50, 5) }), { measure })
    const index = visibleIndex(layout)
    const card = layout.nodes[17]!
    expect(index.find(card.node.key)).toBe(card)
    expect(index.position(card)).toBe(17)
    expect(index.find('no such key')).toBeUndefined()
  })

  it('is built once per layout', () => {
    const layout = layoutMap(mapTree({ type: 'flow', nodes: generateFlowMap(20, 6) }), { measure })
    expect(visibleIndex(layout)).toBe(visibleIndex(layout))
  })
})
