import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { normalizeAudio } from '@/data/normalize/audio'
import { playedPosition, rememberPosition } from '@/data/audio'
import { AudioPlayer } from './AudioPlayer'
import { PlayerContext } from './PlayerContext'
import { fakePlayer } from './testPlayer'
import { actionFor } from './useShortcuts'

describe('audio', () => {
  it('reads recording.audio only when it names an audio type and a size', () => {
    expect(normalizeAudio({ contentType: 'audio/ogg', size: 66750 })).toEqual({ contentType: 'audio/ogg', size: 66750 })
    expect(normalizeAudio(undefined)).toBeNull()
    expect(normalizeAudio({ contentType: 'text/html', size: 3 })).toBeNull()
    expect(normalizeAudio({ contentType: 'audio/ogg', size: 0 })).toBeNull()
  })

  it('remembers the played position per recording', () => {
    rememberPosition('a', 12.34)
    rememberPosition('b', 3)
    expect(playedPosition('a')).toBe(12.3)
    expect(playedPosition('b')).toBe(3)
    expect(playedPosition('never')).toBe(0)
  })

  it('keys: Space and the arrows are left to controls that use them; K, J and L always work', () => {
    expect(actionFor(' ', false)).toBe('toggle')
    expect(actionFor(' ', true)).toBeNull()
    expect(actionFor('ArrowLeft', true)).toBeNull()
    expect(actionFor('ArrowRight', false)).toBe('forward')
    expect(actionFor('k', true)).toBe('toggle')
    expect(actionFor('j', true)).toBe('back')
    expect(actionFor('L', false)).toBe('forward')
    expect(actionFor('x', false)).toBeNull()
  })
})

describe('AudioPlayer', () => {
  it('labels its controls, offers 0.75× to 2× and documents the keys', () => {
    const player = fakePlayer({ time: 65, duration: 120 })
    render(
      <PlayerContext.Provider value={player}>
        <AudioPlayer />
      </PlayerContext.Provider>,
    )
    const region = screen.getByRole('region', { name: 'Audio player' })
    fireEvent.click(within(region).getByRole('button', { name: 'Play' }))
    expect(player.toggle).toHaveBeenCalled()
    fireEvent.click(within(region).getByRole('button', { name: 'Back 15 seconds' }))
    expect(player.skip).toHaveBeenCalledWith(-15)
    expect(within(region).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '1:05 of 2:00')
    const speeds = within(region)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(speeds).toEqual(['0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×'])
    expect(region).toHaveAccessibleDescription(/Space or K plays and pauses/)
  })

  it('says when the audio is loading or could not be loaded, with a retry', () => {
    const player = fakePlayer({ status: 'error' })
    render(
      <PlayerContext.Provider value={player}>
        <AudioPlayer />
      </PlayerContext.Provider>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Audio could not be loaded')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(player.retry).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled()
  })
})
