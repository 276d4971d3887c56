import { describe, expect, it } from 'vitest'
import { hasSessionMarker } from './sessionMarker'

describe('hasSessionMarker', () => {
  it('finds the marker among other cookies', () => {
    expect(hasSessionMarker('theme=dark; pocket_has_session=1; lang=en')).toBe(true)
    expect(hasSessionMarker('pocket_has_session=1')).toBe(true)
  })

  it('is false when the marker is absent, cleared or only a prefix of another name', () => {
    expect(hasSessionMarker('')).toBe(false)
    expect(hasSessionMarker('pocket_has_session=')).toBe(false)
    expect(hasSessionMarker('x_pocket_has_session=1; pocket_has_session_old=1')).toBe(false)
  })
})
