import { useId } from 'react'
import { formatClock } from '@/data/time'
import { SKIP_SECONDS, SPEEDS, usePlayer } from './PlayerContext'
import './player.css'

const KEYS_HELP =
  'Keyboard: Space or K plays and pauses; J or Left arrow goes back 15 seconds; L or Right arrow goes forward 15 seconds.'

/**
 * The detail screen's player bar: play/pause, ±15 s, seek, speed. It stays
 * in view on every tab (sticky on desktop, above the tab bar on a phone).
 */
export function AudioPlayer() {
  const player = usePlayer()
  const helpId = useId()
  if (!player) return null
  const { status, time, duration, playing, rate } = player
  const disabled = status !== 'ready'
  return (
    <section className="player" aria-label="Audio player" aria-describedby={helpId}>
      <div className="player__buttons">
        <button
          type="button"
          className="player__skip"
          onClick={() => player.skip(-SKIP_SECONDS)}
          disabled={disabled}
          aria-label="Back 15 seconds"
          aria-keyshortcuts="J ArrowLeft"
        >
          <span aria-hidden="true">−15</span>
        </button>
        <button
          type="button"
          className="player__play"
          onClick={player.toggle}
          disabled={disabled}
          aria-label={playing ? 'Pause' : 'Play'}
          aria-keyshortcuts="Space K"
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button
          type="button"
          className="player__skip"
          onClick={() => player.skip(SKIP_SECONDS)}
          disabled={disabled}
          aria-label="Forward 15 seconds"
          aria-keyshortcuts="L ArrowRight"
        >
          <span aria-hidden="true">+15</span>
        </button>
      </div>
      <span className="player__time" aria-hidden="true">
        {formatClock(time)} / {formatClock(duration)}
      </span>
      <input
        type="range"
        className="player__seek"
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={Math.min(time, duration || 0)}
        disabled={disabled}
        onChange={(e) => player.seek(Number(e.currentTarget.value))}
        aria-label="Seek"
        aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
      />
      <label className="player__speed">
        <span className="visually-hidden">Playback speed</span>
        <select value={rate} onChange={(e) => player.setRate(Number(e.currentTarget.value))} disabled={disabled}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <p id={helpId} className="player__help">
        {status === 'error' ? (
          <span role="alert">
            Audio could not be loaded.{' '}
            <button type="button" className="player__retry" onClick={player.retry}>
              Try again
            </button>
          </span>
        ) : status === 'loading' ? (
          <span role="status">Loading audio…</span>
        ) : (
          <span className="player__keys">{KEYS_HELP}</span>
        )}
      </p>
    </section>
  )
}
