import { describe, expect, it, vi } from 'vitest'
import { MOCK_VAPID_PUBLIC_KEY } from '@/mocks/handlers/push'
import { base64UrlToBytes, pushEnv } from './browserPush'
import type { PushClient } from './client'
import { forgetPushOnSignOut, NoServiceWorkerError, readPushState, turnPushOn } from './device'
import { fakePushPerTest } from './fakePushBrowser'

const serverKey = base64UrlToBytes(MOCK_VAPID_PUBLIC_KEY)
const fakePush = fakePushPerTest()

function fakeClient() {
  return {
    getVapidPublicKey: vi.fn(async () => ({ publicKey: MOCK_VAPID_PUBLIC_KEY })),
    subscribe: vi.fn(async () => ({})),
    unsubscribe: vi.fn(async () => ({})),
  }
}
const asClient = (c: ReturnType<typeof fakeClient>) => c as unknown as PushClient

describe('push on this device', () => {
  it('base64url keys decode to the 65-byte uncompressed point', () => {
    expect(serverKey).toHaveLength(65)
    expect(serverKey[0]).toBe(4)
    expect(base64UrlToBytes('-_8')).toEqual(new Uint8Array([0xfb, 0xff]))
  })

  it('a prompt closed without an answer leaves push off and asks the server nothing', async () => {
    const fake = fakePush({ answer: 'default' })
    const client = fakeClient()
    await expect(turnPushOn(asClient(client))).resolves.toBe('off')
    expect(client.getVapidPublicKey).not.toHaveBeenCalled()
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled()
  })

  it('a subscription made with the same key is handed over again, not replaced', async () => {
    const fake = fakePush({ permission: 'granted', answer: 'granted', subscribedWithKey: serverKey })
    const existing = fake.subscription!
    const client = fakeClient()
    await expect(turnPushOn(asClient(client))).resolves.toBe('on')
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled()
    expect(existing.unsubscribe).not.toHaveBeenCalled()
    expect(client.subscribe).toHaveBeenCalledOnce()
  })

  it('a subscription made with another key (the server’s keys changed) is replaced', async () => {
    const fake = fakePush({ permission: 'granted', answer: 'granted', subscribedWithKey: new Uint8Array(65).fill(7) })
    const old = fake.subscription!
    await expect(turnPushOn(asClient(fakeClient()))).resolves.toBe('on')
    expect(old.unsubscribe).toHaveBeenCalledOnce()
    expect(fake.pushManager.subscribe).toHaveBeenCalledExactlyOnceWith({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    })
  })

  it('a service worker that never becomes ready fails after a while instead of hanging', async () => {
    fakePush({ answer: 'granted' })
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => {}), getRegistration: async () => undefined },
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const turning = turnPushOn(asClient(fakeClient()))
    const failed = expect(turning).rejects.toBeInstanceOf(NoServiceWorkerError)
    await vi.advanceTimersByTimeAsync(10_000)
    await failed
  })

  it('reading the state never prompts', async () => {
    const fake = fakePush({ permission: 'default', answer: 'granted' })
    await expect(readPushState()).resolves.toBe('off')
    expect(fake.requestPermission).not.toHaveBeenCalled()
  })

  it('without Web Push nothing is asked and sign-out has nothing to do', async () => {
    expect(pushEnv()).toBeNull()
    await expect(readPushState()).resolves.toBe('unsupported')
    await expect(forgetPushOnSignOut(asClient(fakeClient()))).resolves.toBeUndefined()
  })
})
