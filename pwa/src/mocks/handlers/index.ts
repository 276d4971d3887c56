import { authHandlers } from './auth'
import { chatHandlers } from './chat'
import { peopleHandlers } from './people'
import { pushHandlers } from './push'
import { recordingHandlers } from './recordings'
import { syncHandlers } from './sync'
import { templateHandlers } from './templates'

export const handlers = [
  ...authHandlers,
  ...recordingHandlers,
  ...peopleHandlers,
  ...chatHandlers,
  ...syncHandlers,
  ...pushHandlers,
  ...templateHandlers,
]
