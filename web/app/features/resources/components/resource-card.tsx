import { indianDigits } from '@core/indian-number'
import { type ListedResource, maxCardTags } from '@core/listing'
import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { LabelledList } from '~/components/ui/labelled-list'
import { contactWithSubject } from '~/content/actions'
import { resourcesPage } from '~/features/resources/content'
import { cn } from '~/lib/class-names'
import { displayDate } from '~/lib/format-date'
import { notify } from '~/lib/toast'

/** The card's picture band by height (tall, medium, short) and the picture by category. */
const bandHeights = { tall: 'h-44', medium: 'h-28', short: 'h-16' } as const
const categoryImages: Readonly<Record<string, string>> = {
  guides: '/images/rooftop-solar.svg',
  'case-studies': '/images/factory-solar.svg',
  whitepapers: '/images/city-grid.svg',
  videos: '/images/video-story-poster.svg',
  tools: '/images/battery-storage.svg',
}

/** Where Read More goes: the resource's file when it has one, else a request for it on the contact page. */
export function readMoreTarget(resource: Pick<ListedResource, 'fileUrl' | 'title'>): string {
  return resource.fileUrl || contactWithSubject(`Resource request: ${resource.title}`)
}

async function share(resource: ListedResource): Promise<void> {
  const url = new URL(resource.fileUrl || '/resources', window.location.href).href
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: resource.title, url })
      return
    }
    await navigator.clipboard.writeText(url)
    notify.success('Link copied')
  } catch (error) {
    // Closing the share sheet is not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return
    notify.error('Could not share this resource')
  }
}

/** One card of the masonry list. */
export function ResourceCard({ resource }: { readonly resource: ListedResource }) {
  const titleId = `resource-${resource.id}-title`
  const file = resource.fileUrl
  const fileIsOurs = file.startsWith('/')
  const date = displayDate(resource.date)
  return (
    <Card
      as="article"
      tone="raised"
      aria-labelledby={titleId}
      className="mb-6 break-inside-avoid overflow-hidden"
    >
      <div className={cn('relative bg-brand-50', bandHeights[resource.height])}>
        <img
          src={resource.image || categoryImages[resource.category] || '/images/placeholder.svg'}
          alt=""
          width={400}
          height={176}
          loading="lazy"
          className="size-full object-cover"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          <span className="rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">
            {resource.type}
          </span>
          {resource.featured ? (
            <span className="rounded-full bg-sun-400 px-2.5 py-1 text-xs font-semibold text-ink shadow-sm">
              Featured
            </span>
          ) : null}
        </div>
      </div>
      <div className="p-5">
        <h3 id={titleId} className="text-lg leading-snug font-semibold text-ink">
          {resource.title}
        </h3>
        {resource.excerpt ? <p className="mt-2 text-sm text-muted">{resource.excerpt}</p> : null}
        {resource.tags.length > 0 ? (
          <LabelledList label="Tags" className="mt-3 flex flex-wrap gap-1.5">
            {resource.tags.slice(0, maxCardTags).map((tag) => (
              <li
                key={tag}
                className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
              >
                {tag}
              </li>
            ))}
          </LabelledList>
        ) : null}
        <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-muted">
          <div className="col-span-2 flex gap-1">
            <dt className="sr-only">Author</dt>
            <dd className="font-medium text-slate-700">{resource.author}</dd>
          </div>
          {date ? (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Published</dt>
              <Icon name="calendar" className="size-3.5" />
              <dd>{date}</dd>
            </div>
          ) : null}
          {resource.readTime ? (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Read time</dt>
              <Icon name="clock" className="size-3.5" />
              <dd>{resource.readTime}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1">
            <dt className="sr-only">Views</dt>
            <Icon name="eye" className="size-3.5" />
            <dd>{indianDigits(resource.views)} views</dd>
          </div>
        </dl>
        <div className="mt-5 flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
          {file ? (
            <a
              href={file}
              target="_blank"
              rel={fileIsOurs ? 'noopener' : 'noopener noreferrer'}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:text-brand-900"
            >
              {resourcesPage.readMore}
              <span className="sr-only">: {resource.title}</span>
              <Icon name="arrowRight" className="size-4" />
            </a>
          ) : (
            <Link
              to={readMoreTarget(resource)}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:text-brand-900"
            >
              {resourcesPage.readMore}
              <span className="sr-only">: {resource.title}</span>
              <Icon name="arrowRight" className="size-4" />
            </Link>
          )}
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={() => void share(resource)}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
              aria-label={`Share ${resource.title}`}
            >
              <Icon name="share" className="size-4" />
            </button>
            {file ? (
              <a
                href={file}
                download={fileIsOurs ? '' : undefined}
                className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                aria-label={`Download ${resource.title}`}
              >
                <Icon name="download" className="size-4" />
              </a>
            ) : null}
          </div>
        </div>
        {resource.category === 'tools' ? (
          <Link
            to={resourcesPage.toolAction.to}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-4 w-full' })}
          >
            {resourcesPage.toolAction.label}
          </Link>
        ) : null}
      </div>
    </Card>
  )
}
