import { describe, expect, it } from 'vitest'
import { loadSyncCode } from './loadSyncCode'

describe('loadSyncCode', () => {
  it('loads the code once protobuf has described itself, in a later task than the one that asked', async () => {
    const order: string[] = []
    setTimeout(() => order.push('a task queued before the load'))
    const loaded = await loadSyncCode(async () => {
      order.push('load')
      return (await import('./client')).syncClient
    })
    expect(typeof loaded).toBe('function')
    expect(order).toEqual(['a task queued before the load', 'load'])
  })

  it('passes a failed load on, and the next call loads again', async () => {
    await expect(loadSyncCode(() => Promise.reject(new Error('chunk gone')))).rejects.toThrow('chunk gone')
    await expect(loadSyncCode(() => Promise.resolve('fresh'))).resolves.toBe('fresh')
  })
})
