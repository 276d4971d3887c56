import { describe, expect, it } from 'vitest'
import { DEFAULT_CHIPS, FALLBACK_CHIPS, followUpChips } from './suggestions'

describe('suggestion chips', () => {
  it('has the spec defaults and fallback set', () => {
    expect(DEFAULT_CHIPS).toEqual(['List to-do', 'Follow-up email', 'List Q&A options'])
    expect(FALLBACK_CHIPS).toEqual([
      'Summarize the main points',
      'What was discussed?',
      'Any important decisions made?',
    ])
  })

  it.each([
    ['The action items are: ship the beta.', 'Who owns each action item?'],
    ['They decided to delay the launch.', 'Why was that decided?'],
    ['The deadline is March 3.', 'What are the key dates?'],
    ['The budget was set at $40k.', 'What was the budget discussed?'],
    ['It will cost about $1,200.', 'What was the budget discussed?'],
  ])('%s → %s', (reply, chip) => {
    expect(followUpChips(reply)).toContain(chip)
  })

  it('offers at most 3, in topic order, without repeating the question just asked', () => {
    const reply = 'We decided on the timeline and the budget; the action items follow.'
    expect(followUpChips(reply)).toEqual([
      'Who owns each action item?',
      'Why was that decided?',
      'What are the key dates?',
    ])
    expect(followUpChips(reply, 'Who owns each action item?')).toEqual([
      'Why was that decided?',
      'What are the key dates?',
      'What was the budget discussed?',
    ])
  })

  it('falls back to general questions when no topic matches', () => {
    expect(followUpChips('Hello there.')).toEqual([
      'What else was discussed?',
      'Summarize the main points',
      'List to-do',
    ])
  })
})
