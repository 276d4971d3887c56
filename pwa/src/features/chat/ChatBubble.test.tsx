import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { ChatBubble } from './ChatBubble'
import type { UiMessage } from './useChat'
import { WORD_MS } from './useWordReveal'

const reply: UiMessage = {
  id: 'a1',
  sessionId: 's',
  role: 'assistant',
  content: 'The **launch** moves to May. [Docs](javascript:alert(1))',
  error: null,
  sources: [{ segmentIndex: 4, speaker: 'Leo', start: 83, end: 90, quote: 'May works' }],
  createdAt: '',
  reveal: true,
}

describe('assistant bubble', () => {
  it('reveals word by word, hides the partial text from screen readers, then announces once and shows sources', () => {
    vi.useFakeTimers()
    const onRevealed = vi.fn()
    const onShowSource = vi.fn()
    render(
      <ul>
        <ChatBubble message={reply} onRevealed={onRevealed} onShowSource={onShowSource} />
      </ul>,
    )
    act(() => void vi.advanceTimersByTime(WORD_MS * 2))
    expect(screen.getByRole('listitem')).toHaveTextContent(/^Pocket: The launch$/)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(onRevealed).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(WORD_MS * 10))
    expect(screen.getByText('launch', { selector: 'strong' })).toBeInTheDocument()
    // Safe markdown: a javascript: link is not a link.
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(onRevealed).toHaveBeenCalledTimes(1)
    expect(onRevealed).toHaveBeenCalledWith(reply.content)
    act(() => screen.getByRole('button', { name: 'Leo · 1:23' }).click())
    expect(onShowSource).toHaveBeenCalledWith(83)
  })

  it('a failed answer shows its note', () => {
    render(
      <ul>
        <ChatBubble message={{ ...reply, reveal: false, error: 'Failed to send message', sources: [] }} />
      </ul>,
    )
    expect(screen.getByText('Failed to send message')).toBeInTheDocument()
  })
})
