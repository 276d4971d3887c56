/**
 * What a screen or dialog shows when what it reads could not be loaded: the
 * message, announced (role="alert"), and "Try again". className places it in
 * its dialog's layout.
 */
export function LoadFailed({
  message,
  onRetry,
  className,
}: {
  message: string
  onRetry: () => void
  className?: string
}) {
  return (
    <div role="alert" className={className}>
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
