import { useState } from 'react'
import type { SummaryTemplate, TemplateDraft } from '@/data/templates'
import { useTemplates } from '@/data/useTemplates'
import { useOnline } from '@/features/sync/useSyncState'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { LoadFailed } from '@/ui/LoadFailed'

// The dialogs load when opened: the page lists no dialog code or styles in the code that opens it.
const TemplateEditor = loadWhenShown(() => import('./TemplateEditor').then((m) => m.TemplateEditor))
const DeleteTemplateDialog = loadWhenShown(() => import('./TemplateEditor').then((m) => m.DeleteTemplateDialog))

type Editing = { template?: SummaryTemplate; draft: TemplateDraft } | null

const blank: TemplateDraft = { name: '', sections: [{ heading: '', instruction: '' }] }
const copyOf = (t: SummaryTemplate): TemplateDraft => ({
  name: `${t.name} (copy)`,
  sections: t.sections.map((s) => ({ ...s })),
})

/**
 * Summary templates: the built-ins (read-only, duplicated to make one's
 * own) and the user's own, made, edited and deleted here. The user's own
 * sync like folders (ADR 25): they are read from the device, and an edit
 * shows at once and is sent when the device is online, offline ones once
 * it is back.
 */
export default function TemplatesPage() {
  const templates = useTemplates()
  const online = useOnline()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<SummaryTemplate | null>(null)
  const { builtins, own } = templates

  return (
    <main className="templates-page" aria-labelledby="templates-title">
      <h1 id="templates-title">Summary templates</h1>
      <p className="templates-page__intro">
        A template is a name and the sections a summary has, in order. Choose one for a folder, or when you regenerate a
        summary.
      </p>
      {!online && (
        <p className="templates-page__offline" role="status">
          You are offline. Templates you make, change or delete here are saved on this device and sent when you are back
          online.
        </p>
      )}
      {own === undefined ? (
        <p role="status">Loading templates…</p>
      ) : (
        <>
          <section aria-labelledby="templates-own">
            <div className="templates-page__head">
              <h2 id="templates-own">Your templates</h2>
              <button type="button" className="button button--primary" onClick={() => setEditing({ draft: blank })}>
                New template
              </button>
            </div>
            {own.length === 0 ? (
              <p className="templates-page__empty">
                You have no templates of your own yet. Make one, or duplicate a built-in below.
              </p>
            ) : (
              <TemplateList
                templates={own}
                actions={(t) => (
                  <>
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        setEditing({
                          template: t,
                          draft: { name: t.name, sections: t.sections.map((s) => ({ ...s })) },
                        })
                      }
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => setDeleting(t)}
                      aria-label={`Delete ${t.name}`}
                    >
                      Delete
                    </button>
                  </>
                )}
              />
            )}
          </section>
          <section aria-labelledby="templates-builtin">
            <h2 id="templates-builtin">Built-in templates</h2>
            <p className="templates-page__hint">These cannot be changed. Duplicate one to make your own version.</p>
            {templates.builtinsFailed && (
              <LoadFailed message="The built-in templates could not be loaded." onRetry={templates.retryBuiltins} />
            )}
            <TemplateList
              templates={builtins}
              actions={(t) => (
                <button
                  type="button"
                  className="button"
                  disabled={t.sections.length === 0}
                  onClick={() => setEditing({ draft: copyOf(t) })}
                  aria-label={`Duplicate ${t.name}`}
                >
                  Duplicate
                </button>
              )}
            />
          </section>
        </>
      )}
      {editing && (
        <TemplateEditor
          template={editing.template}
          initial={editing.draft}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteTemplateDialog
          template={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </main>
  )
}

function TemplateList(props: { templates: SummaryTemplate[]; actions: (t: SummaryTemplate) => React.ReactNode }) {
  return (
    <ul className="templates-page__list">
      {props.templates.map((t) => (
        <li key={t.id} className="templates-page__item">
          <div className="templates-page__item-head">
            <h3>{t.name}</h3>
            <div className="templates-page__actions">{props.actions(t)}</div>
          </div>
          <ol className="templates-page__sections" aria-label={`Sections of ${t.name}`}>
            {t.sections.map((s, i) => (
              <li key={i}>{s.heading}</li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  )
}
