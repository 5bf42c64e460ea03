import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Illustration } from '~/components/ui/illustration'
import { ShellIcon } from '~/components/ui/shell-icons'
import { StatTile } from '~/components/ui/stat-tile'
import type { PageLink } from '~/content/solutions'
import { PageLinkButton } from './page-link'

export interface PageHeroProps {
  readonly back?: PageLink | undefined
  readonly eyebrow: string
  readonly title: string
  readonly intro: string
  readonly actions: readonly PageLink[]
  readonly stats?: readonly { readonly value: string; readonly label: string }[] | undefined
  /** The picture on the right: an image path, or a live element (the digital dashboard). */
  readonly aside: ReactNode
}

/** The dark hero of the solutions and services pages: back link, title, actions, figures, picture. */
export function PageHero({ back, eyebrow, title, intro, actions, stats, aside }: PageHeroProps) {
  return (
    <section aria-labelledby="page-title" className="relative isolate overflow-hidden bg-night text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,rgb(14_165_163/0.4),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgb(251_191_36/0.15),transparent_55%)]"
      />
      <div className="page-x grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div className="min-w-0">
          {back ? (
            <Link
              to={back.to}
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-200 hover:text-white"
            >
              <ShellIcon name="arrowRight" className="size-4 rotate-180" />
              {back.label}
            </Link>
          ) : null}
          <p className="mt-4 text-sm font-semibold tracking-widest text-brand-300 uppercase">{eyebrow}</p>
          <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-300">{intro}</p>
          {stats?.length ? (
            <dl className="mt-8 grid max-w-xl grid-cols-2 gap-3 sm:grid-cols-4">
              {stats.map((stat) => (
                <StatTile key={stat.label} tone="glass" value={stat.value} label={stat.label} />
              ))}
            </dl>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            {actions.map((link) => (
              <PageLinkButton key={link.label} link={link} inverse />
            ))}
          </div>
        </div>
        <div className="min-w-0">
          {typeof aside === 'string' ? (
            <Illustration
              src={aside}
              className="mx-auto h-auto w-full max-w-lg rounded-card"
              loading="eager"
            />
          ) : (
            aside
          )}
        </div>
      </div>
    </section>
  )
}
