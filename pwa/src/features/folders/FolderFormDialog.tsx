import { useId, useState, type FormEvent } from 'react'
import type { StoredFolder } from '@/data/db'
import { folderNameProblem, folderTree, MAX_FOLDER_NAME } from '@/data/folders/tree'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { TemplateSelect } from './TemplateSelect'

type Props =
  | {
      mode: 'create'
      folders: StoredFolder[]
      defaultParentId?: string
      /** templateId: '' for none (the General default). */
      onSubmit: (name: string, parentId: string, templateId: string) => Promise<void> | void
      onClose: () => void
    }
  | {
      mode: 'rename'
      folders: StoredFolder[]
      folder: StoredFolder
      onSubmit: (name: string) => Promise<void> | void
      onClose: () => void
    }

/**
 * The form that creates a folder (name, optional parent and summary
 * template) or renames one.
 * The name is checked before anything is queued; the message shows under
 * the field once the user has tried to save, then follows their typing.
 */
export function FolderFormDialog(props: Props) {
  const id = useId()
  const renaming = props.mode === 'rename'
  const [name, setName] = useState(renaming ? props.folder.name : '')
  const [parentId, setParentId] = useState(renaming ? props.folder.parentId : (props.defaultParentId ?? ''))
  const [templateId, setTemplateId] = useState('')
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState(false)

  const problem = folderNameProblem(name, {
    folders: props.folders,
    parentId,
    selfId: renaming ? props.folder.id : undefined,
  })
  const shownProblem = tried ? problem : null
  const errorId = `${id}-error`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (problem || saving) return
    setSaving(true)
    setFailed(false)
    try {
      if (props.mode === 'rename') {
        if (name.trim() !== props.folder.name) await props.onSubmit(name)
      } else {
        await props.onSubmit(name, parentId, templateId)
      }
      props.onClose()
    } catch {
      // Only the device's own storage can fail here (the server is reached later).
      setFailed(true)
      setSaving(false)
    }
  }

  return (
    <ModalDialog title={renaming ? 'Rename folder' : 'New folder'} onClose={props.onClose} className="folder-dialog">
      <form className="folder-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-name`}>Folder name</label>
        <input
          id={`${id}-name`}
          className="folder-form__input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          enterKeyHint="done"
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={`${id}-hint${shownProblem ? ` ${errorId}` : ''}`}
          required
        />
        <p id={`${id}-hint`} className="folder-form__hint">
          Up to {MAX_FOLDER_NAME} characters.
        </p>
        <p id={errorId} className="folder-form__error" role="alert">
          {shownProblem ?? (failed ? 'The folder could not be saved on this device. Please try again.' : '')}
        </p>
        {!renaming && (
          <>
            <label htmlFor={`${id}-parent`}>Inside</label>
            <select
              id={`${id}-parent`}
              className="folder-form__select"
              value={parentId}
              onChange={(e) => setParentId(e.target.value)}
            >
              <option value="">No parent (top level)</option>
              {folderTree(props.folders).map(({ folder, depth }) => (
                <option key={folder.id} value={folder.id}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}
                </option>
              ))}
            </select>
            <TemplateSelect id={`${id}-template`} value={templateId} onChange={setTemplateId} />
          </>
        )}
        <div className="folder-dialog__actions">
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {renaming ? 'Rename' : 'Create folder'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
