import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { normalizeTranscript } from '@/data/normalize/transcript'
import { fixture } from '@/data/normalize/testFixtures'
import { PlayerContext } from '@/features/player/PlayerContext'
import { fakePlayer } from '@/features/player/testPlayer'
import { segmentPlayingAt } from './playing'
import { TranscriptionTab } from './TranscriptionTab'

const standup = () => {
  const f = fixture('18')
  return normalizeTranscript(f.transcription, f.speakers)
}

describe('following the audio', () => {
  it('the segment spoken is the last one started, pauses between keep it', () => {
    const segs = standup().segments // starts 0.4, 5.27, 12.36, …
    expect(segmentPlayingAt(segs, 0)).toBe(-1)
    expect(segmentPlayingAt(segs, 0.4)).toBe(0)
    expect(segmentPlayingAt(segs, 5)).toBe(0)
    expect(segmentPlayingAt(segs, 5.3)).toBe(1)
    expect(segmentPlayingAt(segs, 999)).toBe(segs.length - 1)
  })
})

describe('TranscriptionTab with a player', () => {
  it('marks the segment being spoken and seeks to a clicked one', () => {
    const player = fakePlayer({ time: 6, playing: true })
    render(
      <PlayerContext.Provider value={player}>
        <TranscriptionTab transcript={standup()} />
      </PlayerContext.Provider>,
    )
    const rows = within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem')
    expect(rows[1]).toHaveAttribute('aria-current', 'true')
    expect(rows.filter((r) => r.getAttribute('aria-current'))).toHaveLength(1)
    fireEvent.click(within(rows[5] as HTMLElement).getByRole('button', { name: 'Play from 0:34' }))
    expect(player.seek).toHaveBeenCalledWith(34.04, true)
  })

  it('without a player segments are plain rows', () => {
    render(<TranscriptionTab transcript={standup()} />)
    expect(screen.queryByRole('button', { name: /Play from/ })).toBeNull()
  })
})
