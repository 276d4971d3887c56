import { descriptionError, titleError } from '@/data/sync/editLimits'
import { recordingEdits } from '@/data/sync/lazyEdits'
import { useOutboxFor } from '@/data/sync/useOutbox'
import { SyncIcon } from '@/ui/icons'
import { InlineEdit } from '@/ui/inline-edit/InlineEdit'
import type { EditableTextProps } from './ownerEdits'

/** The title, editable by its owner; an empty title falls back to the recording's name or 'Untitled Recording'. */
export function EditableTitle({ id, value, children }: EditableTextProps) {
  return (
    <InlineEdit
      value={value}
      label="Title"
      editLabel="Edit title"
      validate={titleError}
      onSave={(text) => recordingEdits().then((edits) => edits.renameRecording(id, text))}
    >
      {children}
    </InlineEdit>
  )
}

export function EditableDescription({ id, value, children }: EditableTextProps) {
  return (
    <InlineEdit
      value={value}
      label="Description"
      editLabel="Edit description"
      editText={value ? undefined : 'Add description'}
      multiline
      validate={descriptionError}
      onSave={(text) => recordingEdits().then((edits) => edits.describeRecording(id, text))}
    >
      {children}
    </InlineEdit>
  )
}

/** The spec's sync icon while any of the recording's edits waits to be sent (questions have their own mark). */
export function PendingMark({ id }: { id: string }) {
  const rows = useOutboxFor(id)
  const waiting = rows?.some((r) => r.kind === 'recording')
  if (!waiting) return null
  return (
    <span className="rec-header__sync">
      <SyncIcon label="Waiting to sync" size={18} />
    </span>
  )
}
