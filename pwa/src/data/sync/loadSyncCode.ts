/**
 * Loads a part of the sync code that reads protobuf (the client, pull,
 * flush). The first load describes protobuf's own descriptor.proto in one
 * task and the app's sync.proto in the next, after the browser has had the
 * main thread back in between: together they make one task long enough to
 * hold up a tap on a phone. A failed load (a deploy replaced the chunk) is
 * tried again on the next call.
 */
let booted: Promise<void> | undefined

export function loadSyncCode<T>(load: () => Promise<T>): Promise<T> {
  booted ??= import('./protobufBoot').then(nextTask, (error: unknown) => {
    booted = undefined
    throw error
  })
  return booted.then(load)
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
