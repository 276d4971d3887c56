import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { firstSummarization } from '@/data/normalize/summarization'
import { fixtureFiles } from '@/mocks/fixtures'
import { MindMapTab } from './MindMapTab'

function summarizationOf(prefix: string) {
  const file = fixtureFiles().find((f) => f.recording.id.startsWith(`rec_${prefix}_`))
  if (!file) throw new Error(`no fixture ${prefix}`)
  return firstSummarization(file.summarizations)
}

const items = () => screen.getAllByRole('treeitem')
const item = (name: string) => screen.getByRole('treeitem', { name })
const templateButton = () => screen.getByRole('button', { name: /^Mind map template: / })
const zoomLevel = () => screen.getByRole('status').textContent

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }))
}

describe('MindMapTab', () => {
  it('offers the four templates of fixture 09 in a panel with the spec texts, flow first', async () => {
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarizationOf('09')} />)
    expect(templateButton()).toHaveTextContent('Flow map')
    expect(screen.getByRole('tree', { name: 'Flow map' })).toBeInTheDocument()
    expect(item('Knee consult')).toHaveAttribute('aria-level', '1')

    await user.click(templateButton())
    const panel = screen.getByRole('dialog', { name: 'Choose mind map template' })
    expect(panel).toHaveAccessibleDescription('Choose the best match for your needs.')
    const choices = within(panel)
      .getAllByRole('button', { pressed: false })
      .concat(within(panel).getAllByRole('button', { pressed: true }))
    expect(choices.map((c) => c.textContent).sort()).toEqual([
      'Cluster mapGroups ideas by similarity.',
      'Context mapAdds depth with key details.',
      'Flow mapMaps conversations as they unfold.',
      'Speaker mapOrganizes by speaker.',
    ])
    expect(within(panel).getByRole('button', { name: /^Flow map/ })).toHaveAttribute('aria-pressed', 'true')
    expect(within(panel).getByRole('button', { name: /^Flow map/ })).toHaveFocus()

    await user.click(within(panel).getByRole('button', { name: /^Speaker map/ }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(templateButton()).toHaveFocus()
    expect(templateButton()).toHaveTextContent('Speaker map')
    expect(item('Consultation')).toHaveAttribute('aria-level', '1')
    expect(item('Dr. Anita Shah')).toHaveAttribute('aria-level', '2')
    expect(item('Examination')).toHaveAttribute('aria-level', '3')
  })

  it('shows a renamed speaker under the new name on the speaker map (09)', async () => {
    const user = userEvent.setup()
    const speakers = { SPEAKER_00: { speakerProfile: { name: 'Dr. A. Shah', originalName: 'Dr. Anita Shah' } } }
    render(<MindMapTab summarization={summarizationOf('09')} speakers={speakers} />)
    await user.click(templateButton())
    await user.click(screen.getByRole('button', { name: /^Speaker map/ }))
    expect(item('Dr. A. Shah')).toHaveAttribute('aria-level', '2')
    expect(screen.queryByRole('treeitem', { name: 'Dr. Anita Shah' })).not.toBeInTheDocument()
  })

  it('closes the panel with Escape, back on the button, keeping the map', async () => {
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarizationOf('02')} />)
    await user.click(templateButton())
    expect(screen.getAllByRole('button', { name: /map/ }).filter((b) => b.closest('[role=dialog]'))).toHaveLength(2)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(templateButton()).toHaveFocus()
    expect(templateButton()).toHaveTextContent('Flow map')
  })

  it('hides the selector when only one type is present (fixture 07, 67 nodes)', () => {
    render(<MindMapTab summarization={summarizationOf('07')} />)
    expect(screen.queryByRole('button', { name: /^Mind map template/ })).not.toBeInTheDocument()
    expect(items()).toHaveLength(67)
    expect(Math.max(...items().map((i) => Number(i.getAttribute('aria-level'))))).toBe(5)
  })

  it('shows the cluster map of fixture 21, whose flow map is broken and context map of unknown type', () => {
    render(<MindMapTab summarization={summarizationOf('21')} />)
    expect(screen.queryByRole('button', { name: /^Mind map template/ })).not.toBeInTheDocument()
    expect(screen.getByRole('tree', { name: 'Cluster map' })).toBeInTheDocument()
    expect(items()).toHaveLength(11)
  })

  it.each([
    ['a recording without maps (fixture 17)', summarizationOf('17')],
    ['no summarization', null],
    ['only a map of unknown type', { contextMindMap: { type: 'radial', nodes: [{ nodeId: 'a', title: 'A' }] } }],
    ['only an unparseable map', { mindMap: '{"type":"flow","nodes":[' }],
    [
      'maps with no nodes, maps or speakers',
      {
        mindMap: { type: 'flow', nodes: [] },
        clusterMindMap: { type: 'cluster', maps: [] },
        speakerMindMap: { type: 'speaker', nodes: {} },
      },
    ],
  ])('shows the empty state for %s', (_, summarization) => {
    render(<MindMapTab summarization={summarization} />)
    expect(screen.getByRole('heading', { name: 'No Mind Map Available' })).toBeInTheDocument()
    expect(
      screen.getByText('Mind maps help visualize key concepts and relationships from your recordings.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('tree')).not.toBeInTheDocument()
  })

  it('draws maps with orphans, cycles and duplicate ids without hanging', () => {
    const nodes = [
      { nodeId: 'a', parentNodeId: 'b', title: 'A' },
      { nodeId: 'b', parentNodeId: 'a', title: 'B' },
      { nodeId: 'b', parentNodeId: '', title: 'B again' },
      { nodeId: 'o', parentNodeId: 'missing', title: 'Orphan' },
    ]
    render(<MindMapTab summarization={{ mindMap: { type: 'flow', nodes } }} />)
    expect(items().map((i) => i.getAttribute('aria-label'))).toEqual(['A', 'B', 'B again', 'Orphan'])
  })

  it('moves through the tree with the arrow keys (roving tabindex) and toggles branches with Enter', async () => {
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarizationOf('14')} />)
    const root = item('Onboarding checklist review')
    expect(root).toHaveAttribute('tabindex', '0')
    expect(items().filter((i) => i.getAttribute('tabindex') === '0')).toHaveLength(1)
    root.focus()
    await user.keyboard('{ArrowDown}')
    const first = item('Five steps')
    expect(first).toHaveFocus()
    expect(first).toHaveAttribute('tabindex', '0')
    expect(root).toHaveAttribute('tabindex', '-1')
    expect(first).toHaveAttribute('aria-expanded', 'true')
    const before = items().length

    await user.keyboard('{Enter}')
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(items().length).toBeLessThan(before)
    await user.keyboard('{ArrowRight}')
    expect(first).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toHaveAttribute('aria-level', '3')
    await user.keyboard('{ArrowLeft}')
    expect(first).toHaveFocus()
    // Left collapses an open branch first, then moves to the parent.
    await user.keyboard('{ArrowLeft}')
    expect(first).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowLeft}')
    expect(root).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(root).toHaveAttribute('aria-expanded', 'false')
    expect(items()).toHaveLength(1)
    await user.keyboard('{ }')
    expect(root).toHaveAttribute('aria-expanded', 'true')
    // Re-opening the root keeps the inner branch as it was left: collapsed.
    expect(item('Five steps')).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(items()).toHaveLength(before)
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(items()[items().length - 1])
    await user.keyboard('{Home}')
    expect(item('Onboarding checklist review')).toHaveFocus()
  })

  it('collapses a branch from its +/− handle and shows how many nodes it hides', () => {
    render(<MindMapTab summarization={summarizationOf('14')} />)
    const branch = item('Five steps')
    const hidden = branch.querySelectorAll('[role=treeitem]').length // none: cards are not nested
    expect(hidden).toBe(0)
    const handle = branch.querySelector('.mm-node__toggle')!
    expect(handle).toHaveTextContent('−')
    fireEvent.click(handle)
    expect(branch).toHaveAttribute('aria-expanded', 'false')
    expect(branch.querySelector('.mm-node__toggle')).toHaveTextContent(/^\+\d+$/)
    expect(branch.querySelector('title')?.textContent).toMatch(/^Five steps \(\d+ hidden nodes?\)$/)
  })

  it('keeps a tab stop in the tree when the focused card is hidden by collapsing its parent', async () => {
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarizationOf('14')} />)
    item('Onboarding checklist review').focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const child = document.activeElement!
    expect(child).toHaveAttribute('aria-level', '3')
    fireEvent.click(item('Five steps').querySelector('.mm-node__toggle')!)
    expect(child).not.toBeInTheDocument()
    expect(item('Five steps')).toHaveAttribute('tabindex', '0')
    expect(items().filter((i) => i.getAttribute('tabindex') === '0')).toHaveLength(1)
  })

  it('zooms in 0.2 steps between 10 % and 200 %, by buttons and keys', async () => {
    reduceMotion(true)
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarizationOf('01')} />)
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' })
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' })
    const start = Number.parseInt(zoomLevel(), 10)
    await user.click(zoomIn)
    expect(Number.parseInt(zoomLevel(), 10)).toBe(start + 20)
    for (let i = 0; i < 12; i++) await user.click(zoomIn)
    expect(zoomLevel()).toBe('200%')
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true')
    for (let i = 0; i < 12; i++) await user.click(zoomOut)
    expect(zoomLevel()).toBe('10%')
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true')

    screen.getByRole('group', { name: 'Mind map canvas: Flow map' }).focus()
    await user.keyboard('+')
    expect(zoomLevel()).toBe('30%')
    await user.keyboard('-')
    expect(zoomLevel()).toBe('10%')
    await user.keyboard('0')
    expect(zoomLevel()).toBe(`${start}%`)
  })

  it('animates the fit button unless reduced motion is asked for', async () => {
    reduceMotion(false)
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarizationOf('01')} />)
    const start = zoomLevel()
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    await user.click(screen.getByRole('button', { name: 'Fit to screen' }))
    expect(zoomLevel()).not.toBe(start) // still on its way
    await waitFor(() => expect(zoomLevel()).toBe(start))
  })

  it('pans by 250 with the pad and the arrow keys on the canvas', async () => {
    const user = userEvent.setup()
    const { container } = render(<MindMapTab summarization={summarizationOf('01')} />)
    const scene = container.querySelector('.mm-canvas > g')!
    const offset = () =>
      scene
        .getAttribute('transform')!
        .match(/translate\(([-\d.e]+) ([-\d.e]+)\)/)!
        .slice(1)
        .map(Number) as [number, number]
    const [x0, y0] = offset()
    const movedBy = (dx: number, dy: number) => {
      const [x, y] = offset()
      expect(x - x0).toBeCloseTo(dx, 6)
      expect(y - y0).toBeCloseTo(dy, 6)
    }
    await user.click(screen.getByRole('button', { name: 'Pan up' }))
    movedBy(0, 250)
    await user.click(screen.getByRole('button', { name: 'Pan left' }))
    movedBy(250, 250)
    await user.click(screen.getByRole('button', { name: 'Pan down' }))
    await user.click(screen.getByRole('button', { name: 'Pan right' }))
    movedBy(0, 0)
    screen.getByRole('group', { name: 'Mind map canvas: Flow map' }).focus()
    await user.keyboard('{ArrowDown}{ArrowRight}')
    movedBy(-250, -250)
  })
})
