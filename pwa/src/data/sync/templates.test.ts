import { afterEach, describe, expect, it } from 'vitest'
import { FakeSyncServer } from './fakeSyncServer'
import { deviceRegistry } from './testKit'
import { readMutation, type MutationInit } from './mutation'
import { describeEdit } from '@/features/sync/describeEdit'
import { cleanDraft, newTemplateId } from '../templateEdits'

const devices = deviceRegistry()
afterEach(() => devices.closeAll())

const sections = (...headings: string[]) => headings.map((heading) => ({ heading, instruction: '' }))
const create = (id: string, name: string, ...headings: string[]): MutationInit => ({
  op: { case: 'createTemplate', value: { id, name, sections: sections(...headings) } },
})
const update = (id: string, name: string, ...headings: string[]): MutationInit => ({
  op: { case: 'updateTemplate', value: { id, name, sections: sections(...headings) } },
})
const names = { recordingTitle: () => '', folderName: () => null }

describe('the user’s templates on the device', () => {
  it('a template made offline shows at once, is edited before it is sent, and reaches the server once', async () => {
    const server = new FakeSyncServer()
    const d = devices.open(server)
    await d.sync.pullChanges()
    server.unavailable = 1000
    const made = await d.sync.enqueue(create('tpl_1', 'Retro', 'Went well'))
    await d.sync.enqueue(update('tpl_1', 'Retro', 'Went well', 'To change'))
    expect(await d.db.templates.get('tpl_1')).toMatchObject({
      name: 'Retro',
      sections: sections('Went well', 'To change'),
    })
    expect(await d.sync.listOutbox()).toMatchObject([
      { kind: 'template', entityId: 'tpl_1' },
      { kind: 'template', entityId: 'tpl_1' },
    ])
    expect(describeEdit(readMutation(made), names)).toBe('New summary template “Retro”')
    await d.sync.flush() // the server is down: both wait
    expect(await d.sync.listOutbox()).toHaveLength(2)

    server.unavailable = 0
    d.clock.now += 3_600_000 // past the backoff
    await d.sync.flush()
    expect(await d.sync.listOutbox()).toHaveLength(0)
    expect(server.applied).toHaveLength(2)
    expect(server.templates.get('tpl_1')).toMatchObject({ name: 'Retro', sections: sections('Went well', 'To change') })
    await d.sync.flush()
    expect(server.applied).toHaveLength(2)
    // The server's copy replaced the one laid over nothing, with its version.
    expect((await d.db.templates.get('tpl_1'))!.version).toBeGreaterThan(0)
  })

  it('another device pulls a template, its replacement and its deletion', async () => {
    const server = new FakeSyncServer()
    const a = devices.open(server, 'a')
    const b = devices.open(server, 'b')
    await a.sync.enqueue(create('tpl_1', 'Standup', 'Yesterday'))
    await a.sync.flush()
    await b.sync.pullChanges()
    expect(await b.db.templates.get('tpl_1')).toMatchObject({ name: 'Standup', sections: sections('Yesterday') })

    await a.sync.enqueue(update('tpl_1', 'Daily', 'Yesterday', 'Today'))
    await a.sync.flush()
    await b.sync.pullChanges()
    expect((await b.db.templates.get('tpl_1'))!.name).toBe('Daily')

    await b.sync.enqueue({ op: { case: 'deleteTemplate', value: { id: 'tpl_1' } } })
    expect(await b.db.templates.get('tpl_1')).toBeUndefined()
    await b.sync.flush()
    await a.sync.pullChanges()
    expect(await a.db.templates.count()).toBe(0)
    expect(server.templates.size).toBe(0)
  })

  it('a queued edit is laid over a newer pulled state; discarding it shows the server’s', async () => {
    const server = new FakeSyncServer()
    const d = devices.open(server)
    await d.sync.enqueue(create('tpl_1', 'Mine', 'A'))
    await d.sync.flush()
    const row = await d.sync.enqueue(update('tpl_1', 'Mine, edited', 'A')) // queued, not sent yet
    server.putTemplate('tpl_1', 'Theirs', sections('B')) // another device's, since
    await d.sync.pullChanges()
    expect((await d.db.templates.get('tpl_1'))!.name).toBe('Mine, edited')
    await d.sync.discard(row.seq)
    expect(await d.db.templates.get('tpl_1')).toMatchObject({ name: 'Theirs', sections: sections('B') })
  })

  it('a template the server refuses stays listed as not saved, and discarding it removes it', async () => {
    const server = new FakeSyncServer()
    const d = devices.open(server)
    const row = await d.sync.enqueue(create('tpl_1', ' ', 'A'))
    await d.sync.flush()
    expect(await d.sync.listOutbox()).toMatchObject([{ status: 'failed', error: { code: 'INVALID_ARGUMENT' } }])
    await d.sync.discard(row.seq)
    expect(await d.db.templates.count()).toBe(0)
  })
})

describe('a template’s draft and id', () => {
  it('is kept as the server keeps it, with an id that sorts by the time it was made', () => {
    expect(cleanDraft({ name: ' Retro ', sections: [{ heading: ' Went \n well ', instruction: ' Wins. ' }] })).toEqual({
      name: 'Retro',
      sections: [{ heading: 'Went well', instruction: 'Wins.' }],
    })
    const early = newTemplateId(Date.parse('2026-03-01T10:00:00Z'), 'ffffffff-0000')
    const late = newTemplateId(Date.parse('2026-03-01T10:00:01Z'), '00000000-0000')
    expect(early).toMatch(/^tpl_[0-9a-f]{24}$/)
    expect(early < late).toBe(true)
  })
})
