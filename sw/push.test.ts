import { describe, expect, it, vi } from 'vitest'
import { manifest } from '../pwa/pwa-manifest'
import {
  APP_ICON,
  GENERIC_BODY,
  GENERIC_TITLE,
  noticeFor,
  onNotificationClick,
  onPush,
  type WindowClientsLike,
  type WindowLike,
} from './push'

const ORIGIN = 'https://pocket.example'
const data = (text: string) => ({ text: () => text })

function pushEvent(payload: { text(): string } | null) {
  let work: Promise<unknown> | null = null
  const registration = { showNotification: vi.fn(async () => {}) }
  onPush({ data: payload, waitUntil: (p) => void (work = p) }, registration)
  return { registration, work: () => work }
}

describe('service worker push', () => {
  it('shows the summary notice: title, body, the app icon, tagged by recording, opening the recording', async () => {
    const payload = JSON.stringify({
      type: 'summary.ready',
      recordingId: 'rec_42',
      title: 'Weekly Product Sync',
      body: 'Launch moved to May.',
    })
    const { registration, work } = pushEvent(data(payload))
    // The worker stays alive until the notification is shown.
    expect(work()).not.toBeNull()
    await work()
    expect(registration.showNotification).toHaveBeenCalledExactlyOnceWith('Weekly Product Sync', {
      body: 'Launch moved to May.',
      icon: APP_ICON,
      badge: APP_ICON,
      tag: 'rec_42',
      data: { url: '/recordings/rec_42' },
    })
  })

  it('the icon is one of the manifest’s', () => {
    expect(manifest.icons?.map((i) => i.src)).toContain(APP_ICON)
  })

  it.each([
    ['no data', null],
    ['text that is not JSON', data('{"type": "summary.re')],
    ['JSON that is not an object', data('"summary.ready"')],
    ['an object without the fields', data('{"type":"summary.ready"}')],
    ['fields of the wrong type or empty', data('{"recordingId":42,"title":"  ","body":["x"]}')],
  ])('%s still shows a generic notice (every push must show one)', async (_, payload) => {
    const { registration, work } = pushEvent(payload)
    await work()
    expect(registration.showNotification).toHaveBeenCalledExactlyOnceWith(
      GENERIC_TITLE,
      expect.objectContaining({ body: GENERIC_BODY, icon: APP_ICON, data: { url: '/recordings' } }),
    )
  })

  it('a recording id is made safe for the path', () => {
    expect(noticeFor(data('{"recordingId":"a/b?c"}')).options.data.url).toBe('/recordings/a%2Fb%3Fc')
  })
})

function win(url: string, navigateFails = false) {
  const w: WindowLike & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } = {
    url,
    focus: vi.fn(async () => w),
    navigate: vi.fn(async () => {
      if (navigateFails) throw new TypeError('not controlled')
      return w
    }),
  }
  return w
}

function click(url: unknown, windows: WindowLike[]) {
  const clients: WindowClientsLike & { openWindow: ReturnType<typeof vi.fn> } = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  }
  const close = vi.fn()
  let work: Promise<unknown> | null = null
  onNotificationClick({ notification: { data: { url }, close }, waitUntil: (p) => void (work = p) }, clients, ORIGIN)
  return { clients, close, done: () => work }
}

describe('service worker notification click', () => {
  it('closes the notification, focuses the open Pocket window and takes it to the recording', async () => {
    const other = win('https://elsewhere.example/')
    const pocket = win(`${ORIGIN}/recordings`)
    const { clients, close, done } = click('/recordings/rec_42', [other, pocket])
    expect(close).toHaveBeenCalledOnce()
    await done()
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true })
    expect(pocket.focus).toHaveBeenCalledOnce()
    expect(pocket.navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/recordings/rec_42`)
    expect(other.focus).not.toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('a window the browser will not focus is still taken to the recording', async () => {
    const pocket = win(`${ORIGIN}/recordings`)
    pocket.focus.mockRejectedValue(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'))
    const { clients, done } = click('/recordings/rec_42', [pocket])
    await done()
    expect(pocket.navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/recordings/rec_42`)
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('a window already on the recording is only focused', async () => {
    const list = win(`${ORIGIN}/recordings`)
    const there = win(`${ORIGIN}/recordings/rec_42`)
    const { done } = click('/recordings/rec_42', [list, there])
    await done()
    expect(there.focus).toHaveBeenCalledOnce()
    expect(there.navigate).not.toHaveBeenCalled()
    expect(list.focus).not.toHaveBeenCalled()
  })

  it('with no Pocket window open, opens one on the recording', async () => {
    const { clients, done } = click('/recordings/rec_42', [win('https://elsewhere.example/')])
    await done()
    expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/recordings/rec_42`)
  })

  it('a window it cannot navigate (not controlled) gets a new window instead', async () => {
    const pocket = win(`${ORIGIN}/recordings`, true)
    const { clients, done } = click('/recordings/rec_42', [pocket])
    await done()
    expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/recordings/rec_42`)
  })

  it.each([['https://evil.example/x'], ['//evil.example/x'], [42]])(
    'never leaves the app (data url %s opens the library)',
    async (url) => {
      const { clients, done } = click(url, [])
      await done()
      expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/recordings`)
    },
  )
})

describe('digest notice', () => {
  it('opens the Digest page and replaces an earlier digest notice', () => {
    const notice = noticeFor(
      data('{"type":"digest.ready","title":"Your digest is ready","body":"3 new recordings since your last digest."}'),
    )
    expect(notice.title).toBe('Your digest is ready')
    expect(notice.options).toEqual(
      expect.objectContaining({
        body: '3 new recordings since your last digest.',
        tag: 'pocket-digest',
        data: { url: '/digest' },
      }),
    )
  })
})
