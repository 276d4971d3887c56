import { afterEach, describe, expect, it } from 'vitest'
import { FakeSyncServer } from './fakeSyncServer'
import { deviceRegistry } from './testKit'
import { readMutation } from './mutation'
import { describeEdit } from '@/features/sync/describeEdit'

const devices = deviceRegistry()
afterEach(() => devices.closeAll())

async function library(server: FakeSyncServer, name?: string) {
  server.putFolder('f1', 'Work')
  const d = devices.open(server, name)
  await d.sync.pullChanges()
  return d
}

const setTemplate = (templateId: string) =>
  ({ op: { case: 'setFolderTemplate', value: { id: 'f1', templateId } } }) as const

describe('a folder’s summary template', () => {
  it('shows at once offline, stays queued for the folder, and discarding it restores the server’s', async () => {
    const server = new FakeSyncServer()
    const d = await library(server)
    server.unavailable = 1000
    const row = await d.sync.enqueue(setTemplate('meeting'))
    expect(await d.db.folders.get('f1')).toMatchObject({ name: 'Work', templateId: 'meeting' })
    expect(await d.sync.listOutbox()).toMatchObject([{ status: 'pending', kind: 'folder', entityId: 'f1' }])
    expect(describeEdit(readMutation(row), { recordingTitle: () => '', folderName: () => 'Work' })).toBe(
      'Summary template of folder “Work”',
    )
    await d.sync.discard(row.seq)
    expect((await d.db.folders.get('f1'))!.templateId).toBeUndefined()
  })

  it('reaches the server, and another device pulls it; none clears it on both', async () => {
    const server = new FakeSyncServer()
    const a = await library(server, 'a')
    const b = devices.open(server, 'b')
    await b.sync.pullChanges()
    await a.sync.enqueue(setTemplate('tpl_own'))
    await a.sync.flush()
    expect(await a.sync.listOutbox()).toHaveLength(0)
    await b.sync.pullChanges()
    expect((await b.db.folders.get('f1'))!.templateId).toBe('tpl_own')

    await b.sync.enqueue(setTemplate(''))
    expect((await b.db.folders.get('f1'))!.templateId).toBeUndefined()
    await b.sync.flush()
    await a.sync.pullChanges()
    expect((await a.db.folders.get('f1'))!.templateId).toBeUndefined()
  })
})
