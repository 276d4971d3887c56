import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { placeStaticCopy } from '@/test/staticCopy'
import { AppErrorBoundary } from './AppErrorBoundary'

function Broken(): never {
  throw new Error('a screen that cannot draw')
}

describe('AppErrorBoundary', () => {
  it('a screen that throws leaves a page that says so and offers a reload, and the static copy goes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    const copyShown = placeStaticCopy()
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
    expect(copyShown()).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledOnce()
  })

  it('draws its children when they render', () => {
    render(
      <AppErrorBoundary>
        <p>the list</p>
      </AppErrorBoundary>,
    )
    expect(screen.getByText('the list')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
