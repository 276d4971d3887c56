import { NETWORK_ERROR_CODE, ApiError } from '@/data/api/errors'
import type { Download } from '@/data/api/http'
import { DOWNLOAD_FAILED, NEEDS_CONNECTION } from './texts'

/** Hands a downloaded file to the browser's download, under the server's name. */
export function saveFile({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
  // The click has handed the URL to the download; free it after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** What a failed download tells the user. */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR_CODE) return NEEDS_CONNECTION
    if (error.serverMessage) return error.serverMessage
  }
  return DOWNLOAD_FAILED
}
