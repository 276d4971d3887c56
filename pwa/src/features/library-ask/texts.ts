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
export const NO_RECORDINGS =
  'Questions draw on your own recordings. Record or import one, and suggestions about it appear here.'
export const SCOPE = 'Scope'
export const SCOPE_TITLE = 'Ask only part of your library'
export const SCOPE_ACTIVE = 'Asking only:'
export const SCOPE_WHOLE = 'Asking all recordings.'
export const SCOPE_FOLDER = 'Folder'
export const SCOPE_ANY_FOLDER = 'Any folder'
export const SCOPE_SPEAKERS = 'Speakers'
export const SCOPE_NO_SPEAKERS = 'No named speakers yet.'
export const SCOPE_RECORDINGS = 'Recordings'
export const SCOPE_FIND_RECORDING = 'Find a recording'
export const SCOPE_NO_MATCH = 'No recording matches.'
export const SCOPE_APPLY = 'Apply'
export const SCOPE_CLEAR = 'Ask all recordings'
export const SCOPE_CANCEL = 'Cancel'
export const SCOPE_TOO_MANY = (max: number) => `At most ${max} recordings can be picked.`
/** Picked recordings at most: the server's scope.recordingIds limit. */
export const MAX_SCOPE_RECORDINGS = 200
/** Speakers at most: the server's scope.speakers limit. */
export const MAX_SCOPE_SPEAKERS = 20
