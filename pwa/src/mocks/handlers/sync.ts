import { create, fromBinary, toBinary } from '@bufbuild/protobuf'
import { http, HttpResponse, ws } from 'msw'
import {
  MutationResultSchema,
  Outcome,
  PullResponseSchema,
  PushRequestSchema,
  PushResponseSchema,
} from '@/gen/pocket/sync/v1/sync_pb'

/**
 * The sync server of the mock backend, just enough for the app to run
 * against it (dev without a backend, component tests): nothing to pull,
 * and every pushed edit is answered RETRY, so it stays queued and shown as
 * waiting. Tests about sync itself use data/sync/fakeSyncServer.ts.
 */
const binary = (body: Uint8Array) =>
  new HttpResponse(body.slice().buffer, { headers: { 'Content-Type': 'application/proto' } })

const events = ws.link(/\/api\/v1\/events$/)

export const syncHandlers = [
  http.post('*/pocket.sync.v1.SyncService/Pull', () =>
    binary(toBinary(PullResponseSchema, create(PullResponseSchema, { cursor: 'mock-cursor', hasMore: false }))),
  ),
  http.post('*/pocket.sync.v1.SyncService/Push', async ({ request }) => {
    const push = fromBinary(PushRequestSchema, new Uint8Array(await request.arrayBuffer()))
    const results = push.mutations.map((m) =>
      create(MutationResultSchema, { idempotencyKey: m.idempotencyKey, outcome: Outcome.RETRY }),
    )
    return binary(toBinary(PushResponseSchema, create(PushResponseSchema, { results })))
  }),
  // The live socket: a hello after the auth message, then no events.
  events.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      if (typeof event.data === 'string' && event.data.includes('"auth"'))
        client.send(JSON.stringify({ type: 'hello', protocol: 1 }))
    })
  }),
]
