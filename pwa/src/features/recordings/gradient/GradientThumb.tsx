import { useMemo, type CSSProperties } from 'react'
import type { MeshGradient } from '@/data/normalize/gradient'
import { meshDataUrl } from './meshImage'

/** Spec §5: without a usable gradient the thumbnail is purple to blue. */
const FALLBACK_GRADIENT = 'linear-gradient(135deg, #8b5cf6 0%, #6366f1 50%, #3b82f6 100%)'

interface Props {
  id: string
  gradient: MeshGradient | null
  /** The duration badge ('5 min'); none when null. */
  badge: string | null
}

/** The row thumbnail: the recording's mesh gradient with its duration badge. */
export function GradientThumb({ id, gradient, badge }: Props) {
  const url = useMemo(() => (gradient ? meshDataUrl(id, gradient) : null), [id, gradient])
  const style: CSSProperties = url ? { backgroundImage: `url(${url})` } : { backgroundImage: FALLBACK_GRADIENT }
  return (
    <div className="thumb" style={style} data-gradient={gradient ? 'mesh' : 'fallback'} aria-hidden={badge ? undefined : true}>
      {badge && <span className="thumb__badge">{badge}</span>}
    </div>
  )
}
