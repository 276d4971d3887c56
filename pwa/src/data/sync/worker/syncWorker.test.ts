import { afterEach, describe, expect, it } from 'vitest'
import { Code } from '@connectrpc/connect'
import { PocketDB } from '../../db'
import { syncClient } from '../client'
import { FakeSyncServer } from '../fakeSyncServer'
import { newDbName, testSession } from '../testKit'
import type { PullResult } from '../pullResult'
import { pullInWorker, type WorkerLike } from './pullInWorker'
import type { FromWorker, ToWorker } from './protocol'
import { serveSync } from './serveSync'

const opened: PocketDB[] = []
const channels: MessageChannel[] = []
afterEach(async () => {
  for (const c of channels.splice(0)) {
    c.port1.close()
    c.port2.close()
  }
  for (const db of opened.splice(0)) await db.delete()
})

/** The sync worker on the other end of a message channel, pulling from `server` into its own database. */
function workerOn(server: FakeSyncServer, db: PocketDB): WorkerLike {
  const channel = new MessageChannel()
  channels.push(channel)
  serveSync(channel.port2, { db, client: (session) => syncClient(server.transport(session)) })
  channel.port2.start()
  channel.port1.start()
  return {
    postMessage: (m: ToWorker) => channel.port1.postMessage(m),
    addEventListener: (type: string, listener: (ev: never) => void) => {
      if (type === 'message')
        channel.port1.addEventListener('message', listener as (ev: MessageEvent<FromWorker>) => void)
    },
    terminate: () => channel.port1.close(),
  }
}

function deviceDb(): PocketDB {
  const db = new PocketDB(newDbName())
  opened.push(db)
  return db
}

const neverOnPage = (): Promise<PullResult> => Promise.reject(new Error('pulled on the page'))

describe('the sync worker', () => {
  it('pulls every page into the database and hands the page what it did', async () => {
    const server = new FakeSyncServer()
    server.pageSize = 2
    for (const n of [1, 2, 3]) server.putRecording(`r${n}`, { title: `T${n}` })
    const db = deviceDb()
    const pull = pullInWorker(testSession(server.token), neverOnPage, () => workerOn(server, db))
    expect(await pull()).toEqual({ pages: 2, changes: 3, resynced: false })
    expect((await db.recordings.toArray()).map((r) => r.data.title).sort()).toEqual(['T1', 'T2', 'T3'])
    server.putRecording('r2', { title: 'T2 renamed' })
    expect(await pull()).toMatchObject({ pages: 1, changes: 1 })
    expect((await db.recordings.get('r2'))?.data.title).toBe('T2 renamed')
  })

  it('asks the page for a fresh token when the server refuses the one it was lent', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    const session = testSession('expired')
    session.refreshTo = server.token
    const db = deviceDb()
    const pull = pullInWorker(session, neverOnPage, () => workerOn(server, db))
    expect(await pull()).toMatchObject({ changes: 1 })
    expect(session.refreshes).toBe(1)
  })

  it('fails the pull with what the worker met (its Connect code kept), and pulls again after', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    server.unavailable = 1
    const db = deviceDb()
    const pull = pullInWorker(testSession(server.token), neverOnPage, () => workerOn(server, db))
    await expect(pull()).rejects.toMatchObject({ code: Code.Unavailable })
    expect(await pull()).toMatchObject({ changes: 1 })
  })

  it('leaves the pulls to the page where no worker can start', async () => {
    let onPage = 0
    const pull = pullInWorker(
      testSession(),
      async () => ({ pages: ++onPage, changes: 0, resynced: false }),
      () => {
        throw new ReferenceError('Worker is not defined')
      },
    )
    expect(await pull()).toMatchObject({ pages: 1 })
    expect(await pull()).toMatchObject({ pages: 2 })
  })

  it('pulls on the page when the worker fails before it is ready (its chunk refused)', async () => {
    const errors: Array<(ev: Event) => void> = []
    let started = 0
    const broken = {
      postMessage: () => errors.forEach((fail) => fail(new Event('error'))),
      addEventListener: (type: string, listener: (ev: Event) => void) =>
        void (type === 'error' && errors.push(listener)),
      terminate: () => {},
    } as unknown as WorkerLike
    const pull = pullInWorker(
      testSession(),
      async () => ({ pages: 1, changes: 7, resynced: false }),
      () => (started++, broken),
    )
    expect(await pull()).toMatchObject({ changes: 7 })
    expect(await pull()).toMatchObject({ changes: 7 })
    expect(started).toBe(1) // not started again: the page pulls from then on
  })
})
