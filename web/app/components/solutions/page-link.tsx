import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import type { PageLink } from '~/content/solutions'

/** A button-looking link; in-page anchors (`#charging`) stay plain anchors so the browser scrolls. */
export function PageLinkButton({ link, inverse = false }: { link: PageLink; inverse?: boolean }) {
  const outline = link.variant === 'outline'
  const className = buttonVariants({
    variant: inverse ? (outline ? 'inverse-outline' : 'accent') : outline ? 'outline' : 'primary',
    size: 'lg',
  })
  if (link.to.startsWith('#')) {
    return (
      <a href={link.to} className={className}>
        {link.label}
      </a>
    )
  }
  return (
    <Link to={link.to} className={className}>
      {link.label}
    </Link>
  )
}
