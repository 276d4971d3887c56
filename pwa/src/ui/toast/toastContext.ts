import { createContext, useContext } from 'react'

export type ToastKind = 'success' | 'error' | 'info'

/** Spec §2: toasts last 4 seconds unless a message says otherwise (§8). */
export const DEFAULT_TOAST_MS = 4000

export interface ToastAction {
  label: string
  onClick: () => void
}

export interface ToastOptions {
  /** Milliseconds on screen. */
  duration?: number
  /** A button in the toast (e.g. Undo); using it closes the toast. */
  action?: ToastAction
}

export interface Toaster {
  success: (message: string, options?: ToastOptions) => void
  error: (message: string, options?: ToastOptions) => void
  info: (message: string, options?: ToastOptions) => void
}

export const ToastContext = createContext<Toaster | null>(null)

export function useToast(): Toaster {
  const value = useContext(ToastContext)
  if (!value) throw new Error('useToast must be used inside <ToastProvider>')
  return value
}
