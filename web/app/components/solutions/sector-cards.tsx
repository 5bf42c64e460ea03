import { useState } from 'react'
import { Link } from 'react-router'
import { Card } from '~/components/ui/card'
import { CheckList } from '~/components/ui/check-list'
import { FigureList } from '~/components/ui/figure-list'
import { IconBadge } from '~/components/ui/icon-badge'
import { ShellIcon } from '~/components/ui/shell-icons'
import { type PageLink, projectsAndSavings, type Sector } from '~/content/solutions'
import { cn } from '~/lib/class-names'

/**
 * The six sector cards. The case-study line of a card is highlighted while the card is hovered or has
 * focus inside it ("Hovering a card highlights its case study"; focus too, for keyboards).
 */
export function SectorCards({
  sectors,
  caseStudyLink,
}: {
  sectors: readonly Sector[]
  caseStudyLink: PageLink
}) {
  const [active, setActive] = useState<string | null>(null)
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {sectors.map((sector) => {
        const highlighted = active === sector.title
        return (
          <Card
            as="li"
            tone="raised"
            key={sector.title}
            data-highlighted={highlighted || undefined}
            onMouseEnter={() => setActive(sector.title)}
            onMouseLeave={() => setActive((current) => (current === sector.title ? null : current))}
            onFocus={() => setActive(sector.title)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                setActive((current) => (current === sector.title ? null : current))
              }
            }}
            className="flex flex-col p-6"
          >
            <IconBadge name={sector.icon} />
            <h3 className="mt-4 text-lg font-semibold text-ink">{sector.title}</h3>
            <FigureList
              figures={projectsAndSavings(sector)}
              className="mt-3 flex gap-6 text-sm"
              labelClassName="text-muted"
              valueClassName="text-xl font-bold text-brand-700"
            />
            <CheckList items={sector.features} className="mt-4 space-y-2 text-sm text-slate-700" />
            <p
              data-testid="case-study"
              className={cn(
                'mt-5 rounded-xl border p-3 text-sm transition-colors',
                highlighted
                  ? 'border-amber-300 bg-amber-100 text-amber-950'
                  : 'border-slate-200 bg-slate-50 text-slate-700',
              )}
            >
              {sector.caseStudy}
            </p>
            <Link
              to={caseStudyLink.to}
              className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              {caseStudyLink.label} <span className="sr-only">: {sector.title}</span>
              <ShellIcon name="arrowRight" className="size-4" />
            </Link>
          </Card>
        )
      })}
    </ul>
  )
}
