import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { toRecordingRow } from '@/data/normalize/recording'
import type { Recording } from '@/data/types'
import { RecordingList } from '@/features/recordings/list/RecordingList'
import { groupByDay } from '@/features/recordings/list/listItems'
import { normalisedDom, parsedMarkup } from '@/test/normalisedDom'
import { setReadersZone } from '@/test/readersZone'
import fixtures from '../../../../pkg/firstpaint/testdata/parity/fixtures.json'
import { serverPaint } from './parityGoldens'

/**
 * The server paints the list's first rows from the HTML before the app has
 * loaded (pkg/firstpaint), in Go: a second renderer of what the app's
 * components draw over it. Both draw the same fixtures (every shape a row
 * and the list can take, pkg/firstpaint/testdata/parity/fixtures.json); the
 * server's drawings are kept as goldens (its own test fails when they are
 * stale), and here the app draws each fixture with the real components, in
 * the fixture's time zone, and both DOMs must be the same element for
 * element, word for word (see normalisedDom). The app is the reference: a
 * difference is the server's to fix (docs/adr/0003-first-paint.md).
 */

/**
 * The app's list as it first draws the rows, in a window tall enough for
 * every row (the server paints the whole first page; the app draws what the
 * window shows, and the rest as it scrolls).
 */
function appList(items: unknown[]): Element {
  const height = Object.getOwnPropertyDescriptor(window, 'innerHeight')
  Object.defineProperty(window, 'innerHeight', { value: 100_000, configurable: true })
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {}) // the virtualizer's first scroll; jsdom has none
  try {
    const rows = (items as Recording[]).map(toRecordingRow)
    const { container } = render(<RecordingList items={groupByDay(rows)} />)
    const list = container.querySelector('.vlist')
    if (!list) throw new Error('the app drew no list')
    return list
  } finally {
    if (height) Object.defineProperty(window, 'innerHeight', height)
  }
}

describe("the server's first paint of the list is the app's", () => {
  it.each(fixtures.lists.map((f) => [f.name, f] as const))('%s', (name, fixture) => {
    setReadersZone(fixture.zone) // the app reads the reader's zone from the browser; the server from its cookie
    const server = serverPaint(`list-${name}`)
    if (fixture.items.length === 0) {
      // No rows: the server fills nothing, and the app draws its empty state, not a list.
      expect(server).toBe('')
      return
    }
    const painted = parsedMarkup(server).firstElementChild
    expect(painted, 'the server painted no list').not.toBeNull()
    expect(normalisedDom(painted!)).toEqual(normalisedDom(appList(fixture.items)))
  })
})
