import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { base64UrlToBytes } from '@/data/push/browserPush'
import { FAKE_AUTH, FAKE_ENDPOINT, FAKE_P256DH, fakePushPerTest } from '@/data/push/fakePushBrowser'
import { MOCK_VAPID_PUBLIC_KEY, mockPush } from '@/mocks/handlers/push'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { PUSH_NOTES } from './NotificationsMenuItem'

const serverKey = base64UrlToBytes(MOCK_VAPID_PUBLIC_KEY)
const fakePush = fakePushPerTest()

/** The signed-in app with the user menu open; resolves with the Notifications item once its state is read. */
async function openMenu() {
  const token = await signInOnServer(alice)
  const user = userEvent.setup()
  const app = renderApp('/recordings')
  // Generous: the first render of the whole app is slow on a busy machine.
  await user.click(await screen.findByRole('button', { name: 'Alice' }))
  const item = screen.getByRole('menuitemcheckbox', { name: 'Notifications' })
  await waitFor(() => expect(item).toHaveAccessibleDescription(/.+/))
  return { ...app, user, item, token }
}

describe('Notifications in the user menu', () => {
  it('asks for permission only when clicked, never on load', async () => {
    const fake = fakePush({ answer: 'granted' })
    const { user, item } = await openMenu()
    expect(fake.requestPermission).not.toHaveBeenCalled()
    expect(item).toHaveAttribute('aria-checked', 'false')
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.off)
    await user.click(item)
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'))
    expect(fake.requestPermission).toHaveBeenCalledOnce()
  })

  it("turning on subscribes with the server's key and hands the subscription's keys to the server", async () => {
    const fake = fakePush({ answer: 'granted' })
    const { user, item, token } = await openMenu()
    await user.click(item)
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'))
    expect(fake.pushManager.subscribe).toHaveBeenCalledExactlyOnceWith({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    })
    expect([...mockPush.subscriptions]).toEqual([
      [FAKE_ENDPOINT, { p256dh: FAKE_P256DH, auth: FAKE_AUTH, authorization: `Bearer ${token}` }],
    ])
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.on)
    expect(item).toHaveAttribute('aria-busy', 'false')
  })

  it('shows the change under way as busy', async () => {
    fakePush({ answer: 'granted' })
    let release = () => {}
    server.use(
      http.post('*/pocket.push.v1.PushService/Subscribe', async () => {
        await new Promise<void>((r) => (release = r))
        return HttpResponse.error()
      }),
    )
    const { user, item } = await openMenu()
    await user.click(item)
    await waitFor(() => expect(item).toHaveAttribute('aria-busy', 'true'))
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.turningOn)
    release()
    await waitFor(() => expect(item).toHaveAttribute('aria-busy', 'false'))
  })

  it('an existing subscription reads as on; turning off tells the server and drops it in the browser', async () => {
    const fake = fakePush({ permission: 'granted', subscribedWithKey: serverKey })
    const subscription = fake.subscription!
    const { user, item } = await openMenu()
    expect(item).toHaveAttribute('aria-checked', 'true')
    await user.click(item)
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'false'))
    expect(mockPush.unsubscribed.map((u) => u.endpoint)).toEqual([FAKE_ENDPOINT])
    expect(subscription.unsubscribe).toHaveBeenCalledOnce()
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.off)
  })

  it('says how to unblock when the prompt is answered with Block, and subscribes nothing', async () => {
    const fake = fakePush({ answer: 'denied' })
    const { user, item } = await openMenu()
    await user.click(item)
    await waitFor(() => expect(item).toHaveAccessibleDescription(PUSH_NOTES.denied))
    expect(screen.getByText(PUSH_NOTES.denied)).toBeVisible()
    expect(item).toHaveAttribute('aria-checked', 'false')
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled()
  })

  it('says so at once when notifications were blocked before', async () => {
    const fake = fakePush({ permission: 'denied' })
    const { item } = await openMenu()
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.denied)
    expect(fake.requestPermission).not.toHaveBeenCalled()
  })

  it('without Web Push (iOS Safari outside the Home Screen) it says to install the app and does nothing', async () => {
    const { user, item } = await openMenu()
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.unsupported)
    expect(item).toHaveAttribute('aria-disabled', 'true')
    await user.click(item)
    expect(item).toHaveAttribute('aria-checked', 'false')
    expect(item).toHaveAttribute('aria-busy', 'false')
    expect(item).toHaveAccessibleDescription(PUSH_NOTES.unsupported)
  })

  it('a server that cannot be reached is reported, and push stays off', async () => {
    const fake = fakePush({ answer: 'granted' })
    server.use(http.post('*/pocket.push.v1.PushService/GetVapidPublicKey', () => HttpResponse.error()))
    const { user, item } = await openMenu()
    await user.click(item)
    const text =
      "Couldn't turn notifications on. Pocket's server could not be reached. Check your connection, then try again."
    await waitFor(() => expect(item).toHaveAccessibleDescription(text))
    expect(screen.getByText(text)).toHaveAttribute('aria-live', 'polite')
    expect(item).toHaveAttribute('aria-checked', 'false')
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled()
  })

  it('a subscription the server refused is not kept in the browser', async () => {
    const fake = fakePush({ answer: 'granted' })
    server.use(
      http.post('*/pocket.push.v1.PushService/Subscribe', () =>
        HttpResponse.json({ code: 'invalid_argument', message: 'endpoint must be https' }, { status: 400 }),
      ),
    )
    const { user, item } = await openMenu()
    await user.click(item)
    await waitFor(() =>
      expect(item).toHaveAccessibleDescription(
        "Couldn't turn notifications on. The server said: endpoint must be https",
      ),
    )
    expect(fake.subscription).toBeNull()
    expect(item).toHaveAttribute('aria-checked', 'false')
  })

  it('turning off while the server cannot be reached is reported, and push stays on', async () => {
    const fake = fakePush({ permission: 'granted', subscribedWithKey: serverKey })
    server.use(http.post('*/pocket.push.v1.PushService/Unsubscribe', () => HttpResponse.error()))
    const { user, item } = await openMenu()
    await user.click(item)
    await waitFor(() =>
      expect(item).toHaveAccessibleDescription(
        /^Couldn't turn notifications off\. Pocket's server could not be reached\./,
      ),
    )
    expect(item).toHaveAttribute('aria-checked', 'true')
    expect(fake.subscription).not.toBeNull()
  })
})

describe('sign-out and push', () => {
  it("tells the server to forget this device with the user's token, and drops the subscription", async () => {
    const fake = fakePush({ permission: 'granted', subscribedWithKey: serverKey })
    const subscription = fake.subscription!
    const { user, router, token } = await openMenu()
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(mockPush.unsubscribed).toEqual([{ endpoint: FAKE_ENDPOINT, authorization: `Bearer ${token}` }])
    expect(subscription.unsubscribe).toHaveBeenCalledOnce()
  })

  it('a server that does not answer holds sign-out back only for a moment', async () => {
    const fake = fakePush({ permission: 'granted', subscribedWithKey: serverKey })
    server.use(http.post('*/pocket.push.v1.PushService/Unsubscribe', () => delay('infinite')))
    const { user, router } = await openMenu()
    const started = Date.now()
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(Date.now() - started).toBeLessThan(4000)
    // The browser dropped it anyway: the push service refuses what the server still sends.
    expect(fake.subscription).toBeNull()
  })
})
