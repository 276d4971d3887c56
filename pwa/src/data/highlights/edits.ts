/** The sync engine (and the device store), loaded with the first edit. */
const sync = () => import('../sync')

/** How long a deleted highlight can be brought back before the delete is sent. */
export const UNDO_MS = 6000

/**
 * Marks start..end of a recording, shown at once and queued for the server
 * (offline too). The id is made here, so the note can be edited before the
 * server has seen the highlight.
 */
export async function createHighlight(recordingId: string, start: number, end: number, note: string): Promise<string> {
  const { enqueue, getSync } = await sync()
  const id = getSync().deps.uuid()
  await enqueue({ op: { case: 'createHighlight', value: { id, recordingId, start, end, note: note.trim() } } })
  return id
}

export async function setHighlightNote(id: string, note: string): Promise<void> {
  const { enqueue } = await sync()
  await enqueue({ op: { case: 'updateHighlight', value: { id, note: note.trim() } } })
}

/** Hides the highlight at once; returns undo(), which brings it back while the delete is still held (false once too late). */
export async function deleteHighlight(id: string): Promise<() => Promise<boolean>> {
  const { enqueue, getSync } = await sync()
  const row = await enqueue({ op: { case: 'deleteHighlight', value: { id } } }, undefined, { holdMs: UNDO_MS })
  return async () => (await getSync().undoHeld(row.seq)) !== null
}
