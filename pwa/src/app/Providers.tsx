import { lazy, Suspense, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createQueryClient } from '@/data/queryClient'
import { AuthProvider } from '@/features/auth/AuthProvider'
import { useAuth } from '@/features/auth/AuthContext'
import { ToastProvider } from '@/ui/toast/ToastProvider'

// Sync, IndexedDB and the offline prefetcher load once someone is signed in:
// a signed-out visit to /login never downloads them.
const SignedInServices = lazy(() => import('./SignedInServices'))

function WhileSignedIn() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <Suspense fallback={null}>
      <SignedInServices />
    </Suspense>
  )
}

/** Everything a screen may rely on: server state, auth, toasts, and sync while someone is signed in. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>
          <WhileSignedIn />
          {children}
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}
