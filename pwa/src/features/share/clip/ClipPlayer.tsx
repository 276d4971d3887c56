import { useId, useRef, useState } from 'react'
import { formatClock } from '@/data/time'
import { CLIP_AUDIO_UNAVAILABLE_TEXT } from './clipTexts'

interface Props {
  src: string
  /** Where on the recording's timeline the audio's first byte plays (X-Clip-Start). */
  from: number
  /** The clip's range on the recording's timeline, in seconds. */
  start: number
  end: number
}

/**
 * The clip's player: Play/Pause and a position slider, both native controls
 * (Space/Enter, arrow keys). Positions are on the recording's timeline, as the
 * excerpt's times are; the audio itself begins at `from`, which an Ogg cut
 * puts up to a page before `start`, so playing starts at `start` and stops at `end`.
 */
export function ClipPlayer({ src, from, start, end }: Props) {
  const id = useId()
  const audio = useRef<HTMLAudioElement>(null)
  const [at, setAt] = useState(start)
  const [playing, setPlaying] = useState(false)
  const [failed, setFailed] = useState(false)

  const seek = (t: number) => {
    const clamped = Math.min(end, Math.max(start, t))
    if (audio.current) audio.current.currentTime = Math.max(0, clamped - from)
    setAt(clamped)
  }
  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (!el.paused) return el.pause()
    if (at >= end - 0.05) seek(start)
    void el.play().catch(() => setFailed(true))
  }
  const onTime = () => {
    const el = audio.current
    if (!el) return
    const t = from + el.currentTime
    if (t >= end) {
      el.pause()
      setAt(end)
    } else setAt(Math.max(start, t))
  }

  if (failed) return <p className="clip__muted">{CLIP_AUDIO_UNAVAILABLE_TEXT}</p>
  return (
    <div className="clip-player">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the clip's words are its excerpt, shown below the player; there is no caption track to give */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onLoadedMetadata={() => seek(at)}
        onTimeUpdate={onTime}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => setFailed(true)}
      />
      <button type="button" className="button button--primary clip-player__play" onClick={toggle}>
        {playing ? 'Pause' : 'Play clip'}
      </button>
      <input
        id={`${id}-position`}
        className="clip-player__position"
        type="range"
        aria-label="Position"
        aria-valuetext={`${formatClock(at)} of ${formatClock(end)}`}
        min={start}
        max={end}
        step={1}
        value={at}
        onChange={(e) => seek(Number(e.target.value))}
      />
      <span className="clip-player__time" aria-hidden="true">
        {formatClock(at)} / {formatClock(end)}
      </span>
    </div>
  )
}
