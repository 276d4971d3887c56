import { db } from '../db'
import { enqueue, getSync, type OutboxRow } from './index'
import type { FlagName } from '../recordingFields'

/**
 * The owner's edits on one recording, as the detail screen makes them. Each
 * is queued through the outbox (shown at once, sent when the network
 * allows), so all of them work offline. Limits mirror the server's
 * (pkg/recordings CheckPatch, MaxSpeakerName, MaxFolderName) so a refusal
 * is told while typing instead of after a round trip (editLimits).
 * Loaded on the first edit: the detail screen draws without the outbox's
 * engine or Dexie, which its first load does not need.
 */
export * from './editLimits'

/** How long after Delete a deleted recording can be brought back (the Undo toast's time on screen at most). */
export const DELETE_UNDO_MS = 5000
/** The Undo toast closes this long before the delete may be sent, so an Undo pressed at the last moment still wins. */
const UNDO_MARGIN_MS = 1000
const DELETE_HOLD_MS = DELETE_UNDO_MS + UNDO_MARGIN_MS

/** An empty title is allowed: the recording then shows its name or 'Untitled Recording'. */
export function renameRecording(id: string, title: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'updateRecording', value: { id, title: title.trim() } } })
}

export function describeRecording(id: string, description: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'updateRecording', value: { id, description: description.trim() } } })
}

/** Turns a flag field (starred, archived) on or off. */
export function setFlag(id: string, name: FlagName, on: boolean): Promise<OutboxRow> {
  return enqueue({ op: { case: 'updateRecording', value: { id, [name]: on } } })
}

/** '' files it in General. */
export function moveToFolder(id: string, folderId: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'updateRecording', value: { id, folderId } } })
}

/**
 * Files the recording in a new top-level folder, created here under an id
 * the device makes (the server keeps it, or merges it into a folder of the
 * same name). A folder of that name already on the device is reused.
 * Queued in this order, so the server creates the folder before the move.
 */
export async function moveToNewFolder(id: string, name: string): Promise<string> {
  const clean = name.trim()
  const existing = (await db.folders.where('parentId').equals('').toArray()).find(
    (f) => f.name.toLowerCase() === clean.toLowerCase(),
  )
  const folderId = existing?.id ?? getSync().deps.uuid()
  if (!existing) await enqueue({ op: { case: 'createFolder', value: { id: folderId, name: clean, parentId: '' } } })
  await moveToFolder(id, folderId)
  return folderId
}

/**
 * Deletes at once on this device; the server hears of it only after the
 * Undo window (undoDelete the returned row to undo). The delete is in
 * the outbox from the first moment, so a closed or crashed tab still
 * deletes it later, and an Undo never reaches the server at all.
 */
export function deleteRecording(id: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'deleteRecording', value: { id } } }, undefined, { holdMs: DELETE_HOLD_MS })
}

/**
 * What is left of the Undo window of a delete (ms, 0 when none), from the
 * queued row's own time, not from when the toast shows: a toast shown late
 * (a busy machine) must not offer Undo once any tab may send the delete.
 */
export function undoWindowLeft(row: Pick<OutboxRow, 'nextAttemptAt'>, now = getSync().deps.now()): number {
  return Math.max(0, row.nextAttemptAt - UNDO_MARGIN_MS - now)
}

/** Takes the delete back; false when it came too late (its hold ended: the delete stands). */
export async function undoDelete(row: Pick<OutboxRow, 'seq'>): Promise<boolean> {
  return (await getSync().undoHeld(row.seq)) !== null
}

/** speaker: the transcript's label (e.g. SPEAKER_01); '' restores the recording's own name. */
export function renameSpeaker(recordingId: string, speaker: string, name: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'renameSpeaker', value: { recordingId, speaker, name: name.trim() } } })
}

/** A question for the server to answer once it is sent (Ask Pocket offline). */
export function askQuestion(recordingId: string, message: string, sessionId = ''): Promise<OutboxRow> {
  return enqueue({ op: { case: 'askQuestion', value: { recordingId, message: message.trim(), sessionId } } })
}
