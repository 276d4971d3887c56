import { Link } from 'wouter'
import { useTemplates } from '@/data/useTemplates'

interface Props {
  /** The select's id: its label and hint are the caller's, named from it. */
  id: string
  value: string
  onChange: (templateId: string) => void
}

/**
 * The "Summary template" choice of a folder, for the folder bar and the New
 * folder dialog alike: none, the built-ins, the user's own. The user's own
 * are the device's (synced, and made offline too); the built-ins are the
 * last list read, or their names before any (offline).
 */
export function TemplateSelect({ id, value, onChange }: Props) {
  const templates = useTemplates()
  const builtins = templates.builtins
  const own = templates.own ?? []
  const known = value === '' || [...builtins, ...own].some((t) => t.id === value)

  return (
    <>
      <label htmlFor={id}>Summary template</label>
      <select
        id={id}
        className="folder-form__select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
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
        {!known && (
          <option value={value}>{templates.own === undefined ? 'Loading…' : 'A template not listed here'}</option>
        )}
      </select>
      <p id={`${id}-hint`} className="folder-form__hint">
        New recordings in this folder are summarised with it. <Link href="/templates">Manage templates</Link>
      </p>
    </>
  )
}
