import { type MouseEvent, type ReactNode, useState } from 'react'
import { useNavigate } from 'react-router'

/** The attribute that marks a static section in the prerendered HTML, with the section's name. */
export const staticSectionAttribute = 'data-static-section'

/**
 * The prerendered markup of a static section while the page is being hydrated: the root layout marks
 * `<html data-hydrated>` once React has taken over the document, so after that (client navigation) and on
 * the server there is none and the section renders its children.
 */
function prerenderedHtml(name: string): string | undefined {
  if (typeof document === 'undefined' || 'hydrated' in document.documentElement.dataset) return undefined
  return document.querySelector(`[${staticSectionAttribute}="${CSS.escape(name)}"]`)?.innerHTML
}

/** The site path of a plain left click on a link of this site that opens in the same tab, else undefined. */
function sitePathOfClick(event: MouseEvent<HTMLElement>): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return undefined
  if (event.altKey || !(event.target instanceof Element)) return undefined
  const link = event.target.closest('a')
  if (!link || !event.currentTarget.contains(link) || (link.target && link.target !== '_self'))
    return undefined
  if (link.hasAttribute('download')) return undefined
  const url = new URL(link.href, window.location.href)
  if (url.origin !== window.location.origin) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * A part of a page with nothing to run (text, pictures, links): an island that never hydrates. On the
 * first load React takes the section's prerendered markup as it is (`dangerouslySetInnerHTML` of the same
 * HTML, which React does not reconcile), so its components cost no hydration work on a phone; after a
 * client navigation the section renders its children as usual. Its links still navigate inside the app
 * (one click handler on the section), as the `<Link>`s they were rendered from do.
 *
 * `name` must be unique to the section's content on the site (it finds the markup in the page). Only for
 * children without state, effects or handlers: anything interactive (forms, carousels,
 * counters, a video button) stays outside, hydrated as usual. The wrapper is `display: contents`, so the
 * layout, landmarks and headings are those of the children.
 */
export function StaticSection({
  name,
  live = false,
  children,
}: {
  readonly name: string
  /**
   * Render the children instead of the prerendered markup from now on: for a section that stays mounted
   * across client navigations (the site's header) and must follow what changes, or that becomes
   * interactive (the desktop navigation once the screen is wide). Keep it live once it is: the markup read
   * at the first load may no longer be what the children render.
   */
  readonly live?: boolean
  readonly children: ReactNode
}) {
  // A route module can render a different page in the same place (the four legal pages): the markup
  // read at hydration belongs to the name it was read for, so names are unique to their content.
  const [prerendered] = useState(() => ({ name, html: live ? undefined : prerenderedHtml(name) }))
  const html = prerendered.name === name && !live ? prerendered.html : undefined
  const navigate = useNavigate()
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const path = sitePathOfClick(event)
    if (path === undefined) return
    event.preventDefault()
    void navigate(path)
  }
  const props = { [staticSectionAttribute]: name, className: 'contents', onClick }
  if (html !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the section's own prerendered markup, read back
    return <div {...props} dangerouslySetInnerHTML={{ __html: html }} />
  }
  return <div {...props}>{children}</div>
}
