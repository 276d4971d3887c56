import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
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
    const { container } = render(<Markdown source={'A **bold** and *em* and `code`.\n\n> quoted\n\n---\n\n```\nblock <b>\n```'} />)
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
})
