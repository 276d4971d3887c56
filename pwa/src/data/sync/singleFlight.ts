/**
 * One run at a time: calls while a run is under way share one follow-up run,
 * which starts when the current one ends. The follow-up matters: whatever
 * prompted the call (an event, a new edit) may have happened after the
 * running one had already read its input.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null
  let next: Promise<T> | null = null
  const start = (): Promise<T> => {
    const p = run().finally(() => {
      if (current === p) current = null
    })
    current = p
    return p
  }
  return () => {
    if (!current) return start()
    next ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = null
        return start()
      })
    return next
  }
}
