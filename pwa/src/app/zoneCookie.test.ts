import { afterEach, describe, expect, it, vi } from 'vitest'
import { rememberTimeZone } from './zoneCookie'

function fakeDocument() {
  const written: string[] = []
  return {
    written,
    doc: {
      location: { protocol: 'https:' },
      set cookie(value: string) {
        written.push(value)
      },
    } as unknown as Document,
  }
}

describe('rememberTimeZone', () => {
  afterEach(() => vi.restoreAllMocks())

  it("writes the browser's zone for the recordings pages only, for a year", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/Argentina/Buenos_Aires' } as Intl.ResolvedDateTimeFormatOptions)
    const { doc, written } = fakeDocument()
    rememberTimeZone(doc)
    expect(written).toEqual(['pocket_tz=America/Argentina/Buenos_Aires; Path=/recordings; Max-Age=31536000; SameSite=Strict; Secure'])
  })

  it('writes nothing for a zone that is not an IANA name', () => {
    for (const timeZone of ['', 'Europe/Paris; Path=/', 'a'.repeat(65)]) {
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone } as Intl.ResolvedDateTimeFormatOptions)
      const { doc, written } = fakeDocument()
      rememberTimeZone(doc)
      expect(written).toEqual([])
    }
  })
})
