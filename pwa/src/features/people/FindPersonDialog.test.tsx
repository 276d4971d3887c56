import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { alice, renderApp, signInOnServer } from '@/test/render'

const CANDIDATES = '/api/v1/people/candidates'
const OWN = 'rec_01_weekly_sync'

const page = (from: number, count: number, nextOffset: number | null) => ({
  total: 3,
  nextOffset,
  data: Array.from({ length: count }, (_, i) => ({
    recording: {
      id: `r${from + i}`,
      title: `Meeting ${from + i}`,
      recordingAt: '2026-11-0' + (9 - from - i) + 'T10:00:00Z',
    },
    speakers: [
      { label: 'SPEAKER_00', name: 'Speaker 1', sample: `Hello from meeting ${from + i}`, start_time: 3 },
      { label: 'SPEAKER_02', name: 'Speaker 3', sample: 'Right, next item', start_time: 65 },
    ],
  })),
})

async function openFinder() {
  await signInOnServer(alice, { cacheProfile: true })
  renderApp(`/recordings/${OWN}`)
  await screen.findByRole('heading', { level: 1 })
  await userEvent.click(screen.getByRole('tab', { name: 'Transcription' }))
  // The tab's panel and the dialog are loaded when first shown: on a busy machine that takes more than a second.
  await userEvent.click(await screen.findByRole('button', { name: 'Find Daniel Okafor in other recordings' }))
  return screen.findByRole('dialog', { name: 'Find Daniel Okafor in other recordings' })
}

async function queuedRenames() {
  return (await listOutbox())
    .map((row) => readMutation(row)!.op)
    .filter((op) => op.case === 'renameSpeaker')
    .map((op) => op.value)
}

describe('Find <name> in other recordings', () => {
  it('lists recordings with their unnamed speakers and samples, pages with Load more, and queues one rename per ticked speaker', async () => {
    const asked: string[] = []
    server.use(
      http.get(CANDIDATES, ({ request }) => {
        const p = new URL(request.url).searchParams
        asked.push(`${p.get('name')}@${p.get('offset')}`)
        return HttpResponse.json(p.get('offset') === '0' ? page(1, 2, 2) : page(3, 1, null))
      }),
    )
    const dialog = await openFinder()
    const first = await within(dialog).findByRole('group', { name: /Meeting 1/ })
    expect(first).toHaveTextContent('November 8, 2026')
    const speaker1 = within(first).getByRole('checkbox', { name: 'Speaker 1' })
    expect(speaker1).toHaveAccessibleDescription('0:03 “Hello from meeting 1”')
    const confirm = within(dialog).getByRole('button', { name: 'Name 0 speakers' })
    expect(confirm).toBeDisabled()

    await userEvent.click(speaker1)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }))
    const third = await within(dialog).findByRole('group', { name: /Meeting 3/ })
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    await userEvent.click(within(third).getByRole('checkbox', { name: 'Speaker 3' }))
    const untick = within(first).getByRole('checkbox', { name: 'Speaker 3' })
    await userEvent.click(untick)
    expect(within(dialog).getByRole('button', { name: 'Name 3 speakers' })).toBeEnabled()
    await userEvent.click(untick) // ticked, then unticked again
    await userEvent.click(within(dialog).getByRole('button', { name: 'Name 2 speakers' }))

    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(await screen.findByText('Named 2 speakers as Daniel Okafor')).toBeInTheDocument()
    expect(await queuedRenames()).toMatchObject([
      { recordingId: 'r1', speaker: 'SPEAKER_00', name: 'Daniel Okafor' },
      { recordingId: 'r3', speaker: 'SPEAKER_02', name: 'Daniel Okafor' },
    ])
    expect(asked).toEqual(['Daniel Okafor@0', 'Daniel Okafor@2'])
  })

  it('leaves out the recording it was opened from (the server may not have its rename yet)', async () => {
    const here = {
      recording: { id: OWN, title: 'This very meeting', recordingAt: '2026-11-17T09:30:00Z' },
      speakers: page(1, 1, null).data[0]!.speakers,
    }
    server.use(
      http.get(CANDIDATES, () => HttpResponse.json({ ...page(1, 1, null), data: [here, ...page(1, 1, null).data] })),
    )
    const dialog = await openFinder()
    expect(await within(dialog).findByRole('group', { name: /Meeting 1/ })).toBeInTheDocument()
    expect(within(dialog).queryByRole('group', { name: /This very meeting/ })).not.toBeInTheDocument()
  })

  it('says so when no other recording has an unnamed speaker', async () => {
    server.use(http.get(CANDIDATES, () => HttpResponse.json({ data: [], total: 0, nextOffset: null })))
    const dialog = await openFinder()
    expect(
      await within(dialog).findByText('No other recordings have an unnamed speaker who could be Daniel Okafor.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Name 0 speakers' })).toBeDisabled()
  })

  it('shows a failed load with Try again, which loads the list', async () => {
    let fail = true
    server.use(
      http.get(CANDIDATES, () =>
        fail
          ? HttpResponse.json({ success: false, message: 'boom', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json(page(1, 1, null)),
      ),
    )
    const dialog = await openFinder()
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Couldn’t load your recordings.')
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('group', { name: /Meeting 1/ })).toBeInTheDocument()
  })

  it('Cancel closes without naming anyone, and focus returns to the button', async () => {
    server.use(http.get(CANDIDATES, () => HttpResponse.json(page(1, 1, null))))
    const dialog = await openFinder()
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Speaker 1' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(dialog).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Find Daniel Okafor in other recordings' })).toHaveFocus()
    expect(await queuedRenames()).toEqual([])
  })
})
