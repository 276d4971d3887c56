import { describe, expect, it } from 'vitest'
import { looksLikeMarkdown, normalizeSummary, splitMarkdownBlocks, type SummaryContent } from './summary'
import { firstSummarization } from './summarization'
import { fixtures, summarizationOf } from './testFixtures'

// fixtures/README.md "Shape coverage": the summary shape each sample file uses.
const EXPECTED_KIND: Record<string, SummaryContent['kind'] | null> = {
  '01': 'markdown',
  '02': 'markdown',
  '03': 'components',
  '04': 'text',
  '05': 'text',
  '06': 'sections',
  '07': 'markdown',
  '08': null,
  '09': 'markdown',
  '10': 'markdown',
  '11': 'markdown',
  '12': 'markdown',
  '13': 'markdown',
  '14': 'markdown',
  '15': null,
  '16': 'components',
  '17': 'markdown',
  '18': null,
  '19': 'text',
  '20': null,
  '21': 'markdown',
  '22': 'markdown',
  '23': 'markdown',
  '24': 'components',
  '25': 'sections',
  '26': 'text',
}

const summaryOf = (prefix: string) => normalizeSummary(summarizationOf(prefix))

describe('normalizeSummary on every fixture', () => {
  it('classifies every sample file', () => {
    expect([...fixtures.keys()].sort()).toEqual(Object.keys(EXPECTED_KIND).sort())
    for (const prefix of fixtures.keys()) {
      expect(summaryOf(prefix)?.kind ?? null, prefix).toBe(EXPECTED_KIND[prefix])
    }
  })

  it('splits markdown into blocks that each start at a ## heading (01)', () => {
    const s = summaryOf('01')
    expect(s?.kind).toBe('markdown')
    const blocks = s?.kind === 'markdown' ? s.blocks : []
    expect(blocks).toHaveLength(5)
    for (const b of blocks) expect(b.startsWith('## ')).toBe(true)
    expect(blocks[0]).toMatch(/^## Overview\nWeekly Harbor product sync/)
  })

  it('prefers v2Summary over summary when both have content (12)', () => {
    const s = summaryOf('12')
    expect(s?.kind === 'markdown' && s.blocks[0]).toMatch(/^## Where we are/)
  })

  it('reads the nested v2 object (09)', () => {
    const s = summaryOf('09')
    expect(s?.kind === 'markdown' && s.blocks[0]).toMatch(/^## Reason for visit/)
  })

  it('reads {markdown} (02, 17) and the legacy summary field (11, 13, 16)', () => {
    expect(summaryOf('02')).toMatchObject({
      kind: 'markdown',
      blocks: [expect.stringMatching(/^## Check-in/), expect.anything(), expect.anything(), expect.anything()],
    })
    expect(summaryOf('17')?.kind).toBe('markdown')
    expect(summaryOf('11')).toMatchObject({
      kind: 'markdown',
      blocks: [expect.stringMatching(/^## Episode 42/), expect.anything(), expect.anything()],
    })
    const legacy = summaryOf('16')
    expect(legacy?.kind === 'components' && legacy.components[0]).toEqual({ type: 'h1', text: '2027 Roadmap Preview' })
    expect(summaryOf('13')).toMatchObject({
      kind: 'markdown',
      blocks: expect.arrayContaining([expect.stringMatching(/^## Sprint 47/)]),
    })
  })

  it('reads every component type, including unknown ones with and without text (03)', () => {
    const s = summaryOf('03')
    const components = s?.kind === 'components' ? s.components : []
    expect(components.map((c) => c.type)).toEqual([
      'h1',
      'tldr',
      'h2',
      'p',
      'section',
      'h2',
      'ul',
      'h2',
      'li-check',
      'li-check',
      'unknown',
      'unknown',
      'caption',
    ])
    expect(components[6]).toMatchObject({
      type: 'ul',
      items: expect.arrayContaining(['IndexedDB store keyed by id with a date index']),
    })
    expect(components[6]?.type === 'ul' && components[6].items).toHaveLength(4)
    expect(components[8]).toEqual({
      type: 'li-check',
      id: 'check-8',
      text: 'Share interview notes with the hiring channel',
      completed: false,
    })
    expect(components[10]).toMatchObject({
      type: 'unknown',
      rawType: 'quote',
      text: expect.stringMatching(/^Instead of arguing/),
    })
    expect(components[11]).toEqual({ type: 'unknown', rawType: 'divider', text: null })
    expect(components[12]).toEqual({
      type: 'caption',
      text: 'Interviewers: Daniel Okafor, Sofia Martinez · first round',
    })
  })

  it("keeps each check line's completed flag (24)", () => {
    const s = summaryOf('24')
    const checks = s?.kind === 'components' ? s.components.filter((c) => c.type === 'li-check') : []
    expect(checks.map((c) => c.type === 'li-check' && c.completed)).toEqual([false, false, false, true])
  })

  it('reads a plain string as text (04, 19, 26) and a plain content field as text (05)', () => {
    expect(summaryOf('04')).toMatchObject({
      kind: 'text',
      text: expect.stringMatching(/^Technical screen with Omar Haddad/),
    })
    expect(summaryOf('05')).toMatchObject({
      kind: 'text',
      text: expect.stringMatching(/^Quarterly check-in with Northwind/),
    })
  })

  it('reads sections with content or text (06, 25)', () => {
    const s = summaryOf('06')
    expect(s?.kind === 'sections' && s.sections.map((x) => x.title)).toEqual([
      'Heating',
      expect.any(String),
      expect.any(String),
    ])
    for (const section of s?.kind === 'sections' ? s.sections : []) expect(section.body).not.toBe('')
    expect(summaryOf('25')).toMatchObject({ kind: 'sections', sections: [{ title: 'Went well' }, {}, {}] })
  })

  it('shows the empty state for a whitespace v2Summary with an empty summary (18) and no summarization (08, 15, 20)', () => {
    for (const p of ['18', '08', '15', '20']) expect(summaryOf(p), p).toBeNull()
  })
})

describe('normalizeSummary edge cases', () => {
  const of = (summarization: Record<string, unknown>) => normalizeSummary(summarization)

  it('returns null for no summarization', () => {
    expect(normalizeSummary(null)).toBeNull()
  })

  it('applies the presence rule to each shape', () => {
    for (const empty of [
      '',
      '  ',
      { markdown: ' ' },
      [],
      { components: [] },
      { content: '' },
      { sections: [] },
      { sections: [{}] },
      {},
      42,
      [null, 7],
    ]) {
      expect(of({ v2Summary: empty }), JSON.stringify(empty)).toBeNull()
    }
  })

  it('falls back to summary when v2Summary has no content', () => {
    expect(of({ v2Summary: '  ', summary: 'Legacy text' })).toEqual({ kind: 'text', text: 'Legacy text' })
    expect(of({ v2Summary: { sections: [] }, summary: '## A\nb' })).toEqual({ kind: 'markdown', blocks: ['## A\nb'] })
  })

  it('reads summaries stored as JSON strings', () => {
    expect(of({ v2Summary: '{"markdown":"## A\\nx"}' })).toEqual({ kind: 'markdown', blocks: ['## A\nx'] })
    expect(of({ summary: '[{"type":"p","text":"Hi"}]' })).toEqual({
      kind: 'components',
      components: [{ type: 'p', text: 'Hi' }],
    })
  })

  it('maps a content field to markdown, text or components by what it holds', () => {
    expect(of({ v2Summary: { content: '## Plan\n- ship it' } })).toEqual({
      kind: 'markdown',
      blocks: ['## Plan\n- ship it'],
    })
    expect(of({ v2Summary: { content: 'Just words.' } })).toEqual({ kind: 'text', text: 'Just words.' })
    expect(of({ v2Summary: { content: [{ type: 'h2', text: 'A' }] } })).toEqual({
      kind: 'components',
      components: [{ type: 'h2', text: 'A' }],
    })
  })

  it('reads {components: [...]} and skips components that show nothing', () => {
    expect(
      of({
        v2Summary: {
          components: [{ type: 'h1', text: '' }, null, 'loose line', { type: 'UL', items: [{ text: 'a' }, '', 'b'] }],
        },
      }),
    ).toEqual({
      kind: 'components',
      components: [
        { type: 'p', text: 'loose line' },
        { type: 'ul', text: '', items: ['a', 'b'] },
      ],
    })
  })

  it('reads li-check flags in their several spellings and gives each an id', () => {
    const s = of({
      v2Summary: [
        { type: 'li-check', text: 'a', isCompleted: true },
        { type: 'li-check', text: 'b', checked: 'true', id: 'x' },
      ],
    })
    expect(s).toEqual({
      kind: 'components',
      components: [
        { type: 'li-check', id: 'check-0', text: 'a', completed: true },
        { type: 'li-check', id: 'x', text: 'b', completed: true },
      ],
    })
  })

  it('reads {text} as a last resort', () => {
    expect(of({ summary: { text: 'Hello' } })).toEqual({ kind: 'text', text: 'Hello' })
  })
})

describe('splitMarkdownBlocks', () => {
  it('keeps text before the first ## as its own block and ignores ### and #', () => {
    expect(splitMarkdownBlocks('# Title\nIntro\n## A\n### a1\ntext\n## B\n')).toEqual([
      '# Title\nIntro',
      '## A\n### a1\ntext',
      '## B',
    ])
  })

  it('never splits inside fenced code', () => {
    expect(splitMarkdownBlocks('## A\n```\n## not a heading\n```\n## B')).toEqual([
      '## A\n```\n## not a heading\n```',
      '## B',
    ])
  })

  it('drops blank blocks', () => {
    expect(splitMarkdownBlocks('\n\n## A\n\n\n')).toEqual(['## A'])
  })
})

describe('looksLikeMarkdown', () => {
  it('tells markdown from plain prose', () => {
    for (const md of [
      '## H',
      '- item',
      '1. item',
      '> quote',
      '**bold** word',
      'a [link](https://x.y)',
      'run `npm`',
      '| a | b |',
    ]) {
      expect(looksLikeMarkdown(md), md).toBe(true)
    }
    for (const plain of ['Plain sentence. Another one.', 'Costs $5 * 3 units', 'Line one\n\nLine two', '#hashtag']) {
      expect(looksLikeMarkdown(plain), plain).toBe(false)
    }
  })
})

describe('firstSummarization', () => {
  it('uses the first non-null member in document order', () => {
    expect(firstSummarization({ b: null, a: { id: 'a' }, c: { id: 'c' } })).toEqual({ id: 'a' })
  })

  it('accepts arrays, JSON strings and JSON-string values', () => {
    expect(firstSummarization([{ id: 'x' }, { id: 'y' }])).toEqual({ id: 'x' })
    expect(firstSummarization('{"s1":"{\\"id\\":\\"s1\\"}"}')).toEqual({ id: 's1' })
  })

  it('decodes a v2 member stored as a JSON string', () => {
    expect(firstSummarization({ s: { v2: '{"summary":"## A\\nb"}' } })).toEqual({ v2: { summary: '## A\nb' } })
  })

  it('returns null when there is none', () => {
    for (const none of [undefined, null, {}, [], 'nope', { a: null }, { a: 5 }])
      expect(firstSummarization(none)).toBeNull()
  })
})
