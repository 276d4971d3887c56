/**
 * Test support: SyncService in memory, served through createRouterTransport
 * (a real Connect server, in process). It follows pkg/syncer where tests can
 * notice: one log entry per entity (its latest change), an epoch'd cursor,
 * resync below a pruned floor, each key applied at most once and answered
 * the same afterwards, nothing attempted after a RETRY, `current` on every
 * answer about an entity.
 */
import { create, toJson } from '@bufbuild/protobuf'
import { Code, ConnectError, createRouterTransport, type HandlerContext } from '@connectrpc/connect'
import {
  ChangeSchema,
  EntityKind,
  MutationResultSchema,
  MutationSchema,
  Outcome,
  SyncService,
  type Change,
  type Mutation,
  type MutationResult,
} from '@/gen/pocket/sync/v1/sync_pb'
import { setMembers } from '../recordingFields'
import { bearer, type SessionLike } from './client'

type Obj = Record<string, unknown>
type Kind = 'recording' | 'folder' | 'template'
interface Rec {
  item: Obj
  speakers?: Obj
  folderId: string
  empty: boolean
}
interface Folder {
  name: string
  parentId: string
  createdAtMs: number
  templateId?: string
}
interface Template {
  name: string
  sections: { heading: string; instruction: string }[]
  createdAtMs: number
}
interface Stored {
  body: string
  outcome: Outcome
  code?: string
  message?: string
  target?: [Kind, string]
  answer?: string
}
/** What the next attempt of a mutation meets: a transient failure, or a refusal. */
export type Verdict = 'retry' | { reject: string } | undefined

class Refused extends Error {}

export class FakeSyncServer {
  epoch = 'epoch-1'
  token = 'token-1'
  pageSize = 500
  recordings = new Map<string, Rec>()
  folders = new Map<string, Folder>()
  templates = new Map<string, Template>()
  /** Every mutation received, resends included, in order. */
  received: Mutation[] = []
  /** Mutations per Push call. */
  batches: number[] = []
  /** Keys applied, once each. */
  applied: string[] = []
  pulls = 0
  /** The cursor of each pull, in order. */
  pullCursors: string[] = []
  /** Every call, in order. */
  calls: Array<'pull' | 'push'> = []
  /** Next calls (pull or push) that fail as if the server were down. */
  unavailable = 0
  verdict: (m: Mutation) => Verdict = () => undefined
  private seq = 0
  private floor = 0
  private log = new Map<string, { seq: number; kind: Kind; id: string; deleted: boolean }>()
  private keys = new Map<string, Stored>()
  private clock = Date.parse('2026-03-01T10:00:00Z')

  transport(session: SessionLike) {
    return createRouterTransport(
      ({ service }) =>
        service(SyncService, {
          pull: (req, ctx) => (this.check(ctx), this.pull(req.cursor)),
          push: (req, ctx) => (this.check(ctx), { results: this.push(req.mutations) }),
        }),
      { transport: { interceptors: [bearer(session)] } },
    )
  }

  putRecording(id: string, item: Obj = {}, opts: { speakers?: Obj; folderId?: string; empty?: boolean } = {}): void {
    const folderId = opts.folderId ?? ''
    const folder = folderId ? { folder: { id: folderId, name: this.folders.get(folderId)?.name } } : {}
    this.recordings.set(id, {
      item: { id, recordingAt: '2026-02-01T09:00:00.000Z', ...item, ...folder },
      speakers: opts.speakers,
      folderId,
      empty: opts.empty ?? false,
    })
    this.logChange('recording', id, false)
  }

  putFolder(id: string, name: string, parentId = ''): void {
    this.folders.set(id, { name, parentId, createdAtMs: this.clock })
    this.logChange('folder', id, false)
  }

  putTemplate(id: string, name: string, sections: Template['sections']): void {
    this.templates.set(id, { name, sections, createdAtMs: this.templates.get(id)?.createdAtMs ?? this.clock })
    this.logChange('template', id, false)
  }

  remove(kind: Kind, id: string): void {
    ;({ recording: this.recordings, folder: this.folders, template: this.templates })[kind].delete(id)
    this.logChange(kind, id, true)
  }

  /** Tombstones pruned: a cursor from before now must resync. */
  prune(): void {
    this.floor = this.seq
    for (const [k, e] of this.log) if (e.deleted) this.log.delete(k)
  }

