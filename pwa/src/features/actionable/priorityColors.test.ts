import { describe, expect, it } from 'vitest'
import { PRIORITY_COLORS } from './priorityColors'

describe('PRIORITY_COLORS', () => {
  it('uses the spec colours', () => {
    expect(PRIORITY_COLORS).toEqual({ CRITICAL: '#DC2626', HIGH: '#EAB308', MEDIUM: '#6B7280', LOW: '#9CA3AF' })
  })
})
