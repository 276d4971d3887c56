import { render } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { placeStaticCopy } from '@/test/staticCopy'
import { ReleasePrerender } from './ReleasePrerender'

describe('ReleasePrerender', () => {
  it('removes the copy before the content drawn after it measures itself', () => {
    const copyShown = placeStaticCopy()
    const seen: boolean[] = []
    function Measuring() {
      useLayoutEffect(() => {
        seen.push(copyShown())
      })
      return <div>rows</div>
    }
    render(
      <>
        <ReleasePrerender />
        <div>
          <Measuring />
        </div>
      </>,
    )
    expect(seen).toEqual([false])
    expect(copyShown()).toBe(false)
  })
})
