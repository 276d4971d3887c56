import { useEffect, useState, type CSSProperties } from 'react'
import type { MeshGradient } from '@/data/normalize/gradient'
import { drawMeshSoon, drawnMesh, meshPreview } from './meshImage'

/** Spec §5: without a usable gradient the thumbnail is purple to blue. */
const FALLBACK_GRADIENT = 'linear-gradient(135deg, #8b5cf6 0%, #6366f1 50%, #3b82f6 100%)'

interface Props {
  id: string
  gradient: MeshGradient | null
  /** The duration badge ('5 min'); none when null. */
  badge: string | null
}

/**
 * The recording's mesh as an image URL: at once when it was drawn before,
 * else its preview until it is drawn in idle time (meshImage.ts); null for
 * no gradient, or no canvas to draw with.
 */
function useMesh(id: string, gradient: MeshGradient | null): string | null | undefined {
  const [drawn, setDrawn] = useState<{ gradient: MeshGradient; url: string | null } | null>(null)
  const ready = gradient && (drawn?.gradient === gradient ? drawn.url : drawnMesh(id, gradient))
  useEffect(() => {
    if (!gradient || drawnMesh(id, gradient) !== undefined) return
    return drawMeshSoon(id, gradient, (url) => setDrawn({ gradient, url }))
  }, [id, gradient])
  return gradient ? ready : null
}

/** The row thumbnail: the recording's mesh gradient with its duration badge. */
export function GradientThumb({ id, gradient, badge }: Props) {
  const url = useMesh(id, gradient)
  const image = url ? `url(${url})` : gradient && url === undefined ? meshPreview(gradient) : FALLBACK_GRADIENT
  const style: CSSProperties = { backgroundImage: image }
  return (
    <div
      className="thumb"
      style={style}
      data-gradient={gradient ? 'mesh' : 'fallback'}
      aria-hidden={badge ? undefined : true}
    >
      {badge && <span className="thumb__badge">{badge}</span>}
    </div>
  )
}
