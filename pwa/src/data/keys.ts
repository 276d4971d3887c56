/** Query keys outside a feature's own module (auth is app-wide). */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
}
