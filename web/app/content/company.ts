/**
 * The company as the site shows it: its facts (name, phone, e-mail, address) from functions/core/company.ts,
 * which the Lambdas' messages read too, and the site's own parts here (tagline, brand colour, videos, map,
 * social and WhatsApp links). Change a phone number or an address there and every page and message follows.
 */
// A relative path: React Router loads the route config (routes.ts → pages.ts → here) without the aliases.
import { type CompanyFacts, companyFacts } from '../../../functions/core/company'

export interface SocialLink {
  readonly label: 'LinkedIn' | 'X' | 'Facebook' | 'Instagram' | 'YouTube'
  /** Leave empty to hide the link: no social link is ever rendered pointing nowhere. */
  readonly url: string
}

/** A video the site shows in a modal, loaded only when the visitor opens it. */
export interface VideoSource {
  readonly title: string
  /** A file on this site (web/public) or a direct video URL. */
  readonly src: string
  /** A local image shown before playing and if the video cannot be played. */
  readonly poster: string
  readonly unavailableMessage: string
}

export interface Company extends CompanyFacts {
  /** One line about what the company does. */
  readonly tagline: string
  /** The brand colour, also the browsers' theme colour. */
  readonly themeColor: string
  /** The year shown in the footer's copyright line (spec: 2024). */
  readonly copyrightYear: number
  readonly social: readonly SocialLink[]
  readonly videos: { readonly demo: VideoSource; readonly story: VideoSource }
  /** The office map: an embed loaded only on request, the page to open in a map app, and a local picture. */
  readonly map: { readonly embedUrl: string; readonly linkUrl: string; readonly image: string }
}

export const company: Company = {
  ...companyFacts,
  tagline: 'Solar, wind, storage and EV charging for homes, businesses and public bodies across India.',
  themeColor: '#0ea5a3',
  copyrightYear: 2024,
  // The company's own profiles, once it has them: e.g. { label: 'LinkedIn', url: 'https://www.linkedin.com/company/…' }.
  // A label with no address is not shown, so no footer link ever points at a guessed handle.
  social: [],
  videos: {
    demo: {
      title: `${companyFacts.name} in two minutes`,
      src: '/media/demo.webm',
      poster: '/images/video-demo-poster.svg',
      unavailableMessage: 'The video cannot be played right now. Call or write to us for a live demo.',
    },
    story: {
      title: 'Our Story',
      src: '/media/story.webm',
      poster: '/images/video-story-poster.svg',
      unavailableMessage: 'The video cannot be played right now. Read our story on this page.',
    },
  },
  map: {
    embedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=78.3705%2C17.4385%2C78.3905%2C17.4535&layer=mapnik&marker=17.446%2C78.3805',
    linkUrl: 'https://www.openstreetmap.org/?mlat=17.4460&mlon=78.3805#map=16/17.4460/78.3805',
    image: '/images/office-map.svg',
  },
}

/** A WhatsApp chat link with the company (its `whatsapp` number), with an optional first message. */
export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${company.whatsapp.number}`
  return message ? `${base}?text=${encodeURIComponent(message)}` : base
}

/** The social links that have an address (empty ones are not shown). */
export function socialLinks(): readonly SocialLink[] {
  return company.social.filter((link) => link.url.trim() !== '')
}
