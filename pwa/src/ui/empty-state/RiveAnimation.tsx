import { useEffect, useRef } from 'react'
import { useRive } from '@rive-app/react-canvas'
import { animationSrc, clampDevicePixelRatio, STATE_MACHINE, type EmptyStateAnimation } from './animation'
import { selfHostRiveRuntime } from './riveRuntime'

// Before the first Rive instance asks for its runtime. This module is only
// ever loaded lazily (see EmptyState), so the runtime stays out of the
// bundles of screens that show no animation.
selfHostRiveRuntime()

export interface RiveAnimationProps {
  animation: EmptyStateAnimation
  /** Show a still frame (frame 0 is drawn to be a complete picture) instead of playing. */
  still: boolean
  /** Called once if the file or the runtime fails to load. */
  onError: () => void
}

/** Plays one of the generated .riv files in a loop, filling its container. */
export default function RiveAnimation({ animation, still, onError }: RiveAnimationProps) {
  const src = animationSrc(animation)
  // The Rive instance keeps the callbacks it was created with: read the latest through a ref.
  const onErrorRef = useRef(onError)
  useEffect(() => {
    onErrorRef.current = onError
  }, [onError])

  const { rive, RiveComponent } = useRive(
    {
      src,
      stateMachine: STATE_MACHINE,
      autoplay: !still,
      // Our files embed everything; never look assets up on Rive's CDN.
      enableRiveAssetCDN: false,
      // Decorative: no pointer listeners, nothing to interact with.
      shouldDisableRiveListeners: true,
      onLoadError: (event) => {
        console.error(`Empty-state animation ${src} failed to load`, event.data)
        onErrorRef.current()
      },
    },
    { customDevicePixelRatio: clampDevicePixelRatio(window.devicePixelRatio) },
  )

  // Follow a change of the reduced-motion setting while the block is shown.
  useEffect(() => {
    if (!rive) return
    if (still) rive.pause()
    else if (!rive.isPlaying) rive.play()
  }, [rive, still])

  return <RiveComponent className="empty-state__canvas" />
}
