import type { StoredFolder } from '../db'
import { GENERAL_FOLDER } from '../normalize/recording'

/** The server's bound on a folder name, in characters (pkg/recordings MaxFolderName). */
export const MAX_FOLDER_NAME = 100

/** The list filter (?folder=) that shows recordings filed in no folder. */
export const GENERAL_FILTER = 'general'

export interface FolderEntry {
  folder: StoredFolder
  /** 0 for a top-level folder. */
  depth: number
  /** How many folders sit under it (at any depth). */
  descendants: number
}

/**
 * The order folders are listed in everywhere (sidebar, folder picker, list
 * filter): by name ignoring case, then by id. Plain code-unit comparison, not
 * localeCompare: the first locale comparison of a page loads the browser's
 * collation data (about 16 ms, 60 ms on a slow phone), on the screen's first
 * render.
 */
export const byFolderName = (a: Pick<StoredFolder, 'id' | 'name'>, b: Pick<StoredFolder, 'id' | 'name'>) => {
  const x = a.name.toLowerCase()
  const y = b.name.toLowerCase()
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The folders as a flat, depth-first list (each folder followed by its
 * subfolders), sorted by name case-insensitively like the server's list.
 * A folder whose parent the device does not hold (deleted here, the server
 * moves its subfolders up) is shown at the top level.
 */
export function folderTree(folders: StoredFolder[]): FolderEntry[] {
  const ids = new Set(folders.map((f) => f.id))
  const children = new Map<string, StoredFolder[]>()
  for (const f of folders) {
    const parent = f.parentId && ids.has(f.parentId) && f.parentId !== f.id ? f.parentId : ''
    const list = children.get(parent)
    if (list) list.push(f)
    else children.set(parent, [f])
  }
  const out: FolderEntry[] = []
  const seen = new Set<string>()
  const visit = (parent: string, depth: number): number => {
    let count = 0
    for (const folder of (children.get(parent) ?? []).sort(byFolderName)) {
      if (seen.has(folder.id)) continue // a parent cycle: show each folder once
      seen.add(folder.id)
      const entry: FolderEntry = { folder, depth, descendants: 0 }
      out.push(entry)
      entry.descendants = visit(folder.id, depth + 1)
      count += 1 + entry.descendants
    }
    return count
  }
  visit('', 0)
  // Folders only reachable through a cycle still show, at the top level.
  for (const f of [...folders].sort(byFolderName)) {
    if (!seen.has(f.id)) {
      seen.add(f.id)
      out.push({ folder: f, depth: 0, descendants: 0 })
    }
  }
  return out
}

/** The name as it will be stored: trimmed, like the server does. */
export const cleanFolderName = (name: string) => name.trim()

/**
 * Why a folder name cannot be used, as the form says it; null when it can.
 * Checked here before anything is queued: the server would refuse an empty
 * or long name, and would file a duplicate into the existing folder.
 */
export function folderNameProblem(
  rawName: string,
  o: { folders: StoredFolder[]; parentId: string; selfId?: string },
): string | null {
  const name = cleanFolderName(rawName)
  if (name === '') return 'Enter a folder name.'
  const length = Array.from(name).length
  if (length > MAX_FOLDER_NAME) return `Use at most ${MAX_FOLDER_NAME} characters (this name has ${length}).`
  // eslint-disable-next-line no-control-regex -- a NUL character is exactly what the name may not hold
  if (/[\u0000]/.test(name)) return 'The name cannot contain control characters.'
  const lower = name.toLowerCase()
  if (lower === GENERAL_FOLDER.toLowerCase())
    return `“${GENERAL_FOLDER}” is where recordings without a folder are. Choose another name.`
  const taken = o.folders.find((f) => f.id !== o.selfId && f.parentId === o.parentId && f.name.toLowerCase() === lower)
  if (taken)
    return `A folder named “${taken.name}” already exists ${o.parentId ? 'in this folder' : 'at the top level'}.`
  return null
}
