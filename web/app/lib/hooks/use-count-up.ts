import { type RefObject, useEffect, useRef } from 'react'
import { usePrefersReducedMotion } from './use-reduced-motion'

/** The counters' animation time. */
export const countUpDurationMs = 2000

/** Ease-out: fast at first, settling on the target. */
function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3
}

/**
 * Counts the element's number from 0 up to `target` over `durationMs` once `start` turns true; render
 * `target` as the element's first child (a suffix may follow). Before that (and in the prerendered HTML) it
 * shows the target, so crawlers and visitors without JavaScript read the real figure; with
 * `prefers-reduced-motion` it never animates. Each frame writes the element's text node, which React made and
 * keeps: a React render per frame (sixty a second for two seconds, four counters, while the page is still
 * loading) would be main-thread work a phone feels.
 */
export function useCountUp<E extends HTMLElement>(
  target: number,
  start: boolean,
  durationMs = countUpDurationMs,
): RefObject<E | null> {
  const reducedMotion = usePrefersReducedMotion()
  const ref = useRef<E>(null)

  useEffect(() => {
    const text = ref.current?.firstChild
    if (!text || text.nodeType !== Node.TEXT_NODE) return
    const show = (value: number) => {
      text.nodeValue = String(value)
    }
    if (!start || reducedMotion) {
      show(target)
      return
    }
    let frame = 0
    let startedAt: number | undefined
    const step = (now: number) => {
      startedAt ??= now
      const progress = Math.min(1, (now - startedAt) / durationMs)
      show(Math.round(target * easeOut(progress)))
      if (progress < 1) frame = requestAnimationFrame(step)
    }
    // From 0 at the first frame, not before it: where frames do not run (a tab in the background, a page
    // rendered for a preview) the figure stays the real one instead of 0.
    frame = requestAnimationFrame(step)
    return () => {
      cancelAnimationFrame(frame)
      show(target)
    }
  }, [start, reducedMotion, target, durationMs])

  return ref
}
