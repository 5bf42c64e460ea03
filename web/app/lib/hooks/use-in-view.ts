import { type RefObject, useEffect, useState } from 'react'

/**
 * True from the first time the element enters the viewport, and stays true (counters and sections
 * animate once). Without IntersectionObserver it is true at once.
 */
export function useInViewOnce(ref: RefObject<Element | null>, threshold = 0.3): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || seen) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { threshold },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen, threshold])
  return seen
}
