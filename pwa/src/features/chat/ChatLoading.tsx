/** A conversation's history on its way: a spinner and what is loading, announced politely. */
export function ChatLoading({ label }: { label: string }) {
  return (
    <div className="chat__loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
