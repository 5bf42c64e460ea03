import { cn } from '~/lib/class-names'

interface Particle {
  readonly left: number
  readonly top: number
  readonly size: number
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
    opacity: 0.25 + next() * 0.5,
  }))
}

/**
 * The layers the dots are spread over, each drifting on its own: direction, time and phase. Four animated
 * elements instead of one per dot keep the style work per frame small (see the drift keyframes in app.css).
 */
const layers = [
  { animation: 'animate-drift-right', seconds: 17, delay: -3 },
  { animation: 'animate-drift-left', seconds: 21, delay: -11 },
  { animation: 'animate-drift-right', seconds: 25, delay: -19 },
  { animation: 'animate-drift-left', seconds: 29, delay: -6 },
] as const

export interface ParticlesProps {
  /** Spec §9: 100 on home, 80 on about. */
  readonly count: number
  readonly seed?: number
  readonly className?: string
}

/**
 * A decorative field of drifting dots, pure CSS animation (no script runs per frame), hidden from assistive
 * technology and not shown at all with `prefers-reduced-motion`. The dots are dealt over four layers; each
 * layer (taller than the hero by the 120 px it rises) drifts up and to one side and fades at the ends of its
 * loop.
 */
export function Particles({ count, seed = 7, className }: ParticlesProps) {
  const dots = particleField(count, seed)
  return (
    <div
      aria-hidden="true"
      data-testid="particles"
      className={cn('motion-safe-only pointer-events-none absolute inset-0 overflow-hidden', className)}
    >
      {layers.map((layer, layerIndex) => (
        <div
          key={`${layer.animation}-${layer.seconds}`}
          className={cn('absolute inset-x-0 top-0 -bottom-[120px]', layer.animation)}
          style={{ animationDuration: `${layer.seconds}s`, animationDelay: `${layer.delay}s` }}
        >
          {dots
            .filter((_, index) => index % layers.length === layerIndex)
            .map((dot) => (
              <span
                key={`${dot.left}-${dot.top}`}
                data-particle=""
                className="absolute block rounded-full bg-brand-200"
                style={{
                  left: `${dot.left.toFixed(2)}%`,
                  top: `${dot.top.toFixed(2)}%`,
                  width: `${dot.size.toFixed(1)}px`,
                  height: `${dot.size.toFixed(1)}px`,
                  opacity: dot.opacity.toFixed(2),
                }}
              />
            ))}
        </div>
      ))}
    </div>
  )
}
