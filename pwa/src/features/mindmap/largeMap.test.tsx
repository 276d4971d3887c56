import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { generateFlowMap } from './generateFlowMap'
import { DETAIL_LIMIT } from './MindMapCanvas'
import { MindMapTab } from './MindMapTab'

/**
 * A 2,000-node map draws only what it must: zoomed out, cards in view are
 * shapes and only the tree's tab stop is a full card; zoomed in, the cards in
 * view (never more than DETAIL_LIMIT). The tree stays navigable throughout.
 * (jsdom has no layout: the viewport counts as the 300 × 300 minimum.)
 */
describe('a 2,000-node map', () => {
  const summarization = { mindMap: JSON.stringify({ type: 'flow', nodes: generateFlowMap(2000, 3) }) }

  it('draws shapes, the edges and a single full card when zoomed out', () => {
    const { container } = render(<MindMapTab summarization={summarization} />)
    expect(screen.getByRole('status')).toHaveTextContent('10%')
    expect(screen.getAllByRole('treeitem')).toHaveLength(1)
    expect(screen.getByRole('treeitem')).toHaveAttribute('aria-level', '1')
    expect(container.querySelectorAll('path.mm-edges').length).toBeGreaterThan(0)
  })

  it('moves through cards that were not drawn, drawing each as it gets focus', async () => {
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarization} />)
    screen.getByRole('treeitem').focus()
    await user.keyboard('{End}')
    const last = document.activeElement!
    expect(last).toHaveAttribute('role', 'treeitem')
    expect(last.getAttribute('aria-label')).toMatch(/^\d+: /)
    expect(screen.getAllByRole('treeitem').length).toBeLessThanOrEqual(2)
    await user.keyboard('{Home}')
    expect(document.activeElement).toHaveAttribute('aria-label', 'Quarterly planning (generated)')
  })

  it('draws the cards in view in full once zoomed in, never more than the limit', async () => {
    const user = userEvent.setup()
    render(<MindMapTab summarization={summarization} />)
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    const drawn = screen.getAllByRole('treeitem').length
    expect(drawn).toBeGreaterThan(1)
    expect(drawn).toBeLessThanOrEqual(DETAIL_LIMIT)
  })
})
