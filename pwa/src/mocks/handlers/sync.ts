import { create, toBinary } from '@bufbuild/protobuf'
import { http, HttpResponse } from 'msw'
import { PullResponseSchema } from '@/gen/pocket/sync/v1/sync_pb'

/**
 * SyncService on the mock server, for the app's sync engine (mounted once
 * signed in): Pull answers "nothing new", Push is unavailable, so queued
 * edits stay queued. Tests about sync replace these.
 */
export const syncHandlers = [
  http.post('/pocket.sync.v1.SyncService/Pull', () =>
    HttpResponse.arrayBuffer(toBinary(PullResponseSchema, create(PullResponseSchema, {})).slice().buffer, {
      headers: { 'Content-Type': 'application/proto' },
    }),
  ),
  http.post('/pocket.sync.v1.SyncService/Push', () =>
    HttpResponse.json({ code: 'unavailable', message: 'The mock server does not apply edits' }, { status: 503 }),
  ),
]
