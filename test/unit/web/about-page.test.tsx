import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { aboutHeroSlides } from '~/content/about'
import AboutPage, { certificationsPart, meta } from '~/routes/about'
import { renderRoute } from './render-route'

function renderAbout() {
  return renderRoute('/about', [{ path: '/about', Component: AboutPage }])
}

function activeSlideLabel(): string | null | undefined {
  return document.querySelector('[aria-roledescription="slide"][data-active] p')?.textContent
}

describe('about page', () => {
  // The certifications' carousel is a lazy island: its code is loaded here, before the fake timers, so the
  // page renders whole at once as it does once it has loaded (lazy-island.test.tsx tests the loading).
  beforeAll(async () => {
    await certificationsPart.preload()
  })
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('draws the 80 hero particles of the spec', () => {
    renderAbout()
    expect(screen.getByTestId('particles').querySelectorAll('[data-particle]')).toHaveLength(80)
  })

  it('rotates Our Vision, Our Mission and Our Values every 5 s', async () => {
    renderAbout()
    expect(aboutHeroSlides.map((slide) => slide.label)).toEqual(['Our Vision', 'Our Mission', 'Our Values'])
    expect(activeSlideLabel()).toBe('Our Vision')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4999)
    })
    expect(activeSlideLabel()).toBe('Our Vision')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(activeSlideLabel()).toBe('Our Mission')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000)
    })
    expect(activeSlideLabel()).toBe('Our Values')
  })

  it('shows the founding year, team and projects, the vision and mission cards and six core values', () => {
    renderAbout()
    for (const text of ['2008', '200+', '950+']) expect(screen.getByText(text)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Our Vision' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Our Mission' })).toBeTruthy()
    const values = screen.getByRole('heading', { name: 'Our Core Values' }).closest('section')!
    expect(
      within(values)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Customer Satisfaction', 'Quality Assurance', 'Integrity', 'Innovation', 'Teamwork', 'Safety'])
  })

  it('lists the 9 certifications in order with previous and next buttons', () => {
    renderAbout()
    const carousel = screen.getByRole('region', { name: 'Certifications' })
    expect(
      within(carousel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'ISO 9001 and 14001',
      'Startup India/DPIIT',
      'MNRE collaboration',
      'MSME/UDYAM',
      'TGREDCO',
      'TGSPDCL',
      'NREDCAP',
      'ISO 9001',
      'ISO 14001',
    ])
    expect(within(carousel).getByRole('button', { name: 'Previous slide' })).toBeTruthy()
    expect(within(carousel).getByRole('button', { name: 'Next slide' })).toBeTruthy()
  })

  it('opens the Our Story video in a modal only on request', () => {
    renderAbout()
    expect(document.querySelector('video')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Our Story' }))
    const dialog = screen.getByRole('dialog', { name: 'Our Story' })
    expect(within(dialog).getByTestId('modal-video').getAttribute('src')).toBe('/media/story.webm')
  })

  it('has its own title and canonical URL', () => {
    const descriptors = meta({} as never)
    expect(descriptors).toContainEqual({ title: 'About Us | Suryodaya Energy' })
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://solar.example.in/about',
    })
  })
})
