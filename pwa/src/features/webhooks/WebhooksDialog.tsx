import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { webhookKeys, webhooksQuery } from '@/data/webhooks'
import { ApiError } from '@/data/api/errors'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { useOnline } from '@/features/sync/useSyncState'
import { CreateWebhookForm } from './CreateWebhookForm'
import { SecretShownOnce, type ShownSecret } from './SecretShownOnce'
import { WebhookList } from './WebhookList'
import {
  WEBHOOKS,
  WEBHOOKS_EMPTY,
  WEBHOOKS_EXPLAINED,
  WEBHOOKS_FAILED,
  WEBHOOKS_LOADING,
  WEBHOOKS_OFFLINE,
  WEBHOOKS_UNAVAILABLE,
} from './webhookTexts'
import '@/features/tokens/tokens.css'
import { LoadFailed } from '@/ui/LoadFailed'

/**
 * The user's webhook endpoints: the list with each one's status, delivery
 * log (with Resend), secret rotation, pause and delete; a form to add one;
 * a new secret shown once with a copy button.
 */
export function WebhooksDialog({ onClose }: { onClose: () => void }) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const endpoints = useQuery({ ...webhooksQuery(), enabled: online })
  const [secret, setSecret] = useState<ShownSecret | null>(null)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all })
  const unavailable = endpoints.error instanceof ApiError && endpoints.error.status === 404

  return (
    <ModalDialog title={WEBHOOKS} onClose={onClose} className="webhooks-dialog" closeButton>
      <p>{WEBHOOKS_EXPLAINED}</p>
      {secret && <SecretShownOnce shown={secret} onDone={() => setSecret(null)} />}
      <div aria-live="polite" aria-busy={endpoints.isFetching}>
        {endpoints.data ? (
          endpoints.data.length === 0 ? (
            <p>{WEBHOOKS_EMPTY}</p>
          ) : (
            <WebhookList endpoints={endpoints.data} onChanged={refresh} onSecret={setSecret} />
          )
        ) : !online ? (
          <p>{WEBHOOKS_OFFLINE}</p>
        ) : unavailable ? (
          <p>{WEBHOOKS_UNAVAILABLE}</p>
        ) : endpoints.isError ? (
          <LoadFailed
            message={WEBHOOKS_FAILED}
            onRetry={() => void endpoints.refetch()}
            className="webhooks-dialog__error"
          />
        ) : (
          <p>{WEBHOOKS_LOADING}</p>
        )}
      </div>
      {online && !unavailable && (
        <CreateWebhookForm
          onCreated={(made) => {
            setSecret({ label: `Signing secret of ${made.url}`, secret: made.secret })
            refresh()
          }}
        />
      )}
    </ModalDialog>
  )
}
