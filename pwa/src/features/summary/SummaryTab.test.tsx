import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { normalizeSummary, type SummaryContent } from '@/data/normalize/summary'
import { summarizationOf } from '@/data/normalize/testFixtures'
import { SummaryTab } from './SummaryTab'

// The empty state's animation runtime needs wasm and a canvas; the texts are what is tested here.
vi.mock('@rive-app/react-canvas', () => ({
  useRive: () => ({ RiveComponent: () => null, rive: null }),
  RuntimeLoader: { setWasmUrl: () => {}, setWasmFallbackUrl: () => {} },
}))

const show = (summary: SummaryContent | null) => render(<SummaryTab summary={summary} />)
const fromFixture = (prefix: string) => show(normalizeSummary(summarizationOf(prefix)))

describe('SummaryTab', () => {
  it('shows the empty state with its exact texts when there is no summary (18)', () => {
    fromFixture('18')
    expect(screen.getByRole('heading', { name: 'No Summary Available' })).toBeInTheDocument()
    expect(
      screen.getByText(
        "This recording hasn't been summarized yet. Summaries are generated automatically for your recordings.",
      ),
    ).toBeInTheDocument()
  })

  it('renders markdown blocks with dividers between them (01)', () => {
    const { container } = fromFixture('01')
    const headings = screen.getAllByRole('heading', { level: 2 })
    expect(headings.map((h) => h.textContent)).toEqual([
      'Overview',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ])
    expect(screen.getAllByRole('separator')).toHaveLength(4)
    expect(container.querySelectorAll('section')).toHaveLength(5)
  })

  it('splits GFM markdown at level-2 headings, keeping tables, task lists and code whole', () => {
    const md = [
      '## Budget',
      '| Item | Cost |',
      '|---|--:|',
      '| Cloud | $142k |',
      '## Tasks',
      '- [x] Draft',
      '  - [ ] Review',
      '```',
      '## not a split',
      '```',
      '## Notes',
      '~~old~~ new',
    ].join('\n')
    const { container } = show(normalizeSummary({ v2Summary: md }))
    const sections = [...container.querySelectorAll('section')]
    expect(sections.map((s) => s.querySelector('h2')?.textContent)).toEqual(['Budget', 'Tasks', 'Notes'])
    expect(within(sections[0] as HTMLElement).getByRole('cell', { name: '$142k' })).toBeInTheDocument()
    expect(within(sections[1] as HTMLElement).getByRole('checkbox', { name: 'Draft' })).toBeChecked()
    expect(within(sections[1] as HTMLElement).getByRole('checkbox', { name: 'Review' })).not.toBeChecked()
    expect(sections[1]?.querySelector('pre code')?.textContent).toBe('## not a split')
    expect(within(sections[2] as HTMLElement).getByText('old').tagName).toBe('DEL')
    expect(screen.getAllByRole('separator')).toHaveLength(2)
  })

  it('renders bold text and lists from the markdown (12)', () => {
    fromFixture('12')
    expect(screen.getAllByRole('list').length).toBeGreaterThan(0)
    expect(screen.getByText('$1.2M').tagName).toBe('STRONG')
  })

  it('renders every component type (03)', () => {
    fromFixture('03')
    expect(
      screen.getByRole('heading', { level: 2, name: 'Interview: Nadia Petrova — Senior Frontend Engineer' }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Background',
      'Technical discussion',
      'Next steps',
    ])
    expect(screen.getByText(/^Strong candidate with hands-on offline-sync/)).toBeInTheDocument()
    expect(screen.getByText(/^Three and a half years at Fieldnote/)).toBeInTheDocument()
    expect(screen.getByText(/^Collaboration: resolved a sidebar animation/)).toBeInTheDocument()
    expect(screen.getByText('IndexedDB store keyed by id with a date index').tagName).toBe('LI')
    expect(screen.getByRole('checkbox', { name: 'Share interview notes with the hiring channel' })).not.toBeChecked()
    expect(screen.getByText(/^Instead of arguing in the abstract/)).toBeInTheDocument() // unknown type with text
    expect(screen.getByText('Unknown component type')).toBeInTheDocument() // unknown type without text
    expect(screen.getByText('Interviewers: Daniel Okafor, Sofia Martinez · first round')).toBeInTheDocument()
  })

  it('toggles check lines locally, starting from their flag (24)', async () => {
    const user = userEvent.setup()
    fromFixture('24')
    const done = screen.getByRole('checkbox', {
      name: 'Draft invoice lines from order texts, with review before sending',
    })
    const open = screen.getByRole('checkbox', { name: 'Automatic polite reminders' })
    expect(done).toBeChecked()
    expect(open).not.toBeChecked()
    await user.click(open)
    expect(open).toBeChecked()
    await user.click(screen.getByText('Automatic polite reminders'))
    expect(open).not.toBeChecked()
    const checks = screen.getAllByRole('checkbox')
    expect(checks).toHaveLength(4)
    expect(within(screen.getAllByRole('list').at(-1) as HTMLElement).getAllByRole('checkbox')).toHaveLength(4)
  })

  it('keeps ticks across an equal summary and restarts them for another one', async () => {
    const user = userEvent.setup()
    const summary = (text: string): SummaryContent => ({
      kind: 'components',
      components: [{ type: 'li-check', id: 'c', text, completed: false }],
    })
    const { rerender } = show(summary('Call Ana'))
    await user.click(screen.getByRole('checkbox', { name: 'Call Ana' }))
    rerender(<SummaryTab summary={summary('Call Ana')} />)
    expect(screen.getByRole('checkbox', { name: 'Call Ana' })).toBeChecked()
    rerender(<SummaryTab summary={summary('Email Bo')} />)
    expect(screen.getByRole('checkbox', { name: 'Email Bo' })).not.toBeChecked()
  })

  it('renders plain text as paragraphs without interpreting it (04, 05)', () => {
    fromFixture('05')
    expect(screen.getByText(/^Quarterly check-in with Northwind Logistics/).tagName).toBe('P')
    show({ kind: 'text', text: 'Use *stars* and <b>tags</b>\nnext line\n\nSecond paragraph' })
    const first = screen.getByText(/Use \*stars\* and <b>tags<\/b>/)
    expect(first.tagName).toBe('P')
    expect(first.querySelector('br')).not.toBeNull()
    expect(screen.getByText('Second paragraph').tagName).toBe('P')
  })

  it('renders sections with their titles and bodies (06, 25)', () => {
    fromFixture('06')
    expect(screen.getByRole('heading', { level: 2, name: 'Heating' })).toBeInTheDocument()
    expect(screen.getByText(/^Bedroom radiator in apartment 4B/)).toBeInTheDocument()
    expect(screen.getAllByRole('separator')).toHaveLength(2)
  })
})
