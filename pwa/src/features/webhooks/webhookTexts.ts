import type { DeliveryAttempt, WebhookDelivery, WebhookEvent } from '@/data/webhooks'

export const WEBHOOKS = 'Webhooks'
export const WEBHOOKS_EXPLAINED =
  'Webhooks tell your own services what changed: Pocket posts each event you choose to your URL, signed by the Standard Webhooks specification, and retries for more than a day if it fails.'
export const WEBHOOKS_LOADING = 'Loading your webhooks…'
export const WEBHOOKS_FAILED = 'Your webhooks could not be loaded.'
export const WEBHOOKS_OFFLINE = 'Webhooks are kept on the server: connect to the internet to manage them.'
export const WEBHOOKS_UNAVAILABLE = 'This server does not offer webhooks.'
export const WEBHOOKS_EMPTY = 'You have no webhooks yet.'
export const ADD_ENDPOINT = 'Add endpoint'
export const ADDING = 'Adding…'
export const URL_REQUIRED = 'Enter the https address to post events to.'
export const EVENT_REQUIRED = 'Choose at least one event.'
export const ACTION_FAILED = 'That did not work. Check your connection and try again.'
export const SECRET_SHOWN_ONCE =
  'Copy it now: this signing secret will not be shown again. Your receiver verifies each delivery with it.'
export const DELIVERIES_EMPTY = 'Nothing has been sent to this endpoint yet.'
export const DELIVERIES_FAILED = 'The delivery log could not be loaded.'

export const EVENT_TEXT: Record<WebhookEvent, string> = {
  'recording.created': 'A recording is added',
  'recording.updated': 'A recording is changed',
  'recording.deleted': 'A recording is deleted',
  'summary.ready': 'A summary is ready',
  'share.created': 'A share link is made',
}

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
export const when = (iso: string) => dates.format(new Date(iso))

/** What a delivery's status reads as: delivered, failed, or when it is tried next. */
export function deliveryStatus(d: WebhookDelivery): string {
  if (d.status === 'delivered') return 'Delivered'
  if (d.status === 'failed') return 'Failed'
  const next = d.nextAttemptAt ? new Date(d.nextAttemptAt) : null
  return next && next.getTime() > Date.now() ? `Retrying ${dates.format(next)}` : 'Sending'
}

/** One try in words: "503 in 120 ms", or why no answer came. */
export function attemptText(a: DeliveryAttempt): string {
  const answer = a.statusCode ? `${a.statusCode} in ${a.latencyMs} ms` : a.error || 'No answer'
  return `${when(a.at)}: ${answer}`
}
