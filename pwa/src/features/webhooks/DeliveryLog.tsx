import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  deliveriesQuery,
  resendDelivery,
  webhookKeys,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/data/webhooks'
import { ApiError } from '@/data/api/errors'
import { ACTION_FAILED, DELIVERIES_EMPTY, DELIVERIES_FAILED, attemptText, deliveryStatus, when } from './webhookTexts'
import { LoadFailed } from '@/ui/LoadFailed'

/** One endpoint's deliveries, newest first: status, each try's answer, and Resend. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useQuery(deliveriesQuery(endpoint.id))
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) })

  if (log.isError)
    return (
      <LoadFailed message={DELIVERIES_FAILED} onRetry={() => void log.refetch()} className="webhooks-dialog__error" />
    )
  if (!log.data) return <p>Loading deliveries…</p>
  if (log.data.length === 0) return <p>{DELIVERIES_EMPTY}</p>
  return (
    <ul className="webhooks-dialog__log" aria-label={`Deliveries to ${endpoint.url}`}>
      {log.data.map((d) => (
        <DeliveryItem key={d.id} endpointId={endpoint.id} delivery={d} onResent={refresh} />
      ))}
    </ul>
  )
}

function DeliveryItem({
  endpointId,
  delivery: d,
  onResent,
}: {
  endpointId: string
  delivery: WebhookDelivery
  onResent: () => void
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const last = d.attempts[d.attempts.length - 1]
  const resend = async () => {
    setBusy(true)
    setError('')
    try {
      await resendDelivery(endpointId, d.id)
      onResent()
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="webhooks-dialog__delivery">
      <span>
        <code>{d.type}</code> · {when(d.createdAt)} · <strong>{deliveryStatus(d)}</strong>
      </span>
      {last && <span className="webhooks-dialog__attempt">{attemptText(last)}</span>}
      {last?.response && <code className="webhooks-dialog__response">{last.response}</code>}
      {d.status !== 'pending' && (
        <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void resend()}>
          {busy ? 'Resending…' : 'Resend'}
        </button>
      )}
      <p role="alert" className="webhooks-dialog__error-text">
        {error}
      </p>
    </li>
  )
}
