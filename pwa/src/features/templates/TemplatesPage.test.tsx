import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'

type Template = { id: string; name: string; builtin: boolean; sections: { heading: string; instruction: string }[] }

/** A templates API that keeps what is sent, as the server does (the built-ins first). */
function serve() {
  const list: Template[] = [
    { id: 'meeting', name: 'Meeting', builtin: true, sections: [{ heading: 'Agenda', instruction: 'Topics.' }] },
  ]
  const sent: unknown[] = []
  server.use(
    http.get('/api/v1/templates', () => HttpResponse.json({ success: true, data: list })),
    http.post('/api/v1/templates', async ({ request }) => {
      const body = (await request.json()) as Omit<Template, 'id' | 'builtin'>
      sent.push(body)
      const made = { ...body, id: `tpl_${list.length}`, builtin: false }
      list.push(made)
      return HttpResponse.json({ success: true, data: made }, { status: 201 })
    }),
    http.put('/api/v1/templates/:id', async ({ request, params }) => {
      const body = (await request.json()) as Omit<Template, 'id' | 'builtin'>
      sent.push(body)
      const i = list.findIndex((t) => t.id === params.id)
      list[i] = { ...list[i]!, ...body }
      return HttpResponse.json({ success: true, data: list[i] })
    }),
    http.delete('/api/v1/templates/:id', ({ params }) => {
      list.splice(
        list.findIndex((t) => t.id === params.id),
        1,
      )
      return HttpResponse.json({ success: true, message: 'Template deleted' })
    }),
  )
  return { sent }
}

async function openTemplates() {
  await signInOnServer(alice)
  renderApp('/templates')
  await screen.findByRole('heading', { name: 'Summary templates', level: 1 }, { timeout: 10_000 })
}

describe('Summary templates page', () => {
  it('checks a new template, reorders its sections and saves it; it lists under Your templates', async () => {
    const { sent } = serve()
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
    expect(sent).toHaveLength(0)

    await user.type(within(dialog).getByRole('textbox', { name: 'Template name' }), 'Standup')
    await user.type(within(dialog).getByRole('textbox', { name: 'Heading' }), 'Blockers')
    await user.click(within(dialog).getByRole('button', { name: 'Add section' }))
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Heading' })[1]!, 'Yesterday')
    await user.type(within(dialog).getAllByRole('textbox', { name: 'What belongs here' })[1]!, 'What each did.')
    await user.click(within(dialog).getByRole('button', { name: 'Move section 2 up' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toEqual([
      {
        name: 'Standup',
        sections: [
          { heading: 'Yesterday', instruction: 'What each did.' },
          { heading: 'Blockers', instruction: '' },
        ],
      },
    ])
    const mine = within(screen.getByRole('region', { name: 'Your templates' }))
    expect(await mine.findByRole('heading', { name: 'Standup' })).toBeInTheDocument()
    expect(
      within(mine.getByRole('list', { name: 'Sections of Standup' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Yesterday', 'Blockers'])
  }, 40_000) // the first test also loads the app's code, and types a good deal on a busy machine

  it('duplicates a built-in into a template of the user’s own, and deletes it after asking', async () => {
    const { sent } = serve()
    const user = userEvent.setup()
    await openTemplates()
    const builtins = within(await screen.findByRole('region', { name: 'Built-in templates' }))
    await user.click(await builtins.findByRole('button', { name: 'Duplicate Meeting' }))
    const dialog = await screen.findByRole('dialog', { name: 'New template' })
    expect(within(dialog).getByRole('textbox', { name: 'Template name' })).toHaveValue('Meeting (copy)')
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const mine = within(screen.getByRole('region', { name: 'Your templates' }))
    await user.click(await mine.findByRole('button', { name: 'Delete Meeting (copy)' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete template' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete template' }))
    expect(await screen.findByText('You have no templates of your own yet.', { exact: false })).toBeInTheDocument()
    expect(builtins.queryByRole('button', { name: 'Edit Meeting' })).not.toBeInTheDocument()
  })

  it('shows the server’s refusal in the editor', async () => {
    serve()
    server.use(
      http.post('/api/v1/templates', () =>
        HttpResponse.json(
          {
            success: false,
            code: 'QUOTA_TEMPLATES',
            message:
              'You have reached your limit of 100 templates. Delete templates you no longer use to add new ones.',
          },
          { status: 413 },
        ),
      ),
    )
    const user = userEvent.setup()
    await openTemplates()
    await user.click(await screen.findByRole('button', { name: 'New template' }))
    const dialog = await screen.findByRole('dialog', { name: 'New template' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Template name' }), 'One more')
    await user.type(within(dialog).getByRole('textbox', { name: 'Heading' }), 'Notes')
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have reached your limit of 100 templates.')
  })
})
