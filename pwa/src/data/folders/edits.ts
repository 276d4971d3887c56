import type { StoredFolder } from '../db'
import { enqueue, getSync } from '../sync'
import { cleanFolderName } from './tree'

/**
 * Folder edits, shown at once and queued for the server (offline too). The
 * id of a new folder is made here, so recordings can be filed into it before
 * the server has seen it.
 */
export async function createFolder(name: string, parentId: string): Promise<StoredFolder> {
  const id = getSync().deps.uuid()
  const clean = cleanFolderName(name)
  await enqueue({ op: { case: 'createFolder', value: { id, name: clean, parentId } } })
  return { id, name: clean, parentId, createdAtMs: Date.now() }
}

export async function renameFolder(id: string, name: string): Promise<void> {
  await enqueue({ op: { case: 'renameFolder', value: { id, name: cleanFolderName(name) } } })
}

/** Its recordings go to General, as the server does. */
export async function deleteFolder(id: string): Promise<void> {
  await enqueue({ op: { case: 'deleteFolder', value: { id } } })
}
