import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { templatesQuery, versionKeys } from '@/data/summaryVersions'
import type { SummaryTemplate, TemplateDraft } from '@/data/templates'
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
 * own) and the user's own, made, edited and deleted here. Templates live on
 * the server only (not synced): offline the last list read is shown and
 * changes wait until the device is back online, as the page says.
 */
export default function TemplatesPage() {
  const templates = useQuery(templatesQuery())
  const online = useOnline()
  const qc = useQueryClient()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<SummaryTemplate | null>(null)
  const list = templates.data ?? []
  const builtins = list.filter((t) => t.builtin)
  const own = list.filter((t) => !t.builtin)
  const refresh = () => qc.invalidateQueries({ queryKey: versionKeys.templates })

  return (
    <main className="templates-page" aria-labelledby="templates-title">
      <h1 id="templates-title">Summary templates</h1>
      <p className="templates-page__intro">
        A template is a name and the sections a summary has, in order. Choose one for a folder, or when you regenerate a
        summary.
      </p>
      {!online && (
        <p className="templates-page__offline" role="status">
          You are offline. Templates are kept on the server: you can read the ones this device saw last, and make or
          change templates when you are back online.
        </p>
      )}
      {templates.isPending ? (
        <p role="status">Loading templates…</p>
      ) : templates.isError ? (
        <LoadFailed message="The templates could not be loaded." onRetry={() => void templates.refetch()} />
      ) : (
        <>
          <section aria-labelledby="templates-own">
            <div className="templates-page__head">
              <h2 id="templates-own">Your templates</h2>
              <button
                type="button"
                className="button button--primary"
                disabled={!online}
                onClick={() => setEditing({ draft: blank })}
              >
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
                      disabled={!online}
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
                      disabled={!online}
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
            <TemplateList
              templates={builtins}
              actions={(t) => (
                <button
                  type="button"
                  className="button"
                  disabled={!online}
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
          onSaved={() => void refresh().then(() => setEditing(null))}
        />
      )}
      {deleting && (
        <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} onDeleted={() => void refresh()} />
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
