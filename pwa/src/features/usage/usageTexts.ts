import type { UsageItem } from '@/data/usage'

export const USAGE = 'Usage'
export const USAGE_LOADING = 'Loading your usage…'
export const USAGE_FAILED = 'Your usage could not be loaded.'
export const USAGE_OFFLINE = 'Your usage is kept on the server: connect to the internet to see it.'
export const USAGE_EXPLAINED = 'What your account keeps and sends, beside the limit of each.'

const NAMES: Record<string, string> = {
  recordings: 'Recordings',
  bytes: 'Storage',
  uploadsToday: 'Uploads today',
  folders: 'Folders',
  speakers: 'Named people',
  shareLinks: 'Share links',
  pushSubscriptions: 'Devices with notifications',
  liveSockets: 'Live connections',
  chatPerMinute: 'Questions to Ask Pocket',
  accessTokens: 'Access tokens',
  tokenRequestsPerMinute: 'Requests with one access token',
}

export const usageName = (id: string) => NAMES[id] ?? id

const numbers = new Intl.NumberFormat('en-US')

/** 1,536 → "1.5 KB"-style binary sizes, as the server's messages write them (KiB, MiB, GiB). */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB']
  let v = n
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  if (i === 0) return `${numbers.format(n)} bytes`
  return `${Number(v.toFixed(1)).toString()} ${units[i]}`
}

function amount(item: UsageItem, n: number): string {
  return item.unit === 'bytes' ? formatBytes(n) : numbers.format(n)
}

const PER: Partial<Record<UsageItem['unit'], string>> = { perDay: ' a day', perMinute: ' a minute', atOnce: ' at once' }

/** "Recordings: 26 of 50,000", "Storage: 1.2 GiB of 50 GiB", "Questions to Ask Pocket: up to 10 a minute". */
export function usageText(item: UsageItem): string {
  const name = usageName(item.id)
  const per = PER[item.unit] ?? ''
  if (item.used === null)
    return item.limit > 0 ? `${name}: up to ${amount(item, item.limit)}${per}` : `${name}: no limit`
  if (item.limit <= 0) return `${name}: ${amount(item, item.used)} (no limit)`
  return `${name}: ${amount(item, item.used)} of ${amount(item, item.limit)}${per}`
}
