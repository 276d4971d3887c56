import { describe, expect, it } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { db } from '@/data/db'
import { readFolderMembers } from '@/data/folders/members'
import { followLibrary } from '@/data/folders/useFolders'
import { useFollowedRead } from './useDeviceQuery'

const row = (id: string, folderId: string) => ({
  id,
  sortKey: `2026-01-01T00:00:0${id.length}Z`,
  folderId,
  data: { id, title: id },
})
const counts = (members: Map<string, string[]> | undefined) =>
  members && Object.fromEntries([...members].map(([k, ids]) => [k, ids.length]))

describe('useFollowedRead', () => {
  it('reads again after every write to the tables it follows, even one that changes no count', async () => {
    await db.folders.bulkPut([
      { id: 'work', name: 'Work', parentId: '', createdAtMs: 0 },
      { id: 'home', name: 'Home', parentId: '', createdAtMs: 0 },
    ])
    await db.recordings.bulkPut([row('a', 'work'), row('bb', '')])
    const { result } = renderHook(() => useFollowedRead(followLibrary, readFolderMembers, []))
    expect(result.current).toBeUndefined()
    await waitFor(() => expect(counts(result.current)).toEqual({ work: 1, '': 1 }))

    await db.recordings.put(row('ccc', 'home'))
    await waitFor(() => expect(counts(result.current)).toEqual({ work: 1, '': 1, home: 1 }))
    // Filed elsewhere: no table's count changes, the members do.
    await db.recordings.put(row('a', 'home'))
    await waitFor(() => expect(counts(result.current)).toEqual({ '': 1, home: 2 }))
  })
})
