import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { InlineMarkdown } from './InlineMarkdown'
import { Markdown } from './Markdown'

describe('Markdown', () => {
  it('renders headings from the given level, keeping their offsets', () => {
    render(<Markdown source={'## Top\n### Sub\n## Next'} />)
    expect(screen.getAllByRole('heading').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H2', 'Top'],
      ['H3', 'Sub'],
      ['H2', 'Next'],
    ])
  })

  it('renders paragraphs, emphasis, code, quotes and rules', () => {
    const { container } = render(
      <Markdown source={'A **bold** and *em* and `code`.\n\n> quoted\n\n---\n\n```\nblock <b>\n```'} />,
    )
    expect(screen.getByText('bold').tagName).toBe('STRONG')
    expect(screen.getByText('em').tagName).toBe('EM')
    expect(screen.getByText('code').tagName).toBe('CODE')
    expect(screen.getByText('quoted').closest('blockquote')).not.toBeNull()
    expect(screen.getByRole('separator')).toBeInTheDocument()
    expect(container.querySelector('pre code')?.textContent).toBe('block <b>')
  })

  it('renders ordered, unordered and nested lists', () => {
    render(<Markdown source={'3. three\n4. four\n   - nested'} />)
    const [outer, inner] = screen.getAllByRole('list')
    expect(outer?.tagName).toBe('OL')
    expect(outer).toHaveAttribute('start', '3')
    expect(inner?.tagName).toBe('UL')
    expect(within(inner as HTMLElement).getByRole('listitem')).toHaveTextContent('nested')
  })

  it('renders task items as local checkboxes that start from their mark', async () => {
    const user = userEvent.setup()
    render(<Markdown source={'- [ ] Send notes\n- [x] Book room'} />)
    const send = screen.getByRole('checkbox', { name: 'Send notes' })
    expect(send).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Book room' })).toBeChecked()
    await user.click(send)
    expect(send).toBeChecked()
  })

  it('renders simple tables with header cells', () => {
    render(<Markdown source={'| Item | Cost |\n|---|--:|\n| Cloud | $142k |'} />)
    expect(screen.getByRole('table')).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Item', 'Cost'])
    expect(screen.getByRole('cell', { name: '$142k' })).toBeInTheDocument()
  })

  it('opens safe links in a new tab without an opener', () => {
    render(<Markdown source={'[Docs](https://example.com/docs) and [mail](mailto:a@example.com)'} />)
    const docs = screen.getByRole('link', { name: 'Docs' })
    expect(docs).toHaveAttribute('href', 'https://example.com/docs')
    expect(docs).toHaveAttribute('target', '_blank')
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@example.com')
  })

  it('keeps the words of other links as plain text', () => {
    render(<Markdown source={'[run](javascript:alert(1)) [rel](/recordings/1)'} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('run')).toBeInTheDocument()
    expect(screen.getByText('rel')).toBeInTheDocument()
  })

  it('shows HTML in the source as text', () => {
    render(<Markdown source={'<b>not bold</b>'} />)
    expect(screen.getByText('<b>not bold</b>').tagName).toBe('P')
  })

  it('renders GFM tables with aligned columns, padding short rows and dropping extra cells', () => {
    const { container } = render(
      <Markdown
        source={'Costs:\n\n| Item | Cost | Note |\n|:--|--:|:-:|\n| **Cloud** | $142k |\n| Ops | $9k | x | extra |'}
      />,
    )
    const headers = screen.getAllByRole('columnheader')
    expect(headers.map((c) => [c.textContent, c.getAttribute('scope')])).toEqual([
      ['Item', 'col'],
      ['Cost', 'col'],
      ['Note', 'col'],
    ])
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))
    expect(rows).toEqual([
      ['Cloud', '$142k', ''],
      ['Ops', '$9k', 'x'],
    ])
    expect(screen.getByText('Cloud').tagName).toBe('STRONG')
    expect(screen.getByRole('cell', { name: '$142k' })).toHaveClass('markdown__cell--right')
    expect(headers[2]).toHaveClass('markdown__cell--center')
  })

  it('nests lists by their content indent, with tasks inside a nested list', () => {
    render(<Markdown source={'- Plan\n  - [x] Draft\n  - [ ] Review\n    1. read\n    2. sign\n- Ship'} />)
    const lists = screen.getAllByRole('list')
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'UL', 'OL'])
    expect(within(lists[0] as HTMLElement).getAllByRole('listitem', { name: '' })[0]).toHaveTextContent(
      /^PlanDraftReviewreadsign$/,
    )
    expect(screen.getByRole('checkbox', { name: 'Draft' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Review' })).not.toBeChecked()
    expect(
      within(lists[2] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['read', 'sign'])
  })

  it('renders fenced code verbatim, markdown and HTML inside included', () => {
    const { container } = render(<Markdown source={'~~~ts\nconst a = 1 // **not bold**\n<b>x</b>\n~~~'} />)
    expect(container.querySelector('pre code')?.textContent).toBe('const a = 1 // **not bold**\n<b>x</b>')
    expect(container.querySelector('strong, b')).toBeNull()
  })

  it('renders strikethrough, autolinks and bare www and e-mail links', () => {
    render(<Markdown source={'~~old~~ plan: see <https://a.example/x>, www.b.example and ann@c.example'} />)
    expect(screen.getByText('old').tagName).toBe('DEL')
    expect(screen.getByRole('link', { name: 'https://a.example/x' })).toHaveAttribute('href', 'https://a.example/x')
    expect(screen.getByRole('link', { name: 'www.b.example' })).toHaveAttribute('href', 'http://www.b.example/')
    expect(screen.getByRole('link', { name: 'ann@c.example' })).toHaveAttribute('href', 'mailto:ann@c.example')
  })

  it('follows reference links to their definition and hides the definition', () => {
    const { container } = render(<Markdown source={'Read [the docs][d].\n\n[d]: https://example.com/docs "Docs"'} />)
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs')
    expect(container.textContent).toBe('Read the docs.')
  })

  it('shows images as their alt text and never loads them', () => {
    const { container } = render(
      <Markdown
        source={'![Q3 chart](https://tracker.example/p.png) [![logo](https://x.example/l.png)](https://example.com)'}
      />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('Q3 chart logo')
    expect(screen.getByRole('link', { name: 'logo' })).toHaveAttribute('href', 'https://example.com/')
  })

  it('starts a new line at a single newline inside a paragraph, as chat text expects', () => {
    const { container } = render(<Markdown source={'First line\nsecond line'} />)
    expect(container.querySelector('p')?.innerHTML).toBe('First line<br>second line')
  })

  it('renders footnote references and their notes', () => {
    const { container } = render(<Markdown source={'Revenue grew[^1].\n\n[^1]: Unaudited.'} />)
    expect(container.querySelector('p sup')?.textContent).toBe('[1]')
    expect(container.querySelector('.markdown__footnote')?.textContent).toBe('[1] Unaudited.')
  })

  it('bounds nesting on hostile input and keeps the text', () => {
    const { container } = render(<Markdown source={'>'.repeat(500) + ' deep'} />)
    expect(container.querySelectorAll('blockquote').length).toBeLessThanOrEqual(13)
    expect(container.textContent).toContain('deep')
  })
})

describe('InlineMarkdown', () => {
  it('renders inline markdown but leaves block syntax as written', () => {
    const { container } = render(<InlineMarkdown text={'# 1 - **Ship** [it](https://example.com) <b>now</b>'} />)
    expect(screen.getByText('Ship').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: 'it' })).toHaveAttribute('href', 'https://example.com/')
    expect(container.textContent).toBe('# 1 - Ship it <b>now</b>')
    expect(container.querySelector('h1, ul, p, b')).toBeNull()
  })
})
