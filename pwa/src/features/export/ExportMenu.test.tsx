import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { fixtureFiles } from '@/mocks/fixtures'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { fileName } from '@/data/api/http'

let asked: string[] = []
let saved: { name: string; text: Promise<string> }[] = []

beforeEach(() => {
  asked = []
  saved = []
  const f = fixtureFiles().find((x) => x.recording.id === 'rec_01_weekly_sync')!
  server.use(
    http.get('/api/v1/recordings/:id', () => HttpResponse.json({ success: true, data: f })),
    http.post('/api/v1/recordings/:id/view', () => HttpResponse.json({ success: true })),
    http.get('/api/v1/recordings/:id/export', ({ request }) => {
      const format = new URL(request.url).searchParams.get('format') ?? ''
      asked.push(`${request.headers.get('Authorization') ? 'bearer' : 'anonymous'} ${format}`)
      if (format === 'vtt')
        return HttpResponse.json({ success: false, message: 'Export is down', code: 'X' }, { status: 400 })
      return new HttpResponse(`# Weekly Product Sync (${format})`, {
        headers: {
          'Content-Disposition': `attachment; filename="Weekly Product Sync.${format}"; filename*=UTF-8''Weekly%20Product%20Sync.${format}`,
        },
      })
    }),
  )
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: Promise.resolve(this.href) })
  })
})
afterEach(() => vi.restoreAllMocks())

async function openScreen() {
  await signInOnServer(alice, { cacheProfile: true })
  renderApp('/recordings/rec_01_weekly_sync')
  // The first test also pays for loading the screen's modules; the menu is
  // loaded after the screen shows, its button disabled until then.
  const ready = () => screen.getByRole('button', { name: 'Export' })
  await waitFor(() => expect(ready()).toBeEnabled(), { timeout: 15_000 })
  return ready()
}

describe('export menu', () => {
  it('is a keyboard menu button whose items download through the signed-in API', { timeout: 30_000 }, async () => {
    const trigger = await openScreen()
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    trigger.focus()
    await userEvent.keyboard('{ArrowDown}')
    const menu = await screen.findByRole('menu', { name: 'Export' })
    const items = screen.getAllByRole('menuitem').filter((i) => menu.contains(i))
    expect(items.map((i) => i.textContent)).toEqual([
      'Markdown',
      'Plain text',
      'Subtitles (SRT)',
      'Subtitles (WebVTT)',
      'JSON',
      'Print / Save as PDF',
    ])
    expect(items[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    expect(items[5]).toHaveFocus()
    await userEvent.keyboard('{Home}{ArrowDown}')
    expect(items[1]).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu', { name: 'Export' })).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()

    await userEvent.click(trigger)
    await userEvent.click(screen.getByRole('menuitem', { name: 'Subtitles (SRT)' }))
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Weekly Product Sync.srt']))
    expect(asked).toEqual(['bearer srt'])
  })

  it("shows the server's message when a download is refused", async () => {
    await userEvent.click(await openScreen())
    await userEvent.click(screen.getByRole('menuitem', { name: 'Subtitles (WebVTT)' }))
    expect(await screen.findByText('Export is down')).toBeInTheDocument()
    expect(saved).toEqual([])
  })

  it('says downloads need a connection when offline, and keeps printing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await userEvent.click(await openScreen())
    const menu = screen.getByRole('menu', { name: 'Export' })
    expect(menu).toHaveAccessibleDescription(/downloads need a connection/)
    const md = screen.getByRole('menuitem', { name: 'Markdown' })
    expect(md).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(md)
    expect(asked).toEqual([])
    expect(screen.getByRole('menuitem', { name: 'Print / Save as PDF' })).not.toHaveAttribute('aria-disabled', 'true')
  })
})

describe('fileName', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(fileName(`attachment; filename="Caf_.md"; filename*=UTF-8''Caf%C3%A9.md`)).toBe('Café.md')
    expect(fileName('attachment; filename="plain.txt"')).toBe('plain.txt')
    expect(fileName(`attachment; filename="ok.md"; filename*=UTF-8''%E0%A4`)).toBe('ok.md')
    expect(fileName(null)).toBe('download')
  })
})
