import { describe, expect, it, vi } from 'vitest'
import { askPersistence, readPersistence } from './persist'

describe('persistent storage', () => {
  it('asks only while not granted: some browsers ask the user each time', async () => {
    const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) }
    expect(await askPersistence(storage)).toBe('persistent')
    expect(storage.persist).not.toHaveBeenCalled()
  })

  it('answers best-effort when refused, and null where the browser cannot say', async () => {
    expect(await askPersistence({ persisted: async () => false, persist: async () => false })).toBe('best-effort')
    expect(await readPersistence({ persisted: async () => false })).toBe('best-effort')
    expect(await askPersistence(undefined)).toBeNull()
    expect(await readPersistence({})).toBeNull()
    expect(await askPersistence({ persist: () => Promise.reject(new TypeError('not allowed')) })).toBeNull()
  })
})
