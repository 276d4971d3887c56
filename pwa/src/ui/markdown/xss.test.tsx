import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { normalizeSummary } from '@/data/normalize/summary'
import { SummaryTab } from '@/features/summary/SummaryTab'
import { Markdown } from './Markdown'

vi.mock('@rive-app/react-canvas', () => ({
  useRive: () => ({ RiveComponent: () => null, rive: null }),
  RuntimeLoader: { setWasmUrl: () => {}, setWasmFallbackUrl: () => {} },
}))

/** Attack strings an AI summary (or a prompt-injected transcript) could carry. */
const CORPUS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload=window.__pwned=1>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<a href="javascript:window.__pwned=1">html link</a>',
  '[click](javascript:window.__pwned=1)',
  '[click](JaVaScRiPt:window.__pwned=1)',
  '[click](java\tscript:window.__pwned=1)',
  '[click](javascript&#58;window.__pwned=1)',
  '[click](&#106;avascript:window.__pwned=1)',
  '[click](&#x6A;avascript:window.__pwned=1)',
  '[click](<javascript:window.__pwned=1>)',
  '[click]( javascript:window.__pwned=1 )',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](file:///etc/passwd)',
  '[click](//evil.example/x)',
  '![x](javascript:window.__pwned=1)',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '<javascript:window.__pwned=1>',
  '<data:text/html,<script>alert(1)</script>>',
  '[a](https://ok.example" onmouseover="window.__pwned=1)',
  '[a](https://ok.example "x\\" onmouseover=\\"window.__pwned=1")',
  '[x]: javascript:window.__pwned=1\n\n[x]',
  '&lt;script&gt;window.__pwned=1&lt;/script&gt;',
  '&#60;img src=x onerror=window.__pwned=1&#62;',
  '**<img src=x onerror=window.__pwned=1>**',
  '`<script>window.__pwned=1</script>`',
  '```html\n<script>window.__pwned=1</script>\n```',
  '| <script>x</script> | [c](javascript:1) |\n|---|---|\n| <img onerror=1> | ok |',
  '- [ ] <img src=x onerror=window.__pwned=1>',
  '> <style>body{display:none}</style>',
  '<div style="position:fixed;inset:0" onclick="window.__pwned=1">overlay</div>',
  '<form action="https://evil.example"><input name=x></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  'https://ok.example/<script>alert(1)</script>',
  'www.evil.example"onmouseover="alert(1)',
  // HTML blocks and raw inline HTML: the parser has HTML switched off.
  '<details open ontoggle=window.__pwned=1>\n\n**x**\n\n</details>',
  '<!-- <script>window.__pwned=1</script> -->',
  '<![CDATA[<script>window.__pwned=1</script>]]>',
  '<?php echo 1 ?><!DOCTYPE html>',
  'text <span onmouseover=window.__pwned=1>hover</span> more',
  '<textarea><script>window.__pwned=1</script></textarea>',
  // javascript: behind references, autolinks and footnotes.
  '[x][ref]\n\n[ref]: javascript:window.__pwned=1',
  '[ref][]\n\n[ref]: <javascript:window.__pwned=1> "t"',
  '[ref]\n\n[ref]: &#x6A;avascript:window.__pwned=1',
  '<JAVASCRIPT:window.__pwned=1>',
  '<vbscript:msgbox(1)>',
  'javascript:window.__pwned=1 and www.javascript:alert(1)',
  '<a@b.example?subject=<script>>',
  '[^1] and [^1]: <img src=x onerror=window.__pwned=1>',
  // Images never load: remote trackers, references, images inside links.
  '![pixel](https://tracker.example/p.gif)',
  '![x][img]\n\n[img]: https://tracker.example/p.gif',
  '[![x](https://tracker.example/p.gif)](javascript:window.__pwned=1)',
]

const ALLOWED = new Set([
  'DIV', 'SECTION', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'STRONG', 'EM', 'DEL', 'CODE', 'PRE', 'UL', 'OL', 'LI',
  'BLOCKQUOTE', 'HR', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'A', 'BR', 'INPUT', 'LABEL', 'SPAN', 'SUP',
])
const ALLOWED_ATTRS = new Set(['class', 'href', 'target', 'rel', 'type', 'id', 'for', 'start', 'scope', 'style', 'aria-hidden', 'data-testid'])

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
      { v2Summary: CORPUS.map((text, i) => ({ type: ['h1', 'h2', 'tldr', 'p', 'section', 'li-check', 'caption', 'quote'][i % 8], text, items: [text] })) },
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
