import { useId, useState } from 'react'
import type { StoredFolder } from '@/data/db'
import { setFolderTemplate } from '@/data/folders/edits'
import { TemplateSelect } from './TemplateSelect'

/**
 * The folder's "Summary template": what new recordings filed in it are
 * summarised with. Choosing one is a folder edit, shown at once and queued
 * (offline too).
 */
export function FolderTemplatePicker({ folder }: { folder: StoredFolder }) {
  const id = useId()
  const [failed, setFailed] = useState(false)

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
      <TemplateSelect id={`${id}-template`} value={folder.templateId ?? ''} onChange={(t) => void choose(t)} />
      {failed && (
        <p className="folder-form__error" role="alert">
          The template could not be saved on this device. Please try again.
        </p>
      )}
    </div>
  )
}
