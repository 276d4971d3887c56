import type { StoredFolder } from '../db'
import { cleanFolderName } from './tree'

/** The sync engine (and the device store), loaded with the first edit rather than with the folders' screens. */
const sync = () => import('../sync')

/**
 * Folder edits, shown at once and queued for the server (offline too). The
 * id of a new folder is made here, so recordings can be filed into it before
 * the server has seen it.
 */
export async function createFolder(name: string, parentId: string): Promise<StoredFolder> {
  const { enqueue, getSync } = await sync()
  const id = getSync().deps.uuid()
  const clean = cleanFolderName(name)
  await enqueue({ op: { case: 'createFolder', value: { id, name: clean, parentId } } })
  return { id, name: clean, parentId, createdAtMs: Date.now() }
}

export async function renameFolder(id: string, name: string): Promise<void> {
  const { enqueue } = await sync()
  await enqueue({ op: { case: 'renameFolder', value: { id, name: cleanFolderName(name) } } })
}

/** Names the folder's summary template ('' for none): shown at once, queued like a rename. */
export async function setFolderTemplate(id: string, templateId: string): Promise<void> {
  const { enqueue } = await sync()
  await enqueue({ op: { case: 'setFolderTemplate', value: { id, templateId } } })
}

/** Its recordings go to General, as the server does. */
export async function deleteFolder(id: string): Promise<void> {
  const { enqueue } = await sync()
  await enqueue({ op: { case: 'deleteFolder', value: { id } } })
}
