import type { ReactNode } from 'react'
import { ImageWithFallback } from '~/components/image-with-fallback'
import { cn } from '~/lib/class-names'

export interface FormPageProps {
  /** The small line above the heading (the page's name). */
  readonly eyebrow: string
  readonly heading: string
  readonly intro: string
  /** A line under the intro (e.g. a link to a related page). */
  readonly introExtra?: ReactNode
  /** Names the form's card: a visible heading with its id, or a label for screen readers only. */
  readonly formName: { readonly heading: string; readonly headingId: string } | { readonly label: string }
  /** The form. */
  readonly children: ReactNode
  /** The picture at the top of the column beside the form (480 × 360). */
  readonly illustration: { readonly src: string; readonly fallbackSrc: string; readonly alt: string }
  /** More of that column under the picture, named by its heading's id. Alone, the picture stays in view. */
  readonly aside?: { readonly headingId: string; readonly children: ReactNode }
}

/** A page built around one lead form (contact, quote): its header, the form's card and a column beside it. */
export function FormPage({
  eyebrow,
  heading,
  intro,
  introExtra,
  formName,
  children,
  illustration,
  aside,
}: FormPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{heading}</h1>
        <p className="mt-3 text-lg text-muted">{intro}</p>
        {introExtra ? <p className="mt-3">{introExtra}</p> : null}
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        <section
          {...('label' in formName
            ? { 'aria-label': formName.label }
            : { 'aria-labelledby': formName.headingId })}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3"
        >
          {'heading' in formName ? (
            <h2 id={formName.headingId} className="mb-4 text-xl font-semibold text-ink">
              {formName.heading}
            </h2>
          ) : null}
          {children}
        </section>
        <aside
          className={cn(aside && 'flex flex-col gap-6', 'lg:col-span-2')}
          aria-labelledby={aside?.headingId}
        >
          <ImageWithFallback
            src={illustration.src}
            fallbackSrc={illustration.fallbackSrc}
            alt={illustration.alt}
            width={480}
            height={360}
            className={cn(
              'h-auto w-full rounded-2xl border border-slate-200 bg-white',
              !aside && 'lg:sticky lg:top-24',
            )}
          />
          {aside?.children}
        </aside>
      </div>
    </div>
  )
}