  private check(ctx: HandlerContext): void {
    if (this.unavailable > 0 && this.unavailable--) throw new ConnectError('down', Code.Unavailable)
    if (ctx.requestHeader.get('Authorization') !== `Bearer ${this.token}`)
      throw new ConnectError('no', Code.Unauthenticated)
  }

  private logChange(kind: Kind, id: string, deleted: boolean): void {
    this.clock += 1000
    this.log.set(`${kind}:${id}`, { seq: ++this.seq, kind, id, deleted })
  }

  private pull(cursor: string) {
    this.pulls++
    this.pullCursors.push(cursor)
    this.calls.push('pull')
    const [epoch, n] = cursor.split('.')
    const after = cursor === '' ? 0 : Number(n)
    if (cursor !== '' && (epoch !== this.epoch || !(after >= this.floor && after <= this.seq))) return { resync: true }
    const all = [...this.log.values()].filter((e) => e.seq > after).sort((a, b) => a.seq - b.seq)
    const page = all.slice(0, this.pageSize)
    const hasMore = all.length > page.length
    const last = hasMore ? page[page.length - 1]!.seq : this.seq
    return { changes: page.map((e) => this.changeOf(e.kind, e.id)!), cursor: `${this.epoch}.${last}`, hasMore }
  }

  private changeOf(kind: Kind, id: string): Change | undefined {
    const e = this.log.get(`${kind}:${id}`)
    if (!e) return undefined
    const seq = BigInt(e.seq)
    const r = this.recordings.get(id)
    const f = this.folders.get(id)
    if (!e.deleted && kind === 'recording' && r) {
      const value = {
        id,
        itemJson: JSON.stringify(r.item),
        speakersJson: r.speakers ? JSON.stringify(r.speakers) : '',
        folderId: r.folderId,
        empty: r.empty,
        version: seq,
      }
      return create(ChangeSchema, { seq, entity: { case: 'recording', value } })
    }
    if (!e.deleted && kind === 'folder' && f) {
      const value = {
        id,
        name: f.name,
        parentId: f.parentId,
        createdAtMs: BigInt(f.createdAtMs),
        version: seq,
        templateId: f.templateId ?? '',
      }
      return create(ChangeSchema, { seq, entity: { case: 'folder', value } })
    }
    const t = this.templates.get(id)
    if (!e.deleted && kind === 'template' && t) {
      const value = { id, ...t, createdAtMs: BigInt(t.createdAtMs), updatedAtMs: BigInt(this.clock), version: seq }
      return create(ChangeSchema, { seq, entity: { case: 'template', value } })
    }
    const kinds = { recording: EntityKind.RECORDING, folder: EntityKind.FOLDER, template: EntityKind.TEMPLATE }
    const tomb = { kind: kinds[kind], id, version: seq }
    return create(ChangeSchema, { seq, entity: { case: 'tombstone', value: tomb } })
  }

  private push(mutations: Mutation[]): MutationResult[] {
    this.batches.push(mutations.length)
    this.calls.push('push')
    let stopped = false
    return mutations.map((m) => {
      this.received.push(m)
      const r = stopped ? this.result(m.idempotencyKey, { body: '', outcome: Outcome.RETRY }) : this.pushOne(m)
      stopped ||= r.outcome === Outcome.RETRY
      return r
    })
  }

  private pushOne(m: Mutation): MutationResult {
    const key = m.idempotencyKey
    const body = JSON.stringify(toJson(MutationSchema, { ...m, idempotencyKey: '' }))
    const seen = this.keys.get(key)
    if (seen) return seen.body === body ? this.result(key, seen, true) : this.refuse(key, 'IDEMPOTENCY_KEY_REUSED')
    const verdict = this.verdict(m)
    if (verdict === 'retry') return this.result(key, { body, outcome: Outcome.RETRY })
    let stored: Stored
    try {
      if (verdict) throw new Refused(verdict.reject)
      stored = { body, outcome: Outcome.APPLIED, ...this.apply(m) }
      this.applied.push(key)
    } catch (error) {
      if (!(error instanceof Refused)) throw error
      stored = {
        body,
        outcome: Outcome.REJECTED,
        code: error.message,
        message: `Refused: ${error.message}`,
        target: targetOf(m),
      }
    }
    this.keys.set(key, stored)
    return this.result(key, stored)
  }

  private refuse(key: string, code: string): MutationResult {
    return this.result(key, { body: '', outcome: Outcome.REJECTED, code, message: code })
  }

