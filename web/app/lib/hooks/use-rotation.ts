import { useCallback, useEffect, useState } from 'react'
import { usePrefersReducedMotion } from './use-reduced-motion'

export interface RotationOptions {
  /** Stops the automatic advance (hover, focus, a pause button). Manual moves still work. */
  readonly paused?: boolean
}

export interface Rotation {
  readonly index: number
  readonly goTo: (index: number) => void
  readonly next: () => void
  readonly previous: () => void
  /** Whether it advances by itself right now (not paused, motion allowed, more than one item). */
  readonly running: boolean
}

/**
 * An index over `count` items that advances every `intervalMs` (hero 6 s / 5 s, hero image 4 s,
 * case studies 5 s). A manual move restarts the interval, so the new item gets its full time.
 * With `prefers-reduced-motion` it never advances by itself.
 */
export function useRotation(
  count: number,
  intervalMs: number,
  { paused = false }: RotationOptions = {},
): Rotation {
  const [index, setIndex] = useState(0)
  // Bumped by every manual move, to restart the timer.
  const [moves, setMoves] = useState(0)
  const reducedMotion = usePrefersReducedMotion()
  const running = !paused && !reducedMotion && count > 1

  useEffect(() => {
    if (!running) return
    void moves
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs)
    return () => clearInterval(timer)
  }, [running, count, intervalMs, moves])

  const goTo = useCallback(
    (target: number) => {
      setIndex(((target % count) + count) % count)
      setMoves((value) => value + 1)
    },
    [count],
  )
  const next = useCallback(() => goTo(index + 1), [goTo, index])
  const previous = useCallback(() => goTo(index - 1), [goTo, index])

  return { index, goTo, next, previous, running }
}

export interface PauseControl {
  /** Hovered, focused within, or paused by the visitor. */
  readonly paused: boolean
  /** Paused by the visitor with the pause button. */
  readonly pausedByUser: boolean
  readonly togglePaused: () => void
  /** Spread on the carousel's root: pause while the pointer or the keyboard focus is inside. */
  readonly handlers: {
    readonly onMouseEnter: () => void
    readonly onMouseLeave: () => void
    readonly onFocus: () => void
    readonly onBlur: (event: React.FocusEvent<HTMLElement>) => void
  }
}

/** The pause rules every auto-rotating carousel follows: hover, keyboard focus and a pause button. */
export function usePauseControl(): PauseControl {
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [pausedByUser, setPausedByUser] = useState(false)
  return {
    paused: hovered || focused || pausedByUser,
    pausedByUser,
    togglePaused: () => setPausedByUser((value) => !value),
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      },
    },
  }
}
