import { expect, test, type APIResponse, type Locator, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { expectSeededLibrary, renameOpenRecording } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * Edits made on the recording screen while the server is down are kept on
 * the device (shown at once, marked pending, still there after a reload) and
 * applied exactly once when it is back, even if it dies in the middle of
 * receiving them. Each test has a server of its own, fresh (edits are for good).
 */

const WEEKLY = { id: 'rec_01_weekly_sync', title: 'Weekly Product Sync' }
const LEO = { id: 'rec_02_one_on_one_leo', title: '1:1 with Leo' }
const NADIA = { id: 'rec_03_interview_frontend', title: 'Interview – Nadia Petrova (Frontend)' }
const OMAR = { id: 'rec_04_interview_data_eng', title: 'Data Engineer Screen – Omar Haddad' }

const RENAMED = 'Leo 1:1 (renamed offline)'
const NEW_FOLDER = 'Made offline'
const NEW_SPEAKER = 'Dana Whitfield'
// The local engine names who said it: Daniel Okafor (SPEAKER_01) gives the release date.
const QUESTION = 'What is the new 3.4 release date?'
const PUSH = '/pocket.sync.v1.SyncService/Push'
const SYNCED = { timeout: 60_000, intervals: [250, 500, 1000] }

let pocket: OwnPocket
test.beforeEach(async () => {
  pocket = await startOwnPocket()
})
test.afterEach(async () => {
  await pocket?.dispose()
})

const isPhone = (info: TestInfo) => info.project.name === 'phone'
const waitingIcon = (scope: Locator | Page) => scope.getByRole('img', { name: 'Waiting to sync' })
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const listRow = (page: Page, title: string) => page.getByRole('main').getByRole('link', { name: title, exact: true })
/** The whole row around a title link (the link is the title alone; it covers the row). */
const rowBox = (page: Page, title: string) =>
  page.getByRole('main').locator('.rec-row').filter({ has: page.getByRole('link', { name: title, exact: true }) })

async function signInAndCache(page: Page, visit: string[]): Promise<void> {
  await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
  await page.goto(`${pocket.url}/recordings`)
  await expectSeededLibrary(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // Read once online, so the device holds them (and sync has pulled the folders).
  for (const id of visit) {
    await page.goto(`${pocket.url}/recordings/${id}`)
    await expect(page.getByRole('combobox', { name: 'Folder' }).getByRole('option', { name: 'Work' })).toBeAttached()
  }
}

async function openOffline(page: Page, rec: { id: string; title: string }): Promise<void> {
  await page.goto(`${pocket.url}/recordings/${rec.id}`)
  await expect(heading(page, rec.title)).toBeVisible()
}

async function moveToNewFolder(page: Page, name: string): Promise<void> {
  const folder = page.getByRole('combobox', { name: 'Folder' })
  await folder.selectOption({ label: 'New folder…' })
  const box = page.getByRole('textbox', { name: 'New folder name' })
  await box.fill(name)
  await box.press('Enter')
  await expect(folder.locator('option:checked')).toHaveText(name)
}

async function renameSpeaker(page: Page, info: TestInfo, from: string, to: string): Promise<Locator> {
  await page.getByRole('tab', { name: isPhone(info) ? 'Transcript' : 'Transcription' }).click()
  const speakers = page.getByRole('region', { name: 'Speakers' })
  await speakers.getByRole('button', { name: `Rename ${from}` }).click()
  const box = speakers.getByRole('combobox', { name: `Name for ${from}` })
  await box.fill(to)
  await box.press('Enter')
  const transcript = page.getByRole('list', { name: 'Transcript' })
  await expect(transcript.getByText(to, { exact: true }).first()).toBeVisible()
  await expect(transcript.getByText(from, { exact: true })).toHaveCount(0)
  return transcript
}

/** Ask Pocket: the side panel on desktop, a tab on phones. */
async function chatPanel(page: Page, info: TestInfo): Promise<Locator> {
  if (!isPhone(info)) return page.getByRole('complementary', { name: 'Ask Pocket' })
  await page.getByRole('tab', { name: 'Ask Pocket' }).click()
  return page.getByRole('tabpanel', { name: 'Ask Pocket' })
}

async function ask(chat: Locator, question: string): Promise<void> {
  const box = chat.getByPlaceholder('Ask questions about your chat')
  await expect(box).toBeEnabled()
  await box.fill(question)
  await box.press('Enter')
  await expect(chat.getByRole('listitem').filter({ hasText: question }).getByText('Waiting for network')).toBeVisible()
}

/** The demo user's REST API on this test's server. */
async function api(page: Page) {
  const refreshed = await page.request.post(`${pocket.url}/api/v1/auth/refresh`)
  expect(refreshed.ok()).toBe(true)
  const { idToken } = (await refreshed.json()) as { idToken: string }
  const get = (path: string): Promise<APIResponse> => page.request.get(`${pocket.url}${path}`, { headers: { Authorization: `Bearer ${idToken}` } })
  const data = async <T>(path: string): Promise<T> => ((await (await get(path)).json()) as { data: T }).data
  return {
    get,
    post: (path: string, body: unknown) => page.request.post(`${pocket.url}${path}`, { data: body, headers: { Authorization: `Bearer ${idToken}` } }),
    recording: (id: string) => data<{ recording: Record<string, unknown>; speakers: unknown }>(`/api/v1/recordings/${id}?include=all`),
    folders: () => data<Array<{ id: string; name: string }>>('/api/v1/folders'),
    messages: async (recordingId: string) => {
      const session = await data<{ id: string }>(`/api/v1/chat/session/${recordingId}`)
      return data<Array<{ role: string; content: string }>>(`/api/v1/chat/session/${session.id}/messages`)
    },
  }
}

function speakerName(speakers: unknown, key: string): string {
  const obj = (typeof speakers === 'string' ? JSON.parse(speakers) : speakers) as Record<string, { speakerProfile?: { name?: string } }>
  return obj[key]?.speakerProfile?.name ?? ''
}

const folderIdOf = (recording: Record<string, unknown>) =>
  ((recording.folder as { id?: string } | undefined)?.id ?? recording.folder_id ?? recording.folderId ?? '') as string

test('edits made with the server down are kept over a reload, then applied exactly once when it is back', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(180_000)
  await signInAndCache(page, [LEO.id, NADIA.id, OMAR.id, WEEKLY.id])
  await pocket.stop()

  await openOffline(page, LEO)
  await renameOpenRecording(page, RENAMED)
  await expect(waitingIcon(page.locator('.rec-header'))).toBeVisible()

  await openOffline(page, NADIA)
  await moveToNewFolder(page, NEW_FOLDER)

  await openOffline(page, OMAR)
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/recordings$/)
  const toast = page.getByRole('status').filter({ hasText: 'Recording deleted' })
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible()
  await expect(listRow(page, OMAR.title)).toHaveCount(0)
  await expect(toast).toHaveCount(0, { timeout: 8000 }) // the Undo window runs out

  await openOffline(page, WEEKLY)
  await renameSpeaker(page, info, 'Daniel Okafor', NEW_SPEAKER)
  await ask(await chatPanel(page, info), QUESTION)

  // A reload with the server still down: the worker serves the app, IndexedDB the edits.
  await page.goto(`${pocket.url}/recordings`)
  await expect(listRow(page, RENAMED)).toBeVisible()
  await expect(waitingIcon(rowBox(page, RENAMED))).toBeVisible()
  await expect(rowBox(page, NADIA.title)).toContainText(NEW_FOLDER)
  await expect(waitingIcon(rowBox(page, NADIA.title))).toBeVisible()
  await expect(listRow(page, OMAR.title)).toHaveCount(0)
  await expect(listRow(page, LEO.title)).toHaveCount(0)
  await openOffline(page, WEEKLY)
  await expect(waitingIcon(page.locator('.rec-header'))).toBeVisible()
  const chat = await chatPanel(page, info)
  await expect(chat.getByRole('listitem').filter({ hasText: QUESTION }).getByText('Waiting for network')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'recording screen with edits waiting to sync')

  await pocket.start()
  // Sent without a reload: the answer replaces the pending question on screen.
  await expect(chat.getByText('Waiting for network')).toHaveCount(0, { timeout: 60_000 })
  await expect(chat.getByText(NEW_SPEAKER).first()).toBeVisible({ timeout: 15_000 })
  await expect(chat.locator('.chat-bubble--user').filter({ hasText: QUESTION })).toHaveCount(1)
  await expect(waitingIcon(page.locator('.rec-header'))).toHaveCount(0)

  const server = await api(page)
  await expect.poll(async () => (await server.recording(LEO.id)).recording.title, SYNCED).toBe(RENAMED)
  await expect.poll(async () => (await server.get(`/api/v1/recordings/${OMAR.id}`)).status(), SYNCED).toBe(404)
  const made = (await server.folders()).filter((f) => f.name === NEW_FOLDER)
  expect(made).toHaveLength(1)
  expect(folderIdOf((await server.recording(NADIA.id)).recording)).toBe(made[0].id)
  expect(speakerName((await server.recording(WEEKLY.id)).speakers, 'SPEAKER_01')).toBe(NEW_SPEAKER)

  // Asked once, answered once, and the answer names the renamed speaker.
  const messages = await server.messages(WEEKLY.id)
  expect(messages.filter((m) => m.role === 'user' && m.content === QUESTION)).toHaveLength(1)
  const answer = messages[messages.findIndex((m) => m.content === QUESTION) + 1]
  expect(answer?.role).toBe('assistant')
  expect(answer?.content).toContain(NEW_SPEAKER)
  expect(answer?.content).not.toContain('Daniel Okafor')

  // A share-link visitor sees the new name too.
  const link = (await (await server.post(`/api/v1/recordings/${WEEKLY.id}/share`, {})).json()) as { token: string }
  const shared = (await (await page.request.get(`${pocket.url}/api/v1/share/shared/recording?token=${link.token}`)).json()) as {
    data: { recording: { speakers: unknown } }
  }
  expect(speakerName(shared.data.recording.speakers, 'SPEAKER_01')).toBe(NEW_SPEAKER)
})

