/** Every user-visible chat text from the spec (§2, §5, §8), copied exactly. */
export const PLACEHOLDER = 'Ask questions about your chat'
export const NO_RECORDING_TITLE = 'No recording selected'
export const NO_RECORDING_TEXT = 'Please select a recording to start chatting about it.'
export const AUTH_REQUIRED = 'Authentication required to ask questions about this recording.'
export const INIT_FAILED = 'Failed to initialize chat. Please try again.'
export const SEND_FAILED_BANNER = 'Failed to send message. Please try again.'
export const SEND_FAILED_BUBBLE = "Sorry, I couldn't process your request. Please try again."
export const SEND_FAILED_NOTE = 'Failed to send message'

/** Our own texts (not in the spec). */
export const LOADING_HISTORY = 'Loading chat…'
export const OFFLINE_NOTE = 'Offline: showing the conversation saved on this device.'
export const TYPING = 'Pocket is typing…'
export const SOURCES_LABEL = 'Sources'
export const QUEUED_NOTE = 'Waiting for network'
export const QUEUED_FAILED_NOTE = 'Not sent'
export const QUEUED_NOTICE = 'No connection: your question will be sent when the network returns.'
