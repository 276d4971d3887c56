import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ToastProvider } from './ToastProvider'
import { useToast, type Toaster } from './toastContext'

let toast: Toaster
function Grab() {
  // eslint-disable-next-line react-hooks/globals -- the probe hands the hook's value to the test
  toast = useToast()
  return null
}

function mount() {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  )
}

describe('toasts', () => {
  it('last 4 s by default; errors are alerts, success is a status', () => {
    vi.useFakeTimers()
    mount()
    act(() => {
      toast.error('Broken')
      toast.success('Done')
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Broken')
    expect(screen.getByRole('status')).toHaveTextContent('Done')
    expect(screen.getByRole('alert')).toHaveClass('toast--error')
    expect(screen.getByRole('status')).toHaveClass('toast--success')
    act(() => void vi.advanceTimersByTime(3999))
    expect(screen.getByText('Broken')).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByText('Broken')).not.toBeInTheDocument()
    expect(screen.queryByText('Done')).not.toBeInTheDocument()
  })

  it('honours a custom duration', () => {
    vi.useFakeTimers()
    mount()
    act(() => toast.error('Locked', { duration: 6000 }))
    act(() => void vi.advanceTimersByTime(5999))
    expect(screen.getByText('Locked')).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByText('Locked')).not.toBeInTheDocument()
  })

  it('an action button runs once and closes the toast', async () => {
    const user = userEvent.setup()
    const undo = vi.fn()
    mount()
    act(() => toast.info('Recording deleted', { duration: 5000, action: { label: 'Undo', onClick: undo } }))
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Recording deleted')).not.toBeInTheDocument()
  })

  it('the same text twice shows once', () => {
    mount()
    act(() => {
      toast.error('Twice')
      toast.error('Twice')
    })
    expect(screen.getAllByText('Twice')).toHaveLength(1)
  })

  it('can be dismissed', async () => {
    const user = userEvent.setup()
    mount()
    act(() => toast.info('Hello'))
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.queryByText('Hello')).not.toBeInTheDocument()
  })

  it('sit in a labelled region', () => {
    mount()
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument()
  })
})
