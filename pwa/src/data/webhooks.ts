import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'

/** The events an endpoint may ask for (docs/api.md "Webhooks"). */
export const WEBHOOK_EVENTS = [
  'recording.created',
  'recording.updated',
  'recording.deleted',
  'summary.ready',
  'share.created',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** An endpoint as the API lists it: never its secret. Times are ISO strings. */
export interface WebhookEndpoint {
  id: string
  url: string
  events: string[]
  description: string
  status: 'active' | 'disabled'
  disabledReason: string
  createdAt: string
  updatedAt: string
  failingSince: string | null
  dropped: number
}

/** An endpoint just made: the one answer with its secret. */
export interface CreatedWebhook extends WebhookEndpoint {
  secret: string
}

export interface DeliveryAttempt {
  at: string
  statusCode: number
  latencyMs: number
  error: string
  response: string
}

export interface WebhookDelivery {
  id: string
  type: string
  createdAt: string
  status: 'pending' | 'delivered' | 'failed'
  nextAttemptAt: string | null
  attempts: DeliveryAttempt[]
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
}

const list = <T>(body: { data?: unknown }) => (Array.isArray(body.data) ? (body.data as T[]) : [])

/** The user's endpoints; asked afresh whenever the dialog opens. */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: async ({ signal }) => list<WebhookEndpoint>(await apiRequest('/api/v1/webhooks', { signal })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

/** One endpoint's delivery log, newest first. */
export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async ({ signal }) =>
      list<WebhookDelivery>(await apiRequest(`/api/v1/webhooks/${encodeURIComponent(id)}/deliveries`, { signal })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

const path = (id: string) => `/api/v1/webhooks/${encodeURIComponent(id)}`

export async function createWebhook(input: { url: string; events: WebhookEvent[] }): Promise<CreatedWebhook> {
  return (await apiRequest<{ data: CreatedWebhook }>('/api/v1/webhooks', { method: 'POST', body: input })).data
}

export async function setWebhookStatus(id: string, status: WebhookEndpoint['status']): Promise<void> {
  await apiRequest<unknown>(path(id), { method: 'PATCH', body: { status } })
}

export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest<unknown>(path(id), { method: 'DELETE' })
}

export async function rotateWebhookSecret(id: string): Promise<string> {
  return (await apiRequest<{ data: { secret: string } }>(`${path(id)}/rotate-secret`, { method: 'POST' })).data.secret
}

export async function resendDelivery(id: string, deliveryId: string): Promise<void> {
  await apiRequest<unknown>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST' })
}
