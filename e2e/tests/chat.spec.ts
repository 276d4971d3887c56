import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { openSignedIn } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

// Ask Pocket against the real server and its built-in engine (docs/api.md "Ask Pocket").
const RECORDING = 'rec_02_one_on_one_leo'
const TITLE = '1:1 with Leo'
const OWNER_QUESTION = 'What was decided about the on-call alert?'
const REPLY = { timeout: 20_000 } // the local engine plus a 50 ms-per-word reveal

const chatPanel = (page: Page) => page.getByRole('complementary', { name: 'Ask Pocket' })
const box = (scope: Page | Locator) => scope.getByPlaceholder('Ask questions about your chat')
const sourceButtons = (scope: Locator) => scope.getByRole('listitem').getByRole('button', { name: / · \d+:\d\d$/ })

async function openRecording(page: Page) {
  await openSignedIn(page, `/recordings/${RECORDING}`)
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(box(chatPanel(page))).toBeEnabled()
}

test.describe('Ask Pocket', () => {
  test.use(WITHOUT_SERVICE_WORKER)
  test('owner: ask, see the revealed answer with sources and follow-up chips; history survives a reload', { tag: '@relay' }, async ({ page }) => {
    await openRecording(page)
    const chat = chatPanel(page)
    await expect(chat.getByRole('heading', { name: 'Ask Pocket' })).toBeVisible()
    const chips = chat.getByRole('list', { name: 'Suggested questions' }).getByRole('button')
    await expect(chips).toHaveText(['List to-do', 'Follow-up email', 'List Q&A options'])

    await box(chat).fill(OWNER_QUESTION)
    await box(chat).press('Enter')
    await expect(chat.getByText(OWNER_QUESTION, { exact: true }).last()).toBeVisible()
    await expect(sourceButtons(chat).first()).toBeVisible(REPLY)
    await expect(chat.getByRole('img', { name: 'Pocket is typing…' })).toHaveCount(0)
    await expect(chips).not.toHaveText(['List to-do', 'Follow-up email', 'List Q&A options'])
    expect(await chips.count()).toBeLessThanOrEqual(3)
    await expectNoSeriousA11yViolations(page, 'Ask Pocket with an answer')

    // Chat history comes back after a reload (server and IndexedDB).
    await page.reload()
    await expect(chat.getByText(OWNER_QUESTION, { exact: true }).last()).toBeVisible()
    await expect(sourceButtons(chat).first()).toBeVisible()
  })

  test('the side panel follows new messages without moving the page', async ({ page }) => {
    await openRecording(page)
    const chat = chatPanel(page)
    // The chips show once the history has loaded, which is when the panel first follows.
    await expect(chat.getByRole('list', { name: 'Suggested questions' }).getByRole('button').first()).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await box(chat).fill(OWNER_QUESTION)
    await box(chat).press('Enter')
    await expect(sourceButtons(chat).first()).toBeVisible(REPLY)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeInViewport()
  })

  test('a chip sends; a source opens the Transcription tab at that passage', async ({ page }) => {
    await openRecording(page)
    const chat = chatPanel(page)
    await chat.getByRole('button', { name: 'List to-do' }).click()
    await expect(chat.getByText('List to-do', { exact: true }).last()).toBeVisible()
    const source = sourceButtons(chat).last()
    await expect(source).toBeVisible(REPLY)
    const speaker = ((await source.textContent()) ?? '').split(' · ')[0]
    await source.click()
    await expect(page.getByRole('tab', { name: 'Transcription', exact: true })).toHaveAttribute('aria-selected', 'true')
    const current = page.getByRole('tabpanel', { name: 'Transcription' }).locator('li[aria-current="true"]')
    await expect(current).toBeVisible()
    await expect(current).toContainText(speaker)
    await expect(current).toBeFocused()
  })

  test('sending is blocked while in flight; a failed send shows the error bubble and a dismissible banner', async ({ page }) => {
    await openRecording(page)
    const chat = chatPanel(page)
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/v1/chat/message', async (route) => {
      await held
      await route.fulfill({ status: 500, json: { success: false, message: 'boom', code: 'INTERNAL' } })
    })
    await box(chat).fill('Will this fail?')
    await chat.getByRole('button', { name: 'Send' }).click()
    await expect(chat.getByRole('img', { name: 'Pocket is typing…' })).toBeVisible()
    await expect(box(chat)).toBeDisabled()
    await expect(chat.getByRole('button', { name: 'List to-do' })).toBeDisabled()
    release()

    await expect(chat.getByText("Sorry, I couldn't process your request. Please try again.")).toBeVisible()
    await expect(chat.getByText('Failed to send message', { exact: true })).toBeVisible()
    await expect(chat.getByRole('img', { name: 'Pocket is typing…' })).toHaveCount(0)
    const banner = chat.getByRole('alert')
    await expect(banner).toHaveText(/Failed to send message\. Please try again\./)
    await expectNoSeriousA11yViolations(page, 'Ask Pocket after a failed send')
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await expect(chat.getByRole('alert')).toHaveCount(0)
    await expect(box(chat)).toBeEnabled()
    // Whitespace is never sent.
    await box(chat).fill('   ')
    await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  test('share-link visitor chats through the link, apart from the owner', { tag: '@relay' }, async ({ page, browser }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    const { idToken } = (await (await page.request.post('/api/v1/auth/refresh')).json()) as { idToken: string }
    const created = await page.request.post(`/api/v1/recordings/${RECORDING}/share`, { data: {}, headers: { Authorization: `Bearer ${idToken}` } })
    const { token } = (await created.json()) as { token: string }

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const guest = await visitor.newPage()
      const posts: string[] = []
      guest.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname))
      await guest.goto(`/shared/recording?token=${token}`)
      await expect(guest.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
      const chat = chatPanel(guest)
      await expect(box(chat)).toBeEnabled()
      await expect(chat.getByText(OWNER_QUESTION)).toHaveCount(0) // not the owner's conversation
      await box(chat).fill('What did Leo talk about?')
      await box(chat).press('Enter')
      await expect(sourceButtons(chat).first()).toBeVisible(REPLY)
      expect(posts).toContain('/api/v1/chat/message/shared')
      expect(posts).not.toContain('/api/v1/chat/message')
    } finally {
      await visitor.close()
    }
  })

  test('phone: Ask Pocket is a tab that hides the recording header', { tag: '@phone-only' }, async ({ page }) => {
    await openSignedIn(page, `/recordings/${RECORDING}`)
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await page.getByRole('tab', { name: 'Ask Pocket' }).click()
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0)
    const panel = page.getByRole('tabpanel', { name: 'Ask Pocket' })
    await box(panel).fill('Summarize the meeting')
    await box(panel).press('Enter')
    const source = sourceButtons(panel).first()
    await expect(source).toBeVisible(REPLY)
    await source.click()
    await expect(page.getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await expect(page.locator('li[aria-current="true"]')).toBeVisible()
  })
})

