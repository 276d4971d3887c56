/** Pocket's mark: five waveform bars on the brand gradient (matches the icons). */
export function Logo({ size = 40, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id="pocket-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#pocket-logo-gradient)" />
      <g fill="#fff">
        <rect x="13.8" y="25" width="4.4" height="14" rx="2.2" />
        <rect x="21.8" y="20" width="4.4" height="24" rx="2.2" />
        <rect x="29.8" y="14" width="4.4" height="36" rx="2.2" />
        <rect x="37.8" y="20" width="4.4" height="24" rx="2.2" />
        <rect x="45.8" y="25" width="4.4" height="14" rx="2.2" />
      </g>
    </svg>
  )
}
