import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { openSignedIn } from '../support/app'
import { DEMO_EMAIL, stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

// The seeded fixtures (fixtures/README.md): 25 distinct recordings, newest
// 'Note: 3.4 release to-dos' (Nov 19), oldest 'User research – bakery owner (P4)' (Sep 22).
const NEWEST = 'Note: 3.4 release to-dos'
const OLDEST = 'User research – bakery owner (P4)'
test.use({ timezoneId: 'UTC' })
// No step but the offline reading's needs the app's worker (it allows it below).
test.use(WITHOUT_SERVICE_WORKER)

const row = (page: Page, name: string) => page.getByRole('link', { name, exact: true })
/** The whole row around a recording's title link (the link is the title alone; it covers the row). */
const rowBox = (page: Page, name: string) => page.getByRole('main').locator('.rec-row').filter({ has: row(page, name) })
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name, exact: true })

test.describe('recordings list', () => {
  test('pages by cursor to the end under sticky date headings', { tag: ['@phone', '@relay', '@replicas'] }, async ({ page }) => {
    const cursors: (string | null)[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname === '/api/v1/recordings/dashboard') cursors.push(url.searchParams.get('cursor'))
    })
    await openSignedIn(page)
    await expect(row(page, NEWEST)).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'November 19, 2026' })).toBeVisible()
    await expect(row(page, OLDEST)).toHaveCount(0) // beyond the first page of 20

    // Scroll until the next page has arrived and the oldest row shows.
    await expect(async () => {
      await page.mouse.wheel(0, 2500)
      await expect(row(page, OLDEST)).toBeVisible({ timeout: 250 })
    }).toPass({ timeout: 15_000 })
    expect(cursors[0]).toBeNull()
    expect(cursors.filter((c) => c !== null)).toHaveLength(1) // 25 recordings: one more page, then no cursor
    // One day heading is stuck at the top, and it names the day of the row below it.
    await page.mouse.wheel(0, -700)
    // Scrolling settles a frame or more after the wheel: wait until exactly one heading is stuck.
    await expect.poll(async () => (await page.evaluate(stuckHeading)).stuck).toBe(1)
    const { heading, rowDay } = await page.evaluate(stuckHeading)
    expect(heading).toBe(rowDay)
  })

  test('a signed-in visit paints the first rows from the HTML before any script runs, where the app then draws them', { tag: ['@phone', '@relay', '@replicas'] }, async ({ page, baseURL }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    // The zone the app tells the server once a signed-in page has settled (app/zoneCookie.ts).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    await page.context().addCookies([{ name: 'pocket_tz', value: zone, url: `${baseURL}/recordings` }])
    // Scripts refused: what shows is the server's HTML.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto('/recordings')
    const copy = page.locator('#prerender')
    if (stack.relay) {
      // A relay cannot tell whether its upstream's session still lives: it fills nothing.
      await expect(copy).toHaveCount(0)
      return
    }
    const rows = copy.locator('.rec-row')
    await expect(rows.first()).toBeVisible()
    const firstTitles = await copy.locator('.rec-row__title').evaluateAll((links) => links.slice(0, 4).map((a) => a.textContent))
    expect(firstTitles).toHaveLength(4)
    const boxes = async (scope: typeof copy) => ({
      heading: await scope.locator('.vlist__heading').first().boundingBox(),
      titles: await Promise.all([0, 1, 2, 3].map((i) => scope.locator('.rec-row__title').nth(i).boundingBox())),
      descriptions: await Promise.all([0, 1, 2, 3].map((i) => scope.locator('.rec-row__desc').nth(i).boundingBox())),
    })
    const before = await boxes(copy)

    await page.unrouteAll()
    await page.reload()
    // The app's own list replaced the copy, each row where the copy drew it.
    await expect(copy).toHaveCount(0)
    await expect(page.locator('.rec-row__title').first()).toHaveText(firstTitles[0] ?? '')
    expect(await page.locator('.rec-row__title').evaluateAll((links) => links.slice(0, 4).map((a) => a.textContent))).toEqual(firstTitles)
    expect(await boxes(page.locator('#root'))).toEqual(before)
  })

  test('a row shows the fallback title, duration, folder and sync icon; Enter opens it', async ({ page }) => {
    await openSignedIn(page)
    const note = rowBox(page, NEWEST)
    await expect(note).toContainText('51 secs')
    await expect(note).toContainText('General')
    await expect(note.getByRole('img', { name: 'Waiting to sync' })).toBeVisible()
    // The link's name is the title it shows; the rest of the row describes it.
    await expect(row(page, NEWEST)).toHaveAccessibleDescription(/Five things to check before the Dec 1 release\./)
    await expect(rowBox(page, 'Weekly Product Sync')).toContainText('Work')
    await expect(rowBox(page, 'Weekly Product Sync').getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0)
    // A click anywhere on the row opens it, not only on the title.
    await note.click() // its middle is the description, under the title link's cover
    await expect(page).toHaveURL(/\/recordings\/[^/?]+$/)
    await page.goBack()

    // Rows are virtual: the untitled ones (Oct 29) appear once scrolled to.
    const untitled = page.getByRole('link', { name: 'Untitled Recording' })
    for (let i = 0; i < 10 && (await untitled.count()) < 2; i++) await page.mouse.wheel(0, 800)
    await expect(untitled).toHaveCount(2)
    await untitled.last().scrollIntoViewIfNeeded()
    await expect(untitled.last()).toBeVisible()
    await page.mouse.wheel(0, -20_000)
    await row(page, 'Weekly Product Sync').focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/recordings\/rec_01_weekly_sync$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeVisible()
  })

  test('search finds by content, says when nothing matches, and clears back to the list', { tag: ['@phone-full', '@relay'] }, async ({ page }) => {
    await openSignedIn(page)
    const box = page.getByRole('searchbox', { name: 'Search recordings' })
    await box.fill('Piranesi')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(row(page, 'Book club – Frankenstein')).toBeVisible()
    await expect(row(page, NEWEST)).toHaveCount(0)
    await expect(page).toHaveURL(/\?q=Piranesi$/)

    await box.fill('xylophonequartz')
    await box.press('Enter')
    await expect(page.getByText('Try adjusting your search terms')).toBeVisible()

    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(box).toHaveValue('')
    await expect(row(page, NEWEST)).toBeVisible()
    await expect(page).toHaveURL(/\/recordings$/)
  })
})

