import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { normalizeSummary } from '@/data/normalize/summary'
import { SummaryTab } from '@/features/summary/SummaryTab'
import { Markdown } from './Markdown'
import attacks from '../../../../fixtures/xss/markdown-attacks.jsonl?raw'

vi.mock('@rive-app/react-canvas', () => ({
  useRive: () => ({ RiveComponent: () => null, rive: null }),
  RuntimeLoader: { setWasmUrl: () => {}, setWasmFallbackUrl: () => {} },
}))

/**
 * Attack strings an AI summary (or a prompt-injected transcript) could carry:
 * raw HTML, script URLs behind every link form, images; one JSON string a
 * line. Shared with the server's rendering of a shared recording's first
 * paint (pkg/share).
 */
const CORPUS: string[] = attacks
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as string)

const ALLOWED = new Set([
  'DIV',
  'SECTION',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'P',
  'STRONG',
  'EM',
  'DEL',
  'CODE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'HR',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'A',
  'BR',
  'INPUT',
  'LABEL',
  'SPAN',
  'SUP',
])
const ALLOWED_ATTRS = new Set([
  'class',
  'href',
  'target',
  'rel',
  'type',
  'id',
  'for',
  'start',
  'scope',
  'style',
  'aria-hidden',
  'data-testid',
])

function expectInert(root: HTMLElement) {
  for (const el of root.querySelectorAll('*')) {
    expect(ALLOWED.has(el.tagName), `unexpected <${el.tagName.toLowerCase()}>`).toBe(true)
    for (const attr of el.attributes) {
      expect(attr.name.startsWith('on'), `event handler ${attr.name}`).toBe(false)
      expect(ALLOWED_ATTRS.has(attr.name), `unexpected attribute ${attr.name}`).toBe(true)
    }
    if (el.tagName === 'A') {
      const href = el.getAttribute('href') ?? ''
      expect(href, 'link target').toMatch(/^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+)$/)
      expect(el.getAttribute('rel')).toBe('noopener noreferrer')
    }
    if (el.tagName === 'INPUT') expect(el.getAttribute('type')).toBe('checkbox')
    if (el.hasAttribute('style')) expect(el.getAttribute('style')).not.toMatch(/url\(|expression|javascript/i)
  }
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
}

describe('XSS corpus', () => {
  it.each(CORPUS)('renders %j through Markdown as inert text', (attack) => {
    const { container } = render(<Markdown source={attack} />)
    expectInert(container)
  })

  it('renders the whole corpus through every SummaryTab shape', () => {
    const joined = CORPUS.join('\n\n')
    const shapes = [
      { v2Summary: `## Block\n${joined}\n## Another\n${joined}` },
      {
        v2Summary: CORPUS.map((text, i) => ({
          type: ['h1', 'h2', 'tldr', 'p', 'section', 'li-check', 'caption', 'quote'][i % 8],
          text,
          items: [text],
        })),
      },
      { v2Summary: CORPUS.map((text) => ({ type: 'ul', items: [text, { text }] })) },
      { v2Summary: { sections: CORPUS.map((text) => ({ title: text, content: text })) } },
      { v2Summary: { content: joined } },
      { v2Summary: 'Plain ' + CORPUS.filter((s) => !/^[#>*`|[-]|^\d/.test(s)).join(' ') },
    ]
    for (const summarization of shapes) {
      const summary = normalizeSummary(summarization)
      expect(summary).not.toBeNull()
      const { container, unmount } = render(<SummaryTab summary={summary} />)
      expectInert(container)
      unmount()
    }
  })

  it('keeps the attack text visible as text', () => {
    const { container } = render(<Markdown source={'<img src=x onerror=alert(1)> and &lt;b&gt;'} />)
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> and <b>')
  })
})
