import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db } from './db'
import { fetchDetail, readCachedDetail, trackView } from './detail'

const DETAIL = '/api/v1/recordings/:id'
const body = { recording: { id: 'r1', title: 'One' }, summarizations: {}, transcription: null }

describe('detail', () => {
  it('asks for include=all, unwraps {success, data} and writes through', async () => {
    let url = ''
    server.use(
      http.get(DETAIL, ({ request }) => {
        url = request.url
        return HttpResponse.json({ success: true, data: body })
      }),
    )
    await fetchDetail('r1')
    expect(new URL(url).pathname + new URL(url).search).toBe('/api/v1/recordings/r1?include=all')
    expect((await readCachedDetail(db, 'r1'))?.data).toEqual(body)
  })

  it('accepts an unwrapped response', async () => {
    server.use(http.get(DETAIL, () => HttpResponse.json(body)))
    await expect(fetchDetail('r1')).resolves.toMatchObject({ id: 'r1', data: body })
  })

  it.each([401, 403, 404, 500])('fails with "Failed to load recording" and status %i', async (status) => {
    server.use(http.get(DETAIL, () => HttpResponse.json({ message: 'nope' }, { status })))
    await expect(fetchDetail('r1')).rejects.toMatchObject({ status, message: 'Failed to load recording' })
  })

  it('a network failure defaults to status 500 and keeps its code', async () => {
    server.use(http.get(DETAIL, () => HttpResponse.error()))
    await expect(fetchDetail('r1')).rejects.toMatchObject({
      status: 500,
      code: 'NETWORK_ERROR',
      message: 'Failed to load recording',
    })
  })

  it('a 404 forgets the copy on the device', async () => {
    await db.details.put({ id: 'r1', fetchedAt: 1, data: body })
    await db.recordings.put({ id: 'r1', sortKey: '', data: { id: 'r1' } })
    server.use(http.get(DETAIL, () => HttpResponse.json({ message: 'gone' }, { status: 404 })))
    await fetchDetail('r1').catch(() => undefined)
    expect(await readCachedDetail(db, 'r1')).toBeNull()
    expect(await db.recordings.get('r1')).toBeUndefined()
  })

  it('a response without a recording is NO_DATA and is not stored', async () => {
    server.use(http.get(DETAIL, () => HttpResponse.json({ success: true, data: { recording: null } })))
    await expect(fetchDetail('r1')).rejects.toMatchObject({ code: 'NO_DATA' })
    expect(await readCachedDetail(db, 'r1')).toBeNull()
  })

  it('without an id: "No recording ID provided", status 400', async () => {
    await expect(fetchDetail('')).rejects.toMatchObject({ status: 400, message: 'No recording ID provided' })
  })

  it('tracks a view and ignores its failure', async () => {
    const calls: string[] = []
    server.use(
      http.post('/api/v1/recordings/:id/view', ({ params }) => {
        calls.push(String(params.id))
        return HttpResponse.json({ message: 'down' }, { status: 500 })
      }),
    )
    await expect(trackView('r1')).resolves.toBeUndefined()
    expect(calls).toEqual(['r1'])
  })
})
