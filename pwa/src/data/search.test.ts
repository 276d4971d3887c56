import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db } from './db'
import { searchRecordings } from './search'

describe('search', () => {
  it('sends only q, merges duplicates and leaves IndexedDB alone', async () => {
    const seen: string[] = []
    server.use(
      http.get('/api/v1/recordings/search', ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json({
          success: true,
          data: [
            { id: 'a', title: 'old copy', recordingAt: '2026-01-01T00:00:00Z' },
            { id: 'b', title: 'B' },
            { id: 'a', title: 'new copy', recordingAt: '2026-01-02T00:00:00Z' },
          ],
          total: 3,
        })
      }),
    )
    const results = await searchRecordings('budget review')
    expect(seen).toEqual(['?q=budget+review'])
    expect(results.fromDevice).toBe(false)
    expect(results.recordings.map((r) => r.title)).toEqual(['B', 'new copy'])
    expect(await db.recordings.count()).toBe(0)
  })

  it('rejects an answer without a data array', async () => {
    server.use(http.get('/api/v1/recordings/search', () => HttpResponse.json({ results: [] })))
    await expect(searchRecordings('x')).rejects.toMatchObject({ message: 'Unexpected response format from server' })
  })
})
