/**
 * Navigation requests matching these never get the cached app shell: they are
 * the server's own endpoints, not app routes. The REST API under /api/ (the
 * OIDC sign-in popups included: /api/v1/auth/google/start and its callback)
 * and the probes and metrics of `pocket serve` (docs/api.md). Workbox tests
 * them against the path with its query string.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//, /^\/(healthz|readyz|metrics)(\?|$)/]

/**
 * /login opens login.html (the login screen pre-rendered into the HTML, so it
 * paints before any script runs) when the build has it; every other app route
 * opens index.html. Tested like the denylist, against path and query.
 */
export const LOGIN_NAVIGATION: RegExp[] = [/^\/login\/?(\?|$)/]

/**
 * The empty-state animations' files, relative to the build's root: the Rive
 * runtime (its JavaScript chunk and its ~2 MB wasm) and the .riv files. They
 * stay out of the precache (vite.config.ts ignores them): empty states are
 * rare screens, and every install, each new browser profile, would otherwise
 * download 2.2 MB for them. The worker keeps them once one was shown (cache
 * first), so an empty state seen once animates offline; one never seen
 * online shows its texts without the art (EmptyState collapses it).
 */
export const ANIMATION_GLOBS = ['assets/rive-*.wasm', 'assets/RiveAnimation-*.js', 'animations/*.riv']

const animationPaths = ANIMATION_GLOBS.map(
  (glob) => new RegExp(`^/${glob.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`),
)

/** An animation file of ANIMATION_GLOBS, by its same-origin path. */
export function isAnimationAsset(pathname: string): boolean {
  return animationPaths.some((re) => re.test(pathname))
}

export function precaches(manifest: ReadonlyArray<string | { url: string }>, url: string): boolean {
  return manifest.some((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '') === url)
}

/** The message workbox-window's messageSkipWaiting() posts. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING'
}
