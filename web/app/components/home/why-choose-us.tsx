import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { Icon } from '~/components/ui/icon'
import { SectionHeading } from '~/components/ui/section-heading'
import { StatTile } from '~/components/ui/stat-tile'
import { whyChooseUs } from '~/content/home-sections'

/** Why choose us: four points, four figures and Discover Our Story. */
export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="section-y relative overflow-hidden bg-night text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgb(14_165_163/0.35),transparent_50%)]"
      />
      <div className="page-x relative grid gap-12 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading
            id="why-heading"
            eyebrow={whyChooseUs.eyebrow}
            title={whyChooseUs.heading}
            description={whyChooseUs.description}
            align="left"
            inverse
          />
          <dl className="mt-8 grid grid-cols-2 gap-4">
            {whyChooseUs.stats.map((stat) => (
              <StatTile key={stat.label} value={stat.value} label={stat.label} tone="glass" />
            ))}
          </dl>
          <Link
            to={whyChooseUs.button.to}
            className={buttonVariants({ variant: 'accent', size: 'lg', className: 'mt-8' })}
          >
            {whyChooseUs.button.label}
            <Icon name="arrowRight" className="size-4" />
          </Link>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {whyChooseUs.points.map((point) => (
            <li key={point.title} className="rounded-card border border-white/10 bg-white/5 p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-500/20 text-brand-300">
                <Icon name={point.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{point.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
