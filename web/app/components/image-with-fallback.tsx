import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react'

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  readonly src: string
  /** Shown instead when `src` fails to load (spec: the contact and quote images). */
  readonly fallbackSrc: string
  readonly alt: string
}

/** An image that swaps to a placeholder when it cannot be loaded. */
export function ImageWithFallback({ src, fallbackSrc, alt, ...props }: ImageWithFallbackProps) {
  const [failed, setFailed] = useState(false)
  const imageRef = useRef<HTMLImageElement>(null)

  useEffect(() => {
    // A prerendered image can fail before hydration, when React was not yet listening for its error.
    const image = imageRef.current
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc !== '') setFailed(true)
  }, [])

  return (
    <img
      ref={imageRef}
      src={failed ? fallbackSrc : src}
      alt={alt}
      onError={() => setFailed(true)}
      {...props}
    />
  )
}