test.describe('Ask Pocket conversations', () => {
  test.use(WITHOUT_SERVICE_WORKER)
  test('owner keeps several conversations about a recording, each with its own history @phone-full', async ({ page }, info) => {
    test.slow() // four answers from the local engine
    // Unique per project: desktop and phone share the server's demo user.
    const first = `What was decided about the on-call alert? (${info.project.name})`
    const second = `Which dates came up? (${info.project.name})`
    await openSignedIn(page, `/recordings/${RECORDING}`)
    const chat = await askPocketPane(page)
    await expect(box(chat)).toBeEnabled()
    const conversation = chat.getByRole('list', { name: 'Conversation' })
    const title = chat.getByRole('heading', { name: /^Current conversation:/ })

    // Earlier tests may have talked in the latest conversation: start a fresh one.
    await chat.getByRole('button', { name: 'New conversation' }).click()
    await expect(title).toHaveText(/New conversation$/)
    await expect(conversation.getByRole('listitem')).toHaveCount(0)
    await ask(chat, first)
    await expect(title).toHaveText(new RegExp(`${escape(first)}$`))

    await chat.getByRole('button', { name: 'New conversation' }).click()
    await expect(conversation.getByRole('listitem')).toHaveCount(0)
    await expect(chat.getByRole('list', { name: 'Suggested questions' }).getByRole('button')).toHaveText(['List to-do', 'Follow-up email', 'List Q&A options'])
    await ask(chat, second)
    await expect(conversation.getByText(first, { exact: true })).toHaveCount(0)

    await pick(chat, first)
    await expect(conversation.getByText(first, { exact: true })).toBeVisible()
    await expect(conversation.getByText(second, { exact: true })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page, 'Ask Pocket with the conversation list')

    // Both are kept: after a reload the latest (the second) shows, and the first is a pick away.
    await page.reload()
    const again = await askPocketPane(page)
    const shown = again.getByRole('list', { name: 'Conversation' })
    await expect(shown.getByText(second, { exact: true })).toBeVisible()
    await expect(shown.getByText(first, { exact: true })).toHaveCount(0)
    await pick(again, first)
    await expect(shown.getByText(first, { exact: true })).toBeVisible()
    await expect(shown.getByText(second, { exact: true })).toHaveCount(0)
  })
})

