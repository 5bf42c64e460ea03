import { cn } from '~/lib/class-names'

interface Particle {
  readonly left: number
  readonly top: number
  readonly size: number
  readonly duration: number
  readonly delay: number
  readonly driftX: number
  readonly opacity: number
}

/** The same "random" field on the server and in the browser (no hydration mismatch): a small LCG. */
function particleField(count: number, seed: number): Particle[] {
  let state = seed
  const next = () => {
    state = (state * 1664525 + 1013904223) % 4294967296
    return state / 4294967296
  }
  return Array.from({ length: count }, () => ({
    left: next() * 100,
    top: next() * 100,
    size: 2 + next() * 3,
    duration: 10 + next() * 14,
    delay: -next() * 20,
    driftX: (next() - 0.5) * 80,
    opacity: 0.25 + next() * 0.5,
  }))
}

export interface ParticlesProps {
  /** Spec §9: 100 on home, 80 on about. */
  readonly count: number
  readonly seed?: number
  readonly className?: string
}

/**
 * A decorative layer of drifting dots, pure CSS animation (no script runs per frame), hidden from assistive
 * technology and not shown at all with `prefers-reduced-motion`.
 */
export function Particles({ count, seed = 7, className }: ParticlesProps) {
  return (
    <div
      aria-hidden="true"
      data-testid="particles"
      className={cn('motion-safe-only pointer-events-none absolute inset-0 overflow-hidden', className)}
    >
      {particleField(count, seed).map((particle, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative field
          key={index}
          className="absolute block animate-drift rounded-full bg-brand-200"
          style={
            {
              left: `${particle.left.toFixed(2)}%`,
              top: `${particle.top.toFixed(2)}%`,
              width: `${particle.size.toFixed(1)}px`,
              height: `${particle.size.toFixed(1)}px`,
              opacity: particle.opacity.toFixed(2),
              animationDuration: `${particle.duration.toFixed(1)}s`,
              animationDelay: `${particle.delay.toFixed(1)}s`,
              '--drift-x': `${particle.driftX.toFixed(0)}px`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  )
}
