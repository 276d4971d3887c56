import { describe, expect, it } from 'vitest'
import { parseBlocks, type Block } from './blocks'

const para = (text: string): Block => ({ type: 'paragraph', content: [{ type: 'text', text }] })

describe('parseBlocks', () => {
  it('reads headings, paragraphs and rules', () => {
    expect(parseBlocks('# One\n\nText here\n\n---\n### Three ###')).toEqual([
      { type: 'heading', level: 1, content: [{ type: 'text', text: 'One' }] },
      para('Text here'),
      { type: 'hr' },
      { type: 'heading', level: 3, content: [{ type: 'text', text: 'Three' }] },
    ])
  })

  it('reads fenced code verbatim, including markdown and HTML inside', () => {
    expect(parseBlocks('```ts\nconst a = "<b>";\n## not a heading\n```\nafter')).toEqual([
      { type: 'code', lang: 'ts', text: 'const a = "<b>";\n## not a heading' },
      para('after'),
    ])
    expect(parseBlocks('~~~\nunclosed')).toEqual([{ type: 'code', lang: '', text: 'unclosed' }])
  })

  it('reads unordered and ordered lists with their start number', () => {
    const [ul, ol] = parseBlocks('- a\n- b\n\n3. c\n4. d')
    expect(ul).toEqual({ type: 'list', ordered: false, start: 1, items: [{ checked: null, children: [para('a')] }, { checked: null, children: [para('b')] }] })
    expect(ol).toMatchObject({ type: 'list', ordered: true, start: 3, items: [{ children: [para('c')] }, { children: [para('d')] }] })
  })

  it('nests lists indented by two or four spaces', () => {
    const [list] = parseBlocks('1. top\n  - two-space child\n    - grandchild\n2. next')
    expect(list).toMatchObject({
      type: 'list',
      ordered: true,
      items: [
        {
          children: [
            para('top'),
            { type: 'list', ordered: false, items: [{ children: [para('two-space child'), { type: 'list', items: [{ children: [para('grandchild')] }] }] }] },
          ],
        },
        { children: [para('next')] },
      ],
    })
  })

  it('reads task-list items with their checked state', () => {
    const [list] = parseBlocks('- [ ] open\n- [x] done\n- [X] also done\n- plain')
    expect(list?.type === 'list' && list.items.map((i) => i.checked)).toEqual([false, true, true, null])
    expect(list?.type === 'list' && list.items.map((i) => i.children)).toEqual([[para('open')], [para('done')], [para('also done')], [para('plain')]])
  })

  it('lets a list or table start right after a paragraph line', () => {
    expect(parseBlocks('Decisions:\n- ship').map((b) => b.type)).toEqual(['paragraph', 'list'])
    expect(parseBlocks('Costs:\n| a | b |\n|---|--:|\n| 1 | 2 |').map((b) => b.type)).toEqual(['paragraph', 'table'])
  })

  it('reads blockquotes, with lazy continuation and nesting', () => {
    expect(parseBlocks('> quoted\nlazy\n> > inner')).toEqual([
      {
        type: 'blockquote',
        children: [
          { type: 'paragraph', content: [{ type: 'text', text: 'quoted' }, { type: 'br' }, { type: 'text', text: 'lazy' }] },
          { type: 'blockquote', children: [para('inner')] },
        ],
      },
    ])
  })

  it('reads simple tables with alignment, padding short rows', () => {
    const [table] = parseBlocks('| Item | Cost |\n| :-- | --: |\n| Cloud | $142k |\n| PDF |')
    expect(table).toEqual({
      type: 'table',
      align: ['left', 'right'],
      header: [[{ type: 'text', text: 'Item' }], [{ type: 'text', text: 'Cost' }]],
      rows: [
        [[{ type: 'text', text: 'Cloud' }], [{ type: 'text', text: '$142k' }]],
        [[{ type: 'text', text: 'PDF' }], []],
      ],
    })
  })

  it('does not take a pipe line without a matching delimiter row for a table', () => {
    expect(parseBlocks('a | b\nplain').map((b) => b.type)).toEqual(['paragraph'])
  })

  it('bounds nesting on hostile input and keeps the text', () => {
    const deep = parseBlocks('>'.repeat(5000) + ' x')
    let node: Block | undefined = deep[0]
    let depth = 0
    while (node?.type === 'blockquote') {
      node = node.children[0]
      depth++
    }
    expect(depth).toBeLessThanOrEqual(12)
    expect(node?.type).toBe('paragraph')
  })

  it('treats CRLF and tabs like plain newlines and spaces', () => {
    expect(parseBlocks('- a\r\n\t- b')).toMatchObject([{ type: 'list', items: [{ children: [para('a'), { type: 'list' }] }] }])
  })
})
