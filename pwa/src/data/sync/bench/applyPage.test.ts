import { describe, expect, it } from 'vitest'
import { before, now, timed } from './timedApply'

describe('applying a pulled page', () => {
  it('leaves the same tables as the old path', async () => {
    const a = await timed(before, 120)
    const b = await timed(now, 120)
    expect(b.tables).toEqual(a.tables)
  })
})
