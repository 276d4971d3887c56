import { describe, expect, it, vi } from 'vitest'
import { clientOnFirstCall, type SyncCalls } from './deps'

const fakeClient = (): SyncCalls =>
  ({
    push: vi.fn(async () => ({ results: [] })),
    pull: vi.fn(async () => ({ changes: [], cursor: 'c1', hasMore: false })),
  }) as unknown as SyncCalls

describe('the sync client made on its first call', () => {
  it('is not made until a call, then made once for every call after', async () => {
    const client = fakeClient()
    const make = vi.fn(async () => client)
    const calls = clientOnFirstCall(make)
    expect(make).not.toHaveBeenCalled()
    await Promise.all([calls.pull({ cursor: '' }), calls.push({ mutations: [] }), calls.pull({ cursor: 'c1' })])
    expect(make).toHaveBeenCalledOnce()
    expect(client.pull).toHaveBeenCalledTimes(2)
    expect(client.pull).toHaveBeenLastCalledWith({ cursor: 'c1' }, undefined)
  })

  it('fails the call when its code cannot load, and loads it again on the next call', async () => {
    const client = fakeClient()
    const make = vi
      .fn<() => Promise<SyncCalls>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(client)
    const calls = clientOnFirstCall(make)
    await expect(calls.pull({ cursor: '' })).rejects.toThrow('Failed to fetch')
    await expect(calls.pull({ cursor: '' })).resolves.toMatchObject({ cursor: 'c1' })
    expect(make).toHaveBeenCalledTimes(2)
  })
})
