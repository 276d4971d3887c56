import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { alice, renderApp, signInOnServer } from '@/test/render'

/**
 * The templates page on a device whose sync server cannot be reached: the
 * user's own templates come from IndexedDB and every edit is queued there
 * (the built-ins from the REST list, which never changes).
 */
beforeEach(() => {
  server.use(
    http.post('*/pocket.sync.v1.SyncService/*', () => HttpResponse.error()),
    http.get('/api/v1/templates', () =>
      HttpResponse.json({
        success: true,
        data: [
          { id: 'meeting', name: 'Meeting', builtin: true, sections: [{ heading: 'Agenda', instruction: 'Topics.' }] },
        ],
      }),
    ),
  )
})

const queued = async () =>
  (await listOutbox()).map((row) => {
    const op = readMutation(row)!.op
    return { case: op.case, ...op.value }
  })

async function openTemplates() {
  await signInOnServer(alice)
  renderApp('/templates')
  await screen.findByRole('heading', { name: 'Summary templates', level: 1 }, { timeout: 10_000 })
}

const mine = () => within(screen.getByRole('region', { name: 'Your templates' }))

describe('Summary templates page', () => {
  it('checks a new template, reorders its sections, lists it at once and queues its create', async () => {
    const user = userEvent.setup()
    await openTemplates()
    expect(await screen.findByText('You have no templates of your own yet.', { exact: false })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'New template' }))
    const dialog = await screen.findByRole('dialog', { name: 'New template' })
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))
    expect(within(dialog).getByRole('textbox', { name: 'Template name' })).toHaveAccessibleDescription(
      'Give the template a name.',
    )
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the fields marked above.')

    await user.type(within(dialog).getByRole('textbox', { name: 'Template name' }), ' Standup ')
    await user.type(within(dialog).getByRole('textbox', { name: 'Heading' }), 'Blockers')
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }))
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Heading' })[1]!, 'Yesterday')
    await user.type(within(dialog).getAllByRole('textbox', { name: 'What belongs here' })[1]!, 'What each did.')
    await user.click(within(dialog).getByRole('button', { name: 'Move section 2 up' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await mine().findByRole('heading', { name: 'Standup' })).toBeInTheDocument()
    expect(
      within(mine().getByRole('list', { name: 'Sections of Standup' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Yesterday', 'Blockers'])
    const [create, ...more] = await queued()
    expect(more).toEqual([])
    expect(create).toMatchObject({
      case: 'createTemplate',
      id: expect.stringMatching(/^tpl_[0-9a-f]{24}$/) as string,
      name: 'Standup',
      sections: [
        { heading: 'Yesterday', instruction: 'What each did.' },
        { heading: 'Blockers', instruction: '' },
      ],
    })
  }, 40_000) // the first test also loads the app's code, and types a good deal on a busy machine

  it('duplicates a built-in, edits the copy and deletes it after asking: each shown at once and queued in order', async () => {
    const user = userEvent.setup()
    await openTemplates()
    const builtins = within(await screen.findByRole('region', { name: 'Built-in templates' }))
    await user.click(await builtins.findByRole('button', { name: 'Duplicate Meeting' }))
    let dialog = await screen.findByRole('dialog', { name: 'New template' })
    expect(within(dialog).getByRole('textbox', { name: 'Template name' })).toHaveValue('Meeting (copy)')
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))

    await user.click(await mine().findByRole('button', { name: 'Edit Meeting (copy)' }))
    dialog = await screen.findByRole('dialog', { name: 'Edit template' })
    const name = within(dialog).getByRole('textbox', { name: 'Template name' })
    await user.clear(name)
    await user.type(name, 'Weekly')
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))
    expect(await mine().findByRole('heading', { name: 'Weekly' })).toBeInTheDocument()

    await user.click(mine().getByRole('button', { name: 'Delete Weekly' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete template' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete template' }))
    expect(await screen.findByText('You have no templates of your own yet.', { exact: false })).toBeInTheDocument()
    expect(builtins.queryByRole('button', { name: 'Edit Meeting' })).not.toBeInTheDocument()

    const ops = await queued()
    expect(ops.map((o) => o.case)).toEqual(['createTemplate', 'updateTemplate', 'deleteTemplate'])
    expect(new Set(ops.map((o) => (o as { id: string }).id)).size).toBe(1)
    expect(ops[1]).toMatchObject({ name: 'Weekly', sections: [{ heading: 'Agenda', instruction: 'Topics.' }] })
    expect(await db.templates.count()).toBe(0)
  }, 40_000)

  it('lists the templates sync brought to the device, with the server down', async () => {
    await db.templates.put({
      id: 'tpl_1',
      name: 'Retro',
      sections: [{ heading: 'Went well', instruction: '' }],
      createdAtMs: 0,
      updatedAtMs: 0,
      version: 3,
    })
    server.use(http.get('/api/v1/templates', () => HttpResponse.error()))
    await openTemplates()
    await screen.findByRole('region', { name: 'Your templates' })
    expect(await mine().findByRole('heading', { name: 'Retro' })).toBeInTheDocument()
    expect(mine().getByRole('button', { name: 'Edit Retro' })).toBeEnabled()
  })
})
