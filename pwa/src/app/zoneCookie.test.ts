import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { rememberTimeZone, useRememberTimeZoneWhenHidden } from './zoneCookie'

/** A document whose cookie jar keeps what is written (name=value, as document.cookie reads it). */
function fakeDocument(path = '/recordings') {
  const written: string[] = []
  const jar = new Map<string, string>()
  return {
    written,
    doc: {
      location: { protocol: 'https:', pathname: path },
      get cookie() {
        return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      },
      set cookie(value: string) {
        written.push(value)
        const [pair] = value.split(';')
        const [k, v] = (pair ?? '').split('=')
        jar.set(k ?? '', v ?? '')
      },
    } as unknown as Document,
  }
}

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
}

const zoneIs = (timeZone: string) =>
  vi
    .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
    .mockReturnValue({ timeZone } as Intl.ResolvedDateTimeFormatOptions)

describe('rememberTimeZone', () => {
  afterEach(() => vi.restoreAllMocks())

  it("writes the browser's zone for the recordings pages only, for a year", () => {
    zoneIs('America/Argentina/Buenos_Aires')
    const { doc, written } = fakeDocument()
    rememberTimeZone(doc, memoryStorage())
    expect(written).toEqual([
      'pocket_tz=America/Argentina/Buenos_Aires; Path=/recordings; Max-Age=31536000; SameSite=Strict; Secure',
    ])
  })

  it('reads the zone again only when its offset changed or the cookie is gone', () => {
    const resolved = zoneIs('Europe/Paris')
    const { doc, written } = fakeDocument()
    const storage = memoryStorage()
    rememberTimeZone(doc, storage)
    rememberTimeZone(doc, storage)
    expect(written).toHaveLength(1)
    expect(resolved).toHaveBeenCalledTimes(1)

    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-999) // summer time, or a journey
    rememberTimeZone(doc, storage)
    expect(written).toHaveLength(2)
    rememberTimeZone(fakeDocument().doc, storage) // a browser that lost the cookie
    expect(resolved).toHaveBeenCalledTimes(3)
  })

  it('writes nothing for a zone that is not an IANA name', () => {
    for (const timeZone of ['', 'Europe/Paris; Path=/', 'a'.repeat(65)]) {
      zoneIs(timeZone)
      const { doc, written } = fakeDocument()
      rememberTimeZone(doc, memoryStorage())
      expect(written).toEqual([])
    }
  })

  it('is written when the page is hidden, not while it is used', () => {
    const resolved = zoneIs('Asia/Tokyo')
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    const written = vi.spyOn(document, 'cookie', 'set')
    renderHook(() => useRememberTimeZoneWhenHidden())
    document.dispatchEvent(new Event('visibilitychange'))
    expect(resolved).not.toHaveBeenCalled()
    visibility.mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(written).toHaveBeenCalledWith(expect.stringMatching(/^pocket_tz=Asia\/Tokyo; Path=\/recordings;/))
  })
})
