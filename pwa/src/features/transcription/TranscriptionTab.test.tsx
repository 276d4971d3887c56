import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { normalizeTranscript, type Transcript } from '@/data/normalize/transcript'
import { fixture } from '@/data/normalize/testFixtures'
import { SPEAKER_COLORS } from './speakerColors'
import { TranscriptionTab } from './TranscriptionTab'

const transcriptOf = (prefix: string) => {
  const f = fixture(prefix)
  return normalizeTranscript(f.transcription, f.speakers)
}
const rows = () => within(screen.getByRole('list')).getAllByRole('listitem')

describe('TranscriptionTab', () => {
  it('says when there is no transcription (19) and when it has no segments (20)', () => {
    const { unmount } = render(<TranscriptionTab transcript={transcriptOf('19')} />)
    expect(screen.getByText('No transcription available')).toBeInTheDocument()
    unmount()
    render(<TranscriptionTab transcript={transcriptOf('20')} />)
    expect(screen.getByText('No transcription segments available')).toBeInTheDocument()
  })

  it('shows each segment with its speaker name, time range and text (02)', () => {
    render(<TranscriptionTab transcript={transcriptOf('02')} />)
    const first = rows()[0] as HTMLElement
    expect(within(first).getByText('Priya Raman')).toBeInTheDocument()
    expect(within(first).getByText('0:00 - 0:04')).toBeInTheDocument()
    expect(within(first).getByText('Hey Leo, thanks for making time. How was the week?')).toBeInTheDocument()
  })

  it('colours speaker names by speaker id from the 8 colours (10: six speakers)', () => {
    render(<TranscriptionTab transcript={transcriptOf('10')} />)
    const color = (name: string) => (screen.getAllByText(name)[0] as HTMLElement).style.color
    const names = ['Aisha Khan', 'Ben Ortiz', 'Sofia Martinez', 'Priya Raman', 'Mei Lin', 'Rahul Mehta']
    expect(new Set(names.map(color)).size).toBe(6)
    const aisha = screen.getAllByText('Aisha Khan')[0] as HTMLElement
    expect(aisha).toHaveStyle({ color: SPEAKER_COLORS[0] })
    expect(screen.getAllByText('Aisha Khan').every((n) => n.style.color === aisha.style.color)).toBe(true)
  })

  it('uses generic labels by order of appearance and matched names (07, 12)', () => {
    const { unmount } = render(<TranscriptionTab transcript={transcriptOf('07')} />)
    expect(screen.getAllByText('Dr. Helen Marsh').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Speaker 2').length).toBeGreaterThan(0)
    unmount()
    render(<TranscriptionTab transcript={transcriptOf('12')} />)
    expect(screen.getAllByText('Speaker from Finance Team').length).toBeGreaterThan(0)
  })

  it('skips empty segments (07: 275 in the file)', () => {
    render(<TranscriptionTab transcript={transcriptOf('07')} />)
    expect(rows()).toHaveLength(274)
  })

  it('highlights and scrolls to the segment for a start time', () => {
    // jsdom has no scrollIntoView; give rows one for this test only.
    const scrolled = vi.fn()
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true })
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView
    })
    const transcript = transcriptOf('02')
    const target = transcript.segments[5]
    render(<TranscriptionTab transcript={transcript} highlight={{ start: target?.start ?? 0 }} />)
    const current = rows().filter((r) => r.getAttribute('aria-current') === 'true')
    expect(current).toHaveLength(1)
    expect(current[0]).toHaveTextContent(target?.text ?? '')
    expect(current[0]).toHaveFocus()
    expect(scrolled).toHaveBeenCalledTimes(1)
  })

  it('shows no time for an untimed segment', () => {
    const untimed: Transcript = normalizeTranscript('Only words here.', null)
    render(<TranscriptionTab transcript={untimed} />)
    expect(rows()[0]).toHaveTextContent(/^Speaker 1Only words here\.$/)
  })
})
