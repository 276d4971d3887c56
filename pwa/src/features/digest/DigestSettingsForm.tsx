import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LoadFailed } from '@/ui/LoadFailed'
import {
  digestKeys,
  digestSettingsQuery,
  saveDigestSettings,
  sendDigestNow,
  type DigestFrequency,
  type DigestSent,
  type DigestSettings,
} from '@/data/digest'

const FREQUENCY_LABELS: Record<DigestFrequency, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' }

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Something went wrong.')

/** Says what "Send now" did, in words. */
export function sentText(r: DigestSent): string {
  const ways = [r.email && 'by e-mail', r.push && 'to your devices'].filter(Boolean).join(' and ')
  const what = r.recordings === 1 ? '1 new recording' : `${r.recordings} new recordings`
  return ways ? `Digest sent ${ways} (${what}).` : 'Nothing was sent: your devices could not be reached just now.'
}

/** The digest's settings: loading and failure say so; then the form. */
export function DigestSettingsForm() {
  const stored = useQuery(digestSettingsQuery())
  if (!stored.data) {
    return (
      <section aria-labelledby="digest-settings">
        <h2 id="digest-settings">Digest settings</h2>
        {stored.isError ? (
          <LoadFailed message="Your digest settings could not be loaded." onRetry={() => void stored.refetch()} />
        ) : (
          <p role="status">Loading your settings…</p>
        )}
      </section>
    )
  }
  return <SettingsForm initial={stored.data} />
}

/** Frequency, channels, Save, and Send now, from the settings as loaded. */
function SettingsForm({ initial }: { initial: DigestSettings }) {
  const client = useQueryClient()
  const [draft, setDraft] = useState(initial)
  const save = useMutation({
    mutationFn: saveDigestSettings,
    onSuccess: (s) => client.setQueryData(digestKeys.settings, s),
  })
  const send = useMutation({
    mutationFn: sendDigestNow,
    onSuccess: () => void client.invalidateQueries({ queryKey: digestKeys.current, exact: true }),
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(draft)
  }
  return (
    <section aria-labelledby="digest-settings">
      <h2 id="digest-settings">Digest settings</h2>
      <form onSubmit={onSubmit} className="digest-page__form">
        <fieldset>
          <legend>How often</legend>
          {(Object.keys(FREQUENCY_LABELS) as DigestFrequency[]).map((f) => (
            <label key={f} className="digest-page__choice">
              <input
                type="radio"
                name="digest-frequency"
                value={f}
                checked={draft.frequency === f}
                onChange={() => setDraft({ ...draft, frequency: f })}
              />
              {FREQUENCY_LABELS[f]}
            </label>
          ))}
          <p className="digest-page__hint">Daily digests arrive at 07:00 UTC, weekly ones on Mondays at 07:00 UTC.</p>
        </fieldset>
        <fieldset>
          <legend>Send it</legend>
          <label className="digest-page__choice">
            <input
              type="checkbox"
              checked={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.checked })}
            />
            By e-mail
          </label>
          <label className="digest-page__choice">
            <input
              type="checkbox"
              checked={draft.push}
              onChange={(e) => setDraft({ ...draft, push: e.target.checked })}
            />
            As a notification
          </label>
        </fieldset>
        <div className="digest-page__actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? 'Sending…' : 'Send now'}
          </button>
        </div>
        <div aria-live="polite">
          {save.isSuccess && <p role="status">Digest settings saved.</p>}
          {save.isError && <p role="alert">Could not save: {errorText(save.error)}</p>}
          {send.isSuccess && <p role="status">{sentText(send.data)}</p>}
          {send.isError && <p role="alert">Could not send: {errorText(send.error)}</p>}
        </div>
      </form>
    </section>
  )
}
