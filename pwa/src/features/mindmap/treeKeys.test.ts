import { describe, expect, it } from 'vitest'
import type { MindMapNode } from '@/data/normalize/mindmap'
import { layoutMap } from './layout'
import { createMeasure } from './textWrap'
import { mapTree } from './tree'
import { treeKeyAction } from './treeKeys'

const n = (nodeId: string, parentNodeId = ''): MindMapNode => ({ nodeId, parentNodeId, title: nodeId, color: '' })
const tree = mapTree({ type: 'flow', nodes: [n('r'), n('a', 'r'), n('a1', 'a'), n('b', 'r')] })
const visible = (collapsed: Set<string>) => layoutMap(tree, { measure: createMeasure(), collapsed }).nodes
const act = (key: string, pressed: string, collapsed = new Set<string>()) =>
  treeKeyAction(visible(collapsed), key, pressed, collapsed)

describe('treeKeyAction', () => {
  it('moves down and up through the visible cards in tree order, stopping at the ends', () => {
    expect(act('r', 'ArrowDown')).toEqual({ focus: 'a' })
    expect(act('a', 'ArrowDown')).toEqual({ focus: 'a1' })
    expect(act('a', 'ArrowDown', new Set(['a']))).toEqual({ focus: 'b' })
    expect(act('b', 'ArrowDown')).toEqual({ focus: 'b' })
    expect(act('r', 'ArrowUp')).toEqual({ focus: 'r' })
    expect(act('b', 'Home')).toEqual({ focus: 'r' })
    expect(act('r', 'End')).toEqual({ focus: 'b' })
  })

  it('expands or enters with Right, collapses or leaves with Left', () => {
    expect(act('a', 'ArrowRight')).toEqual({ focus: 'a1' })
    expect(act('a', 'ArrowRight', new Set(['a']))).toEqual({ toggle: 'a' })
    expect(act('a1', 'ArrowRight')).toEqual({ focus: 'a1' })
    expect(act('a', 'ArrowLeft')).toEqual({ toggle: 'a' })
    expect(act('a1', 'ArrowLeft')).toEqual({ focus: 'a' })
    expect(act('r', 'ArrowLeft', new Set(['r']))).toEqual({ focus: 'r' })
  })

  it('toggles branches with Enter and Space; leaves other keys (zoom) alone', () => {
    expect(act('a', 'Enter')).toEqual({ toggle: 'a' })
    expect(act('a', ' ')).toEqual({ toggle: 'a' })
    expect(act('b', 'Enter')).toEqual({ focus: 'b' })
    expect(act('a', '+')).toBeNull()
    expect(act('missing', 'ArrowDown')).toBeNull()
  })
})
