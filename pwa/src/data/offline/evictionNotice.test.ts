import { describe, expect, it } from 'vitest'
import { onEviction, tellEviction, type Eviction } from './evictionNotice'

describe('eviction notices', () => {
  it('tells the first listener of removals made before anyone listened, once', () => {
    // A write as the app starts can fill the disk before the toast's code is there to hear it.
    tellEviction({ removed: 2 })
    tellEviction({ removed: 3 })
    const first: Eviction[] = []
    const stopFirst = onEviction((e) => first.push(e))
    expect(first).toEqual([{ removed: 5 }])

    const second: Eviction[] = []
    const stopSecond = onEviction((e) => second.push(e))
    expect(second).toEqual([])
    tellEviction({ removed: 1 })
    expect(first).toEqual([{ removed: 5 }, { removed: 1 }])
    expect(second).toEqual([{ removed: 1 }])
    stopFirst()
    stopSecond()
  })
})
