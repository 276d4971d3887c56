import type { MindMapNode } from '@/data/normalize/mindmap'

const COLORS = [
  'Colors.green',
  'Colors.purple',
  'Colors.blue',
  'Colors.orange',
  'Colors.teal',
  'Colors.pink',
  'Colors.red',
  '#0ea5e9',
]
const WORDS =
  'budget release sprint customer invoice retry onboarding churn pricing roadmap hiring design review metrics risk launch'.split(
    ' ',
  )

/**
 * A deterministic flow map of `size` nodes shaped like a large real one: a
 * few main branches, most nodes two to six levels deep, titles of 2 to 12
 * words (some wrap to three lines). Test and benchmark data (the tests and
 * pwa/bench/mindmap), not used by the app.
 */
export function generateFlowMap(size: number, seed = 1): MindMapNode[] {
  let s = seed
  const rand = () => (s = (s * 48271) % 2147483647) / 2147483647
  const depth: number[] = [0]
  const nodes: MindMapNode[] = [
    { nodeId: 'n0', parentNodeId: '', title: 'Quarterly planning (generated)', color: 'Colors.indigo' },
  ]
  for (let i = 1; i < size; i++) {
    let parent = Math.floor(rand() * i)
    // Prefer parents that are not already deep, so the tree is bushy rather than a chain.
    while (depth[parent]! > 5) parent = Math.floor(rand() * i)
    depth.push(depth[parent]! + 1)
    const words = Array.from({ length: 2 + Math.floor(rand() * 11) }, () => WORDS[Math.floor(rand() * WORDS.length)])
    nodes.push({
      nodeId: `n${i}`,
      parentNodeId: `n${parent}`,
      title: `${i}: ${words.join(' ')}`,
      color: COLORS[i % COLORS.length]!,
    })
  }
  return nodes
}
