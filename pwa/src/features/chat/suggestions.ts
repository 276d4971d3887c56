/** Spec §9: at most 3 chips. */
const MAX_CHIPS = 3
export const DEFAULT_CHIPS = ['List to-do', 'Follow-up email', 'List Q&A options'] as const
export const FALLBACK_CHIPS = [
  'Summarize the main points',
  'What was discussed?',
  'Any important decisions made?',
] as const

/**
 * Follow-up questions by topic, checked in this order against the reply. The
 * spec names action, decision, timeline and budget "and similar topics"; the
 * exact lists are ours.
 */
const TOPICS: { pattern: RegExp; chip: string }[] = [
  { pattern: /\b(action items?|to-?dos?|tasks?|next steps?|follow[- ]ups?)\b/i, chip: 'Who owns each action item?' },
  { pattern: /\b(decid\w*|decisions?|agreed|agreement|approved?)\b/i, chip: 'Why was that decided?' },
  {
    pattern:
      /\b(timelines?|deadlines?|dates?|schedul\w*|due|by (monday|tuesday|wednesday|thursday|friday|next week|the end of))\b/i,
    chip: 'What are the key dates?',
  },
  {
    pattern: /(\$|€|£)\s?\d|\b(budget\w*|costs?|prices?|pricing|spend\w*|funding|revenue)\b/i,
    chip: 'What was the budget discussed?',
  },
  { pattern: /\b(risks?|concerns?|blockers?|issues?|problems?)\b/i, chip: 'What risks were raised?' },
  { pattern: /\b(questions?|unclear|open points?|unresolved)\b/i, chip: 'Which questions are still open?' },
  { pattern: /\b(customers?|users?|clients?|feedback)\b/i, chip: 'What feedback came up?' },
]

/** When a reply touches none of the topics: general next questions. */
const GENERAL = ['What else was discussed?', 'Summarize the main points', 'List to-do']

/**
 * Up to 3 follow-up chips for an assistant reply, driven by its keywords,
 * never repeating the question just asked.
 */
export function followUpChips(reply: string, asked = ''): string[] {
  const picked = TOPICS.filter((t) => t.pattern.test(reply)).map((t) => t.chip)
  const same = (a: string) => a.trim().toLowerCase() === asked.trim().toLowerCase()
  const out: string[] = []
  for (const chip of [...picked, ...GENERAL]) {
    if (out.length === MAX_CHIPS) break
    if (!same(chip) && !out.includes(chip)) out.push(chip)
  }
  return out
}
