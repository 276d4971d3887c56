import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { placeStaticCopy } from '@/test/staticCopy'
import { PrerenderRelease } from './PrerenderRelease'

function renderAt(path: string) {
  const memory = memoryLocation({ path })
  render(
    <Router hook={memory.hook}>
      <PrerenderRelease />
    </Router>,
  )
  return memory
}

describe('PrerenderRelease', () => {
  it.each(['/login', '/shared/recording', '/recordings', '/recordings/', '/recordings/rec_1'])(
    'keeps the copy on %s, which draws over it',
    (path) => {
      const copyShown = placeStaticCopy()
      renderAt(path)
      expect(copyShown()).toBe(true)
    },
  )

  it('removes the copy once the app goes to a page that does not draw over it', () => {
    const copyShown = placeStaticCopy()
    const memory = renderAt('/login')
    act(() => memory.navigate('/ask'))
    expect(copyShown()).toBe(false)
  })

  it('removes the copy at once on any other page', () => {
    const copyShown = placeStaticCopy()
    renderAt('/ask')
    expect(copyShown()).toBe(false)
  })
})
