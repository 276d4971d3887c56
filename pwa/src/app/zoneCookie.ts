/**
 * The reader's time zone for the server: a recording's page it fills from
 * the HTML (server/firstpaint) prints the date as the app does, in this
 * zone. Only those pages' requests carry it (Path=/recordings), and it holds
 * nothing private beyond what the browser tells any site.
 */
const ZONE_COOKIE = 'pocket_tz'
const A_YEAR_S = 365 * 24 * 3600
/** IANA names ('Europe/Paris', 'Etc/GMT+5'); anything else is not written. */
const ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/

export function rememberTimeZone(doc: Document = document): void {
  let zone: string | undefined
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return
  }
  if (!zone || !ZONE_NAME.test(zone)) return
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie = `${ZONE_COOKIE}=${zone}; Path=/recordings; Max-Age=${A_YEAR_S}; SameSite=Strict${secure}`
}
