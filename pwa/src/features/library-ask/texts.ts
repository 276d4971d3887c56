/** Every user-visible text of Ask about all recordings. */
export const PAGE_TITLE = 'Ask about all recordings'
export const ENTRY_LABEL = 'Ask about all recordings'
export const BACK = 'Recordings'
export const INTRO =
  'Ask a question about everything you recorded. Answers quote the recordings they come from; open a source to hear it in context.'
export const CONVERSATION_LABEL = 'Conversation'
export const NEW_CONVERSATION = 'New conversation'
export const LOADING_CONVERSATIONS = 'Loading conversations…'
export const CONVERSATIONS_FAILED = 'Could not load your conversations.'
export const LOADING_MESSAGES = 'Loading conversation…'
export const MESSAGES_FAILED = 'Could not load this conversation.'
export const OFFLINE =
  'You are offline. Asking across your recordings needs a connection; try again when you are back online.'
export const RETRY = 'Retry'
export const EXAMPLES = [
  'What did we decide about the release date?',
  'Which action items are still open?',
  'What did the doctor say about running?',
] as const
