import { afterEach, describe, expect, it } from 'vitest'
import { PocketDB, type StoredRecording } from '../db'
import { readFolderCounts, readFolderMembers } from './members'

const dbs: PocketDB[] = []
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.delete()
})

const row = (
  id: string,
  day: number,
  extra: Partial<StoredRecording> = {},
  data: Record<string, unknown> = {},
): StoredRecording => ({
  id,
  sortKey: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  data: { id, title: id, ...data },
  ...extra,
})

describe('folder members', () => {
  it('files each shown recording under its folder, newest first; General takes the rest', async () => {
    const db = new PocketDB(`members-${Math.random()}`)
    dbs.push(db)
    await db.folders.bulkPut([
      { id: 'work', name: 'Work', parentId: '', createdAtMs: 0 },
      { id: 'home', name: 'Home', parentId: '', createdAtMs: 0 },
    ])
    await db.recordings.bulkPut([
      row('w-old', 1, { folderId: 'work' }),
      row('w-new', 9, { folderId: 'work' }),
      row('general', 5, { folderId: '' }),
      // Written by a REST page: the folder is only in the item.
      row('rest', 4, {}, { folder: { id: 'home', name: 'Home' } }),
      // Filed in a folder the device does not hold: shown in General, as its row is.
      row('lost', 3, { folderId: 'gone' }),
    ])
    // An empty recording (no sortKey) is hidden from the list and from the counts.
    await db.recordings.put({
      id: 'empty',
      data: { id: 'empty' },
      folderId: 'work',
      empty: true,
    } as unknown as StoredRecording)

    const members = await readFolderMembers(db)
    expect(Object.fromEntries(members)).toEqual({ work: ['w-new', 'w-old'], '': ['general', 'lost'], home: ['rest'] })
    // The indexes cannot tell these rows apart: the counts come from the members.
    expect(Object.fromEntries(await readFolderCounts(db))).toEqual({ work: 2, '': 2, home: 1 })
  })

  it('counts a library sync filed from the indexes alone, as the members file it', async () => {
    const db = new PocketDB(`counts-${Math.random()}`)
    dbs.push(db)
    await db.folders.bulkPut([
      { id: 'work', name: 'Work', parentId: '', createdAtMs: 0 },
      { id: 'empty-folder', name: 'Nothing', parentId: '', createdAtMs: 0 },
    ])
    await db.recordings.bulkPut([
      row('w1', 1, { folderId: 'work' }),
      row('w2', 2, { folderId: 'work' }),
      row('w3', 3, { folderId: 'work' }),
      row('g1', 4, { folderId: '' }),
      row('lost', 5, { folderId: 'gone' }),
    ])
    // Hidden (archived or empty: no sortKey) rows filed in a folder count nowhere, as the list shows them nowhere.
    await db.recordings.put({
      id: 'archived',
      data: { id: 'archived' },
      folderId: 'work',
    } as unknown as StoredRecording)
    const counts = await readFolderCounts(db)
    expect(Object.fromEntries(counts)).toEqual({ work: 3, '': 2 })
    const members = await readFolderMembers(db)
    expect(counts).toEqual(new Map([...members].map(([key, ids]) => [key, ids.length])))

    // Moved to a folder, then the folder deleted: the counts follow.
    await db.recordings.update('g1', { folderId: 'work' })
    expect(Object.fromEntries(await readFolderCounts(db))).toEqual({ work: 4, '': 1 })
    await db.folders.delete('work')
    expect(Object.fromEntries(await readFolderCounts(db))).toEqual({ '': 5 })
  })
})
