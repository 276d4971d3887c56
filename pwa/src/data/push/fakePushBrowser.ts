import { afterEach, vi } from 'vitest'

/**
 * A browser with Web Push for tests (jsdom has none): Notification with a
 * permission the test sets and the answer its prompt will give, and a
 * service worker registration whose PushManager hands out fake
 * subscriptions. Installed on the globals; vitest's unstubGlobals and
 * `remove()` take it away again.
 */
export interface FakePushOptions {
  permission?: NotificationPermission
  /** What the permission prompt answers. */
  answer?: NotificationPermission
  /** The browser already holds a subscription (made with this key, base64url). */
  subscribedWithKey?: Uint8Array
}

export const FAKE_ENDPOINT = 'https://push.example.test/send/device-1'
export const FAKE_P256DH = 'BFakeClientPublicKey_base64url'
export const FAKE_AUTH = 'fake-auth-secret'

export function installFakePush(options: FakePushOptions = {}) {
  let permission: NotificationPermission = options.permission ?? 'default'
  const requestPermission = vi.fn(async () => {
    permission = options.answer ?? permission
    return permission
  })
  const makeSubscription = (key: Uint8Array) => {
    const subscription = {
      endpoint: FAKE_ENDPOINT,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
      unsubscribe: vi.fn(async () => {
        if (fake.subscription === subscription) fake.subscription = null
        return true
      }),
      toJSON: () => ({ endpoint: FAKE_ENDPOINT, expirationTime: null, keys: { p256dh: FAKE_P256DH, auth: FAKE_AUTH } }),
    }
    return subscription
  }
  const pushManager = {
    getSubscription: vi.fn(async () => fake.subscription),
    subscribe: vi.fn(async (init: PushSubscriptionOptionsInit) => {
      fake.subscription = makeSubscription(new Uint8Array(init.applicationServerKey as ArrayBuffer))
      return fake.subscription
    }),
  }
  const registration = { pushManager }
  const fake = {
    subscription: null as ReturnType<typeof makeSubscription> | null,
    requestPermission,
    pushManager,
    remove: () => void Reflect.deleteProperty(navigator, 'serviceWorker'),
  }
  if (options.subscribedWithKey) fake.subscription = makeSubscription(options.subscribedWithKey)

  vi.stubGlobal('Notification', {
    get permission() {
      return permission
    },
    requestPermission,
  })
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    // An EventTarget: sync listens on it for the worker's messages.
    value: Object.assign(new EventTarget(), {
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    }),
  })
  return fake
}

/** installFakePush for a test file: each test's fake is removed after it. */
export function fakePushPerTest(): (options?: FakePushOptions) => ReturnType<typeof installFakePush> {
  let remove: (() => void) | null = null
  afterEach(() => {
    remove?.()
    remove = null
  })
  return (options = {}) => {
    const fake = installFakePush(options)
    remove = fake.remove
    return fake
  }
}
