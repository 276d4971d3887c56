import { useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'wouter'
import { Markdown } from '@/ui/markdown'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import {
  cancelVersion,
  regenerateSummary,
  setCurrentVersion,
  SUMMARY_LANGUAGES,
  templatesQuery,
  versionKeys,
  versionsQuery,
  type SummaryTemplate,
  type SummaryVersion,
} from '@/data/summaryVersions'
import { recordingKeys } from '@/data/recordingKeys'
import './summary-versions.css'

interface Props {
  recordingId: string
  /** The Summary tab of the current version, shown unless another version is picked to read. */
  current: ReactNode
}

/**
 * The owner's summary versions above the Summary tab: "Regenerate summary"
 * (a template and an output language), a switcher between the versions, and
 * the state of one being made. Reading another version shows it here; "Show
 * this version" makes it the one the recording shows everywhere.
 */
export default function SummaryVersions({ recordingId, current }: Props) {
  const versions = useQuery(versionsQuery(recordingId))
  const [reading, setReading] = useState<string | null>(null)
  const [dialog, setDialog] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const qc = useQueryClient()
  const list = versions.data ?? []
  const done = list.filter((v) => v.status === 'completed')
  const making = list.filter((v) => v.status === 'pending' || v.status === 'running')
  const failed = list.filter((v) => v.status === 'failed')
  const shown = done.find((v) => v.id === reading && !v.current)

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: versionKeys.versions(recordingId) })
    await qc.invalidateQueries({ queryKey: recordingKeys.all })
  }
  const act = async (fn: () => Promise<unknown>) => {
    setError(null)
    try {
      await fn()
      await refresh()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }

  return (
    <>
      {shown ? (
        <div className="summary-versions__reading">
          <p className="summary-versions__note">
            You are reading an earlier version.{' '}
            <button
              type="button"
              onClick={() => void act(() => setCurrentVersion(recordingId, shown.id)).then(() => setReading(null))}
            >
              Show this version
            </button>
          </p>
          <div className="summary-tab">
            <Markdown source={shown.v2Summary} />
          </div>
        </div>
      ) : (
        current
      )}
      <div className="summary-versions" role="group" aria-label="Summary versions">
        <button type="button" className="summary-versions__regenerate" onClick={() => setDialog(true)}>
          Regenerate summary
        </button>
        {done.length > 1 && (
          <label className="summary-versions__switch">
            Version
            <select
              value={shown?.id ?? done.find((v) => v.current)?.id ?? ''}
              onChange={(e) => setReading(e.target.value)}
            >
              {done.map((v) => (
                <option key={v.id} value={v.id}>
                  {versionLabel(v)}
                </option>
              ))}
            </select>
          </label>
        )}
        {versions.isPending && <span className="summary-versions__note">Loading versions…</span>}
        {versions.isError && (
          <span className="summary-versions__note" role="alert">
            Could not load the summary versions.
          </span>
        )}
      </div>
      {making.map((v) => (
        <p key={v.id} className="summary-versions__making" role="status">
          Writing a new summary ({versionLabel(v)})…{' '}
          <button type="button" onClick={() => void act(() => cancelVersion(recordingId, v.id))}>
            Cancel
          </button>
        </p>
      ))}
      {failed.map((v) => (
        <p key={v.id} className="summary-versions__failed" role="alert">
          The new summary failed: {v.error || 'unknown error'}{' '}
          <button type="button" onClick={() => void act(() => cancelVersion(recordingId, v.id))}>
            Dismiss
          </button>
        </p>
      ))}
      {error && (
        <p className="summary-versions__failed" role="alert">
          {error}
        </p>
      )}
      {dialog && (
        <RegenerateDialog
          onClose={() => setDialog(false)}
          onSubmit={(templateId, language) =>
            act(() => regenerateSummary(recordingId, templateId, language)).then(() => setDialog(false))
          }
        />
      )}
    </>
  )
}

function versionLabel(v: SummaryVersion): string {
  const what = v.templateId ?? 'default'
  const lang = v.language ? `, ${v.language}` : ''
  const when = v.createdAt ? ` · ${new Date(v.createdAt).toLocaleString()}` : ''
  return `${what}${lang}${when}${v.current ? ' (shown)' : ''}`
}

function RegenerateDialog(props: {
  onClose: () => void
  onSubmit: (templateId: string, language: string) => Promise<void>
}) {
  const templates = useQuery(templatesQuery())
  const [templateId, setTemplateId] = useState('general')
  const [language, setLanguage] = useState('en')
  const [busy, setBusy] = useState(false)
  return (
    <ModalDialog title="Regenerate summary" onClose={props.onClose} className="summary-versions__dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setBusy(true)
          void props.onSubmit(templateId, language).finally(() => setBusy(false))
        }}
      >
        <label>
          Template
          <select value={templateId} onChange={(e) => setTemplateId(e.target.value)} disabled={templates.isPending}>
            {(templates.data ?? fallbackTemplates).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        {templates.isError && <p role="alert">Could not load your templates; the built-ins are offered.</p>}
        <Link href="/templates" className="summary-versions__manage">
          Manage templates
        </Link>
        <label>
          Output language
          <select value={language} onChange={(e) => setLanguage(e.target.value)}>
            {SUMMARY_LANGUAGES.map((l) => (
              <option key={l.tag} value={l.tag}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <div className="summary-versions__actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {busy ? 'Starting…' : 'Regenerate'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

const fallbackTemplates: Pick<SummaryTemplate, 'id' | 'name'>[] = [{ id: 'general', name: 'General' }]
