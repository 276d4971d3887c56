import { useId, useState, type FormEvent } from 'react'
import { templateProblems, TEMPLATE_LIMITS, type SummaryTemplate, type TemplateDraft } from '@/data/templates'
import { createTemplate, deleteTemplate, updateTemplate } from '@/data/templateEdits'
import { useOnline } from '@/features/sync/useSyncState'
import { ModalDialog } from '@/ui/dialog/ModalDialog'

interface Props {
  /** The user's template being edited; absent for a new one (or a duplicate). */
  template?: SummaryTemplate
  initial: TemplateDraft
  onClose: () => void
  onSaved: () => void
}

type Section = TemplateDraft['sections'][number]

/**
 * A template's name and its ordered sections (heading, what belongs there):
 * sections are added, removed and moved; the draft is checked as the server
 * checks it, then kept on the device and queued for the server (offline
 * too); a refusal shows among the changes not saved.
 */
export function TemplateEditor({ template, initial, onClose, onSaved }: Props) {
  const id = useId()
  const online = useOnline()
  const [draft, setDraft] = useState(initial)
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const problems = templateProblems(draft)
  const shown = tried ? problems : {}

  const setSections = (sections: Section[]) => setDraft({ ...draft, sections })
  const edit = (i: number, change: Partial<Section>) =>
    setSections(draft.sections.map((s, j) => (j === i ? { ...s, ...change } : s)))
  const move = (i: number, by: number) => {
    const next = [...draft.sections]
    const [s] = next.splice(i, 1)
    next.splice(i + by, 0, s!)
    setSections(next)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (Object.keys(problems).length > 0 || saving) return
    setSaving(true)
    setError(null)
    try {
      if (template) await updateTemplate(template.id, draft)
      else await createTemplate(draft)
      onSaved()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The template could not be saved. Please try again.')
      setSaving(false)
    }
  }

  const field = (key: string) => ({
    'aria-invalid': shown[key] ? true : undefined,
    'aria-describedby': shown[key] ? `${id}-${key}-error` : undefined,
  })
  const problem = (key: string) =>
    shown[key] ? (
      <p id={`${id}-${key}-error`} className="templates-form__error">
        {shown[key]}
      </p>
    ) : null

  return (
    <ModalDialog title={template ? 'Edit template' : 'New template'} onClose={onClose} className="templates-dialog">
      <form className="templates-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-name`}>Template name</label>
        <input
          id={`${id}-name`}
          className="templates-form__input"
          value={draft.name}
          maxLength={TEMPLATE_LIMITS.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          autoComplete="off"
          {...field('name')}
        />
        {problem('name')}
        <h3 className="templates-form__title">Sections</h3>
        <p className="templates-form__hint">The summary has one heading per section, in this order.</p>
        <ol className="templates-form__sections">
          {draft.sections.map((s, i) => (
            <li key={i} className="templates-form__section">
              <fieldset>
                <legend>Section {i + 1}</legend>
                <label htmlFor={`${id}-heading-${i}`}>Heading</label>
                <input
                  id={`${id}-heading-${i}`}
                  className="templates-form__input"
                  value={s.heading}
                  maxLength={TEMPLATE_LIMITS.heading}
                  onChange={(e) => edit(i, { heading: e.target.value })}
                  autoComplete="off"
                  {...field(`heading-${i}`)}
                />
                {problem(`heading-${i}`)}
                <label htmlFor={`${id}-instruction-${i}`}>What belongs here</label>
                <textarea
                  id={`${id}-instruction-${i}`}
                  className="templates-form__input"
                  rows={2}
                  value={s.instruction}
                  maxLength={TEMPLATE_LIMITS.instruction}
                  onChange={(e) => edit(i, { instruction: e.target.value })}
                  {...field(`instruction-${i}`)}
                />
                {problem(`instruction-${i}`)}
                <div className="templates-form__section-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move section ${i + 1} up`}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={i === draft.sections.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move section ${i + 1} down`}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() => setSections(draft.sections.filter((_, j) => j !== i))}
                    aria-label={`Remove section ${i + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        {problem('sections')}
        <button
          type="button"
          className="button"
          disabled={draft.sections.length >= TEMPLATE_LIMITS.sections}
          onClick={() => setSections([...draft.sections, { heading: '', instruction: '' }])}
        >
          Add section
        </button>
        {tried && Object.keys(problems).length > 0 && (
          <p className="templates-form__error" role="alert">
            Check the fields marked above.
          </p>
        )}
        {!online && (
          <p className="templates-form__error" role="status">
            You are offline: the template is saved on this device and sent when you are back online.
          </p>
        )}
        {error && (
          <p className="templates-form__error" role="alert">
            {error}
          </p>
        )}
        <div className="templates-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save template'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** Asks before deleting one of the user's templates. */
export function DeleteTemplateDialog(props: { template: SummaryTemplate; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteTemplate(props.template.id)
      props.onDeleted()
      props.onClose()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The template could not be deleted. Please try again.')
      setBusy(false)
    }
  }
  return (
    <ModalDialog title="Delete template" onClose={props.onClose} className="templates-dialog">
      <p>
        Delete “{props.template.name}”? Summaries written with it stay as they are; folders using it go back to the
        default summary.
      </p>
      {error && (
        <p className="templates-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="templates-dialog__actions">
        <button type="button" className="button" onClick={props.onClose} data-autofocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void remove()}>
          {busy ? 'Deleting…' : 'Delete template'}
        </button>
      </div>
    </ModalDialog>
  )
}
