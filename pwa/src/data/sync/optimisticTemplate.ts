import type { StoredTemplate } from '../db'
import type { Edit } from './optimistic'

/**
 * The server copy of one of the user's templates with the queued edits
 * laid over; null when it is (locally) gone. A create carries the whole
 * template, so one made offline shows as it will be kept (the server trims
 * the text as data/templateEdits already has).
 */
export function foldTemplate(base: StoredTemplate | null, edits: Edit[]): StoredTemplate | null {
  let t = base
  for (const { mutation, at } of edits) {
    const op = mutation.op
    if (op.case === 'createTemplate') {
      const { id, name, sections } = op.value
      t ??= { id, name, sections, createdAtMs: at, updatedAtMs: at }
    } else if (op.case === 'updateTemplate') {
      t = t && { ...t, name: op.value.name, sections: op.value.sections, updatedAtMs: at }
    } else if (op.case === 'deleteTemplate') {
      t = null
    }
  }
  return t
}
