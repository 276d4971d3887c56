import { describe, expect, it } from 'vitest'
import { NAMED_COLORS, type MindMapNode } from '@/data/normalize/mindmap'
import { buildForest, descendantCount, mapTree, walk, type TreeNode } from './tree'

const n = (nodeId: string, parentNodeId = '', title = nodeId, color = 'Colors.green'): MindMapNode => ({
  nodeId,
  parentNodeId,
  title,
  color,
})

/** The forest as nested [title, children] pairs, easy to compare. */
function shape(roots: TreeNode[]): unknown[] {
  return roots.map((r) => (r.children.length ? [r.title, shape(r.children)] : r.title))
}

describe('buildForest', () => {
  it('links children to parents in data order with depths and resolved colours', () => {
    const roots = buildForest([n('r'), n('a', 'r'), n('b', 'r'), n('a1', 'a')], '')
    expect(shape(roots)).toEqual([['r', [['a', ['a1']], 'b']]])
    expect([...walk(roots)].map((x) => [x.key, x.depth])).toEqual([
      ['r', 0],
      ['a', 1],
      ['a1', 2],
      ['b', 1],
    ])
    expect(roots[0]!.color).toBe(NAMED_COLORS.green)
  })

  it('treats a node pointing at itself as a root, and orphans as roots (shown, not lost)', () => {
    const roots = buildForest([n('r', 'r'), n('a', 'r'), n('o', 'missing')], '')
    expect(shape(roots)).toEqual([['r', ['a']], 'o'])
  })

  it('keeps duplicate ids as separate nodes with unique keys; children attach to the first', () => {
    const roots = buildForest([n('r'), n('x', 'r', 'first x'), n('x', 'r', 'second x'), n('c', 'x')], 'p:')
    expect(shape(roots)).toEqual([['r', [['first x', ['c']], 'second x']]])
    const keys = [...walk(roots)].map((x) => x.key)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys).toEqual(['p:r', 'p:x', 'p:c', 'p:x#2'])
  })

  it('never gives a duplicate a key that a real id (or an id-less node) already has', () => {
    const roots = buildForest([n('x'), n('x'), n('x#2'), n('', '', 'no id'), n('', '', 'no id either')], '')
    const keys = [...walk(roots)].map((x) => x.key)
    expect(new Set(keys).size).toBe(5)
    expect(keys).toContain('x#2')
  })

  it.each([
    ['a two-node cycle', [n('a', 'b'), n('b', 'a')], [['a', ['b']]]],
    [
      'a cycle with a tail and a root',
      [n('r'), n('a', 'c'), n('b', 'a'), n('c', 'b'), n('t', 'b')],
      ['r', ['a', [['b', ['c', 't']]]]],
    ],
    ['a cycle through a duplicate id', [n('a', 'b'), n('b', 'a'), n('a', '')], [['a', ['b']], 'a']],
  ])('breaks %s at its first node in data order', (_, nodes, expected) => {
    expect(shape(buildForest(nodes, ''))).toEqual(expected)
  })

  it('builds a 5,000-deep chain without overflowing the stack', () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => n(`n${i}`, i ? `n${i - 1}` : ''))
    const roots = buildForest(nodes, '')
    expect([...walk(roots)].length).toBe(5000)
    expect(descendantCount(roots[0]!)).toBe(4999)
  })

  it('ends with every node exactly once whatever the links (random data)', () => {
    let seed = 7
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let round = 0; round < 50; round++) {
      const size = 1 + Math.floor(rand() * 60)
      const ids = Array.from({ length: size }, () => `n${Math.floor(rand() * size)}`) // duplicates on purpose
      const nodes = ids.map((id) => n(id, rand() < 0.15 ? '' : ids[Math.floor(rand() * size)]!))
      const all = [...walk(buildForest(nodes, ''))]
      expect(all).toHaveLength(size)
      for (const node of all) expect(node.depth).toBe(node.parent ? node.parent.depth + 1 : 0)
    }
  })
})

describe('mapTree', () => {
  it('gives a cluster map one forest per cluster with keys unique across clusters', () => {
    const tree = mapTree({
      type: 'cluster',
      maps: [
        [n('a'), n('b', 'a')],
        [n('a'), n('c', 'a')],
      ],
    })
    expect(tree.forests.map(shape)).toEqual([[['a', ['b']]], [['a', ['c']]]])
    expect(tree.size).toBe(4)
    const keys = tree.forests.flatMap((f) => [...walk(f)].map((x) => x.key))
    expect(new Set(keys).size).toBe(4)
  })

  it('shows a speaker map as one flow under its title', () => {
    const tree = mapTree({ type: 'speaker', title: '', speakers: [{ name: 'Tom', nodes: [n('t'), n('t1', 't')] }] })
    expect(tree.forests.map(shape)).toEqual([[['Conversation', [['Tom', [['t', ['t1']]]]]]]])
  })
})
