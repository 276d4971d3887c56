import { useEffect } from 'react'

/**
 * The reader's time zone for the server: the pages it fills from the HTML
 * (server/firstpaint) print dates as the app does, in this zone. Only those
 * pages' requests carry it (Path=/recordings), and it holds nothing private
 * beyond what the browser tells any site.
 *
 * Reading the zone's name builds an Intl formatter, tens of milliseconds on
 * a phone, so it is read again only when the zone's offset from UTC is not
 * the one it was written with (a journey, or a change to or from summer
 * time) or the cookie is gone.
 */
const ZONE_COOKIE = 'pocket_tz'
const OFFSET_KEY = 'pocket.tzOffset'
const A_YEAR_S = 365 * 24 * 3600
/** IANA names ('Europe/Paris', 'Etc/GMT+5'); anything else is not written. */
const ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/

export function rememberTimeZone(
  doc: Document = document,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage(),
): void {
  const offset = String(new Date().getTimezoneOffset())
  if (doc.cookie.includes(`${ZONE_COOKIE}=`) && storage?.getItem(OFFSET_KEY) === offset) return
  let zone: string | undefined
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return
  }
  if (!zone || !ZONE_NAME.test(zone)) return
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie = `${ZONE_COOKIE}=${zone}; Path=/recordings; Max-Age=${A_YEAR_S}; SameSite=Strict${secure}`
  storage?.setItem(OFFSET_KEY, offset)
}

function safeStorage(): Storage | null {
  try {
    return localStorage
  } catch {
    return null
  }
}

/**
 * The zone is for the next visit's first paint, so it is written as the
 * page is left (hidden): its cost never lands while someone uses the page.
 */
export function useRememberTimeZoneWhenHidden(): void {
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') rememberTimeZone()
    }
    document.addEventListener('visibilitychange', onHidden)
    return () => document.removeEventListener('visibilitychange', onHidden)
  }, [])
}
