import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '@/mocks/node'
import { transactionScopes } from '@/test/transactionScopes'
import { db } from './db'
import { fetchDetail, readCachedDetail } from './detail'
import { readFolderCounts } from './folders/members'
import { fetchDashboard, readCachedDashboard } from './recordings'
import { discard, enqueue } from './sync'

/**
 * REST refetches (the dashboard, a detail) write server copies into the
 * tables the screens read. An edit still waiting to be sent must survive
 * them, and discarding it must show what the server sent last.
 */
const rec = (id: string, title: string, updatedAt = '2026-03-01T10:00:00Z') => ({
  id,
  title,
  recordingAt: '2026-03-01T09:00:00Z',
  updatedAt,
})

function dashboard(body: JsonBodyType) {
  server.use(http.get('/api/v1/recordings/dashboard', () => HttpResponse.json(body)))
}
function detail(recording: Record<string, unknown>) {
  server.use(
    http.get('/api/v1/recordings/:id', () => HttpResponse.json({ recording, summarizations: {}, transcription: null })),
  )
}
const titles = async () => (await readCachedDashboard(db)).map((r) => [r.id, r.title, r.syncStatus ?? null])
const detailTitle = async (id: string) =>
  ((await readCachedDetail(db, id))?.data as { recording: { title: string } }).recording.title

describe('REST write-through with edits waiting', () => {
  it('a pending rename survives a dashboard refetch, and the refetched copy is what Discard goes back to', async () => {
    dashboard({ data: [rec('r1', 'Old'), rec('r2', 'Other')], nextCursor: null })
    await fetchDashboard()
    const row = await enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Mine' } } })
    expect(await titles()).toContainEqual(['r1', 'Mine', 'pending'])

    // The server changed its copy meanwhile (another field, a newer updatedAt).
    dashboard({
      data: [
        { ...rec('r1', 'Old', '2026-03-01T11:00:00Z'), description: 'From the server' },
        rec('r2', 'Other renamed', '2026-03-01T11:00:00Z'),
      ],
      nextCursor: null,
    })
    await fetchDashboard()
    const shown = await readCachedDashboard(db)
    expect(shown.find((r) => r.id === 'r1')).toMatchObject({
      title: 'Mine',
      description: 'From the server',
      syncStatus: 'pending',
    })
    expect(shown.find((r) => r.id === 'r2')?.title).toBe('Other renamed')

    await discard(row.seq)
    expect((await readCachedDashboard(db)).find((r) => r.id === 'r1')).toMatchObject({
      title: 'Old',
      description: 'From the server',
    })
    expect((await readCachedDashboard(db)).find((r) => r.id === 'r1')?.syncStatus).toBeUndefined()
  })

  it('an older dashboard copy does not replace the kept server copy', async () => {
    dashboard({ data: [rec('r1', 'New', '2026-03-01T12:00:00Z')], nextCursor: null })
    await fetchDashboard()
    const row = await enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Mine' } } })
    dashboard({ data: [rec('r1', 'Stale', '2026-03-01T08:00:00Z')], nextCursor: null })
    await fetchDashboard()
    expect(await titles()).toEqual([['r1', 'Mine', 'pending']])
    await discard(row.seq)
    expect(await titles()).toEqual([['r1', 'New', null]])
  })

  it('a recording new to the device is filed in the folder its item names, else General, and counted so', async () => {
    await db.folders.put({ id: 'work', name: 'Work', parentId: '', createdAtMs: 0 })
    dashboard({
      data: [{ ...rec('r1', 'One'), folder: { id: 'work', name: 'Work' } }, rec('r2', 'Two')],
      nextCursor: null,
    })
    await fetchDashboard()
    expect((await db.recordings.bulkGet(['r1', 'r2'])).map((r) => r?.folderId)).toEqual(['work', ''])
    expect(Object.fromEntries(await readFolderCounts(db))).toEqual({ work: 1, '': 1 })
  })

  it('a queued delete stays hidden when the dashboard still lists the recording', async () => {
    dashboard({ data: [rec('r1', 'One'), rec('r2', 'Two')], nextCursor: null })
    await fetchDashboard()
    await enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } })
    await fetchDashboard()
    expect((await titles()).map(([id]) => id)).toEqual(['r2'])
  })

  it('a recording the dashboard no longer lists goes, its waiting edit stays queued', async () => {
    dashboard({ data: [rec('r1', 'One')], nextCursor: null })
    await fetchDashboard()
    await enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Mine' } } })
    dashboard({ data: [], nextCursor: null })
    await fetchDashboard()
    expect(await titles()).toEqual([])
    expect(await db.outbox.count()).toBe(1)
  })

  it('a pending rename survives a detail refetch, on the detail and on the list row', async () => {
    dashboard({ data: [rec('r1', 'Old')], nextCursor: null })
    await fetchDashboard()
    detail({ id: 'r1', title: 'Old', description: 'First' })
    await fetchDetail('r1')
    const row = await enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Mine' } } })
    expect(await detailTitle('r1')).toBe('Mine')

    detail({ id: 'r1', title: 'Old', description: 'Second' })
    const fetched = await fetchDetail('r1')
    // What the query hands the screen already has the edit laid over.
    expect((fetched.data as { recording: unknown }).recording).toMatchObject({ title: 'Mine', description: 'Second' })
    expect(await detailTitle('r1')).toBe('Mine')
    expect((await titles())[0]).toEqual(['r1', 'Mine', 'pending'])

    await discard(row.seq)
    expect((await readCachedDetail(db, 'r1'))?.data).toMatchObject({
      recording: { title: 'Old', description: 'Second' },
    })
  })

  it('a detail refetch without edits waiting is stored as the server sent it', async () => {
    detail({ id: 'r1', title: 'Plain' })
    const fetched = await fetchDetail('r1')
    expect(fetched.data).toEqual({ recording: { id: 'r1', title: 'Plain' }, summarizations: {}, transcription: null })
    expect(await db.syncBase.count()).toBe(0)
  })

  it('a detail without edits waiting never holds up the list: its write leaves the list’s table out of its transaction', async () => {
    dashboard({ data: [rec('r1', 'Old')], nextCursor: null })
    await fetchDashboard()
    detail({ id: 'r1', title: 'Plain' })
    const scopes = await transactionScopes(db, () => fetchDetail('r1'))
    expect(scopes.length).toBeGreaterThan(0)
    for (const scope of scopes) expect(scope).not.toContain('recordings')
    expect(await detailTitle('r1')).toBe('Plain')
  })
})
