// Draws the app icons (192, 512, maskable 512) as PNGs with no image tooling:
// a purple-blue gradient tile with five white waveform bars, the same mark as
// public/favicon.svg and src/ui/Logo.tsx. Run once: node pwa/scripts/make-icons.mjs
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BARS = [0.35, 0.6, 0.9, 0.6, 0.35] // bar heights, relative to the glyph box
const FROM = [0x63, 0x66, 0xf1] // #6366f1
const TO = [0x7c, 0x3a, 0xed] // #7c3aed

function crc32(buf) {
  let c,
    crc = 0xffffffff
  for (const b of buf) {
    c = (crc ^ b) & 0xff
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    crc = (crc >>> 8) ^ c
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0 // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5)
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4)
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const inRoundRect = (x, y, x0, y0, w, h, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x0 + w - r)
  const cy = Math.min(Math.max(y, y0 + r), y0 + h - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

function icon(size, { maskable }) {
  const radius = maskable ? 0 : size * 0.22
  const glyph = size * (maskable ? 0.5 : 0.62) // maskable keeps the mark in the safe zone
  const barW = glyph / 9
  return png(size, (x, y) => {
    if (!inRoundRect(x, y, 0, 0, size, size, radius)) return [0, 0, 0, 0]
    const t = (x + y) / (2 * size)
    const bg = FROM.map((f, i) => Math.round(f + (TO[i] - f) * t))
    const left = (size - glyph) / 2
    for (let i = 0; i < BARS.length; i++) {
      const h = glyph * BARS[i]
      const bx = left + barW * (2 * i) + barW / 2
      if (inRoundRect(x, y, bx, (size - h) / 2, barW, h, barW / 2)) return [255, 255, 255, 255]
    }
    return [...bg, 255]
  })
}

const out = new URL('../public/icons/', import.meta.url)
writeFileSync(new URL('icon-192.png', out), icon(192, { maskable: false }))
writeFileSync(new URL('icon-512.png', out), icon(512, { maskable: false }))
writeFileSync(new URL('maskable-512.png', out), icon(512, { maskable: true }))
writeFileSync(new URL('apple-touch-icon-180.png', out), icon(180, { maskable: true }))
