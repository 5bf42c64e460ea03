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
  'animate-drift [--drift-x:24px] [animation-duration:17s] [animation-delay:-3s]',
  'animate-drift [--drift-x:-24px] [animation-duration:21s] [animation-delay:-11s]',
  'animate-drift [--drift-x:24px] [animation-duration:25s] [animation-delay:-19s]',
  'animate-drift [--drift-x:-24px] [animation-duration:29s] [animation-delay:-6s]',
] as const

export interface ParticlesProps {
  /** 100 on home, 80 on about. */
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
      {layers.map((animation, layerIndex) => (
        // An SVG per layer: each dot is a circle placed by attributes, so the page carries no inline styles.
        <svg
          key={animation}
          aria-hidden="true"
          className={cn('absolute inset-x-0 top-0 h-[calc(100%+120px)] w-full', animation)}
        >
          {dots
            .filter((_, index) => index % layers.length === layerIndex)
            .map((dot) => (
              <circle
                key={`${dot.left}-${dot.top}`}
                data-particle=""
                className="fill-brand-200"
                cx={`${dot.left.toFixed(2)}%`}
                cy={`${dot.top.toFixed(2)}%`}
                r={(dot.size / 2).toFixed(2)}
                fillOpacity={dot.opacity.toFixed(2)}
              />
            ))}
        </svg>
      ))}
    </div>
  )
}
