import { addressLines } from '@core/company'
import { useState } from 'react'
import { company } from '~/content/company'
import { buttonVariants } from '../button'

/**
 * The office map. A local picture first: the third-party map (company.map.embedUrl) loads only when the
 * visitor asks for it, and a link opens it in a map app instead.
 */
export function MapEmbed({ className }: { readonly className?: string }) {
  const [interactive, setInteractive] = useState(false)
  const title = `Map: ${addressLines().join(', ')}`
  return (
    <figure className={className}>
      <div className="relative aspect-[8/5] overflow-hidden rounded-card border border-slate-200 bg-slate-100">
        {interactive ? (
          <iframe
            title={title}
            src={company.map.embedUrl}
            className="size-full"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <>
            <img
              src={company.map.image}
              alt={title}
              width={640}
              height={400}
              className="size-full object-cover"
            />
            <div className="absolute inset-x-3 bottom-3 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => setInteractive(true)}
                className={buttonVariants({ size: 'sm' })}
              >
                Load interactive map
              </button>
              <a
                href={company.map.linkUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ size: 'sm', variant: 'outline' })}
              >
                Open in maps
              </a>
            </div>
          </>
        )}
      </div>
      <figcaption className="mt-2 text-xs text-muted">
        The interactive map is served by OpenStreetMap and loads only when you ask for it.
      </figcaption>
    </figure>
  )
}