  private result(key: string, s: Stored, replayed = false): MutationResult {
    const current = s.target && this.changeOf(...s.target)
    return create(MutationResultSchema, {
      idempotencyKey: key,
      outcome: s.outcome,
      replayed,
      errorCode: s.code,
      errorMessage: s.message,
      current,
      answerJson: s.answer,
    })
  }

  private apply(m: Mutation): Pick<Stored, 'target' | 'answer'> {
    const op = m.op
    const rec = (id: string) => this.recordings.get(id) ?? refused('NOT_FOUND')
    const folder = (id: string) => this.folders.get(id) ?? refused('NOT_FOUND')
    const touch = (id: string, r: Rec) => {
      r.item.updatedAt = new Date(this.clock).toISOString()
      this.logChange('recording', id, false)
    }
    switch (op.case) {
      case 'updateRecording': {
        const { id, folderId } = op.value
        const r = rec(id)
        r.item = setMembers(r.item, op.value)
        if (folderId !== undefined) {
          r.folderId = folderId
          if (folderId) r.item.folder = { id: folderId, name: folder(folderId).name }
          else delete r.item.folder
        }
        touch(id, r)
        return { target: ['recording', id] }
      }
      case 'deleteRecording':
        rec(op.value.id)
        this.remove('recording', op.value.id)
        return { target: ['recording', op.value.id] }
      case 'createFolder':
        if (!this.folders.has(op.value.id)) this.putFolder(op.value.id, op.value.name, op.value.parentId)
        return { target: ['folder', op.value.id] }
      case 'renameFolder':
        folder(op.value.id).name = op.value.name
        this.logChange('folder', op.value.id, false)
        this.refile(op.value.id, op.value.name)
        return { target: ['folder', op.value.id] }
      case 'setFolderTemplate':
        folder(op.value.id).templateId = op.value.templateId
        this.logChange('folder', op.value.id, false)
        return { target: ['folder', op.value.id] }
      case 'deleteFolder':
        folder(op.value.id)
        this.refile(op.value.id, null)
        this.remove('folder', op.value.id)
        return { target: ['folder', op.value.id] }
      case 'renameSpeaker': {
        const r = rec(op.value.recordingId)
        const entry = (r.speakers?.[op.value.speaker] as Obj | undefined) ?? refused('SPEAKER_NOT_FOUND')
        entry.speakerProfile = { ...(entry.speakerProfile as Obj), name: op.value.name }
        touch(op.value.recordingId, r)
        return { target: ['recording', op.value.recordingId] }
      }
      // As pkg/templates: a name and a section are required, a create made again answers the first.
      case 'createTemplate':
      case 'updateTemplate': {
        const { id, name, sections } = op.value
        const held = this.templates.get(id)
        if (op.case === 'updateTemplate' && !held) refused('NOT_FOUND')
        if (!name.trim() || sections.length === 0) refused('INVALID_ARGUMENT')
        if (op.case === 'updateTemplate' || !held)
          this.putTemplate(
            id,
            name,
            sections.map(({ heading, instruction }) => ({ heading, instruction })),
          )
        return { target: ['template', id] }
      }
      case 'deleteTemplate':
        if (!this.templates.has(op.value.id)) refused('NOT_FOUND')
        this.remove('template', op.value.id)
        return { target: ['template', op.value.id] }
      case 'askQuestion':
        return {
          answer: JSON.stringify({
            userMessage: { content: op.value.message },
            assistantMessage: { content: 'An answer' },
          }),
        }
    }
    return refused('EMPTY_MUTATION')
  }

  /** Renaming or deleting a folder rewrites its recordings (as the server's refileMembers does). */
  private refile(folderId: string, name: string | null): void {
    for (const [id, r] of this.recordings) {
      if (r.folderId !== folderId) continue
      if (name === null) {
        r.folderId = ''
        delete r.item.folder
      } else r.item.folder = { id: folderId, name }
      this.logChange('recording', id, false)
    }
  }
}

function refused(code: string): never {
  throw new Refused(code)
}

function targetOf(m: Mutation): [Kind, string] | undefined {
  const op = m.op
  if (op.case === 'renameSpeaker') return ['recording', op.value.recordingId]
  if (op.case === 'updateRecording' || op.case === 'deleteRecording') return ['recording', op.value.id]
  if (op.case === 'createFolder' || op.case === 'renameFolder' || op.case === 'deleteFolder')
    return ['folder', op.value.id]
  if (op.case === 'setFolderTemplate') return ['folder', op.value.id]
  if (op.case === 'createTemplate' || op.case === 'updateTemplate' || op.case === 'deleteTemplate')
    return ['template', op.value.id]
  return undefined
}
