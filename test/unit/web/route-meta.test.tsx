import type { MetaDescriptor } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { sitePage } from '~/content/pages'
import { sectorsPage } from '~/content/solutions/sectors'
import { pageMeta } from '~/lib/meta'
import { meta as adminMeta } from '~/routes/admin'
import { meta as contactMeta } from '~/routes/contact'
import { meta as getQuoteMeta } from '~/routes/get-quote'
import { meta as homeMeta } from '~/routes/home'

type MetaFunction = (args: never) => MetaDescriptor[] | undefined

function metaOf(fn: MetaFunction): MetaDescriptor[] {
  return fn({} as never) ?? []
}

function content(descriptors: MetaDescriptor[], key: 'name' | 'property', value: string) {
  const found = descriptors.find((d) => (d as Record<string, unknown>)[key] === value)
  return found && 'content' in found ? found.content : undefined
}

describe('pageMeta', () => {
  it('gives title, description, canonical URL, social tags, robots and theme colour', () => {
    const descriptors = pageMeta({ title: 'Contact Us', description: 'Talk to us.', path: '/contact' })
    expect(descriptors).toContainEqual({ title: 'Contact Us | Suryodaya Energy' })
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://solar.example.in/contact',
    })
    expect(content(descriptors, 'name', 'description')).toBe('Talk to us.')
    expect(content(descriptors, 'property', 'og:title')).toBe('Contact Us | Suryodaya Energy')
    expect(content(descriptors, 'property', 'og:description')).toBe('Talk to us.')
    expect(content(descriptors, 'property', 'og:url')).toBe('https://solar.example.in/contact')
    expect(content(descriptors, 'property', 'og:type')).toBe('website')
    expect(content(descriptors, 'property', 'og:site_name')).toBe('Suryodaya Energy')
    expect(content(descriptors, 'name', 'twitter:card')).toBe('summary')
    expect(content(descriptors, 'name', 'twitter:title')).toBe('Contact Us | Suryodaya Energy')
    expect(content(descriptors, 'name', 'twitter:description')).toBe('Talk to us.')
    expect(content(descriptors, 'name', 'robots')).toBe('index, follow')
    expect(content(descriptors, 'name', 'theme-color')).toBe('#0ea5a3')
    expect(content(descriptors, 'name', 'keywords')).toBeUndefined()
  })

  it('names the origin it is given in the canonical link and og:url', () => {
    const descriptors = pageMeta(
      { title: 'About', description: 'Us.', path: '/about' },
      'http://127.0.0.1:4173',
    )
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'http://127.0.0.1:4173/about',
    })
    expect(content(descriptors, 'property', 'og:url')).toBe('http://127.0.0.1:4173/about')
  })

  it('leaves out the canonical link and og:url when the build has no site URL, and keeps the rest', async () => {
    vi.stubEnv('SITE_URL', '')
    vi.resetModules()
    const unset = await import('~/lib/meta')
    vi.unstubAllEnvs()
    const descriptors = unset.pageMeta({ title: 'About', description: 'Us.', path: '/about' })
    expect(descriptors.some((d) => 'rel' in d && d.rel === 'canonical')).toBe(false)
    expect(content(descriptors, 'property', 'og:url')).toBeUndefined()
    expect(content(descriptors, 'property', 'og:title')).toBe('About | Suryodaya Energy')
    expect(content(descriptors, 'name', 'robots')).toBe('index, follow')
  })

  it('keeps a page that is not indexable out of search engines, unless robots is given', () => {
    const hidden = pageMeta({ title: 'Login', description: 'Sign in.', path: '/login', indexable: false })
    expect(content(hidden, 'name', 'robots')).toBe('noindex, nofollow')
    const notFound = pageMeta({ title: 'Not found', description: 'Gone.', robots: 'noindex, follow' })
    expect(content(notFound, 'name', 'robots')).toBe('noindex, follow')
  })
})

describe('route meta', () => {
  it('sets keywords on the home page only', () => {
    expect(content(metaOf(homeMeta), 'name', 'keywords')).toMatch(/solar/i)
    expect(content(metaOf(contactMeta), 'name', 'keywords')).toBeUndefined()
    expect(content(metaOf(adminMeta), 'name', 'keywords')).toBeUndefined()
  })

  it('points each page at its own canonical URL', () => {
    const canonical = (descriptors: MetaDescriptor[]) =>
      descriptors.find((d) => 'rel' in d && d.rel === 'canonical') as { href: string } | undefined
    expect(canonical(metaOf(homeMeta))?.href).toBe('https://solar.example.in/')
    expect(canonical(metaOf(contactMeta))?.href).toBe('https://solar.example.in/contact')
    expect(canonical(metaOf(adminMeta))?.href).toBe('https://solar.example.in/admin')
  })

  it('keeps the admin page out of search engines', () => {
    expect(content(metaOf(adminMeta), 'name', 'robots')).toBe('noindex, nofollow')
    expect(content(metaOf(contactMeta), 'name', 'robots')).toBe('index, follow')
  })
})

describe('page descriptions and titles that match their pages', () => {
  it('gives /get-quote the title of the page table, which the page itself shows', () => {
    const descriptors = metaOf(getQuoteMeta as MetaFunction)
    const title = descriptors.flatMap((d) => ('title' in d ? [d.title] : []))[0]
    expect(title).toContain(sitePage('/get-quote').title)
    expect(sitePage('/get-quote').title).toBe('Get a Quote')
  })

  it('names in the /sectors description only the sectors the page shows, and all of them', () => {
    // Each phrase of the description, and the sector card it stands for (written out here on purpose).
    const phraseToSector: Record<string, string> = {
      offices: 'Commercial & Office',
      factories: 'Industrial & Manufacturing',
      'residential communities': 'Residential Communities',
      'schools and colleges': 'Educational Institutions',
      hospitals: 'Healthcare Facilities',
      'shops and hotels': 'Retail & Hospitality',
    }
    const description = sitePage('/sectors').description
    const phrases = description
      .replace(/^Clean energy for /, '')
      .replace(/\.$/, '')
      .split(/, /)
    expect(phrases.sort()).toEqual(Object.keys(phraseToSector).sort())
    expect(Object.values(phraseToSector).sort()).toEqual(
      sectorsPage.sectors.map((sector) => sector.title).sort(),
    )
  })
})
