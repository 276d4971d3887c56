import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { StoredFolder } from '@/data/db'
import { setFolderTemplate } from '@/data/folders/edits'
import { templatesQuery } from '@/data/summaryVersions'
import { BUILTIN_TEMPLATES } from '@/data/templates'

/**
 * The folder's "Summary template": what new recordings filed in it are
 * summarised with. Choosing one is a folder edit, shown at once and queued
 * (offline too); the templates offered are the last list read, or the
 * built-ins before any.
 */
export function FolderTemplatePicker({ folder }: { folder: StoredFolder }) {
  const id = useId()
  const templates = useQuery(templatesQuery())
  const [failed, setFailed] = useState(false)
  const builtins = templates.data?.filter((t) => t.builtin) ?? BUILTIN_TEMPLATES
  const own = templates.data?.filter((t) => !t.builtin) ?? []
  const current = folder.templateId ?? ''
  const known = current === '' || [...builtins, ...own].some((t) => t.id === current)

  const choose = async (templateId: string) => {
    setFailed(false)
    try {
      await setFolderTemplate(folder.id, templateId)
    } catch {
      setFailed(true) // only the device's storage can fail here
    }
  }

  return (
    <div className="folder-template">
      <label htmlFor={`${id}-template`}>Summary template</label>
      <select
        id={`${id}-template`}
        className="folder-form__select"
        value={current}
        onChange={(e) => void choose(e.target.value)}
        aria-describedby={`${id}-hint`}
      >
        <option value="">None (General default)</option>
        <optgroup label="Built-in">
          {builtins.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </optgroup>
        {own.length > 0 && (
          <optgroup label="Your templates">
            {own.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </optgroup>
        )}
        {!known && <option value={current}>{templates.isPending ? 'Loading…' : 'A template not listed here'}</option>}
      </select>
      <p id={`${id}-hint`} className="folder-form__hint">
        New recordings in this folder are summarised with it. <Link href="/templates">Manage templates</Link>
      </p>
      {templates.isError && (
        <p className="folder-form__hint" role="status">
          Your own templates could not be loaded; the built-ins are offered.
        </p>
      )}
      {failed && (
        <p className="folder-form__error" role="alert">
          The template could not be saved on this device. Please try again.
        </p>
      )}
    </div>
  )
}
