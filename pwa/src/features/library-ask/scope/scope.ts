import type { LibraryScope } from '@/data/libraryChat'

/**
 * The scope the /ask page holds: what the API takes, plus the names the
 * chips show (a folder's and each picked recording's).
 */
export interface UiScope {
  folder: { id: string; name: string } | null
  /** YYYY-MM-DD, '' for unbounded. */
  from: string
  to: string
  speakers: string[]
  recordings: { id: string; title: string }[]
}

export const WHOLE_LIBRARY: UiScope = { folder: null, from: '', to: '', speakers: [], recordings: [] }

/** The scope as sendLibraryMessage takes it. */
export function toLibraryScope(s: UiScope): LibraryScope {
  return {
    folderId: s.folder?.id,
    from: s.from || undefined,
    to: s.to || undefined,
    speakers: s.speakers,
    recordingIds: s.recordings.map((r) => r.id),
  }
}

export interface ScopeChip {
  key: string
  label: string
  /** The scope without this part. */
  without: (s: UiScope) => UiScope
}

/** One chip per part of the scope, in the picker's order. */
export function scopeChips(s: UiScope): ScopeChip[] {
  const chips: ScopeChip[] = []
  if (s.folder)
    chips.push({ key: 'folder', label: `Folder: ${s.folder.name}`, without: (x) => ({ ...x, folder: null }) })
  if (s.from) chips.push({ key: 'from', label: `From ${s.from}`, without: (x) => ({ ...x, from: '' }) })
  if (s.to) chips.push({ key: 'to', label: `To ${s.to}`, without: (x) => ({ ...x, to: '' }) })
  for (const name of s.speakers)
    chips.push({
      key: `speaker:${name}`,
      label: `Speaker: ${name}`,
      without: (x) => ({ ...x, speakers: x.speakers.filter((n) => n !== name) }),
    })
  for (const r of s.recordings)
    chips.push({
      key: `recording:${r.id}`,
      label: `Recording: ${r.title}`,
      without: (x) => ({ ...x, recordings: x.recordings.filter((p) => p.id !== r.id) }),
    })
  return chips
}
