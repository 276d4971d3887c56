import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { byFolderName } from '@/data/folders/tree'
import { GENERAL_FOLDER } from '@/data/normalize/recording'
import { currentFolderId } from '@/data/folders/currentFolder'
import { folderNameError } from '@/data/sync/editLimits'
import { recordingEdits } from '@/data/sync/lazyEdits'
import '@/ui/inline-edit/inline-edit.css'
import './detail-edits.css'

const NEW_FOLDER = '\u0000new'

/**
 * Which folder the recording is filed in, as a native select (it suits
 * keyboards, screen readers and phones alike): General, the folders sync
 * brought, and 'New folder…', which asks for a name inline. Every choice is
 * queued, so it works offline.
 */
export function FolderPicker({ recordingId }: { recordingId: string }) {
  const folders = useDeviceQuery((db) => db.folders.toArray(), [])
  const current = useDeviceQuery((db) => currentFolderId(db, recordingId), [recordingId])
  const [naming, setNaming] = useState(false)
  const select = useRef<HTMLSelectElement>(null)
  const refocus = useRef(false)
  const selectId = useId()

  useEffect(() => {
    if (!naming && refocus.current) select.current?.focus()
    refocus.current = false
  }, [naming])

  const done = () => {
    refocus.current = true
    setNaming(false)
  }
  const choose = (value: string) => {
    if (value === NEW_FOLDER) setNaming(true)
    else if (value !== current) void recordingEdits().then((edits) => edits.moveToFolder(recordingId, value))
  }
  const sorted = [...(folders ?? [])].sort(byFolderName)
  return (
    <div className="folder-picker">
      <label htmlFor={selectId} className="folder-picker__label">
        Folder
      </label>
      <select
        ref={select}
        id={selectId}
        className="folder-picker__select"
        value={naming ? NEW_FOLDER : (current ?? '')}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">{GENERAL_FOLDER}</option>
        {sorted.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
        <option value={NEW_FOLDER}>New folder…</option>
      </select>
      {naming && (
        <NewFolderName
          onCancel={done}
          onCreate={(name) => {
            void recordingEdits().then((edits) => edits.moveToNewFolder(recordingId, name))
            done()
          }}
        />
      )}
    </div>
  )
}

function NewFolderName({ onCreate, onCancel }: { onCreate: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  const errorId = useId()
  const error = tried ? folderNameError(name) : null
  const create = () => {
    setTried(true)
    if (!folderNameError(name)) onCreate(name)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onCancel()
    } else if (e.key === 'Enter') {
      e.preventDefault()
      create()
    }
  }
  return (
    <div className="folder-picker__new">
      <input
        type="text"
        className="inline-edit__field"
        aria-label="New folder name"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        enterKeyHint="done"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the picker opens to type a folder name into
        autoFocus
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="button button--primary" onClick={create}>
        Create
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <p id={errorId} className="inline-edit__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
