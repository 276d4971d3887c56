export { Markdown } from './Markdown'
export { CheckLine } from './CheckLine'
export { InlineContent } from './InlineContent'
export { parseInline } from './inline'
