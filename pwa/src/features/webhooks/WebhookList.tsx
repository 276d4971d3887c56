import { InlineConfirm } from '@/ui/dialog/InlineConfirm'
import { useState } from 'react'
import { deleteWebhook, rotateWebhookSecret, setWebhookStatus, type WebhookEndpoint } from '@/data/webhooks'
import { ApiError } from '@/data/api/errors'
import { DeliveryLog } from './DeliveryLog'
import type { ShownSecret } from './SecretShownOnce'
import { ACTION_FAILED } from './webhookTexts'

interface Props {
  endpoints: WebhookEndpoint[]
  onChanged: () => void
  onSecret: (s: ShownSecret) => void
}

/** The user's endpoints, each with its status, events and actions. */
export function WebhookList({ endpoints, onChanged, onSecret }: Props) {
  return (
    <ul className="webhooks-dialog__list" aria-label="Your webhooks">
      {endpoints.map((e) => (
        <WebhookItem key={e.id} endpoint={e} onChanged={onChanged} onSecret={onSecret} />
      ))}
    </ul>
  )
}

function WebhookItem({ endpoint: e, onChanged, onSecret }: { endpoint: WebhookEndpoint } & Omit<Props, 'endpoints'>) {
  const [confirming, setConfirming] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const act = async (action: () => Promise<void>) => {
    setBusy(true)
    setError('')
    try {
      await action()
      onChanged()
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }
  const rotate = () =>
    act(async () => onSecret({ label: `New signing secret of ${e.url}`, secret: await rotateWebhookSecret(e.id) }))
  const active = e.status === 'active'

  return (
    <li className="webhooks-dialog__item">
      <span className="webhooks-dialog__url">{e.url}</span>
      <span className={`webhooks-dialog__status webhooks-dialog__status--${e.status}`}>
        {active ? 'Active' : 'Disabled'}
        {!active && e.disabledReason ? `: ${e.disabledReason}` : ''}
      </span>
      <span className="webhooks-dialog__events">{e.events.join(', ')}</span>
      <div className="webhooks-dialog__actions" role="group" aria-label={`Actions for ${e.url}`}>
        <button type="button" className="button" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void rotate()}>
          Rotate secret
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void act(() => setWebhookStatus(e.id, active ? 'disabled' : 'active'))}
        >
          {active ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      {confirming && (
        <InlineConfirm
          label={`Delete ${e.url}?`}
          confirm="Delete endpoint"
          confirming="Deleting…"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void act(() => deleteWebhook(e.id))}
          className="webhooks-dialog__confirm"
        >
          Delete this endpoint? Pending deliveries and its log are deleted too.
        </InlineConfirm>
      )}
      <p role="alert" className="webhooks-dialog__error-text">
        {error}
      </p>
      {showLog && <DeliveryLog endpoint={e} />}
    </li>
  )
}
