import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import type { PageLink } from '~/content/solutions'

/**
 * A button-looking link. In-page anchors (`#charging`) scroll themselves: a bare hash change reaches the
 * router as a POP, and ScrollRestoration would put the page back where it was.
 */
export function PageLinkButton({ link, inverse = false }: { link: PageLink; inverse?: boolean }) {
  const outline = link.variant === 'outline'
  const className = buttonVariants({
    variant: inverse ? (outline ? 'inverse-outline' : 'accent') : outline ? 'outline' : 'primary',
    size: 'lg',
  })
  if (link.to.startsWith('#')) {
    const id = link.to.slice(1)
    return (
      <a
        href={link.to}
        className={className}
        onClick={(event) => {
          const target = document.getElementById(id)
          if (!target) return
          event.preventDefault()
          target.scrollIntoView({ block: 'start' })
          window.history.replaceState(window.history.state, '', link.to)
        }}
      >
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
