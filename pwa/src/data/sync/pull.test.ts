import { create } from '@bufbuild/protobuf'
import { liveQuery } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChangeSchema } from '@/gen/pocket/sync/v1/sync_pb'
import { SYNC_CURSOR_KEY } from '../db'
import { readCachedDashboard } from '../recordings'
import { FakeSyncServer } from './fakeSyncServer'
import { applyServerChange } from './applyServer'
import { syncTables } from './rebase'
import { CHANGES_PER_TRANSACTION } from './pull'
import { deviceRegistry, memoryLock, type Device } from './testKit'

const dropped = vi.hoisted(() => [] as string[][])
vi.mock('../audio-offline', () => ({ dropOfflineAudio: async (ids?: string[]) => void dropped.push(ids ?? ['*']) }))

const devices = deviceRegistry()
const open = devices.open
afterEach(() => devices.closeAll())

const titles = async (d: Device) => (await d.db.recordings.orderBy('sortKey').toArray()).map((r) => r.data.title)

describe('pullChanges', () => {
  it('pulls every page, then only what changed since the stored cursor', async () => {
    const server = new FakeSyncServer()
    server.pageSize = 2
    for (const n of [1, 2, 3, 4, 5])
      server.putRecording(`r${n}`, { title: `T${n}`, recordingAt: `2026-02-0${n}T09:00:00.000Z` })
    const d = open(server)
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 3, changes: 5, resynced: false })
    expect(await titles(d)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5'])

    server.putRecording('r2', { title: 'T2 renamed', recordingAt: '2026-02-02T09:00:00.000Z' })
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 1, changes: 1 })
    expect(await titles(d)).toEqual(['T1', 'T2 renamed', 'T3', 'T4', 'T5'])
  })

  it('writes nothing when there is nothing new: another tab already stored it, and no screen re-reads', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    const d = open(server)
    await d.sync.pullChanges()
    const writes: string[] = []
    for (const table of syncTables(d.db)) {
      table.hook('creating', () => void writes.push(table.name))
      table.hook('updating', () => void writes.push(table.name))
      table.hook('deleting', () => void writes.push(table.name))
    }
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 1, changes: 0 })
    expect(writes).toEqual([])
    server.putRecording('r1', { title: 'Renamed' })
    expect(await d.sync.pullChanges()).toMatchObject({ changes: 1 })
    expect(writes).toContain('meta')
  })

  it('forgets the audio kept for a recording deleted elsewhere, and only for recordings', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    server.putRecording('r2', { title: 'Two' })
    server.putFolder('f1', 'Work')
    const d = open(server)
    await d.sync.pullChanges()
    dropped.length = 0
    server.remove('recording', 'r2')
    server.remove('folder', 'f1')
    await d.sync.pullChanges()
    expect(dropped).toEqual([['r2']])
  })

  it('keeps empty recordings off the list until they have something to show', async () => {
    const server = new FakeSyncServer()
    server.putRecording('full', { title: 'Has audio', duration: 30 })
    server.putRecording('blank', { title: 'Nothing yet' }, { empty: true })
    const d = open(server, 'pocket') // the app's own database, read by the list's own query
    await d.sync.pullChanges()
    expect(await d.db.recordings.get('blank')).toBeDefined()
    expect((await readCachedDashboard(d.db)).map((r) => r.id)).toEqual(['full'])

    server.putRecording('blank', { title: 'Now summarized' })
    await d.sync.pullChanges()
    expect((await readCachedDashboard(d.db)).map((r) => r.id).sort()).toEqual(['blank', 'full'])
  })

  it('updates an open detail’s speaker names, title and description, and files rows by folder', async () => {
    const server = new FakeSyncServer()
    server.putFolder('f1', 'Work')
    server.putRecording(
      'r1',
      { title: 'Old' },
      { speakers: { SPEAKER_00: { speakerProfile: { name: 'Speaker 1' } } }, folderId: 'f1' },
    )
    const d = open(server)
    await d.db.details.put({
      id: 'r1',
      fetchedAt: 1,
      data: { recording: { id: 'r1', title: 'Old', description: 'x' }, transcription: 'kept' },
    })
    server.putRecording(
      'r1',
      { title: 'New', description: 'Fresh' },
      { speakers: { SPEAKER_00: { speakerProfile: { name: 'Dana Scully' } } }, folderId: 'f1' },
    )
    await d.sync.pullChanges()

    const detail = (await d.db.details.get('r1'))!
    expect(detail.data).toEqual({
      recording: { id: 'r1', title: 'New', description: 'Fresh' },
      transcription: 'kept',
      speakers: { SPEAKER_00: { speakerProfile: { name: 'Dana Scully' } } },
    })
    const row = (await d.db.recordings.get('r1'))!
    expect(row).toMatchObject({ folderId: 'f1', empty: false, data: { folder: { id: 'f1', name: 'Work' } } })
    expect(row.version).toBeGreaterThan(0)
    expect(await d.db.folders.get('f1')).toMatchObject({ name: 'Work', parentId: '' })
  })

  it('a state without speakers (a relay that never read them) keeps the speaker names of the detail held', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'Old' })
    const d = open(server)
    const names = { SPEAKER_00: { speakerProfile: { name: 'Leo Park' } } }
    await d.db.details.put({ id: 'r1', fetchedAt: 1, data: { recording: { id: 'r1', title: 'Old' }, speakers: names } })
    server.putRecording('r1', { title: 'Renamed' })
    await d.sync.pullChanges()
    expect((await d.db.details.get('r1'))!.data).toEqual({ recording: { id: 'r1', title: 'Renamed' }, speakers: names })

    // A state that names speakers still replaces them.
    server.putRecording(
      'r1',
      { title: 'Renamed' },
      { speakers: { SPEAKER_00: { speakerProfile: { name: 'Dana Scully' } } } },
    )
    await d.sync.pullChanges()
    expect((await d.db.details.get('r1'))!.data).toMatchObject({
      speakers: { SPEAKER_00: { speakerProfile: { name: 'Dana Scully' } } },
    })
  })

  it('removes deleted recordings with their cached detail, and deleted folders', async () => {
    const server = new FakeSyncServer()
    server.putFolder('f1', 'Work')
    server.putRecording('r1', { title: 'Gone soon' })
    server.putRecording('r2', { title: 'Stays' })
    const d = open(server)
    await d.sync.pullChanges()
    await d.db.details.put({ id: 'r1', fetchedAt: 1, data: { recording: { id: 'r1' } } })

    server.remove('recording', 'r1')
    server.remove('folder', 'f1')
    await d.sync.pullChanges()
    expect(await d.db.recordings.get('r1')).toBeUndefined()
    expect(await d.db.details.get('r1')).toBeUndefined()
    expect(await d.db.folders.get('f1')).toBeUndefined()
    expect(await titles(d)).toEqual(['Stays'])
  })

  it('does not undo edits still waiting to be sent', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'Server title', description: 'Old description', duration: 10 })
    const d = open(server)
    await d.sync.pullChanges()
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'My title' } } })
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', description: 'My description' } } })

    server.putRecording('r1', { title: 'Other device title', description: 'Other description', duration: 99 })
    await d.sync.pullChanges()
    const row = (await d.db.recordings.get('r1'))!
    expect(row.data).toMatchObject({
      title: 'My title',
      description: 'My description',
      duration: 99,
      syncStatus: 'pending',
    })
    expect(await d.db.outbox.count()).toBe(2)
  })

  it('on resync drops the library, pulls it again from the start and keeps queued edits', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    server.putRecording('r2', { title: 'Two' })
    const d = open(server)
    await d.sync.pullChanges()
    await d.sync.enqueue({ op: { case: 'createFolder', value: { id: 'mine', name: 'Mine', parentId: '' } } })
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'One (edited)' } } })

    server.remove('recording', 'r2')
    server.putRecording('r3', { title: 'Three' })
    server.prune() // r2's tombstone is gone: the device's cursor cannot tell it
    const pulls = server.pulls
    expect(await d.sync.pullChanges()).toMatchObject({ resynced: true })
    expect(server.pulls - pulls).toBe(2)
    expect((await titles(d)).sort()).toEqual(['One (edited)', 'Three'])
    expect(await d.db.folders.get('mine')).toMatchObject({ name: 'Mine' })
    expect(await d.db.outbox.count()).toBe(2)
  })

  it('ignores a server copy older than the one it holds', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'Old' })
    const d = open(server)
    await d.sync.pullChanges()
    const stale = create(ChangeSchema, {
      entity: { case: 'recording', value: { id: 'r1', itemJson: '{"title":"Older"}', version: 0n } },
    })
    server.putRecording('r1', { title: 'Newest' })
    await d.sync.pullChanges()
    await d.db.transaction('rw', syncTables(d.db), () => applyServerChange(d.db, stale))
    expect((await d.db.recordings.get('r1'))!.data.title).toBe('Newest')
  })

  it('stores the cursor with a long page it ignores entirely', async () => {
    const server = new FakeSyncServer()
    for (let n = 0; n < 300; n++) server.putRecording(`r${n}`, { title: `T${n}` })
    const d = open(server)
    await d.sync.pullChanges()
    // Every row held at a newer version than the server's log: pulled again from the start, nothing is written.
    const held = await d.db.recordings.toArray()
    await d.db.recordings.bulkPut(held.map((r) => ({ ...r, version: 1e9, data: { ...r.data, title: 'Held' } })))
    await d.db.meta.delete(SYNC_CURSOR_KEY)
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 1, changes: 300 })
    expect(await d.db.meta.get(SYNC_CURSOR_KEY)).toBeDefined()
    expect(new Set(await titles(d))).toEqual(new Set(['Held']))
  })

  it('lands a long page in several transactions, its cursor with the last: a tab closed between them loses nothing', async () => {
    const server = new FakeSyncServer()
    const count = CHANGES_PER_TRANSACTION * 3 + 1
    server.pageSize = count // one page, longer than a transaction takes
    for (let n = 0; n < count; n++) server.putRecording(`r${n}`, { title: `T${n}` })
    const d = open(server)
    // The tab dies while the third part is written: its transaction aborts, the first two stay.
    const failing = `r${CHANGES_PER_TRANSACTION * 2}`
    const dies = (key: unknown) => {
      if (key === failing) throw new Error('tab closed')
    }
    d.db.recordings.hook('creating', dies)
    await expect(d.sync.pullChanges()).rejects.toThrow()
    expect(await d.db.meta.get(SYNC_CURSOR_KEY)).toBeUndefined()
    expect(await d.db.recordings.count()).toBe(CHANGES_PER_TRANSACTION * 2)

    d.db.recordings.hook('creating').unsubscribe(dies)
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 1, changes: count })
    expect(await d.db.recordings.count()).toBe(count)
    expect((await titles(d)).sort()).toEqual([...Array(count).keys()].map((n) => `T${n}`).sort())
    expect(await d.db.meta.get(SYNC_CURSOR_KEY)).toBeDefined()
  })

  it('asks for the next page while storing one, and keeps the cursor of the last page stored when a later one fails', async () => {
    const server = new FakeSyncServer()
    server.pageSize = 10
    for (let n = 0; n < 30; n++) server.putRecording(`r${n}`, { title: `T${n}` })
    const d = open(server)
    // The second page fails while it is written: its transaction aborts; the third, already asked for, is dropped.
    const dies = (key: unknown) => {
      if (key === 'r15') throw new Error('tab closed')
    }
    d.db.recordings.hook('creating', dies)
    await expect(d.sync.pullChanges()).rejects.toThrow()
    expect(server.pulls).toBe(3)
    expect(await d.db.recordings.count()).toBe(10)
    const cursor = (await d.db.meta.get(SYNC_CURSOR_KEY))?.value
    d.db.recordings.hook('creating').unsubscribe(dies)
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 2, changes: 20 })
    expect(server.pullCursors.at(-2)).toBe(cursor)
    expect(await d.db.recordings.count()).toBe(30)
  })

  it('lets the page have turns while a page lands, all of it in its one transaction', async () => {
    const server = new FakeSyncServer()
    for (let n = 0; n < 120; n++) server.putRecording(`r${n}`, { title: `T${n}` })
    const d = open(server)
    const transactions = vi.spyOn(d.db, 'transaction')
    // A slow device: each change applied takes longer than a task should, so the rules pause before each.
    let clock = 0
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 20))
    const pauses = vi.spyOn(IDBObjectStore.prototype, 'get')
    try {
      expect(await d.sync.pullChanges()).toMatchObject({ pages: 1, changes: 120 })
    } finally {
      now.mockRestore()
    }
    // A pause is one read of a key no row has, waited on inside the transaction.
    expect(pauses.mock.calls.filter(([key]) => key === '').length).toBeGreaterThanOrEqual(100)
    pauses.mockRestore()
    expect(transactions.mock.calls.filter(([mode]) => mode === 'rw')).toHaveLength(1)
    expect(await d.db.recordings.count()).toBe(120)
    expect(await d.db.meta.get(SYNC_CURSOR_KEY)).toBeDefined()
  })

  it('lands a page in one transaction, so the list on screen is read again once a page, not once a change', async () => {
    const server = new FakeSyncServer()
    server.pageSize = 200
    for (let n = 0; n < 600; n++)
      server.putRecording(`r${n}`, {
        title: `T${n}`,
        recordingAt: `2026-02-01T09:${String(n % 60).padStart(2, '0')}:00Z`,
      })
    const d = open(server, 'pocket')
    let reads = 0
    const list = liveQuery(() => readCachedDashboard(d.db)).subscribe(() => void reads++)
    await vi.waitFor(() => expect(reads).toBe(1)) // the empty device
    await d.sync.pullChanges()
    await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(2))
    list.unsubscribe()
    // Three pages, three commits; the read after one may take in the next as well. Parts of 4 changes read it 150 times.
    expect(reads - 1).toBeLessThanOrEqual(3)
  })

  it('files rows under a folder renamed or deleted later on the same page', async () => {
    const server = new FakeSyncServer()
    server.putFolder('f1', 'Work')
    server.putFolder('f2', 'Home')
    server.putRecording('r1', { title: 'One' }, { folderId: 'f1' })
    server.putRecording('r2', { title: 'Two' }, { folderId: 'f2' })
    server.putRecording('r3', { title: 'Three' }, { folderId: 'f1' })
    server.putFolder('f1', 'Jobs') // after its rows in the log: the page renames them
    server.remove('folder', 'f2')
    const d = open(server)
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r3', title: 'Three (edited)' } } })
    expect(await d.sync.pullChanges()).toMatchObject({ pages: 1 })
    const folderOf = async (id: string) => (await d.db.recordings.get(id))!.data.folder
    expect(await folderOf('r1')).toEqual({ id: 'f1', name: 'Jobs' })
    expect(await folderOf('r3')).toEqual({ id: 'f1', name: 'Jobs' })
    expect((await d.db.recordings.get('r3'))!.data).toMatchObject({ title: 'Three (edited)', syncStatus: 'pending' })
    // The server sent f2's tombstone but r2 still names it: the row keeps what it was sent.
    expect((await d.db.recordings.get('r2'))!.folderId).toBe('f2')
    expect(await d.db.folders.get('f2')).toBeUndefined()
  })

  it('shows a folder renamed here on rows pulled with it, and a folder deleted here as General', async () => {
    const server = new FakeSyncServer()
    server.putFolder('f1', 'Work')
    server.putFolder('f2', 'Home')
    server.putRecording('r1', { title: 'One' }, { folderId: 'f1' })
    server.putRecording('r2', { title: 'Two' }, { folderId: 'f2' })
    const d = open(server)
    await d.sync.enqueue({ op: { case: 'renameFolder', value: { id: 'f1', name: 'Mine' } } })
    await d.sync.enqueue({ op: { case: 'deleteFolder', value: { id: 'f2' } } })
    await d.sync.pullChanges()
    expect((await d.db.recordings.get('r1'))!.data.folder).toEqual({ id: 'f1', name: 'Mine' })
    expect((await d.db.recordings.get('r2'))!.data.folder).toBeUndefined()
  })

  it('takes a tombstone for a recording with an edit queued, and keeps the edit', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    server.putRecording('r2', { title: 'Two' })
    const d = open(server)
    await d.sync.pullChanges()
    await d.db.details.put({ id: 'r1', fetchedAt: 1, data: { recording: { id: 'r1', title: 'One' } } })
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Edited' } } })
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r2', title: 'Edited too' } } })
    server.remove('recording', 'r1')
    server.putRecording('r2', { title: 'Two, from elsewhere', duration: 5 })
    await d.sync.pullChanges()
    expect(await d.db.recordings.get('r1')).toBeUndefined()
    expect(await d.db.details.get('r1')).toBeUndefined()
    expect(await d.db.syncBase.get('recording:r1')).toMatchObject({ recording: null })
    expect((await d.db.recordings.get('r2'))!.data).toMatchObject({
      title: 'Edited too',
      duration: 5,
      syncStatus: 'pending',
    })
    expect(await d.db.outbox.count()).toBe(2)
  })

  it('ignores the one change of a page older than what it holds, and applies the rest', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    server.putRecording('r2', { title: 'Two' })
    server.putFolder('f1', 'Work')
    const d = open(server)
    await d.sync.pullChanges()
    const r1 = (await d.db.recordings.get('r1'))!
    await d.db.recordings.put({ ...r1, version: 1e9, data: { ...r1.data, title: 'Held newer' } })
    await d.db.folders.update('f1', { version: 1e9, name: 'Held folder' })
    server.putRecording('r1', { title: 'One again' })
    server.putRecording('r2', { title: 'Two again' })
    server.putFolder('f1', 'Work again')
    await d.sync.pullChanges()
    expect((await d.db.recordings.get('r1'))!.data.title).toBe('Held newer')
    expect((await d.db.recordings.get('r2'))!.data.title).toBe('Two again')
    expect((await d.db.folders.get('f1'))!.name).toBe('Held folder')
  })

  it('updates cached details on a page mixing rows with and without one', async () => {
    const server = new FakeSyncServer()
    for (const n of [1, 2, 3, 4]) server.putRecording(`r${n}`, { title: `T${n}` })
    const d = open(server)
    for (const n of [1, 3])
      await d.db.details.put({
        id: `r${n}`,
        fetchedAt: n,
        data: { recording: { id: `r${n}`, title: 'cached' }, transcription: 'kept' },
      })
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r3', description: 'Mine' } } })
    await d.sync.pullChanges()
    expect((await d.db.details.get('r1'))!.data).toEqual({
      recording: { id: 'r1', title: 'T1' },
      transcription: 'kept',
    })
    expect((await d.db.details.get('r3'))!.data).toEqual({
      recording: { id: 'r3', title: 'T3', description: 'Mine' },
      transcription: 'kept',
    })
    expect(await d.db.details.get('r2')).toBeUndefined()
    expect(await d.db.details.get('r4')).toBeUndefined()
    expect((await d.db.recordings.toArray()).map((r) => r.data.title).sort()).toEqual(['T1', 'T2', 'T3', 'T4'])
  })

  it('runs one pull for calls made together, and one more for calls made during it', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1')
    const d = open(server)
    const first = d.sync.pullChanges()
    const second = d.sync.pullChanges()
    const third = d.sync.pullChanges()
    await Promise.all([first, second, third])
    expect(server.pulls).toBe(2)
  })

  it('lets a sign-out clear wait for a pull under way, so the pulled library is not written back after it', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    const d = devices.open(server, undefined, { lock: memoryLock() })
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const pull = d.sync.deps.client.pull.bind(d.sync.deps.client)
    d.sync.deps.client.pull = async (req) => (await answered, pull(req))
    const pulling = d.sync.pullChanges()
    const cleared = d.sync.whileIdle(() => d.db.clearUserData())
    answer()
    await Promise.all([pulling, cleared])
    expect(await d.db.recordings.count()).toBe(0)
    expect(await d.db.meta.count()).toBe(0)
  })
})
