import { deviceDb } from './open'

/**
 * The device store with the writes of server copies (REST pages and
 * details laid under queued edits, `sync/restCopies`): both load with the
 * first write rather than with the screen that shows it.
 */
export async function loadServerCopies() {
  const [db, copies] = await Promise.all([deviceDb(), import('../sync/restCopies')])
  return { db, ...copies }
}
