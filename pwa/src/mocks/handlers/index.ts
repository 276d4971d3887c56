import { authHandlers } from './auth'
import { chatHandlers } from './chat'
import { recordingHandlers } from './recordings'
import { syncHandlers } from './sync'

export const handlers = [...authHandlers, ...recordingHandlers, ...chatHandlers, ...syncHandlers]
