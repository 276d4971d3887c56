import { useId, useState, type FormEvent } from 'react'
import { createWebhook, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEvent } from '@/data/webhooks'
import { ApiError } from '@/data/api/errors'
import { ACTION_FAILED, ADD_ENDPOINT, ADDING, EVENT_REQUIRED, EVENT_TEXT, URL_REQUIRED } from './webhookTexts'

/** URL and events of a new endpoint; hands the created one (with its secret) to onCreated. */
export function CreateWebhookForm({ onCreated }: { onCreated: (made: CreatedWebhook) => void }) {
  const urlId = useId()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>(['recording.created', 'summary.ready'])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!url.trim()) return setError(URL_REQUIRED)
    if (events.length === 0) return setError(EVENT_REQUIRED)
    setBusy(true)
    setError('')
    try {
      const made = await createWebhook({ url: url.trim(), events })
      setUrl('')
      onCreated(made)
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="webhooks-dialog__form" aria-label={ADD_ENDPOINT} onSubmit={(e) => void submit(e)} noValidate>
      <h3>{ADD_ENDPOINT}</h3>
      <label htmlFor={urlId}>Endpoint URL</label>
      <input
        id={urlId}
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/pocket"
        value={url}
        maxLength={2048}
        onChange={(e) => setUrl(e.target.value)}
        disabled={busy}
      />
      <fieldset disabled={busy}>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="webhooks-dialog__event">
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            <span>
              <code>{event}</code> {EVENT_TEXT[event]}
            </span>
          </label>
        ))}
      </fieldset>
      <p role="alert" className="webhooks-dialog__error-text">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? ADDING : ADD_ENDPOINT}
      </button>
    </form>
  )
}
