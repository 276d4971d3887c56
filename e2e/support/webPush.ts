import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The browser's side of Web Push, played by the test: a subscription's keys
 * (RFC 8291: a P-256 key pair and a 16-byte auth secret) and a loopback
 * "push service" that receives what the server sends to that subscription
 * and decrypts it. node:crypto only.
 */
export interface TestSubscriber {
  /** Base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string
  auth: string
  decrypt(body: Buffer): string
}

export function newSubscriber(): TestSubscriber {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const authSecret = randomBytes(16)
  return {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt: (body) => decryptAes128gcm(body, ecdh, publicKey, authSecret),
  }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length))

/**
 * RFC 8188/8291 "aes128gcm": a header (salt 16, record size 4, key id length
 * 1, key id = the server's ephemeral public key) and, for a push message,
 * one record: AES-128-GCM with the tag last, padding after a 0x02 delimiter.
 */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20]
  const asPublic = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  if (record.length > recordSize)
    throw new Error(`push body has more than one record (${record.length} > ${recordSize})`)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = hkdf(authSecret, ecdh.computeSecret(asPublic), info, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(-16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('push record does not end with the last-record delimiter 0x02')
  return padded.subarray(0, end).toString('utf8')
}

/**
 * Checks the VAPID header (RFC 8292): `vapid t=<ES256 JWT>, k=<key>`, the
 * JWT signed by that key, for this push service's origin, not expired.
 * Returns the key (base64url) so the test can compare it with the one the
 * browser subscribed with.
 */
export function checkVapid(authorization: string | undefined, audience: string): string {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`)
  const [, header, claims, signature, k] = match as unknown as [string, string, string, string, string]
  const point = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('the VAPID JWT is not signed by its k= key')
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number }
  if (aud !== audience) throw new Error(`VAPID aud ${aud}, want ${audience}`)
  if (!exp || exp * 1000 < Date.now() || exp * 1000 > Date.now() + 24 * 3600_000)
    throw new Error(`VAPID exp ${exp} is not within 24 h`)
  return k
}

export interface PushDelivery {
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A loopback push service: every POST is kept and answered 201 Created, as a real one does. */
export interface TestPushService {
  url: string
  endpoint: string
  /** Resolves with the next delivery (waiting up to timeoutMs for one). */
  next(timeoutMs: number): Promise<PushDelivery>
  close(): Promise<void>
}

export async function startPushService(): Promise<TestPushService> {
  const received: PushDelivery[] = []
  const waiting: Array<(d: PushDelivery) => void> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks) }
      const waiter = waiting.shift()
      if (waiter) waiter(delivery)
      else received.push(delivery)
      res.writeHead(req.method === 'POST' ? 201 : 405).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    endpoint: `${url}/push/${randomBytes(8).toString('hex')}`,
    next: (timeoutMs) => {
      const ready = received.shift()
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const waiter = (d: PushDelivery) => {
          clearTimeout(timer)
          resolve(d)
        }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1)
          reject(new Error(`no push delivered within ${timeoutMs} ms`))
        }, timeoutMs)
        waiting.push(waiter)
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
