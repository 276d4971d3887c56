import type { ExportFormat } from '@/data/export'

export const EXPORT_BUTTON = 'Export'
export const PRINT_ITEM = 'Print / Save as PDF'
export const BACKUP_ITEM = 'Download backup (.zip)'

/** The export menu's downloads, in the order shown. */
export const EXPORT_ITEMS: { format: ExportFormat; label: string }[] = [
  { format: 'md', label: 'Markdown' },
  { format: 'txt', label: 'Plain text' },
  { format: 'srt', label: 'Subtitles (SRT)' },
  { format: 'vtt', label: 'Subtitles (WebVTT)' },
  { format: 'json', label: 'JSON' },
]

export const OFFLINE_NOTE = 'You are offline: downloads need a connection. Print / Save as PDF works offline.'
export const NEEDS_CONNECTION = 'Downloads need a connection. Try again when you are online.'
export const DOWNLOAD_FAILED = 'The download failed. Please try again.'
