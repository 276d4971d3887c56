import fc from 'fast-check'
import type { Nodes } from 'mdast'
import { describe, expect, it } from 'vitest'
import { fixtureFiles } from '@/mocks/fixtures'
import { parseGrowing, type GrowingParse } from './growing'
import { parseMarkdown } from './parse'

/** The tree without source positions: what the renderer draws. */
function shape(node: Nodes): unknown {
  const { position: _, ...rest } = node
  if (!('children' in rest)) return rest
  return { ...rest, children: (rest.children as Nodes[]).map(shape) }
}

/** Grows the text step by step as the chat reveal does; every step must draw what a whole parse draws. */
function expectEveryStepLikeAWholeParse(steps: string[]) {
  let previous: GrowingParse | undefined
  for (const text of steps) {
    previous = parseGrowing(text, previous)
    expect(shape(previous.tree), JSON.stringify(text)).toEqual(shape(parseMarkdown(text)))
  }
}

const wordPrefixes = (text: string) => {
  const parts = text.split(/(?<=\s)/)
  return parts.map((_, i) => parts.slice(0, i + 1).join(''))
}

function markdownOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string' && value.length > 40) into.push(value)
  else if (Array.isArray(value)) value.forEach((v) => markdownOf(v, into))
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => markdownOf(v, into))
  return into
}

describe('parsing a growing text again from its last block', () => {
  it('draws every word prefix of every sample summary as a whole parse does', () => {
    const texts = fixtureFiles().flatMap((f) => markdownOf(f.summarizations))
    expect(texts.length).toBeGreaterThan(10)
    // Every fourth word keeps this quick; the generated texts below go character by character.
    for (const text of texts)
      expectEveryStepLikeAWholeParse(wordPrefixes(text).filter((_, i, all) => i % 4 === 0 || i === all.length - 1))
  }, 120_000)

  // Lines of the kinds that continue, interrupt or reinterpret the block before them.
  const line = fc.constantFrom(
    '',
    'Plain words here',
    '## Heading',
    'Setext',
    '===',
    '---',
    '- item',
    '  - nested',
    '1. first',
    '2) second',
    '- [ ] task',
    '- [x] done',
    '> quoted',
    'lazy continuation',
    '```',
    '```ts',
    'code()',
    '    indented code',
    '| a | b |',
    '| --- | :-: |',
    '| 1 | 2 |',
    '***bold*** and `code`',
    'https://example.com',
    '~~gone~~',
    '* star',
    '[link](https://example.com)',
    '<b>html</b>',
    '\t- tab item',
    '+ plus',
  )

  it('draws every character prefix of generated markdown as a whole parse does', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 7 }), (lines, stride) => {
        const text = lines.join('\n')
        const steps: string[] = []
        for (let end = 0; end < text.length; end += stride) steps.push(text.slice(0, end))
        steps.push(text)
        expectEveryStepLikeAWholeParse(steps)
      }),
      { numRuns: 150 },
    )
  }, 120_000)

  it('does not resume right after indented code, where "2) x" is text past any blank lines', () => {
    // Found by the generated texts above (seed -740288051).
    const text = '    indented code\n\n2) second\n\n2) second\n'
    expectEveryStepLikeAWholeParse([...text].map((_, i) => text.slice(0, i + 1)))
  })

  it('parses again from the start when the text is not a continuation, or has definitions', () => {
    const first = parseGrowing('# One\n\nSome text\n\n- a list')
    expect(first.settled).toHaveLength(1)
    const other = parseGrowing('Different', first)
    expect(shape(other.tree)).toEqual(shape(parseMarkdown('Different')))
    const withDefinition = '[a][x] then\n\n[x]: https://example.com'
    expectEveryStepLikeAWholeParse(wordPrefixes(withDefinition))
    expect(parseGrowing(withDefinition, first).settled).toEqual([])
  })
})
