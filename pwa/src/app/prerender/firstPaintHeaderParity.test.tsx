import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { db } from '@/data/db'
import { server } from '@/mocks/node'
import { outline, parsedMarkup } from '@/test/normalisedDom'
import { setReadersZone } from '@/test/readersZone'
import { alice, renderApp, signInOnServer } from '@/test/render'
import fixtures from '../../../../pkg/firstpaint/testdata/parity/fixtures.json'
import { serverPaint } from './parityGoldens'
// The app loads these lazily. Loaded here, they are warm before the first
// test's render, so its wait measures the page, not cold module loads.
import '@/features/recordings/RecordingDetailPage'
import '@/features/share/SharedRecordingPage'
import '@/features/export/ExportMenu'

/**
 * The server paints a recording's header from the HTML before the app has
 * loaded (pkg/firstpaint): the owner's page (recording-view.html) with its
 * buttons, and a share link's first visit (shared-view.html). The app's own
 * page draws the same fixtures here (the real page, its data from the API),
 * on a phone and on a desktop, and both must read the same: headings, links,
 * buttons, the folder picker's options, the pills, the description, in order
 * (see outline). The copy's elements are inert stand-ins (a select without
 * React's ids), so it is held to what it shows, not to its attributes.
 */

const screens = [['phone', false] as const, ['desktop', true] as const]

function onScreen(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

/**
 * The app's header once its page has drawn it (the folder picker fills from
 * the device a moment later). The wait ends as soon as it matches; its
 * ceiling is for a machine busy with the Go tests beside these.
 */
async function appHeader(matches: (header: Element) => void): Promise<void> {
  await waitFor(
    () => {
      const header = document.querySelector('header.rec-header')
      expect(header, 'the app drew no header').not.toBeNull()
      matches(header!)
    },
    { timeout: 20_000 },
  )
}

/** Each case renders the whole app: more than the default 15 s on a loaded machine. */
const PAGE_TIMEOUT = 30_000

/**
 * On a desktop the summary starts below the row of tabs, which the copy
 * draws too (a phone's tab bar is fixed at the bottom, out of the way).
 */
function expectSameTabs(painted: Element, desktop: boolean) {
  if (!desktop) return
  const copy = painted.querySelector('.rec-preview__tabs')
  const app = document.querySelector('.tabs.tabs--top')
  expect(copy && app, 'a row of tabs is missing').toBeTruthy()
  expect(outline(copy!)).toEqual(outline(app!))
}

describe("the server's first paint of the owner's recording header is the app's", () => {
  const cases = fixtures.owned.flatMap((f) => screens.map(([name, desktop]) => [f.name, name, desktop, f] as const))
  it.each(cases)(
    '%s, on a %s',
    async (name, _, desktop, fixture) => {
      const painted = serverPaint(`owned-${name}`)
      const id = fixture.detail.recording.id
      setReadersZone(fixture.zone)
      onScreen(desktop)
      server.use(http.get('/api/v1/recordings/:id', () => HttpResponse.json({ success: true, data: fixture.detail })))
      await db.folders.bulkPut(fixture.folders.map((f) => ({ ...f, parentId: '', createdAtMs: 0 })))
      await signInOnServer(alice, { cacheProfile: true })
      renderApp(`/recordings/${encodeURIComponent(id)}`)
      if (!painted) {
        // The server declines (a recording shared with the owner): the app draws it read-only.
        expect(await screen.findByText(/^From /, undefined, { timeout: 20_000 })).toBeInTheDocument()
        return
      }
      const page = parsedMarkup(painted)
      const copy = page.querySelector(`header.rec-header--${desktop ? 'desktop' : 'mobile'}`)
      expect(copy, 'the server painted no header for this screen').not.toBeNull()
      await appHeader((header) => expect(outline(copy!)).toEqual(outline(header)))
      expectSameTabs(page, desktop)
    },
    PAGE_TIMEOUT,
  )
})

describe("the server's first paint of a shared recording's header is the app's", () => {
  const cases = fixtures.shared.flatMap((f) => screens.map(([name, desktop]) => [f.name, name, desktop, f] as const))
  it.each(cases)(
    '%s, on a %s',
    async (name, _, desktop, fixture) => {
      const painted = parsedMarkup(serverPaint(`shared-${name}`))
      // One header for both screens: the stylesheet shows the words that fit this one.
      painted.querySelectorAll(desktop ? '.rec-preview__phone' : '.rec-preview__desktop').forEach((el) => el.remove())
      const copy = painted.querySelector('header.rec-header')
      expect(copy, 'the server painted no header').not.toBeNull()
      onScreen(desktop)
      server.use(
        http.get('/api/v1/share/shared/recording', () => HttpResponse.json({ success: true, data: fixture.view })),
      )
      renderApp('/shared/recording?token=parity')
      // A share link's first visit tells the server no time zone: the copy
      // leaves the date out rather than print it in the wrong one.
      const withoutDate = (lines: string[]) => lines.filter((l) => !l.trim().startsWith('time '))
      await appHeader((header) => expect(outline(copy!)).toEqual(withoutDate(outline(header))))
      expectSameTabs(painted, desktop)
    },
    PAGE_TIMEOUT,
  )
})
