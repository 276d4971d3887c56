import { create, fromJson, toJson, type JsonValue, type MessageInitShape } from '@bufbuild/protobuf'
import { MutationSchema, type Mutation } from '@/gen/pocket/sync/v1/sync_pb'
import type { OutboxEntry, OutboxKind } from '../db'

/** A mutation as the caller describes it; the key is added when it is queued. */
export type MutationInit = Omit<MessageInitShape<typeof MutationSchema>, 'idempotencyKey' | '$typeName'>

export interface MutationTarget {
  kind: OutboxKind
  entityId: string
}

/** The mutation with its idempotency key, as it will be sent (and resent). */
export function makeMutation(init: MutationInit, key: string): Mutation {
  return create(MutationSchema, { ...init, idempotencyKey: key })
}

/** Plain JSON in the outbox: any later version of the app (or a person in devtools) can read it. */
export function mutationToJson(m: Mutation): JsonValue {
  return toJson(MutationSchema, m)
}

export function mutationOf(row: Pick<OutboxEntry, 'mutation'>): Mutation {
  return fromJson(MutationSchema, row.mutation as JsonValue)
}

/** The row's mutation, or null when it cannot be read (it must not block the queue behind it). */
export function readMutation(row: Pick<OutboxEntry, 'mutation'>): Mutation | null {
  try {
    return mutationOf(row)
  } catch {
    return null
  }
}

/** What a mutation changes: the entity its outbox row waits on. */
export function targetOf(m: Pick<Mutation, 'op'>): MutationTarget {
  const op = m.op
  switch (op.case) {
    case 'updateRecording':
    case 'deleteRecording':
      return { kind: 'recording', entityId: op.value.id }
    case 'renameSpeaker':
      return { kind: 'recording', entityId: op.value.recordingId }
    case 'createFolder':
    case 'renameFolder':
    case 'deleteFolder':
      return { kind: 'folder', entityId: op.value.id }
    case 'askQuestion':
      return { kind: 'question', entityId: op.value.recordingId }
  }
  throw new Error('sync: a mutation must name an operation')
}

/** The Dexie key of an entity's server copy (StoredSyncBase.key). */
export function baseKey(kind: 'recording' | 'folder', id: string): string {
  return `${kind}:${id}`
}
