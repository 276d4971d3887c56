import { authHandlers } from './auth'
import { chatHandlers } from './chat'
import { pushHandlers } from './push'
import { recordingHandlers } from './recordings'
import { syncHandlers } from './sync'

export const handlers = [...authHandlers, ...recordingHandlers, ...chatHandlers, ...syncHandlers, ...pushHandlers]
