import { EDGE_STROKE, FONT_FAMILY, NODE_HEIGHT, TITLE_FONT_SIZE, TITLE_FONT_WEIGHT } from './constants'
import type { MapLayout } from './layout'
import { ACCENT, CARD_RADIUS, CLUSTER_FILL, TEXT_COLOR, TEXT_X, cardStyle, edgePaths, lineYs } from './nodeVisual'

/**
 * The map as a standalone SVG document: every card of the current layout
 * (collapsed branches stay collapsed), drawn like the screen with the same
 * geometry. Only rect/path/text, so it opens anywhere and rasterises to PNG
 * without tainting a canvas.
 */
export function mapToSvg(layout: MapLayout, title: string): string {
  const { width, height } = layout
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  ]
  for (const c of layout.clusters) {
    parts.push(`<rect x="${c.x}" y="${c.y}" width="${c.width}" height="${c.height}" rx="28" fill="${CLUSTER_FILL}"/>`)
  }
  for (const g of edgePaths(layout.edges)) {
    parts.push(`<path d="${g.d}" fill="none" stroke="${g.color}" stroke-width="${EDGE_STROKE}"/>`)
  }
  const font = `font-family="${escapeXml(FONT_FAMILY)}" font-size="${TITLE_FONT_SIZE}" font-weight="${TITLE_FONT_WEIGHT}"`
  for (const p of layout.nodes) {
    const s = cardStyle(p)
    const ys = lineYs(p.lines.length)
    const text = p.lines.map(
      (line, i) => `<tspan x="${TEXT_X}" y="${ys[i]}" dominant-baseline="central">${escapeXml(line)}</tspan>`,
    )
    parts.push(
      `<g transform="translate(${p.x} ${p.y})">`,
      `<title>${escapeXml(p.node.title)}</title>`,
      `<rect width="${p.width}" height="${NODE_HEIGHT}" rx="${CARD_RADIUS}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${p.node.depth === 0 ? 2 : 1}"/>`,
      `<rect x="${ACCENT.x}" y="${ACCENT.y}" width="${ACCENT.width}" height="${ACCENT.height}" rx="${ACCENT.radius}" fill="${s.accent}"/>`,
      `<text ${font} fill="${TEXT_COLOR}">${text.join('')}</text>`,
      `</g>`,
    )
  }
  parts.push('</svg>')
  return parts.join('\n')
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
}

/** Browsers refuse canvases past about 16k px a side or ~268 M pixels; stay well inside. */
const MAX_SIDE = 16384
const MAX_PIXELS = 64_000_000

/** Pixel ratio of the PNG: 2× for sharpness, less when the map is too large for a canvas. */
export function pngScale(width: number, height: number): number {
  return Math.min(2, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_PIXELS / (width * height)))
}

export async function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const scale = pngScale(width, height)
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(width * scale))
    canvas.height = Math.max(1, Math.round(height * scale))
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('no 2D canvas')
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** Saves a blob under `fileName` through a temporary download link. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
