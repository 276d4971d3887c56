/**
 * Measurement page for the Transcription tab (not part of the app bundle):
 * built by pwa/scripts/bench-transcript.mjs and driven by Playwright in
 * Chromium. Each run mounts the tab with a long transcript and reports the
 * time to React's commit and to the next frame (style, layout and paint done).
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import '@/ui/styles.css'
import { normalizeTranscript } from '@/data/normalize/transcript'
import { TranscriptionTab } from '@/features/transcription/TranscriptionTab'
import { longTranscript } from './longTranscript'

interface RunResult {
  words: number
  segments: number
  normalizeMs: number
  commitMs: number
  frameMs: number
}

const root = createRoot(document.getElementById('root') as HTMLElement)

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

async function run(minWords: number, contentVisibility: boolean): Promise<RunResult> {
  flushSync(() => root.render(null))
  document.body.classList.toggle('no-content-visibility', !contentVisibility)
  await nextFrame()
  const raw = longTranscript(minWords)
  const t0 = performance.now()
  const transcript = normalizeTranscript(raw.transcription, raw.speakers)
  const t1 = performance.now()
  flushSync(() => root.render(<TranscriptionTab transcript={transcript} />))
  const t2 = performance.now()
  await nextFrame()
  const t3 = performance.now()
  return {
    words: raw.words,
    segments: transcript.segments.length,
    normalizeMs: t1 - t0,
    commitMs: t2 - t1,
    frameMs: t3 - t1,
  }
}

/** Time from asking for a highlighted segment near the end to the frame that shows it. */
async function jump(minWords: number): Promise<number> {
  const raw = longTranscript(minWords)
  const transcript = normalizeTranscript(raw.transcription, raw.speakers)
  flushSync(() => root.render(<TranscriptionTab transcript={transcript} />))
  await nextFrame()
  const last = transcript.segments[transcript.segments.length - 5]
  const t0 = performance.now()
  flushSync(() => root.render(<TranscriptionTab transcript={transcript} highlight={{ start: last?.start ?? 0 }} />))
  await nextFrame()
  return performance.now() - t0
}

const style = document.createElement('style')
style.textContent = '.no-content-visibility .transcript__segment { content-visibility: visible !important; }'
document.head.append(style)

Object.assign(window, { bench: { run, jump } })
document.title = 'ready'
