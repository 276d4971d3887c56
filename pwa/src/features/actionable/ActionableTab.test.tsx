import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { normalizeActionItems, type Task } from '@/data/normalize/actions'
import { summarizationOf } from '@/data/normalize/testFixtures'
import { ActionableTab } from './ActionableTab'
import { initialCompletion, setCompleted } from './useCompletion'

vi.mock('@rive-app/react-canvas', () => ({
  useRive: () => ({ RiveComponent: () => null, rive: null }),
  RuntimeLoader: { setWasmUrl: () => {}, setWasmFallbackUrl: () => {} },
}))

const tasksOf = (prefix: string) => normalizeActionItems(summarizationOf(prefix))
const card = (title: string) => screen.getByRole('listitem', { name: title })

describe('ActionableTab', () => {
  it('shows the empty state with its exact texts (18, 11)', () => {
    render(<ActionableTab tasks={tasksOf('18')} />)
    expect(screen.getByRole('heading', { name: 'No Action Items' })).toBeInTheDocument()
    expect(screen.getByText('No actionable tasks were identified in this recording.')).toBeInTheDocument()
  })

  it('shows title, description and priority as colour plus text (05)', () => {
    render(<ActionableTab tasks={tasksOf('05')} />)
    const n2 = card('Send old-rate invoice report (Oct + Nov)')
    expect(within(n2).getByText('Support runs it; due Wednesday, November 18.')).toBeInTheDocument()
    expect(within(n2).getByText('High')).toBeInTheDocument()
    expect(n2).toHaveStyle({ borderLeftColor: '#EAB308' })
    const n1 = card("Enable 'refresh exchange rate on generation' for all Northwind templates")
    expect(within(n1).getByText('Critical')).toBeInTheDocument()
    expect(n1).toHaveStyle({ borderLeftColor: '#DC2626' })
    expect(card('Confirm whether semicolon CSV export is in 3.4')).toHaveStyle({ borderLeftColor: '#6B7280' })
  })

  it("starts each checkbox from the item's flag and strikes through completed titles (05)", async () => {
    const user = userEvent.setup()
    render(<ActionableTab tasks={tasksOf('05')} />)
    const done = screen.getByRole('checkbox', {
      name: "Enable 'refresh exchange rate on generation' for all Northwind templates",
    })
    expect(done).toBeChecked()
    expect(
      screen
        .getByText("Enable 'refresh exchange rate on generation' for all Northwind templates")
        .closest('.item--done'),
    ).not.toBeNull()
    const open = screen.getByRole('checkbox', { name: 'Send old-rate invoice report (Oct + Nov)' })
    expect(open).not.toBeChecked()
    await user.click(open)
    expect(open).toBeChecked()
    expect(screen.getByText('Send old-rate invoice report (Oct + Nov)').closest('.item--done')).not.toBeNull()
  })

  it('gives a task with subtasks no checkbox of its own (05)', () => {
    render(<ActionableTab tasks={tasksOf('05')} />)
    expect(screen.queryByRole('checkbox', { name: 'Renewal proposal for 80 seats' })).toBeNull()
    const n3 = card('Renewal proposal for 80 seats')
    expect(within(n3).getByRole('checkbox', { name: 'Confirm two months free with manager' })).toBeInTheDocument()
  })

  it('sets all sub-subtasks when a subtask is toggled, and toggles a sub-subtask alone (13)', async () => {
    const user = userEvent.setup()
    render(<ActionableTab tasks={tasksOf('13')} />)
    const subtask = screen.getByRole('checkbox', { name: 'Empty states with placeholders' })
    const first = screen.getByRole('checkbox', { name: "Swap in Sofia's final illustrations" })
    const second = screen.getAllByRole('checkbox', { name: 'Untitled Sub-subtask' })[0] as HTMLElement
    await user.click(subtask)
    expect([subtask, first, second].map((c) => (c as HTMLInputElement).checked)).toEqual([true, true, true])
    await user.click(first)
    expect([subtask, first, second].map((c) => (c as HTMLInputElement).checked)).toEqual([true, false, true])
    await user.click(subtask)
    expect([subtask, first, second].map((c) => (c as HTMLInputElement).checked)).toEqual([false, false, false])
  })

  it('shows the three placeholders (13)', () => {
    render(<ActionableTab tasks={tasksOf('13')} />)
    expect(screen.getByRole('checkbox', { name: 'Untitled Task' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Untitled Subtask' })).toBeInTheDocument()
    expect(screen.getAllByRole('checkbox', { name: 'Untitled Sub-subtask' }).length).toBeGreaterThan(0)
  })

  it('shows inherited priorities on subtasks for screen readers (13)', () => {
    render(<ActionableTab tasks={tasksOf('13')} />)
    const s1 = card('Templates gallery frontend')
    expect(within(s1).getAllByText('High')).toHaveLength(2) // the task's, and its subtask's without its own
    const inherited = screen.getByRole('listitem', { name: 'Empty states with placeholders' })
    expect(within(inherited).getByText('High')).toBeVisible()
    expect(within(inherited).getAllByText('Low')).toHaveLength(2) // its sub-subtasks' own LOW
  })

  it('keeps ticks across a refetch of equal tasks and restarts for different ones', async () => {
    const user = userEvent.setup()
    const task = (title: string): Task => ({
      id: 'a',
      title,
      description: '',
      priority: 'LOW',
      completed: false,
      subtasks: [],
    })
    const { rerender } = render(<ActionableTab tasks={[task('A')]} />)
    await user.click(screen.getByRole('checkbox', { name: 'A' }))
    rerender(<ActionableTab tasks={[task('A')]} />)
    expect(screen.getByRole('checkbox', { name: 'A' })).toBeChecked()
    rerender(<ActionableTab tasks={[task('B')]} />)
    expect(screen.getByRole('checkbox', { name: 'B' })).not.toBeChecked()
  })
})

describe('setCompleted', () => {
  it('cascades from a subtask to its sub-subtasks only', () => {
    const tasks = tasksOf('05')
    const start = initialCompletion(tasks)
    const next = setCompleted(start, tasks, 'n3a', true)
    expect(next.get('n3a')).toBe(true)
    expect(next.get('n3a1')).toBe(true)
    expect(next.get('n3b1')).toBe(false)
    expect(start.get('n3a1')).toBe(false) // not mutated
    expect(setCompleted(next, tasks, 'n3a1', false).get('n3a')).toBe(true)
  })
})
