import type { MeshGradient } from '@/data/normalize/gradient'
import { meshPixels } from './mesh'

/** Rendered at this size and scaled by CSS: a smooth gradient loses nothing. */
const MESH_RASTER = 32
const CACHE_LIMIT = 600

/**
 * Data URLs of rendered meshes, per recording id. Rows scroll in and out of
 * a virtual list constantly; each mesh is drawn once and reused (insertion
 * order doubles as a cheap LRU: a hit is moved to the end).
 */
const cache = new Map<string, { key: string; url: string | null }>()

/** A PNG data URL of the mesh, or null where the browser has no 2D canvas (tests). */
export function meshDataUrl(id: string, mesh: MeshGradient): string | null {
  const key = signature(mesh)
  const hit = cache.get(id)
  if (hit && hit.key === key) {
    cache.delete(id)
    cache.set(id, hit)
    return hit.url
  }
  const url = draw(mesh)
  cache.set(id, { key, url })
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  return url
}

function draw(mesh: MeshGradient): string | null {
  if (typeof document === 'undefined') return null
  const canvas = document.createElement('canvas')
  canvas.width = MESH_RASTER
  canvas.height = MESH_RASTER
  let ctx: CanvasRenderingContext2D | null = null
  try {
    ctx = canvas.getContext('2d')
  } catch {
    return null // jsdom without a canvas backend
  }
  if (!ctx) return null
  const image = ctx.createImageData(MESH_RASTER, MESH_RASTER)
  image.data.set(meshPixels(mesh, MESH_RASTER, MESH_RASTER))
  ctx.putImageData(image, 0, 0)
  return canvas.toDataURL('image/png')
}

function signature(mesh: MeshGradient): string {
  return `${mesh.colors.join(',')}|${mesh.vertices.map((v) => `${v.x},${v.y}`).join(';')}`
}
