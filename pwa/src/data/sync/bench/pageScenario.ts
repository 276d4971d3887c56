/**
 * Test and bench support: a pulled page as a new device meets it after a
 * resync (folders, recordings filed in them, folders renamed and deleted
 * after their rows, tombstones, cached details, queued edits, and a row
 * the device already holds at a newer version), and a dump of every sync
 * table to compare what two ways of applying it leave.
 */
import type { Change } from '@/gen/pocket/sync/v1/sync_pb'
import type { PocketDB, StoredRecording } from '../../db'
import { toStored } from '../../storedRecording'
import { syncClient } from '../client'
import { FakeSyncServer } from '../fakeSyncServer'
import { device, newDbName, type Device } from '../testKit'

export interface PageScenario {
  device: Device
  changes: Change[]
}

export async function pageScenario(count: number): Promise<PageScenario> {
  const server = new FakeSyncServer()
  server.pageSize = count + 100
  for (let f = 0; f < 10; f++) server.putFolder(`f${f}`, `Folder ${f}`)
  for (let n = 0; n < count; n++) {
    const speakers = { SPEAKER_00: { speakerProfile: { name: `Speaker ${n}` } } }
    const day = String(1 + (n % 28)).padStart(2, '0')
    server.putRecording(
      `r${n}`,
      { title: `T${n}`, description: `D${n}`, duration: 60 + n, recordingAt: `2026-02-${day}T09:00:00.000Z` },
      { speakers, folderId: n % 3 === 0 ? '' : `f${n % 10}`, empty: n % 50 === 49 },
    )
  }
  // After their rows in the log: the page files those rows under the new names, or General.
  server.putFolder('f1', 'Renamed 1')
  server.putFolder('f2', 'Renamed 2')
  server.remove('folder', 'f4')
  server.remove('recording', 'r8')
  server.remove('recording', 'r11')

  const d = device(server, newDbName())
  const edit = d.sync.enqueue.bind(d.sync)
  await edit({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Edited here' } } })
  await edit({ op: { case: 'updateRecording', value: { id: 'r2', folderId: 'f5' } } })
  await edit({ op: { case: 'updateRecording', value: { id: 'r5', folderId: 'fnew' } } })
  await edit({ op: { case: 'deleteRecording', value: { id: 'r4' } } })
  await edit({ op: { case: 'renameSpeaker', value: { recordingId: 'r7', speaker: 'SPEAKER_00', name: 'Ana' } } })
  await edit({ op: { case: 'updateRecording', value: { id: 'r11', title: 'Edited, then deleted on the server' } } })
  await edit({ op: { case: 'renameFolder', value: { id: 'f2', name: 'Mine' } } })
  await edit({ op: { case: 'deleteFolder', value: { id: 'f6' } } })
  await edit({ op: { case: 'createFolder', value: { id: 'fnew', name: 'New here' } } })
  // Cached details on every tenth row, some of them with edits waiting.
  for (let n = 0; n < count; n += 10) {
    await d.db.details.put({
      id: `r${n}`,
      fetchedAt: 1000 + n,
      data: { recording: { id: `r${n}`, title: 'cached', description: 'cached' }, transcription: 'kept' },
    })
  }
  await d.db.details.put({
    id: 'r7',
    fetchedAt: 7,
    data: { recording: { id: 'r7', title: 'cached' }, speakers: { SPEAKER_00: { speakerProfile: { name: 'old' } } } },
  })
  // Held at a newer version than the page's: the page's state is ignored.
  await d.db.recordings.put({ ...heldRow('r3'), version: 1e9 })

  const page = await syncClient(server.transport(d.session)).pull({ cursor: '' })
  if (page.hasMore) throw new Error('pageScenario: expected one page')
  return { device: d, changes: page.changes }
}

function heldRow(id: string): StoredRecording {
  return { ...toStored({ id, title: 'Held newer' }), folderId: '' }
}

/** Every sync table, in key order. */
export async function dumpSyncTables(db: PocketDB) {
  const [recordings, details, folders, syncBase, outbox, meta] = await Promise.all([
    db.recordings.toArray(),
    db.details.toArray(),
    db.folders.toArray(),
    db.syncBase.toArray(),
    db.outbox.toArray(),
    db.meta.toArray(),
  ])
  // Each device draws its own idempotency keys; the rest of a queued edit must match.
  const edits = outbox.map(({ key: _key, mutation: _mutation, ...rest }) => rest)
  return { recordings, details, folders, syncBase, outbox: edits, meta }
}
