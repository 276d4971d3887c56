import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { SourceLinks } from './SourceLinks'

describe('source links', () => {
  it("a recording's own sources are buttons that act on the screen", async () => {
    const onShowSource = vi.fn()
    render(
      <SourceLinks
        sources={[{ segmentIndex: 4, speaker: 'Leo', start: 83, end: 90, quote: 'May works' }]}
        onShowSource={onShowSource}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Leo · 1:23' }))
    expect(onShowSource).toHaveBeenCalledWith(83)
  })

  it("a library answer's sources link to the recording at the passage, or at its summary", () => {
    render(
      <Router hook={memoryLocation().hook}>
        <SourceLinks
          sources={[
            {
              segmentIndex: 21,
              speaker: 'Dr. Amara Osei',
              start: 181.6,
              end: 190,
              quote: 'ibuprofen',
              recordingId: 'rec_09_consult_knee',
              recordingTitle: 'Knee consult',
              kind: 'transcript',
            },
            {
              segmentIndex: -1,
              speaker: '',
              start: 0,
              end: 0,
              quote: 'Plan',
              recordingId: 'rec 1',
              recordingTitle: 'Budget',
              kind: 'summary',
            },
          ]}
        />
      </Router>,
    )
    expect(screen.getByRole('link', { name: 'Knee consult · Dr. Amara Osei · 3:01' })).toHaveAttribute(
      'href',
      '/recordings/rec_09_consult_knee?t=181',
    )
    expect(screen.getByRole('link', { name: 'Budget · Summary' })).toHaveAttribute('href', '/recordings/rec%201')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
