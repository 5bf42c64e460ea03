export interface IllustrationProps {
  readonly src: string
  /** '' for a decorative picture. */
  readonly alt?: string
  readonly className?: string
  /** `eager` for a picture in the first screen. */
  readonly loading?: 'lazy' | 'eager'
}

/**
 * One of the site's illustrations. Every one is drawn on a 640 × 480 canvas; giving that size reserves the
 * picture's box before it loads.
 */
export function Illustration({ src, alt = '', className, loading = 'lazy' }: IllustrationProps) {
  return <img src={src} alt={alt} width={640} height={480} loading={loading} className={className} />
}
