import { pushClient, withPushAuth, type PushClient } from './client'
import { base64UrlToBytes, pushEnv, sameBytes, type PushEnv } from './browserPush'

/**
 * Web Push for this device: whether it is on, turning it on and off, and
 * forgetting it at sign-out. "On" means the browser holds a subscription
 * and notifications are allowed; the server holds the same endpoint.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on'

/** The app's service worker never became ready (not registered yet, or registration failed). */
export class NoServiceWorkerError extends Error {
  constructor() {
    super('The service worker is not running')
    this.name = 'NoServiceWorkerError'
  }
}

const READY_TIMEOUT_MS = 10_000
/** Sign-out waits at most this long for the server to forget the device. */
export const SIGN_OUT_BUDGET_MS = 1_500

/** Where this device stands, read without ever prompting. */
export async function readPushState(env: PushEnv | null = pushEnv()): Promise<PushState> {
  if (!env) return 'unsupported'
  const { permission } = env.notification
  if (permission === 'denied') return 'denied'
  if (permission !== 'granted') return 'off'
  return (await currentSubscription(env)) ? 'on' : 'off'
}

/**
 * Asks for permission (so only ever from a click), subscribes the browser
 * with the server's key and hands the subscription to the server. A prompt
 * dismissed without an answer leaves it off.
 */
export async function turnPushOn(
  client: PushClient = pushClient(),
  env: PushEnv | null = pushEnv(),
): Promise<PushState> {
  if (!env) return 'unsupported'
  const permission = await env.notification.requestPermission()
  if (permission === 'denied') return 'denied'
  if (permission !== 'granted') return 'off'
  const { publicKey } = await withPushAuth(() => client.getVapidPublicKey({}))
  const registration = await readyWithin(env, READY_TIMEOUT_MS)
  const subscription = await subscribeWith(registration.pushManager, base64UrlToBytes(publicKey))
  const { endpoint = subscription.endpoint, keys = {} } = subscription.toJSON()
  try {
    await withPushAuth(() =>
      client.subscribe({ subscription: { endpoint, p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } }),
    )
  } catch (error) {
    // A subscription the server does not know would read as "on" next time.
    await subscription.unsubscribe().catch(() => false)
    throw error
  }
  return 'on'
}

/** The server forgets the device first: if it cannot be reached, push stays on and the error says so. */
export async function turnPushOff(
  client: PushClient = pushClient(),
  env: PushEnv | null = pushEnv(),
): Promise<PushState> {
  if (!env) return 'unsupported'
  const subscription = await currentSubscription(env)
  if (subscription) {
    await withPushAuth(() => client.unsubscribe({ endpoint: subscription.endpoint }))
    await subscription.unsubscribe()
  }
  return readPushState(env)
}

/**
 * Sign-out: while the token still works, the server forgets this device,
 * and the browser drops the subscription either way, so the push service
 * refuses (410) anything still sent to it and the server forgets it then.
 * Best effort and bounded: sign-out never waits on it for long.
 */
export async function forgetPushOnSignOut(
  client: PushClient = pushClient(),
  env: PushEnv | null = pushEnv(),
  budgetMs = SIGN_OUT_BUDGET_MS,
): Promise<void> {
  if (!env) return
  const work = async () => {
    const subscription = await currentSubscription(env)
    if (!subscription) return
    const [server] = await Promise.allSettled([
      client.unsubscribe({ endpoint: subscription.endpoint }, { timeoutMs: budgetMs }),
      subscription.unsubscribe(),
    ])
    if (server.status === 'rejected')
      console.warn('The server could not be told to stop pushing to this device', server.reason)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const budget = new Promise<void>((resolve) => (timer = setTimeout(resolve, budgetMs)))
  await Promise.race([
    work().catch((error: unknown) => console.warn('Forgetting push at sign-out failed', error)),
    budget,
  ])
  clearTimeout(timer)
}

async function currentSubscription(env: PushEnv): Promise<PushSubscription | null> {
  const registration = await env.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** The existing subscription if it was made with this key; a new one otherwise (the server's key changed). */
async function subscribeWith(pushManager: PushManager, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const existing = await pushManager.getSubscription()
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing
  if (existing) await existing.unsubscribe()
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

function readyWithin(env: PushEnv, ms: number): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new NoServiceWorkerError()), ms)))
  return Promise.race([env.serviceWorker.ready, timeout]).finally(() => clearTimeout(timer))
}
