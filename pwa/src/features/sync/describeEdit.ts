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
    case 'createTemplate':
      return `New summary template ${q(op.value.name)}`
    case 'updateTemplate':
      return `Change of summary template ${q(op.value.name)}`
    case 'deleteTemplate':
      return 'Deletion of a summary template'
    default:
      return 'A change that could not be read'
  }
}
