import { afterEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { PocketDB } from './db'
import { readFolderCounts } from './folders/members'

const names: string[] = []
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name)
})

describe('the device database', () => {
  it('keeps a version 5 device’s recordings when it upgrades, and counts its folders from the new index', async () => {
    const name = `upgrade-${Math.random()}`
    names.push(name)
    const old = new Dexie(name)
    old.version(5).stores({ recordings: 'id, sortKey, folderId', folders: 'id, parentId' })
    await old.table('folders').put({ id: 'work', name: 'Work', parentId: '', createdAtMs: 0 })
    await old.table('recordings').bulkPut([
      { id: 'w1', sortKey: '2026-03-01T10:00:00.000Z', folderId: 'work', data: { id: 'w1' } },
      { id: 'g1', sortKey: '2026-03-02T10:00:00.000Z', folderId: '', data: { id: 'g1' } },
    ])
    old.close()

    const db = new PocketDB(name)
    await db.open()
    expect(db.verno).toBe(6)
    expect(await db.recordings.count()).toBe(2)
    expect(Object.fromEntries(await readFolderCounts(db))).toEqual({ work: 1, '': 1 })
    db.close()
  })
})
