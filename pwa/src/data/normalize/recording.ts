import type { Recording } from '../types'
import { toSortableTime } from '../time'
import { parseGradient, type MeshGradient } from './gradient'
import { asObject, flag, text } from './loose'
import { flagsOf, type Flags } from '../recordingFields'
import { durationLabel, recordedAt } from './recordingDates'
import { normalizeSummary, type SummaryContent } from './summary'

export const UNTITLED = 'Untitled Recording'
export const GENERAL_FOLDER = 'General'
const PREVIEW_LENGTH = 100

/** One row of the recordings list, ready to render (spec §2 "Row"). */
export interface RecordingRow {
  id: string
  title: string
  /** The description, else a preview of the summary; '' when neither exists. */
  description: string
  /** When it was recorded (ms since the epoch); NaN when unknown. */
  at: number
  /** 'H hr M min' / 'M min' / 'S secs'; null without a duration. */
  duration: string | null
  /** Null: draw the fallback gradient. */
  gradient: MeshGradient | null
  /** Folder name; 'General' when the recording has none. */
  folder: string
  /** syncStatus 'pending' or marked offline: the row shows a sync icon. */
  syncPending: boolean
  /** The flag fields (starred, archived), which the row's toggles show. */
  flags: Flags
}

export function toRecordingRow(recording: Recording): RecordingRow {
  return {
    id: recording.id,
    title: recordingTitle(recording),
    description: rowDescription(recording),
    at: recordedAt(recording),
    duration: durationLabel(recording.duration),
    gradient: parseGradient(recording.gradientData),
    folder: folderName(recording.folder),
    syncPending: isSyncPending(recording),
    flags: flagsOf(recording),
  }
}

/** title, else name, else 'Untitled Recording' (blank strings count as missing). */
export function recordingTitle(recording: { title?: unknown; name?: unknown }): string {
  return text(recording.title).trim() || text(recording.name).trim() || UNTITLED
}

export function rowDescription(recording: { description?: unknown; summarization?: unknown }): string {
  const description = text(recording.description).trim()
  if (description) return description
  return summaryPreview(asObject(recording.summarization)?.summary)
}

/**
 * The summary as one line of plain text, cut at 100 characters plus '...'
 * (spec §9). A summary of 100 characters or fewer is shown whole.
 */
export function summaryPreview(summary: unknown): string {
  if (summary === undefined || summary === null) return ''
  const plain = summaryPlainText(normalizeSummary({ summary }))
  const chars = Array.from(plain) // code points: never split an emoji
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join('')}...` : plain
}

/** Every visible word of a summary, markdown markers removed, whitespace collapsed. */
export function summaryPlainText(content: SummaryContent | null): string {
  if (!content) return ''
  let parts: string[]
  switch (content.kind) {
    case 'markdown':
      parts = content.blocks.map(stripMarkdown)
      break
    case 'text':
      parts = [stripMarkdown(content.text)]
      break
    case 'sections':
      parts = content.sections.flatMap((s) => [s.title, stripMarkdown(s.body)])
      break
    case 'components':
      parts = content.components.flatMap((c): string[] =>
        [c.text ?? '', ...('items' in c ? c.items : [])].map(stripMarkdown),
      )
      break
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: keep the alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: keep the label
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, '') // rules
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
}

/** The folder's name; 'General' when there is none (spec §9). */
export function folderName(folder: unknown): string {
  return text(asObject(folder)?.name).trim() || GENERAL_FOLDER
}

/** A pending sync or the offline flag shows the sync icon (spec §4 "Sync"). */
export function isSyncPending(recording: { syncStatus?: unknown; isOffline?: unknown }): boolean {
  return text(recording.syncStatus).trim().toLowerCase() === 'pending' || flag(recording.isOffline)
}

/** Spec §3 "Owner (derived)". */
export interface Owner {
  displayName: string
  email: string | null
  photoURL: string | null
}

/** displayName, else the e-mail's local part, else 'User'. */
export function deriveOwner(user: unknown): Owner {
  const u = asObject(user) ?? {}
  const email = text(u.email).trim() || null
  const local = email?.split('@')[0]?.trim() ?? ''
  return {
    displayName: text(u.displayName).trim() || local || 'User',
    email,
    photoURL: text(u.photoURL).trim() || null,
  }
}

/**
 * Spec §5: recordings sharing an id are one recording; the copy with the
 * latest recordingAt wins, then updatedAt, then createdAt. Order is kept.
 */
export function mergeDuplicates<T extends Recording>(list: T[]): T[] {
  const winners = new Map<string, T>()
  for (const recording of list) {
    const current = winners.get(recording.id)
    if (!current || isNewerCopy(recording, current)) winners.set(recording.id, recording)
  }
  return list.filter((r) => winners.get(r.id) === r)
}

/**
 * True when `a` is a strictly newer copy than `b`: compared by recordingAt,
 * then updatedAt, then createdAt (a copy with a timestamp beats one without).
 */
export function isNewerCopy(a: Recording, b: Recording): boolean {
  for (const field of ['recordingAt', 'updatedAt', 'createdAt'] as const) {
    const ta = toSortableTime(a[field])
    const tb = toSortableTime(b[field])
    if (ta !== tb) return ta > tb
  }
  return false
}
