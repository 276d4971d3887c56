import type { OfflineBudget } from '@/data/offline/budget'

export const MENU_LABEL = 'Available offline'
export const DIALOG_TITLE = 'Available offline'
export const INTRO =
  'Recordings kept on this device open with no network: summary, action items, mind maps, transcript and chat. Ones you have opened here stay, whatever you choose.'
export const BUDGET_LEGEND = 'How many to keep'
export const QUOTA_MESSAGE =
  'Your device’s storage is full, so not every recording could be kept offline. Free up space or keep fewer recordings offline.'
export const QUOTA_TOAST = 'Storage is full: some recordings are not available offline.'
export const STORAGE_UNKNOWN = 'This browser does not say how much storage is used.'
export const COUNTING = 'Counting recordings…'
export const DOWNLOADING = 'Downloading…'

export function budgetLabel(budget: OfflineBudget): string {
  return budget === 'all' ? 'Keep all recordings offline' : `Keep the newest ${budget} recordings offline`
}

export const NOTHING_YET = 'No recordings on this account yet.'

export function availableLabel(available: number, wanted: number): string {
  if (wanted === 0) return NOTHING_YET
  return `${available} of ${wanted} ${wanted === 1 ? 'recording' : 'recordings'} available offline`
}

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB']

/** 12.3 MB (powers of 1000, as browsers and disks count). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return unit === 0 ? `${Math.round(value)} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`
}

export function usedLabel(bytes: number): string {
  return `${formatBytes(bytes)} used`
}

/** After usedLabel, where the browser says how much it allows: " of 1.2 GB". */
export function quotaLabel(quota: number): string {
  return ` of ${formatBytes(quota)}`
}

export const STORAGE_METER_LABEL = 'Storage used on this device'
export const PERSISTENT = 'Kept for good: the browser will not clear it to free up space.'
export const BEST_EFFORT = 'May be cleared by the browser under pressure, when the device runs low on space.'
export const ASK_PERSIST = 'Ask to keep it for good'

/** The toast after a full disk made room: how many recordings kept offline were removed. */
export function evictedLabel(removed: number): string {
  const what = removed === 1 ? '1 recording' : `${removed} recordings`
  return `Storage was full: removed ${what} kept offline (least recently used first).`
}
