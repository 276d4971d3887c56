import { render } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { PRERENDER_ID } from './prerenderHandoff'
import { ReleasePrerender } from './ReleasePrerender'

describe('ReleasePrerender', () => {
  it('removes the copy before the content drawn after it measures itself', () => {
    const copy = document.createElement('div')
    copy.id = PRERENDER_ID
    document.body.append(copy)
    const seen: boolean[] = []
    function Measuring() {
      useLayoutEffect(() => {
        seen.push(document.getElementById(PRERENDER_ID) !== null)
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
    expect(document.getElementById(PRERENDER_ID)).toBeNull()
  })
})
