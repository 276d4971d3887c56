import { argbToRgba, type MeshGradient } from '@/data/normalize/gradient'
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

/** The mesh's PNG data URL if it was drawn already (null: no 2D canvas here), undefined if not. */
export function drawnMesh(id: string, mesh: MeshGradient): string | null | undefined {
  const hit = cache.get(id)
  if (!hit || hit.key !== signature(mesh)) return undefined
  cache.delete(id)
  cache.set(id, hit)
  return hit.url
}

/** A PNG data URL of the mesh, or null where the browser has no 2D canvas (tests). */
export function meshDataUrl(id: string, mesh: MeshGradient): string | null {
  const drawn = drawnMesh(id, mesh)
  if (drawn !== undefined) return drawn
  const key = signature(mesh)
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

/**
 * What a thumbnail shows until its mesh is drawn: its corner and centre
 * colours as a CSS gradient, which costs no script time and is close to the
 * mesh, so the swap is barely seen.
 */
export function meshPreview(mesh: MeshGradient): string {
  const css = (argb: number | undefined) => {
    const [r, g, b, a] = argbToRgba(argb ?? 0)
    return `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(3)})`
  }
  return `linear-gradient(135deg, ${css(mesh.colors[0])}, ${css(mesh.colors[4])}, ${css(mesh.colors[8])})`
}

export type IdleRunner = (work: (timeLeft: () => number) => void) => void

/** The browser's idle time, or soon after a frame where it has none (Safari); never later than 500 ms. */
const browserIdle: IdleRunner = (work) => {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback((deadline) => work(() => deadline.timeRemaining()), { timeout: 500 })
  else
    setTimeout(() => {
      const end = performance.now() + 8
      work(() => end - performance.now())
    }, 16)
}

/**
 * Meshes drawn in idle time rather than in the render that shows their rows:
 * the list's first paint (a cold start, a scroll into new rows) never waits
 * for them. Each idle period draws as many as fit, at least one.
 */
export function meshQueue(idle: IdleRunner = browserIdle) {
  const jobs = new Set<{ id: string; mesh: MeshGradient; done: (url: string | null) => void }>()
  let scheduled = false
  const run = (timeLeft: () => number) => {
    scheduled = false
    for (const job of jobs) {
      jobs.delete(job)
      job.done(meshDataUrl(job.id, job.mesh))
      if (timeLeft() < 2) break
    }
    if (jobs.size > 0) schedule()
  }
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    idle(run)
  }
  return {
    /** Draws the mesh soon, then calls done; the returned function cancels (the row left the screen). */
    request: (id: string, mesh: MeshGradient, done: (url: string | null) => void): (() => void) => {
      const job = { id, mesh, done }
      jobs.add(job)
      schedule()
      return () => void jobs.delete(job)
    },
  }
}

const appQueue = meshQueue()

/** The app's queue of meshes to draw (see meshQueue). */
export const drawMeshSoon = appQueue.request