test('a server SIGKILLed mid-flush (the batch applied, its answer lost) still applies each queued edit exactly once', async ({ page }, info) => {
  test.setTimeout(180_000)
  await signInAndCache(page, [WEEKLY.id])
  await pocket.stop()

  await openOffline(page, WEEKLY)
  for (const title of ['Sync one', 'Sync two', 'Sync three']) await renameOpenRecording(page, title)
  await moveToNewFolder(page, 'Kill folder A')
  await moveToNewFolder(page, 'Kill folder B')
  const chat = await chatPanel(page, info)
  const questions = ['Who owns the release notes?', 'What is the new 3.4 release date?', 'What did we decide about the beta?', 'Summarize the meeting']
  for (const q of questions) await ask(chat, q)

  // The first Push reaches the restarted server, which applies the whole batch
  // and is then killed before the browser hears its answer: the worst moment,
  // as the browser must send every edit again and the server must not apply any twice.
  // Typed by its initial value, so the kill the route handler starts is not narrowed away below.
  let killed = null as Promise<void> | null
  await page.route(`**${PUSH}`, async (route) => {
    if (killed) return route.continue()
    // A second Push already in flight when the server is killed fails as it would on the wire.
    const response = await route.fetch().catch(() => null)
    if (!response) return route.abort('connectionrefused')
    // A Push refused for its token (the page was restored offline) applied nothing: let it through.
    if (response.status() !== 200 || killed) return route.fulfill({ response })
    killed = pocket.kill()
    await killed
    await route.abort('connectionreset')
  })
  await pocket.start()
  await expect.poll(() => killed !== null, SYNCED).toBe(true)
  await killed
  // Applied, but the answer is lost: the device still waits on every edit.
  await expect(chat.getByText('Waiting for network')).toHaveCount(questions.length)
  await pocket.start()

  await expect(chat.getByText('Waiting for network')).toHaveCount(0, { timeout: 60_000 })
  await expect(waitingIcon(page.locator('.rec-header'))).toHaveCount(0, { timeout: 30_000 })
  const server = await api(page)
  const { recording } = await server.recording(WEEKLY.id)
  expect(recording.title).toBe('Sync three')
  const folders = await server.folders()
  for (const name of ['Kill folder A', 'Kill folder B']) expect(folders.filter((f) => f.name === name)).toHaveLength(1)
  expect(folderIdOf(recording)).toBe(folders.find((f) => f.name === 'Kill folder B')!.id)
  const messages = await server.messages(WEEKLY.id)
  for (const q of questions) {
    expect(messages.filter((m) => m.role === 'user' && m.content === q), q).toHaveLength(1)
    expect(messages[messages.findIndex((m) => m.content === q) + 1]?.role, q).toBe('assistant')
  }
  expect(messages.filter((m) => m.role === 'user')).toHaveLength(questions.length)
})
