import { db } from '@/data/db'
import type { LibraryScope } from '@/data/libraryChat'
import { recordingTitle } from '@/data/normalize/recording'
import { WHOLE_LIBRARY, type UiScope } from './scope'

/** The chip of a folder the device no longer holds (deleted since the question). */
export const GONE_FOLDER = 'a deleted folder'

/**
 * The scope a reopened conversation was last asked in, with the names its
 * chips show read from the device (offline too): the folder's name and each
 * picked recording's title. A recording the device does not hold keeps its
 * place with the default title, so the question's scope is shown whole.
 */
export async function restoreScope(scope: LibraryScope | null): Promise<UiScope> {
  if (!scope) return WHOLE_LIBRARY
  const ids = scope.recordingIds ?? []
  const [folder, recordings] = await Promise.all([
    scope.folderId ? db.folders.get(scope.folderId) : undefined,
    db.recordings.bulkGet(ids),
  ])
  return {
    folder: scope.folderId ? { id: scope.folderId, name: folder?.name ?? GONE_FOLDER } : null,
    from: scope.from ?? '',
    to: scope.to ?? '',
    speakers: scope.speakers ?? [],
    recordings: ids.map((id, i) => ({ id, title: recordingTitle(recordings[i]?.data ?? {}) })),
  }
}
