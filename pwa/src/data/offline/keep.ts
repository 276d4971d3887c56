import { chatRows, requestChat, type FetchedChat } from '../chat'
import type { StoredDetail } from '../db'
import { requestDetail } from '../detail'
import { loadServerCopies } from '../device/serverCopies'
import { withRoom } from './room'

/** What the device keeps of a recording for offline reading, as fetched. */
export interface KeptRecording {
  detail: StoredDetail
  chat: FetchedChat
}

/** A recording's detail, then its chat (one connection a recording), storing nothing. */
export async function fetchKept(id: string, signal: AbortSignal): Promise<KeptRecording> {
  const detail = await requestDetail(id, signal)
  return { detail, chat: await requestChat({ recordingId: id }, signal) }
}

/**
 * A batch of recordings in one transaction: details laid under queued edits
 * as one fetched on its screen is (writeServerDetails), with their chats. A
 * full disk only replaces older copies never opened (a background write).
 */
export async function storeKept(batch: KeptRecording[]): Promise<void> {
  const { db, writeServerDetails } = await loadServerCopies()
  const chats = chatRows(batch.map((kept) => kept.chat))
  const write = () =>
    writeServerDetails(
      db,
      batch.map((kept) => kept.detail),
      {
        tables: [db.chatSessions, db.chatMessages],
        write: async () => {
          await db.chatSessions.bulkPut(chats.sessions)
          await db.chatMessages.bulkPut(chats.messages)
        },
      },
    )
  await withRoom(write, { keep: batch.map((kept) => kept.detail.id), background: true, db })
}
