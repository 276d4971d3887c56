import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  DEFAULT_TOAST_MS,
  ToastContext,
  type ToastAction,
  type ToastKind,
  type ToastOptions,
  type Toaster,
} from './toastContext'
import './toast.css'

interface Toast {
  id: number
  kind: ToastKind
  message: string
  action?: ToastAction
}

/** Toasts top-centre; errors are announced as alerts, the rest politely. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    setToasts((list) => list.filter((t) => t.id !== id))
  }, [])

  const show = useCallback(
    (kind: ToastKind, message: string, options?: ToastOptions) => {
      const id = nextId.current++
      // The same text twice in a row (double click) shows once, freshly timed.
      setToasts((list) => [
        ...list.filter((t) => t.message !== message),
        { id, kind, message, action: options?.action },
      ])
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options?.duration ?? DEFAULT_TOAST_MS),
      )
    },
    [dismiss],
  )

  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach((timer) => clearTimeout(timer))
  }, [])

  const toaster = useMemo<Toaster>(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
    }),
    [show],
  )

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <section className="toasts" aria-label="Notifications">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            <span className="toast__message">{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  dismiss(toast.id)
                  toast.action?.onClick()
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  )
}
