import { describe, expect, it } from 'vitest'
import { firstSummarization } from '@/data/normalize/summarization'
import { mindMapsOf } from '@/data/normalize/mindmap'
import { fixtureFiles } from '@/mocks/fixtures'
import { EDGE_STROKE } from './constants'
import { mapToSvg, pngScale } from './exportMap'
import { layoutMap } from './layout'
import { createMeasure } from './textWrap'
import { mapTree } from './tree'

const measure = createMeasure()

function parse(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
  return doc
}

describe('mapToSvg', () => {
  it('writes every card, edge and cluster of every fixture map as well-formed SVG', () => {
    for (const file of fixtureFiles()) {
      for (const map of Object.values(mindMapsOf(firstSummarization(file.summarizations)).maps)) {
        const layout = layoutMap(mapTree(map), { measure })
        const doc = parse(mapToSvg(layout, 'Map'))
        const root = doc.documentElement
        expect(root.getAttribute('width')).toBe(String(layout.width))
        expect(root.getAttribute('viewBox')).toBe(`0 0 ${layout.width} ${layout.height}`)
        const titles = [...doc.querySelectorAll('g > title')].map((t) => t.textContent)
        expect(titles).toEqual(layout.nodes.map((p) => p.node.title))
        const edges = [...doc.querySelectorAll('path')]
        expect(edges.every((e) => e.getAttribute('stroke-width') === String(EDGE_STROKE))).toBe(true)
        expect(edges.reduce((count, e) => count + (e.getAttribute('d')!.match(/M/g)?.length ?? 0), 0)).toBe(
          layout.edges.length,
        )
        expect(doc.querySelectorAll('svg > rect[rx="28"]')).toHaveLength(layout.clusters.length)
      }
    }
  })

  it('escapes titles so data cannot inject markup', () => {
    const layout = layoutMap(
      mapTree({
        type: 'flow',
        nodes: [{ nodeId: 'a', parentNodeId: '', title: '<script>alert("x")</script> & co', color: '' }],
      }),
      { measure },
    )
    const doc = parse(mapToSvg(layout, 'A & B'))
    expect(doc.querySelector('script')).toBeNull()
    expect(doc.querySelector('g > title')!.textContent).toBe('<script>alert("x")</script> & co')
    expect(doc.querySelector('svg > title')!.textContent).toBe('A & B')
  })

  it('leaves collapsed branches out, like the screen', () => {
    const tree = mapTree({
      type: 'flow',
      nodes: [
        { nodeId: 'r', parentNodeId: '', title: 'R', color: '' },
        { nodeId: 'c', parentNodeId: 'r', title: 'C', color: '' },
      ],
    })
    const doc = parse(mapToSvg(layoutMap(tree, { measure, collapsed: new Set(['r']) }), 'Map'))
    expect([...doc.querySelectorAll('g > title')].map((t) => t.textContent)).toEqual(['R'])
  })
})

describe('pngScale', () => {
  it('renders at 2× and scales down maps too large for a canvas', () => {
    expect(pngScale(1000, 800)).toBe(2)
    expect(pngScale(2400, 100000) * 100000).toBeLessThanOrEqual(16384)
    const s = pngScale(20000, 20000)
    expect(20000 * s * 20000 * s).toBeLessThanOrEqual(64_000_000 + 1)
  })
})
