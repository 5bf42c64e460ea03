import { useEffect, useState } from 'react'
import { usePrefersReducedMotion } from './use-reduced-motion'

/** The counters' animation time. */
export const countUpDurationMs = 2000

/** Ease-out: fast at first, settling on the target. */
function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3
}

/**
 * Counts from 0 up to `target` over `durationMs` once `start` turns true. Before that (and in the
 * prerendered HTML) it shows the target, so crawlers and visitors without JavaScript read the real figure;
 * with `prefers-reduced-motion` it never animates.
 */
export function useCountUp(target: number, start: boolean, durationMs = countUpDurationMs): number {
  const reducedMotion = usePrefersReducedMotion()
  const [value, setValue] = useState(target)

  useEffect(() => {
    if (!start || reducedMotion) {
      setValue(target)
      return
    }
    let frame = 0
    let startedAt: number | undefined
    const step = (now: number) => {
      startedAt ??= now
      const progress = Math.min(1, (now - startedAt) / durationMs)
      setValue(Math.round(target * easeOut(progress)))
      if (progress < 1) frame = requestAnimationFrame(step)
    }
    setValue(0)
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [start, reducedMotion, target, durationMs])

  return value
}
