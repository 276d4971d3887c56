import { avatarColor, avatarInitial } from './avatarColor'

/** The initial avatar; decorative, since the name is always shown beside it. */
export function Avatar({ name, size = 36 }: { name: string; size?: number }) {
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{ backgroundColor: avatarColor(name), width: size, height: size, fontSize: size * 0.45 }}
    >
      {avatarInitial(name)}
    </span>
  )
}
