import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db, type StoredFolder, type StoredRecording } from '@/data/db'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { alice, renderApp, signInOnServer } from '@/test/render'

/**
 * The library's folders on a device with no server to reach: everything
 * shown comes from IndexedDB, every edit is queued there.
 */
const folder = (id: string, name: string, parentId = ''): StoredFolder => ({ id, name, parentId, createdAtMs: 0 })
const recording = (id: string, title: string, day: number, folderId: string, folderName?: string): StoredRecording => ({
  id,
  sortKey: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  data: {
    id,
    title,
    recordingAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`,
    ...(folderName ? { folder: { id: folderId, name: folderName } as { name: string } } : {}),
  },
  folderId,
})

beforeEach(async () => {
  server.use(
    http.get('/api/v1/recordings/dashboard', () => HttpResponse.error()),
    http.post('*/pocket.sync.v1.SyncService/*', () => HttpResponse.error()),
  )
  await db.folders.bulkPut([folder('work', 'Work'), folder('clients', 'Clients', 'work'), folder('home', 'Home')])
  await db.recordings.bulkPut([
    recording('r1', 'Standup', 3, 'work', 'Work'),
    recording('r2', 'Planning', 2, 'work', 'Work'),
    recording('r3', 'Acme call', 4, 'clients', 'Clients'),
    recording('r4', 'Shopping list', 1, ''),
  ])
})

async function open(path = '/recordings') {
  await signInOnServer(alice, { cacheProfile: true })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Recordings' })
  return view
}

const folders = () => within(screen.getByRole('region', { name: 'Folders' }))
/** New folder, once the device's folders are read: until then it is disabled, for a person too. */
async function newFolderButton(): Promise<HTMLElement> {
  const button = await folders().findByRole('button', { name: 'New folder' })
  await waitFor(() => expect(button).toBeEnabled())
  return button
}
const main = () => within(screen.getByRole('main'))
const shownTitles = () =>
  main()
    .queryAllByRole('link')
    .map((l) => l.getAttribute('href'))
    .filter((h) => h?.startsWith('/recordings/'))
async function queued(): Promise<Record<string, unknown>[]> {
  return (await listOutbox()).map((row) => {
    const { op } = readMutation(row)!
    return { case: op.case, ...(op.value as object) }
  })
}

describe('folders in the library', () => {
  it('lists General and the folders nested, with counts; a folder filters the list and the URL keeps it', async () => {
    const user = userEvent.setup()
    const { router } = await open()
    const work = await folders().findByRole('link', { name: 'Work, 2 recordings' })
    const clients = folders().getByRole('link', { name: 'Clients, 1 recording' })
    // Clients is listed inside Work's item.
    expect(work.closest('li')).toContainElement(clients)
    expect(folders().getByRole('link', { name: 'General, 1 recording' })).toBeInTheDocument()
    expect(folders().getByRole('link', { name: 'Home, 0 recordings' })).toBeInTheDocument()

    const all = screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/recordings"]')!
    expect(all).toHaveAttribute('aria-current', 'page')
    await user.click(work)
    expect(router.location.search).toBe('?folder=work')
    expect(work).toHaveAttribute('aria-current', 'page')
    // One current page: the folder, not the whole library.
    expect(all).not.toHaveAttribute('aria-current')
    expect(await main().findByRole('heading', { level: 2, name: 'Work' })).toBeInTheDocument()
    await waitFor(() => expect(shownTitles()).toEqual(['/recordings/r1', '/recordings/r2']))

    await user.click(folders().getByRole('link', { name: 'General, 1 recording' }))
    expect(router.location.search).toBe('?folder=general')
    await waitFor(() => expect(shownTitles()).toEqual(['/recordings/r4']))

    await user.click(folders().getByRole('link', { name: 'Home, 0 recordings' }))
    expect(await main().findByText('No recordings in this folder.')).toBeInTheDocument()

    await user.click(main().getByRole('link', { name: 'Show all recordings' }))
    expect(router.location.search).toBe('')
    expect(all).toHaveAttribute('aria-current', 'page')
  })

  it('checks the new folder’s name before queueing it, then shows it at once as waiting to sync', async () => {
    const user = userEvent.setup()
    const { router } = await open()
    const newFolder = await newFolderButton()
    await user.click(newFolder)
    const dialog = await screen.findByRole('dialog', { name: 'New folder' })
    const name = within(dialog).getByRole('textbox', { name: 'Folder name' })
    expect(name).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a folder name.')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription(/Enter a folder name\./)

    await user.type(name, ' wORK ')
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A folder named “Work” already exists at the top level.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }))
    expect(await queued()).toEqual([])

    await user.clear(name)
    await user.type(name, 'x'.repeat(101))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Use at most 100 characters (this name has 101).')

    // The same name is fine inside another folder.
    await user.clear(name)
    await user.type(name, '  Work  ')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Inside' }), 'Home')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('')
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [created] = await queued()
    expect(created).toMatchObject({ case: 'createFolder', name: 'Work', parentId: 'home' })
    const id = (created as unknown as { id: string }).id
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    // The list now shows the new folder, nested in Home and marked as waiting.
    expect(router.location.search).toBe(`?folder=${id}`)
    const link = await folders().findByRole('link', { name: /^Work, 0 recordings/ })
    expect(folders().getByRole('link', { name: /^Home/ }).closest('li')).toContainElement(link)
    // The mark comes from the outbox's own device read, which may land after the folder's.
    expect(await within(link).findByRole('img', { name: 'Waiting to sync' })).toBeInTheDocument()
    expect(await main().findByRole('heading', { level: 2, name: /^Work/ })).toBeInTheDocument()
    expect(main().queryByText('This folder no longer exists.')).not.toBeInTheDocument()
  })

  it('closes on Escape without creating anything and gives focus back to New folder', async () => {
    const user = userEvent.setup()
    await open()
    const newFolder = await newFolderButton()
    await user.click(newFolder)
    await user.type(screen.getByRole('textbox', { name: 'Folder name' }), 'Draft')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(newFolder).toHaveFocus()
    expect(await queued()).toEqual([])
  })

  it('creates a folder with a summary template chosen in the dialog: both queued, the create first', async () => {
    const user = userEvent.setup()
    await open()
    await user.click(await newFolderButton())
    const dialog = await screen.findByRole('dialog', { name: 'New folder' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Lectures')
    const template = within(dialog).getByRole('combobox', { name: 'Summary template' })
    expect(template).toHaveValue('')
    expect(template).toHaveAccessibleDescription(/New recordings in this folder are summarised with it/)
    // The templates cannot be read here: the built-ins are offered.
    await user.selectOptions(template, 'Lecture')
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [created, templated] = await queued()
    expect(created).toMatchObject({ case: 'createFolder', name: 'Lectures', parentId: '' })
    const id = (created as unknown as { id: string }).id
    expect(templated).toEqual({ case: 'setFolderTemplate', id, templateId: 'lecture' })
    expect(await main().findByRole('combobox', { name: 'Summary template' })).toHaveValue('lecture')
  })

  it('renames a folder (not to a sibling’s name), shown at once in the sidebar, the bar and its rows', async () => {
    const user = userEvent.setup()
    await open('/recordings?folder=work')
    await user.click(await main().findByRole('button', { name: 'Rename folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' })
    const name = within(dialog).getByRole('textbox', { name: 'Folder name' })
    expect(name).toHaveValue('Work')
    await user.clear(name)
    await user.type(name, 'home{Enter}')
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A folder named “Home” already exists at the top level.',
    )

    await user.clear(name)
    await user.type(name, 'Office{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await queued()).toEqual([expect.objectContaining({ case: 'renameFolder', id: 'work', name: 'Office' })])
    const heading = await main().findByRole('heading', { level: 2, name: /^Office\s*Waiting to sync$/ })
    expect(heading).toBeInTheDocument()
    expect(await folders().findByRole('link', { name: 'Office, 2 recordings, waiting to sync' })).toBeInTheDocument()
    // The rows name their folder's new name.
    await waitFor(() => expect(main().getByRole('link', { name: 'Standup' })).toHaveAccessibleDescription(/Office/))
  })

  it('deletes a folder after saying its recordings move to General, then shows them there', async () => {
    const user = userEvent.setup()
    const { router } = await open('/recordings?folder=work')
    await user.click(await main().findByRole('button', { name: 'Delete folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Work”?' })
    expect(dialog).toHaveTextContent('Its recordings move to General; they are not deleted.')
    expect(dialog).toHaveTextContent('Its subfolder moves up one level.')
    // Cancel has focus: Enter keeps the folder.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await queued()).toEqual([])

    await user.click(main().getByRole('button', { name: 'Delete folder' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete folder' }))
    await waitFor(() => expect(router.location.search).toBe('?folder=general'))
    // Focus is not lost to the page: it is on the title of the folder now shown.
    await waitFor(() => expect(main().getByRole('heading', { level: 2, name: 'General' })).toHaveFocus())
    expect(await queued()).toEqual([expect.objectContaining({ case: 'deleteFolder', id: 'work' })])
    await waitFor(() => expect(shownTitles()).toEqual(['/recordings/r1', '/recordings/r2', '/recordings/r4']))
    // The sidebar counts from a read of its own, which may land a moment after the list's.
    expect(await folders().findByRole('link', { name: 'General, 3 recordings' })).toBeInTheDocument()
    expect(folders().queryByRole('link', { name: /^Work/ })).not.toBeInTheDocument()
    // Its subfolder stays, at the top level until the server says where it went.
    expect(folders().getByRole('link', { name: 'Clients, 1 recording' })).toBeInTheDocument()
  })

  it('says so when the folder in the URL no longer exists', async () => {
    await open('/recordings?folder=nope')
    expect(await main().findByText('This folder no longer exists.')).toBeInTheDocument()
  })
})

describe('a folder’s summary template', () => {
  it('offers None, the built-ins and the user’s own; choosing one shows at once and queues it offline', async () => {
    server.use(
      http.get('/api/v1/templates', () =>
        HttpResponse.json({
          success: true,
          data: [{ id: 'meeting', name: 'Meeting', builtin: true, sections: [{ heading: 'Agenda', instruction: '' }] }],
        }),
      ),
    )
    // The user's own are the device's (synced): listed without the server.
    await db.templates.put({
      id: 'tpl_1',
      name: 'Standup',
      sections: [{ heading: 'Blockers', instruction: '' }],
      createdAtMs: 0,
      updatedAtMs: 0,
    })
    const user = userEvent.setup()
    await open('/recordings?folder=work')
    const picker = await main().findByRole('combobox', { name: 'Summary template' })
    expect(picker).toHaveValue('')
    expect(picker).toHaveAccessibleDescription(/New recordings in this folder are summarised with it/)
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Standup' })).toBeInTheDocument())
    expect(within(picker).getByRole('option', { name: 'None (General default)' })).toBeInTheDocument()
    expect(within(picker).getByRole('group', { name: 'Your templates' })).toBeInTheDocument()

    await user.selectOptions(picker, 'Standup')
    await waitFor(async () => expect((await db.folders.get('work'))?.templateId).toBe('tpl_1'))
    expect(await queued()).toEqual([{ case: 'setFolderTemplate', id: 'work', templateId: 'tpl_1' }])
    await waitFor(() => expect(picker).toHaveValue('tpl_1'))

    await user.selectOptions(picker, 'None (General default)')
    await waitFor(async () => expect((await db.folders.get('work'))?.templateId).toBeUndefined())
  })

  it('offers the built-ins when the templates cannot be read', async () => {
    server.use(http.get('/api/v1/templates', () => HttpResponse.error()))
    await open('/recordings?folder=work')
    const picker = await main().findByRole('combobox', { name: 'Summary template' })
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None (General default)', 'General', 'Meeting', 'Lecture', 'Interview', 'One-on-one', 'Call']),
    )
  })
})
