import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf'
import { http, HttpResponse } from 'msw'
import {
  GetVapidPublicKeyResponseSchema,
  SubscribeRequestSchema,
  SubscribeResponseSchema,
  UnsubscribeRequestSchema,
  UnsubscribeResponseSchema,
} from '@/gen/pocket/push/v1/push_pb'

/**
 * The push server of the mock backend: a fixed VAPID key (a real P-256
 * point, so a browser accepts it) and the subscriptions it was given, which
 * component tests read. Nothing is ever pushed.
 */
export const MOCK_VAPID_PUBLIC_KEY =
  'BJL7hgaLaVc1GV7DLTG4VglBo6CTZi6GOibums_eoz-0yvmxbf7msJaaGhSsWhFwo-NeztCMqW8G3hdccmVUQr0'

export interface MockPushSubscription {
  p256dh: string
  auth: string
  /** The Authorization header the call came with. */
  authorization: string | null
}

export const mockPush = {
  subscriptions: new Map<string, MockPushSubscription>(),
  /** Endpoints Unsubscribe was called with, and the Authorization header of each call. */
  unsubscribed: [] as Array<{ endpoint: string; authorization: string | null }>,
  reset(): void {
    this.subscriptions.clear()
    this.unsubscribed = []
  },
}

const binary = <D extends DescMessage>(schema: D, message: MessageShape<D>) =>
  new HttpResponse(toBinary(schema, message).slice().buffer, { headers: { 'Content-Type': 'application/proto' } })

const read = async <D extends DescMessage>(schema: D, request: Request) =>
  fromBinary(schema, new Uint8Array(await request.arrayBuffer()))

export const pushHandlers = [
  http.post('*/pocket.push.v1.PushService/GetVapidPublicKey', () =>
    binary(
      GetVapidPublicKeyResponseSchema,
      create(GetVapidPublicKeyResponseSchema, { publicKey: MOCK_VAPID_PUBLIC_KEY }),
    ),
  ),
  http.post('*/pocket.push.v1.PushService/Subscribe', async ({ request }) => {
    const { subscription } = await read(SubscribeRequestSchema, request)
    if (subscription) {
      const { endpoint, p256dh, auth } = subscription
      mockPush.subscriptions.set(endpoint, { p256dh, auth, authorization: request.headers.get('Authorization') })
    }
    return binary(SubscribeResponseSchema, create(SubscribeResponseSchema))
  }),
  http.post('*/pocket.push.v1.PushService/Unsubscribe', async ({ request }) => {
    const { endpoint } = await read(UnsubscribeRequestSchema, request)
    mockPush.subscriptions.delete(endpoint)
    mockPush.unsubscribed.push({ endpoint, authorization: request.headers.get('Authorization') })
    return binary(UnsubscribeResponseSchema, create(UnsubscribeResponseSchema))
  }),
]
