export { Markdown } from './Markdown'
export { CheckLine } from './CheckLine'
export { InlineMarkdown } from './InlineMarkdown'