test.describe('detail screen', () => {
  test('desktop: header, four top tabs with their content, Ask Pocket beside', { tag: '@relay' }, async ({ page }) => {
    await openSignedIn(page, '/recordings/rec_16_roadmap_2027_shared')
    await expect(page.getByRole('heading', { level: 1, name: '2027 Roadmap Preview' })).toBeVisible()
    await expect(page.getByText('From Marcus Lee')).toBeVisible()
    await expect(page.getByText('Oct 20, 16:00')).toBeVisible()
    await expect(page.getByRole('tablist', { name: 'Recording' }).getByRole('tab')).toHaveText(['Summary', 'Actionable', 'Mind map', 'Transcription'])
    await expect(page.getByRole('complementary', { name: 'Ask Pocket' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0) // not the viewer's own

    await expect(tab(page, 'Summary')).toHaveAttribute('aria-selected', 'true')
    await expect(panel(page, 'Summary')).toContainText('Three themes')
    await tab(page, 'Summary').focus()
    await page.keyboard.press('ArrowRight')
    await expect(tab(page, 'Actionable')).toBeFocused()
    await expect(panel(page, 'Actionable')).toContainText('Send feedback on the 2027 roadmap draft')
    await page.keyboard.press('ArrowRight')
    await expect(panel(page, 'Mind map')).toBeVisible()
    await page.keyboard.press('End')
    await expect(panel(page, 'Transcription')).toContainText('first look at the 2027 roadmap for Harbor')
  })

  const cases: { id: string; title: string; summary: RegExp | string; actions: RegExp | string; transcript: RegExp | string }[] = [
    { id: 'rec_01_weekly_sync', title: 'Weekly Product Sync', summary: /3\.4/, actions: 'Fix payment retry race in the retry queue', transcript: /December first/i },
    { id: 'rec_18_empty_title_standup', title: 'Chat with Tasha', summary: 'No Summary Available', actions: 'No Action Items', transcript: /\S/ },
    { id: 'rec_19_memo_no_transcript', title: 'Garage sale plan', summary: /garage sale/i, actions: 'No Action Items', transcript: 'No transcription available' },
    { id: 'rec_20_pocket_zero_segments', title: 'Pocket recording', summary: 'No Summary Available', actions: 'No Action Items', transcript: 'No transcription segments available' },
  ]
  for (const c of cases) {
    test(`tabs of ${c.id}`, async ({ page }) => {
      await openSignedIn(page, `/recordings/${c.id}`)
      await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible()
      await expect(panel(page, 'Summary')).toContainText(c.summary)
      await tab(page, 'Actionable').click()
      await expect(panel(page, 'Actionable')).toContainText(c.actions)
      await tab(page, 'Transcription').click()
      await expect(panel(page, 'Transcription')).toContainText(c.transcript)
      await expect(page).toHaveURL(/\?tab=transcription$/)
    })
  }

  test('phone: bottom tab bar; the header hides while Ask Pocket is open', { tag: '@phone-only' }, async ({ page }) => {
    await openSignedIn(page, '/recordings/rec_02_one_on_one_leo')
    const heading = page.getByRole('heading', { level: 1, name: '1:1 with Leo' })
    await expect(heading).toBeVisible()
    const bar = page.getByRole('tablist', { name: 'Recording' })
    await expect(bar.getByRole('tab')).toHaveText(['Summary', 'Actionable', 'Mind map', 'Transcript', 'Highlights', 'Notes', 'Ask Pocket'])
    const box = await bar.boundingBox()
    expect(box && box.y + box.height).toBeGreaterThan(800) // at the bottom of the 844 px screen
    await bar.getByRole('tab', { name: 'Transcript' }).click()
    await expect(panel(page, 'Transcript')).toBeVisible()
    await bar.getByRole('tab', { name: 'Ask Pocket' }).click()
    await expect(heading).toHaveCount(0)
    await bar.getByRole('tab', { name: 'Summary' }).click()
    await expect(heading).toBeVisible()
  })

  test('a cold start asks once for what its screen shows: the list’s first page, a recording', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (r.method() === 'GET' && url.pathname.startsWith('/api/v1/recordings/')) asked.push(`${url.pathname}${url.search}`)
    })
    await openSignedIn(page)
    await expect(row(page, NEWEST)).toBeVisible()
    expect(asked.filter((a) => a === '/api/v1/recordings/dashboard?limit=20')).toHaveLength(1)

    asked.length = 0
    await page.goto('/recordings/rec_16_roadmap_2027_shared')
    await expect(panel(page, 'Summary')).toContainText('Three themes')
    expect(asked.filter((a) => a === '/api/v1/recordings/rec_16_roadmap_2027_shared?include=all')).toHaveLength(1)
  })

  test("a signed-in visit paints the recording from the HTML before any script runs, where the app then draws it", { tag: ['@phone', '@relay'] }, async ({ page }) => {
    const path = '/recordings/rec_21_parent_teacher_conference'
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    // Scripts refused: what shows is the server's HTML.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const response = await page.goto(path)
    const copy = page.locator('#prerender')
    if (stack.relay) {
      // A relay cannot tell whether its upstream's session still lives: it fills nothing.
      await expect(copy).toHaveCount(0)
      await page.unrouteAll()
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: /Parent–teacher conference/ })).toBeVisible()
      return
    }
    expect(response?.headers()['cache-control']).toBe('no-store')
    const title = copy.locator('h1:visible')
    await expect(title).toHaveText('Parent–teacher conference (Maya, 4th grade)')
    await expect(copy.getByRole('button', { name: 'Share' }).locator('visible=true')).toHaveCount(1)
    const summary = copy.locator('.summary-tab p').first()
    await expect(summary).toBeVisible()
    const summaryStart = (await summary.textContent())?.slice(0, 40) ?? ''
    expect(summaryStart.length).toBeGreaterThan(10)
    const titleBox = await title.boundingBox()
    const summaryBox = await summary.boundingBox()

    await page.unrouteAll()
    await page.reload()
    // The app's own page replaced the copy; where the copy put the title and
    // the summary's first words, the app draws them: nothing jumps.
    await expect(copy).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Parent–teacher conference (Maya, 4th grade)' })).toBeVisible()
    await expect(page.getByText(summaryStart, { exact: false }).first()).toBeVisible()
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(titleBox)
    expect(await page.locator('.summary-tab p').first().boundingBox()).toEqual(summaryBox)

    // Signed out, the page carries nothing of the recording.
    await page.request.post('/api/v1/auth/logout', { headers: { Origin: new URL(page.url()).origin } })
    const html = await (await page.request.get(path)).text()
    expect(html).not.toContain('Maya')
  })

  test('tracks a view after loading', async ({ page }) => {
    const view = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/recordings/rec_05_customer_call_northwind/view'))
    await openSignedIn(page, '/recordings/rec_05_customer_call_northwind')
    await view
  })
})

