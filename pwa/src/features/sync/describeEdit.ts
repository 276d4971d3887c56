import type { QueuedMutation } from '@/data/sync/mutation'
import { describeFields } from '@/data/recordingFields'

/** What describing an edit needs to know about the library (the server's names, where known). */
export interface EditNames {
  recordingTitle(id: string): string
  folderName(id: string): string | null
}

const q = (s: string) => `“${s}”`

/** One line saying which edit this was, e.g. Rename of “Weekly sync”; null for a mutation that cannot be read. */
export function describeEdit(mutation: QueuedMutation | null, names: EditNames): string {
  const op = mutation?.op
  switch (op?.case) {
    case 'updateRecording': {
      const { id, ...values } = op.value
      return describeFields(values, q(names.recordingTitle(id)))
    }
    case 'deleteRecording':
      return `Deletion of ${q(names.recordingTitle(op.value.id))}`
    case 'renameSpeaker':
      return `Speaker name ${q(op.value.name || op.value.speaker)} on ${q(names.recordingTitle(op.value.recordingId))}`
    case 'askQuestion':
      return `Question on ${q(names.recordingTitle(op.value.recordingId))}`
    case 'createFolder':
      return `New folder ${q(op.value.name)}`
    case 'renameFolder': {
      const old = names.folderName(op.value.id)
      return old && old !== op.value.name
        ? `Rename of folder ${q(old)} to ${q(op.value.name)}`
        : `Rename of folder ${q(op.value.name)}`
    }
    case 'setFolderTemplate':
      return `Summary template of folder ${q(names.folderName(op.value.id) ?? 'Untitled folder')}`
    case 'deleteFolder':
      return `Deletion of folder ${q(names.folderName(op.value.id) ?? 'Untitled folder')}`
    case 'createHighlight':
      return `Highlight on ${q(names.recordingTitle(op.value.recordingId))}`
    case 'updateHighlight':
      return 'Note of a highlight'
    case 'deleteHighlight':
      return 'Deletion of a highlight'
    default:
      return 'A change that could not be read'
  }
}

/** Waiting edits as the status line says it; '' when nothing waits. */
export function waitingText(pending: number, state: 'offline' | 'unreachable' | 'sending'): string {
  if (pending === 0) return ''
  const count = `${pending} ${pending === 1 ? 'change' : 'changes'} waiting`
  if (state === 'offline') return `Offline · ${count}`
  if (state === 'unreachable') return `Can’t reach the server · ${count}`
  return 'Saving changes…'
}

/** The label of the button that opens the refused edits. */
export function problemsLabel(failed: number): string {
  return `${failed} ${failed === 1 ? 'change' : 'changes'} not saved`
}