/** The Ask Pocket pane: the side panel on a desktop, the tab on a phone. */
async function askPocketPane(page: Page): Promise<Locator> {
  const tab = page.getByRole('tab', { name: 'Ask Pocket' })
  await expect(tab.or(chatPanel(page)).first()).toBeVisible()
  if (!(await tab.isVisible())) return chatPanel(page)
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click()
  return page.getByRole('tabpanel', { name: 'Ask Pocket' })
}

async function ask(chat: Locator, question: string) {
  await box(chat).fill(question)
  await box(chat).press('Enter')
  await expect(chat.getByRole('list', { name: 'Conversation' }).getByText(question, { exact: true })).toBeVisible()
  // Answered (and stored) once the typing dots go; the word-by-word reveal need not finish.
  await expect(chat.getByRole('img', { name: 'Pocket is typing…' })).toHaveCount(0, REPLY)
}

/** Opens the list of conversations and picks one by its title. */
async function pick(chat: Locator, title: string) {
  await chat.getByRole('button', { name: 'Conversations' }).click()
  const list = chat.getByRole('list', { name: 'Earlier conversations' })
  await list.getByRole('button', { name: new RegExp(`^${escape(title)}`) }).click()
  await expect(list).toBeHidden()
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test.describe('Ask Pocket offline', () => {
  let pocket: OwnPocket
  test.beforeAll(async () => {
    pocket = await startOwnPocket()
  })
  test.afterAll(async () => {
    await pocket?.dispose()
  })

  test('a conversation seen once reads again with the server stopped', async ({ page }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await page.goto(`${pocket.url}/recordings/${RECORDING}`)
    const chat = chatPanel(page)
    await expect(box(chat)).toBeEnabled()
    await box(chat).fill('What did Leo talk about?')
    await box(chat).press('Enter')
    await expect(sourceButtons(chat).first()).toBeVisible(REPLY)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })

    await pocket.stop()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await expect(chat.getByText('What did Leo talk about?', { exact: true })).toBeVisible()
    await expect(sourceButtons(chat).first()).toBeVisible()
    await expect(chat.getByText('Offline: showing the conversation saved on this device.')).toBeVisible()
    // The owner may still ask: the question waits for the network (sync-offline.spec.ts).
    await expect(box(chat)).toBeEnabled()
    await pocket.start()
  })
})
