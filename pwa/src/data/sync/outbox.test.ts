import { afterEach, describe, expect, it, vi } from 'vitest'
import { readCachedDashboard } from '../recordings'
import { FakeSyncServer } from './fakeSyncServer'
import { deviceRegistry } from './testKit'

const devices = deviceRegistry()
afterEach(() => devices.closeAll())

async function library(server: FakeSyncServer, name?: string) {
  server.putFolder('f1', 'Work')
  server.putRecording(
    'r1',
    { title: 'Standup' },
    { folderId: 'f1', speakers: { SPEAKER_00: { speakerProfile: { name: 'Speaker 1' } } } },
  )
  const d = devices.open(server, name)
  await d.sync.pullChanges()
  return d
}

describe('enqueue', () => {
  it('keeps an edit made on a full disk: a recording kept offline makes room, never the edited one', async () => {
    const d = await library(new FakeSyncServer())
    await d.db.details.bulkPut(['r1', 'old'].map((id) => ({ id, fetchedAt: 1, data: { recording: { id } } })))
    vi.spyOn(d.db.outbox, 'add').mockRejectedValueOnce(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    )
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Planning' } } })
    expect(await d.sync.listOutbox()).toMatchObject([{ status: 'pending', entityId: 'r1' }])
    expect((await d.db.recordings.get('r1'))!.data.title).toBe('Planning')
    expect(await d.db.details.get('old')).toBeUndefined()
    expect(await d.db.details.get('r1')).toBeDefined()
  })

  it('shows an offline edit at once, and after a reload it is still shown and still queued', async () => {
    const server = new FakeSyncServer()
    const d = await library(server, 'pocket')
    server.unavailable = 1000 // offline from here on
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Planning' } } })
    expect((await readCachedDashboard(d.db))[0]).toMatchObject({ title: 'Planning', syncStatus: 'pending' })

    d.db.close()
    const reloaded = devices.open(server, 'pocket')
    expect((await reloaded.db.recordings.get('r1'))!.data).toMatchObject({ title: 'Planning', syncStatus: 'pending' })
    expect(await reloaded.sync.listOutbox()).toMatchObject([
      { status: 'pending', kind: 'recording', entityId: 'r1', attempts: 0 },
    ])
    expect(server.received).toHaveLength(0)
  })

  it('moves a recording into a folder created here, under the folder’s name', async () => {
    const d = await library(new FakeSyncServer())
    await d.sync.enqueue({ op: { case: 'createFolder', value: { id: 'f2', name: 'Ideas', parentId: '' } } })
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', folderId: 'f2' } } })
    expect((await d.db.recordings.get('r1'))!.data.folder).toEqual({ id: 'f2', name: 'Ideas' })
    await d.sync.enqueue({ op: { case: 'renameFolder', value: { id: 'f2', name: 'Plans' } } })
    expect((await d.db.recordings.get('r1'))!.data.folder).toEqual({ id: 'f2', name: 'Plans' })
  })

  it('deleting a folder shows its recordings in General; discarding the delete puts them back', async () => {
    const d = await library(new FakeSyncServer())
    const row = await d.sync.enqueue({ op: { case: 'deleteFolder', value: { id: 'f1' } } })
    expect(await d.db.folders.get('f1')).toBeUndefined()
    expect((await d.db.recordings.get('r1'))!.data.folder).toBeUndefined()

    await d.sync.discard(row.seq)
    expect(await d.db.folders.get('f1')).toMatchObject({ name: 'Work' })
    expect((await d.db.recordings.get('r1'))!.data.folder).toEqual({ id: 'f1', name: 'Work' })
  })

  it('removes a deleted recording from the list; discarding restores it exactly', async () => {
    const d = await library(new FakeSyncServer())
    const before = await d.db.recordings.get('r1')
    const row = await d.sync.enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } })
    expect(await d.db.recordings.get('r1')).toBeUndefined()
    await d.sync.discard(row.seq)
    expect(await d.db.recordings.get('r1')).toEqual(before)
    expect(await d.db.syncBase.count()).toBe(0)
  })

  it('renames a speaker in the cached detail, and lists the edit for that recording', async () => {
    const d = await library(new FakeSyncServer())
    await d.db.details.put({
      id: 'r1',
      fetchedAt: 5,
      data: { recording: { id: 'r1' }, speakers: '{"SPEAKER_00":{"speakerProfile":{"name":"Speaker 1"}}}' },
    })
    await d.sync.enqueue({
      op: { case: 'renameSpeaker', value: { recordingId: 'r1', speaker: 'SPEAKER_00', name: 'Ada Byron' } },
    })
    const speakers = ((await d.db.details.get('r1'))!.data as { speakers: string }).speakers
    expect(JSON.parse(speakers)).toEqual({
      SPEAKER_00: { speakerProfile: { name: 'Ada Byron', originalName: 'Speaker 1' } },
    })
    expect((await d.db.details.get('r1'))!.fetchedAt).toBe(5)
    expect((await d.sync.pendingFor('r1')).map((r) => r.status)).toEqual(['pending'])
  })

  it('keeps a queued speaker name over a detail fetched again from the server', async () => {
    const d = await library(new FakeSyncServer())
    await d.db.details.put({
      id: 'r1',
      fetchedAt: 5,
      data: { recording: { id: 'r1' }, speakers: { SPEAKER_00: { speakerProfile: { name: 'Speaker 1' } } } },
    })
    await d.sync.enqueue({
      op: { case: 'renameSpeaker', value: { recordingId: 'r1', speaker: 'SPEAKER_00', name: 'Ada Byron' } },
    })
    // What a REST refetch writes: the server's copy, newer, without the queued name.
    const fresh = {
      recording: { id: 'r1', title: 'Server title' },
      speakers: { SPEAKER_00: { speakerProfile: { name: 'Speaker 1' } } },
    }
    await d.db.details.put({ id: 'r1', fetchedAt: 9, data: fresh })
    await d.sync.rebase({ kind: 'recording', entityId: 'r1' })
    expect((await d.db.details.get('r1'))!.data).toEqual({
      ...fresh,
      speakers: { SPEAKER_00: { speakerProfile: { name: 'Ada Byron', originalName: 'Speaker 1' } } },
    })

    await d.sync.discard((await d.sync.pendingFor('r1'))[0]!.seq)
    expect((await d.db.details.get('r1'))!.data).toEqual(fresh)
  })

  it('queues a question without touching the library', async () => {
    const d = await library(new FakeSyncServer())
    const before = await d.db.recordings.get('r1')
    const row = await d.sync.enqueue({
      op: { case: 'askQuestion', value: { recordingId: 'r1', message: 'Who spoke?', sessionId: '' } },
    })
    expect(row).toMatchObject({ kind: 'question', entityId: 'r1', status: 'pending' })
    expect(await d.db.recordings.get('r1')).toEqual(before)
  })
})
