import { useMemo } from 'react'
import type { PocketDB, StoredHighlight, StoredRecording } from '../db'
import { useDeviceQuery } from '../device/useDeviceQuery'
import { detailBody } from '../normalize/detail'
import { normalizeTranscript } from '../normalize/transcript'
import type { OutboxRow } from '../sync/outboxReads'
import { excerptOf, foldHighlights, inRecordingOrder, newestFirst, type Excerpt, type HighlightView } from './fold'

interface Held {
  rows: StoredHighlight[]
  outbox: OutboxRow[]
}

async function readHeld(db: PocketDB, recordingId?: string): Promise<Held> {
  const [rows, outbox] = await Promise.all([
    recordingId ? db.highlights.where('recordingId').equals(recordingId).toArray() : db.highlights.toArray(),
    db.outbox.toArray() as Promise<OutboxRow[]>,
  ])
  return { rows, outbox: outbox.filter((r) => r.kind === 'highlight') }
}

/** Quotes from the transcripts the device holds (a recording's cached detail). */
async function excerptsFrom(db: PocketDB, held: Held): Promise<Excerpt> {
  const ids = [
    ...new Set(
      held.outbox.map(
        (r) => (r.mutation as { createHighlight?: { recordingId?: string } })?.createHighlight?.recordingId ?? '',
      ),
    ),
  ]
  const details = await db.details.bulkGet(ids.filter(Boolean))
  const segments = new Map(
    details.flatMap((d) => {
      const body = d && detailBody(d.data)
      return body ? [[d.id, normalizeTranscript(body.transcription, body.speakers).segments] as const] : []
    }),
  )
  return (id, start, end) => {
    const segs = segments.get(id)
    return segs ? excerptOf(segs, start, end) : null
  }
}

async function readViews(db: PocketDB, recordingId?: string): Promise<HighlightView[]> {
  const held = await readHeld(db, recordingId)
  const excerpt = await excerptsFrom(db, held)
  const all = foldHighlights(held.rows, held.outbox, excerpt)
  return recordingId ? all.filter((h) => h.recordingId === recordingId).sort(inRecordingOrder) : all.sort(newestFirst)
}

/** One recording's highlights as the device shows them, in their order; undefined while loading. */
export function useRecordingHighlights(recordingId: string): HighlightView[] | undefined {
  return useDeviceQuery((db) => readViews(db, recordingId), [recordingId])
}

export interface LibraryHighlights {
  highlights: HighlightView[]
  /** The recordings they belong to, by id (their titles and folders). */
  recordings: Map<string, StoredRecording>
}

/** Every highlight of the library, newest first, with their recordings; undefined while loading. */
export function useLibraryHighlights(): LibraryHighlights | undefined {
  const read = useDeviceQuery(async (db) => {
    const highlights = await readViews(db)
    const ids = [...new Set(highlights.map((h) => h.recordingId))]
    const recs = await db.recordings.bulkGet(ids)
    return { highlights, recs }
  }, [])
  return useMemo(
    () =>
      read && {
        highlights: read.highlights,
        recordings: new Map(read.recs.flatMap((r) => (r ? [[r.id, r] as const] : []))),
      },
    [read],
  )
}
