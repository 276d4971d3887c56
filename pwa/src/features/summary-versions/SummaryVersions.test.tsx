import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { renderWithProviders } from '@/test/render'
import type { SummaryVersion } from '@/data/summaryVersions'
import SummaryVersions from './SummaryVersions'

const device: SummaryVersion = {
  id: 'sum_device',
  templateId: null,
  language: null,
  engine: null,
  status: 'completed',
  createdAt: '2026-11-20T10:00:00Z',
  current: true,
  v2Summary: '## Overview\nThe device summary',
}

/** A server of one recording's versions: POST makes one pending, PUT current reorders. */
function versionsServer() {
  const state = { versions: [device], posted: [] as unknown[] }
  server.use(
    http.get('/api/v1/templates', () =>
      HttpResponse.json({
        success: true,
        data: [
          { id: 'general', name: 'General', builtin: true, sections: [] },
          { id: 'meeting', name: 'Meeting', builtin: true, sections: [] },
        ],
      }),
    ),
    http.get('/api/v1/recordings/r1/summaries', () => HttpResponse.json({ success: true, data: state.versions })),
    http.post('/api/v1/recordings/r1/summaries', async ({ request }) => {
      const body = (await request.json()) as { templateId: string; language: string }
      state.posted.push(body)
      const made: SummaryVersion = {
        id: 'sum_new',
        templateId: body.templateId,
        language: body.language,
        engine: 'local',
        status: 'completed',
        createdAt: '2026-12-02T10:00:00Z',
        current: true,
        v2Summary: '## Überblick\nDer neue',
      }
      state.versions = [made, { ...device, current: false }]
      return HttpResponse.json({ success: true, data: { ...made, status: 'pending', current: false } }, { status: 202 })
    }),
    http.put('/api/v1/recordings/r1/summaries/current', async ({ request }) => {
      const { id } = (await request.json()) as { id: string }
      state.versions = state.versions.map((v) => ({ ...v, current: v.id === id }))
      return HttpResponse.json({ success: true, data: state.versions })
    }),
  )
  return state
}

describe('SummaryVersions', () => {
  it('regenerates with a template and a language, then switches between the versions', async () => {
    const state = versionsServer()
    const user = userEvent.setup()
    renderWithProviders(<SummaryVersions recordingId="r1" current={<p>current summary</p>} />)
    expect(screen.getByText('current summary')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Regenerate summary' }))
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate summary' })
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Meeting' })).toBeInTheDocument())
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'meeting')
    await user.selectOptions(within(dialog).getByLabelText('Output language'), 'de')
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.posted).toEqual([{ templateId: 'meeting', language: 'de' }])

    const switcher = await screen.findByLabelText('Version')
    await user.selectOptions(switcher, 'sum_device')
    expect(await screen.findByText('The device summary')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show this version' }))
    await waitFor(() => expect(state.versions.find((v) => v.current)?.id).toBe('sum_device'))
  })

  it('shows a version being made with Cancel, and a failed one with its reason', async () => {
    server.use(
      http.get('/api/v1/recordings/r1/summaries', () =>
        HttpResponse.json({
          success: true,
          data: [
            { ...device, id: 'sum_p', status: 'running', current: false, templateId: 'call', v2Summary: '' },
            { ...device, id: 'sum_f', status: 'failed', current: false, error: 'The template was deleted.' },
            device,
          ],
        }),
      ),
    )
    renderWithProviders(<SummaryVersions recordingId="r1" current={<p>current summary</p>} />)
    expect(await screen.findByRole('status')).toHaveTextContent('Writing a new summary (call')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('The template was deleted.')
  })

  it('says so when the versions cannot be loaded, and keeps the current summary', async () => {
    server.use(
      http.get('/api/v1/recordings/r1/summaries', () =>
        HttpResponse.json({ success: false, message: 'boom', code: 'INTERNAL' }, { status: 500 }),
      ),
    )
    renderWithProviders(<SummaryVersions recordingId="r1" current={<p>current summary</p>} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the summary versions.')
    expect(screen.getByText('current summary')).toBeInTheDocument()
  })
})
