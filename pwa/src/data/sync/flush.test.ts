import { afterEach, describe, expect, it } from 'vitest'
import { FakeSyncServer } from './fakeSyncServer'
import { deviceRegistry, type Device } from './testKit'

const devices = deviceRegistry()
afterEach(() => devices.closeAll())

async function library(server = new FakeSyncServer()) {
  server.putRecording('r1', { title: 'One', description: 'First' })
  server.putRecording('r2', { title: 'Two' })
  const d = devices.open(server)
  await d.sync.pullChanges()
  return { server, d }
}

const rename = (d: Device, id: string, title: string) =>
  d.sync.enqueue({ op: { case: 'updateRecording', value: { id, title } } })
const row = async (d: Device, id: string) => (await d.db.recordings.get(id))!

describe('flush', () => {
  it('sends queued edits in the order they were made, once', async () => {
    const { server, d } = await library()
    const keys = [(await rename(d, 'r1', 'A')).key, (await rename(d, 'r2', 'B')).key, (await rename(d, 'r1', 'C')).key]
    const result = await d.sync.flush()
    expect(result.applied.map((r) => r.key)).toEqual(keys)
    expect(server.received.map((m) => m.idempotencyKey)).toEqual(keys)
    expect(server.recordings.get('r1')!.item.title).toBe('C')

    await d.sync.flush()
    expect(server.received).toHaveLength(3)
    expect(await d.db.outbox.count()).toBe(0)
    expect((await row(d, 'r1')).data.syncStatus).toBeUndefined()
    expect((await row(d, 'r1')).data.title).toBe('C')
  })

  it('sends at most 100 edits per call', async () => {
    const { server, d } = await library()
    for (let i = 0; i < 130; i++)
      await d.sync.enqueue({ op: { case: 'createFolder', value: { id: `f${i}`, name: `Folder ${i}`, parentId: '' } } })
    await d.sync.flush()
    expect(server.batches).toEqual([100, 30])
    expect(server.folders.size).toBe(130)
    expect(await d.db.outbox.count()).toBe(0)
  })

  it('sends long notes in pushes the server can read: about 1 MiB of edits at most per call', async () => {
    const { server, d } = await library()
    const note = 'n'.repeat(60 * 1024)
    for (let i = 0; i < 40; i++)
      await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', note: `${i} ${note}` } } })
    await d.sync.flush()
    expect(server.batches).toEqual([17, 17, 6])
    expect(server.recordings.get('r1')!.item.note).toMatch(/^39 /)
    expect(await d.db.outbox.count()).toBe(0)
  })

  it('keeps a recording pending until its last edit is answered, and shows the server’s copy after', async () => {
    const { server, d } = await library()
    await rename(d, 'r1', 'Mine')
    server.verdict = (m) => (m.op.case === 'updateRecording' && m.op.value.title === 'Later' ? 'retry' : undefined)
    await rename(d, 'r1', 'Later')
    server.recordings.get('r1')!.item.description = 'Changed elsewhere'
    await d.sync.flush()
    // The first edit is applied; its answer (the server's copy) is shown with the second still laid over it.
    expect((await row(d, 'r1')).data).toMatchObject({
      title: 'Later',
      description: 'Changed elsewhere',
      syncStatus: 'pending',
    })
  })

  it('shows a refused edit as failed, sends it no more, and discarding restores the server’s version', async () => {
    const { server, d } = await library()
    server.verdict = (m) =>
      m.op.case === 'updateRecording' && m.op.value.title === 'Too long' ? { reject: 'INVALID' } : undefined
    const bad = await rename(d, 'r1', 'Too long')
    const good = await rename(d, 'r2', 'Fine')
    const result = await d.sync.flush()
    expect(result.rejected.map((r) => r.key)).toEqual([bad.key])
    expect(result.applied.map((r) => r.key)).toEqual([good.key])
    expect(await d.sync.pendingFor('r1')).toMatchObject([
      { status: 'failed', error: { code: 'INVALID', message: 'Refused: INVALID' } },
    ])
    expect((await row(d, 'r1')).data.title).toBe('Too long') // still shown, marked, until the user decides

    await d.sync.flush()
    expect(server.received).toHaveLength(2)

    await d.sync.discard(bad.seq)
    const restored = await row(d, 'r1')
    expect(restored.data.title).toBe('One')
    expect(restored.data.syncStatus).toBeUndefined()
    expect(await d.sync.listOutbox()).toEqual([])
  })

  it('backs off after RETRY, holds later edits behind it, and then applies each exactly once', async () => {
    const { server, d } = await library()
    let transient = 1
    server.verdict = () => (transient-- > 0 ? 'retry' : undefined)
    const first = await rename(d, 'r1', 'A')
    const second = await rename(d, 'r2', 'B')

    const result = await d.sync.flush()
    expect(result.retryAt).toBe(d.clock.now + 500) // attempt 1: up to 1 s, jitter 0.5 in tests
    expect(server.applied).toEqual([])
    expect(await d.sync.listOutbox()).toMatchObject([
      { attempts: 1, nextAttemptAt: d.clock.now + 500 },
      { attempts: 0 },
    ])

    await d.sync.flush() // not yet due
    expect(server.received).toHaveLength(2)

    d.clock.now += 500
    await d.sync.flush()
    expect(server.applied).toEqual([first.key, second.key])
    expect(await d.db.outbox.count()).toBe(0)
  })

  it('holds an edit queued with holdMs (an Undo window) even when the network returns, then sends it once', async () => {
    const { server, d } = await library()
    const held = await d.sync.enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } }, undefined, {
      holdMs: 5000,
    })
    expect(held).toMatchObject({ attempts: 0, nextAttemptAt: d.clock.now + 5000 })
    expect(await d.db.recordings.get('r1')).toBeUndefined() // gone at once on the device

    expect((await d.sync.flush({ ignoreBackoff: true })).retryAt).toBe(d.clock.now + 5000)
    expect(server.received).toHaveLength(0)

    d.clock.now += 5000
    await d.sync.flush()
    expect(server.applied).toEqual([held.key])
    expect(server.recordings.has('r1')).toBe(false)
  })

  it('never sends a held edit that is discarded in its window', async () => {
    const { server, d } = await library()
    const held = await d.sync.enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } }, undefined, {
      holdMs: 5000,
    })
    await d.sync.flush({ ignoreBackoff: true })
    await d.sync.discard(held.seq)
    expect((await row(d, 'r1')).data.title).toBe('One')
    d.clock.now += 6000
    await d.sync.flush()
    expect(server.received).toHaveLength(0)
    expect(server.recordings.has('r1')).toBe(true)
  })

  it('sends the edits queued before a held one and keeps the held one (and all after it) back', async () => {
    const { server, d } = await library()
    const before = await rename(d, 'r2', 'Before')
    const held = await d.sync.enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } }, undefined, {
      holdMs: 6000,
    })
    const after = await rename(d, 'r2', 'After')

    expect((await d.sync.flush({ ignoreBackoff: true })).retryAt).toBe(held.nextAttemptAt)
    expect(server.received.map((m) => m.idempotencyKey)).toEqual([before.key])
    expect(server.recordings.has('r1')).toBe(true)

    d.clock.now = held.nextAttemptAt
    await d.sync.flush()
    expect(server.applied).toEqual([before.key, held.key, after.key])
  })

  it('an Undo takes a held delete back only while no tab may send it: later it finds it too late, in every tab', async () => {
    const { server, d } = await library()
    const other = devices.open(server, d.db.name) // another tab: the same database, the same outbox
    const first = await d.sync.enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } }, undefined, {
      holdMs: 6000,
    })
    d.clock.now = first.nextAttemptAt - 1
    expect(await d.sync.undoHeld(first.seq)).toMatchObject({ seq: first.seq })
    expect((await row(d, 'r1')).data.title).toBe('One')

    const second = await d.sync.enqueue({ op: { case: 'deleteRecording', value: { id: 'r1' } } }, undefined, {
      holdMs: 6000,
    })
    d.clock.now = second.nextAttemptAt
    expect(await d.sync.undoHeld(second.seq)).toBeNull() // still queued, but free to be sent: it stays
    expect(await d.sync.pendingFor('r1')).toHaveLength(1)

    other.clock.now = second.nextAttemptAt
    await other.sync.flush()
    expect(server.recordings.has('r1')).toBe(false)
    expect(await d.sync.undoHeld(second.seq)).toBeNull()
    expect(await d.db.recordings.get('r1')).toBeUndefined()
  })

  it('waits longer after each failed attempt while the server is down', async () => {
    const { server, d } = await library()
    await rename(d, 'r1', 'A')
    server.unavailable = 3
    const waits: number[] = []
    for (let i = 0; i < 3; i++) {
      const { retryAt } = await d.sync.flush({ ignoreBackoff: true })
      waits.push(retryAt! - d.clock.now)
    }
    expect(waits).toEqual([500, 1000, 2000])
    await d.sync.flush({ ignoreBackoff: true })
    expect(server.applied).toHaveLength(1)
  })

  it('refreshes the token once after Unauthenticated and carries on', async () => {
    const { server, d } = await library()
    await rename(d, 'r1', 'A')
    server.token = 'token-2'
    d.session.refreshTo = 'token-2'
    expect((await d.sync.flush()).applied).toHaveLength(1)
    expect(d.session.refreshes).toBe(1)
  })

  it('stops without counting an attempt when the session cannot be refreshed', async () => {
    const { server, d } = await library()
    await rename(d, 'r1', 'A')
    server.token = 'token-2'
    const result = await d.sync.flush()
    expect(result.unauthenticated).toBe(true)
    expect(await d.sync.listOutbox()).toMatchObject([{ status: 'pending', attempts: 0 }])
  })

  it('sends a failed edit again, under a new key, when the user retries it', async () => {
    const { server, d } = await library()
    let refuse = true
    server.verdict = () => (refuse ? { reject: 'CONFLICT' } : undefined)
    const edit = await rename(d, 'r1', 'Again')
    await d.sync.flush()
    refuse = false
    // The server keeps a refusal under its key (as pkg/syncer does): the same key would be refused again.
    await d.sync.retryFailed(edit.seq)
    await d.sync.flush()
    expect(await d.sync.listOutbox()).toEqual([])
    expect(server.applied).toHaveLength(1)
    expect(server.applied[0]).not.toBe(edit.key)
    expect(server.recordings.get('r1')!.item.title).toBe('Again')
  })

  it('sets aside an edit it cannot read instead of blocking the ones behind it', async () => {
    const { server, d } = await library()
    const broken = await rename(d, 'r1', 'A')
    await d.db.outbox.update(broken.seq, { mutation: { updateRecording: 'not a message' } })
    await rename(d, 'r2', 'B')
    await d.sync.flush()
    expect(server.recordings.get('r2')!.item.title).toBe('B')
    expect(await d.sync.listOutbox()).toMatchObject([
      { seq: broken.seq, status: 'failed', error: { code: 'UNREADABLE' } },
    ])
  })
})