test('axe: the detail screen and the share dialog have no serious violations', { tag: '@phone' }, async ({ page }) => {
  await openSignedIn(page, '/recordings/rec_03_interview_frontend')
  await expect(page.getByRole('heading', { level: 1, name: 'Interview – Nadia Petrova (Frontend)' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'detail')
  await page.getByRole('button', { name: 'Share' }).click()
  await expect(page.getByRole('dialog', { name: 'Share recording' }).getByText('No share links yet.')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'share dialog')
})

test.describe('detail load errors', () => {
  test('404 from the server: Recording Not Found', { tag: '@relay' }, async ({ page }) => {
    await openSignedIn(page, '/recordings/no_such_recording')
    await expect(page.getByRole('heading', { level: 1, name: 'Recording Not Found' })).toBeVisible()
    await expect(page.getByText('This recording may have been deleted or you do not have access to it.')).toBeVisible()
  })

  const statuses: [number, string, string][] = [
    [403, 'Access Denied', 'You do not have permission to view this recording.'],
    [401, 'Authentication Required', 'Please sign in to view this recording.'],
    [500, 'Error Loading Recording', 'Failed to load recording'],
  ]
  for (const [status, title, message] of statuses) {
    test(`${status}: ${title}`, async ({ page }) => {
      await page.route('**/api/v1/recordings/rec_06_phone_landlord?include=all', (r) =>
        r.fulfill({ status, json: { success: false, message: 'x', code: 'X' } }),
      )
      // A 401 would otherwise end in a token refresh and a retry that also fails.
      await openSignedIn(page, '/recordings/rec_06_phone_landlord')
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    })
  }

  test('a response without a recording: No Data', async ({ page }) => {
    await page.route('**/api/v1/recordings/rec_06_phone_landlord?include=all', (r) => r.fulfill({ json: { success: true, data: {} } }))
    await openSignedIn(page, '/recordings/rec_06_phone_landlord')
    await expect(page.getByRole('heading', { level: 1, name: 'No Data' })).toBeVisible()
    await expect(page.getByText('Unable to load recording data.')).toBeVisible()
  })
})

test.describe('share links', () => {
  test('create, copy, open signed out in a fresh browser, revoke', { tag: ['@relay', '@replicas'] }, async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openSignedIn(page, '/recordings/rec_22_book_club_frankenstein')
    await page.getByRole('button', { name: 'Share' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share recording' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Link expires after').selectOption({ label: '7 days' })
    await dialog.getByRole('button', { name: 'Create link' }).click()
    const field = dialog.getByLabel('New share link')
    await expect(field).toHaveValue(/\/shared\/recording\?token=/)
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    await expect(dialog.getByText('Copied', { exact: true })).toBeVisible()
    const url = await page.evaluate(() => navigator.clipboard.readText())
    expect(url).toBe(await field.inputValue())
    // A real modal: the page behind is inert; Escape closes and Share has focus again.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Share' })).toBeFocused()

    const visitor = await browser.newContext({ timezoneId: 'UTC' })
    try {
      const guest = await visitor.newPage()
      // The page's address (with its token) never leaves in a Referer. (Module
      // imports name the importing script, which carries no secret.)
      const leaks: string[] = []
      guest.on('request', (r) => /\/shared\/|token=/.test(r.headers()['referer'] ?? '') && leaks.push(r.url()))
      const views: string[] = []
      guest.on('request', (r) => r.url().includes('/api/v1/share/shared/recording') && views.push(r.url()))
      const response = await guest.goto(url)
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
      await expect(guest.getByRole('heading', { level: 1, name: 'Book club – Frankenstein' })).toBeVisible()
      // The page asked the browser to fetch the recording beside its scripts;
      // the app took that answer instead of asking a second time.
      expect(response?.headers()['link']).toContain('rel=preload; as=fetch')
      expect(views).toHaveLength(1)
      // Whose recording it is (the demo account's name, else its e-mail's local part).
      await expect(guest.getByText(/^From (Demo User|demo)$/)).toBeVisible()
      await expect(guest.getByRole('link', { name: 'Get your Pocket' })).toBeVisible()
      await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
      expect(leaks).toEqual([])

      await page.getByRole('button', { name: 'Share' }).click()
      const links = dialog.getByRole('list', { name: 'Share links' })
      await expect(links.getByText(/Expires /)).toBeVisible()
      await links.getByRole('button', { name: /^Revoke link created/ }).first().click()
      await expect(links.getByText(/Revoked/).first()).toBeVisible()

      await guest.reload()
      await expect(guest.getByRole('heading', { level: 1, name: 'Invalid Share Link' })).toBeVisible()
      await expect(guest.getByText('This share link is invalid or has been revoked.')).toBeVisible()
    } finally {
      await visitor.close()
    }
  })

  test('an expired link: Share Link Expired', { tag: '@relay' }, async ({ page }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    const { idToken } = (await (await page.request.post('/api/v1/auth/refresh')).json()) as { idToken: string }
    // The shortest lifetime the server allows is one minute (a shorter one is refused, and the
    // server's own tests move a clock past it): the browser is shown that minute as over by
    // answering the shared view as the server answers an expired link.
    const created = await page.request.post('/api/v1/recordings/rec_23_mentoring_call_grace/share', {
      data: { expiresIn: 60 },
      headers: { Authorization: `Bearer ${idToken}` },
    })
    expect(created.status()).toBe(201)
    const { token } = (await created.json()) as { token: string }
    const tooShort = await page.request.post('/api/v1/recordings/rec_23_mentoring_call_grace/share', {
      data: { expiresIn: 1 },
      headers: { Authorization: `Bearer ${idToken}` },
    })
    expect(tooShort.status()).toBe(400)
    await page.context().route(/\/api\/v1\/share\/shared\/recording\?/, (route) =>
      route.fulfill({
        status: 410,
        json: { success: false, message: 'This share link has expired and is no longer valid.', code: 'SHARE_EXPIRED' },
      }),
    )
    await page.context().clearCookies() // a visitor, signed out
    await page.goto(`/shared/recording?token=${token}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Share Link Expired' })).toBeVisible()
    await expect(page.getByText('This share link has expired and is no longer valid.')).toBeVisible()
  })

  test('a first visit paints the recording from the HTML before any script runs, where the app then draws it', { tag: ['@phone-full', '@relay'] }, async ({ page }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    const { idToken } = (await (await page.request.post('/api/v1/auth/refresh')).json()) as { idToken: string }
    const created = await page.request.post('/api/v1/recordings/rec_22_book_club_frankenstein/share', {
      data: {},
      headers: { Authorization: `Bearer ${idToken}` },
    })
    expect(created.status()).toBe(201)
    const { token } = (await created.json()) as { token: string }
    await page.context().clearCookies() // a visitor, signed out

    // Scripts refused: what shows is the server's HTML.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const response = await page.goto(`/shared/recording?token=${token}`)
    expect(response?.headers()['cache-control']).toBe('no-store')
    const copy = page.locator('#prerender')
    await expect(copy.locator('h1')).toHaveText('Book club – Frankenstein')
    await expect(copy.getByText(/^From (Demo User|demo)$/)).toBeVisible()
    await expect(copy.locator('.summary-tab p').first()).toBeVisible()
    const summaryStart = (await copy.locator('.summary-tab p').first().textContent())?.slice(0, 40) ?? ''
    expect(summaryStart.length).toBeGreaterThan(10)
    const titleBox = await copy.locator('h1').boundingBox()
    const summaryBox = await copy.locator('.summary-tab p').first().boundingBox()

    await page.unrouteAll()
    await page.reload()
    // The app's own page replaced the copy: the tabs work, the same words show.
    await expect(copy).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Book club – Frankenstein' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText(summaryStart, { exact: false }).first()).toBeVisible()
    // Where the copy put the title and the summary's first words, the app draws them: nothing jumps.
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(titleBox)
    expect(await page.locator('.summary-tab p').first().boundingBox()).toEqual(summaryBox)

    // A revoked link's page carries nothing of the recording.
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    const again = (await (await page.request.post('/api/v1/auth/refresh')).json()) as { idToken: string }
    const revoked = await page.request.delete(`/api/v1/share/${token}`, { headers: { Authorization: `Bearer ${again.idToken}` } })
    expect(revoked.ok()).toBe(true)
    const html = await (await page.request.get(`/shared/recording?token=${token}`)).text()
    expect(html).not.toContain('Frankenstein')
  })

  test('a deleted recording: Recording Not Found; no token: No share token provided', { tag: '@relay' }, async ({ page }) => {
    await page.route('**/api/v1/share/shared/recording?token=gone', (r) => r.fulfill({ status: 404, json: { success: false, message: 'x' } }))
    await page.goto('/shared/recording?token=gone')
    await expect(page.getByRole('heading', { level: 1, name: 'Recording Not Found' })).toBeVisible()
    await expect(page.getByText('This recording may have been deleted or the share link may be invalid.')).toBeVisible()
    await page.goto('/shared/recording')
    await expect(page.getByText('No share token provided')).toBeVisible()
  })

  test('the share path wins for a signed-in visitor', async ({ page }) => {
    await openSignedIn(page, '/shared/recording?token=not-a-real-token')
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Share Link' })).toBeVisible()
    await expect(page).toHaveURL(/\/shared\/recording\?token=not-a-real-token$/)
  })
})

test.describe('offline reading', () => {
  test.use({ serviceWorkers: 'allow' }) // the reload with the server stopped is served by the worker
  let pocket: OwnPocket
  test.beforeAll(async () => {
    pocket = await startOwnPocket()
  })
  test.afterAll(async () => {
    await pocket?.dispose()
  })

  test('a visited recording reads again with the server stopped', { tag: '@phone-full' }, async ({ page }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await page.goto(`${pocket.url}/recordings/rec_09_consult_knee?tab=actionable`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sports medicine consult – right knee' })).toBeVisible()
    const tasks = (await panel(page, 'Actionable').textContent()) ?? ''
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })

    await pocket.stop()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Sports medicine consult – right knee' })).toBeVisible()
    await expect(panel(page, 'Actionable')).toHaveText(tasks)
    await pocket.start()
  })
})

/** How many day headings are stuck under the top bar, the first one's text, and the day of the first row below it. */
function stuckHeading() {
  const top = document.querySelector('.shell__topbar')?.getBoundingClientRect().bottom ?? 0
  const stuck = Array.from(document.querySelectorAll('h2')).filter((h) => Math.abs(h.getBoundingClientRect().top - Math.max(0, top)) < 2)
  const h = stuck[0]
  // The first row still showing under the heading (its top may already be behind it).
  const edge = h?.getBoundingClientRect().bottom ?? 0
  const row = Array.from(document.querySelectorAll('.rec-row')).find((r) => r.getBoundingClientRect().bottom > edge + 1)
  const below = row?.querySelector('time')
  const day = below ? new Date(below.getAttribute('datetime') ?? '').toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : ''
  return { stuck: stuck.length, heading: h?.textContent ?? '', rowDay: day }
}
