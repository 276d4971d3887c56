import { readFileSync } from 'node:fs'
import { expect, test, type Download, type Page } from '@playwright/test'
import { openSidebar } from '../support/app'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { readZip } from '../support/zip'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

/**
 * Exports: each format downloaded from the recording screen's Export menu
 * and checked against what it must say (and against the Go tests' golden
 * files, built from the same fixtures), the library backup from the user
 * menu, and the printed document.
 */
test.use({ timezoneId: 'UTC', ...WITHOUT_SERVICE_WORKER })

const FIXTURES = new URL('../../fixtures/recordings/', import.meta.url)
const GOLDEN = new URL('../../pkg/export/testdata/', import.meta.url)
const UPLOADED = ['01-weekly-product-sync.json', '02-one-on-one-leo.json', '19-voice-memo-no-transcription.json']
const LEO = 'rec_02_one_on_one_leo'
const FIRST_LINE = 'Hey Leo, thanks for making time. How was the week?'

/** A user of this test alone, with the fixture files uploaded through the API (Leo's 1:1 by default). */
async function freshLibrary(page: Page, files = ['02-one-on-one-leo.json']): Promise<string> {
  const email = `exp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await signInThroughIssuer(page.request, email)
  const { idToken } = (await (await page.request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as { idToken: string }
  for (const file of files) {
    const res = await page.request.post(`${stack.pocketURL}/api/v1/recordings`, {
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      data: readFileSync(new URL(file, FIXTURES)),
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  return email
}

/** Opens Leo's 1:1 from the list, as a user would. */
async function openLeo(page: Page): Promise<void> {
  await page.goto('/recordings')
  await page.getByRole('link', { name: '1:1 with Leo', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeVisible()
}

async function text(download: Download): Promise<string> {
  return readFileSync(await download.path()).toString('utf8')
}

async function exportAs(page: Page, item: string): Promise<Download> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const menu = page.getByRole('menu', { name: 'Export' })
  const downloaded = page.waitForEvent('download')
  await menu.getByRole('menuitem', { name: item, exact: true }).click()
  return downloaded
}

test.describe('export', () => {
  test('each format downloads from the Export menu with the recording in it', { tag: '@phone-full' }, async ({ page }) => {
    test.setTimeout(60_000) // five downloads, one after the other
    await freshLibrary(page)
    await openLeo(page)

    const md = await exportAs(page, 'Markdown')
    expect(md.suggestedFilename()).toBe('1 1 with Leo.md')
    const markdown = await text(md)
    expect(markdown).toContain('## Summary')
    expect(markdown).toContain(`**0:00** **Priya Raman:** ${FIRST_LINE}`)
    expect(markdown).toBe(readFileSync(new URL(`${LEO}.md`, GOLDEN), 'utf8'))

    const txt = await text(await exportAs(page, 'Plain text'))
    expect(txt).toContain(`[0:00] Priya Raman: ${FIRST_LINE}`)
    expect(txt).not.toContain('**')

    const srt = await text(await exportAs(page, 'Subtitles (SRT)'))
    const cues = srt.trim().split(/\n\n/)
    expect(cues).toHaveLength(23) // the transcript's 23 segments with text
    expect(cues[0]).toBe(`1\n00:00:00,400 --> 00:00:04,350\nPriya Raman: ${FIRST_LINE}`)
    expect(srt).toBe(readFileSync(new URL(`${LEO}.srt`, GOLDEN), 'utf8'))

    const vtt = await text(await exportAs(page, 'Subtitles (WebVTT)'))
    expect(vtt.startsWith('WEBVTT - 1:1 with Leo\n\n1\n00:00:00.400 --> 00:00:04.350\n')).toBe(true)
    expect(vtt.match(/-->/g)).toHaveLength(23)

    const json = JSON.parse(await text(await exportAs(page, 'JSON'))) as { recording: { id: string; folder: { name: string } } }
    expect(json.recording.id).toBe(LEO)
    expect(json.recording.folder.name).toBe('Work')
  })

  test('the backup in the user menu holds one import file per recording of the user', { tag: ['@phone-full', '@relay'] }, async ({ page }) => {
    const email = await freshLibrary(page, UPLOADED)
    await page.goto('/recordings')
    await openSidebar(page)
    await page.getByRole('button', { name: email, exact: true }).click()
    const downloaded = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'Download backup (.zip)' }).click()
    const backup = await downloaded
    expect(backup.suggestedFilename()).toMatch(/^pocket-backup-\d{4}-\d{2}-\d{2}\.zip$/)
    const [library, ...entries] = readZip(readFileSync(await backup.path()))
    expect(library.name).toBe('library.json') // the folders and own templates, restored before the recordings
    const ids = entries.map((e) => (JSON.parse(e.data.toString('utf8')) as { recording: { id: string } }).recording.id).sort()
    expect(ids).toEqual(['rec_01_weekly_sync', LEO, 'rec_19_memo_no_transcript'])
  })

  test('printing shows summary, action items and transcript without navigation or controls', { tag: '@phone' }, async ({ page }) => {
    await freshLibrary(page)
    await openLeo(page)
    const transcriptLine = page.getByText(FIRST_LINE, { exact: true })
    const task = page.getByText('Write cron job for staging snapshot cleanup', { exact: true })
    await expect(transcriptLine).toBeHidden() // the Summary tab is selected

    await page.emulateMedia({ media: 'print' })
    await expect(transcriptLine).toBeVisible()
    await expect(task).toBeVisible()
    await expect(page.getByText('Leo had a heavy on-call week', { exact: false })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main', includeHidden: true })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeHidden()
    await expect(page.getByRole('tablist', { includeHidden: true })).toBeHidden()

    await page.emulateMedia({ media: 'screen' })
    await expect(transcriptLine).toBeHidden()
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible()
  })
})
