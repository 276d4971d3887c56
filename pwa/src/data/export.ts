import { apiDownload, type Download } from './api/http'

/** The formats GET /api/v1/recordings/{id}/export answers (docs/api.md "Export and backup"). */
export type ExportFormat = 'md' | 'txt' | 'srt' | 'vtt' | 'json'

/** One recording as a file in the chosen format, named by the server after its title. */
export function exportRecording(recordingId: string, format: ExportFormat): Promise<Download> {
  return apiDownload(`/api/v1/recordings/${encodeURIComponent(recordingId)}/export`, { query: { format } })
}

/** The library backup: a zip of every recording in the import format, which `pocket import` restores. */
export function downloadBackup(): Promise<Download> {
  return apiDownload('/api/v1/export/backup')
}
