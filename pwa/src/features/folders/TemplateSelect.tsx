import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { templatesQuery } from '@/data/summaryVersions'
import { BUILTIN_TEMPLATES } from '@/data/templates'

interface Props {
  /** The select's id: its label and hint are the caller's, named from it. */
  id: string
  value: string
  onChange: (templateId: string) => void
}

/**
 * The "Summary template" choice of a folder, for the folder bar and the New
 * folder dialog alike: none, the built-ins, the user's own. The templates
 * offered are the last list read, or the built-ins before any (offline).
 */
export function TemplateSelect({ id, value, onChange }: Props) {
  const templates = useQuery(templatesQuery())
  const builtins = templates.data?.filter((t) => t.builtin) ?? BUILTIN_TEMPLATES
  const own = templates.data?.filter((t) => !t.builtin) ?? []
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
        {!known && <option value={value}>{templates.isPending ? 'Loading…' : 'A template not listed here'}</option>}
      </select>
      <p id={`${id}-hint`} className="folder-form__hint">
        New recordings in this folder are summarised with it. <Link href="/templates">Manage templates</Link>
      </p>
      {templates.isError && (
        <p className="folder-form__hint" role="status">
          Your own templates could not be loaded; the built-ins are offered.
        </p>
      )}
    </>
  )
}
