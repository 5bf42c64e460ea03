import { afterEach, describe, expect, it } from 'vitest'
import { captureLandingUtm, landingUtm, leadOrigin, utmOfQuery } from '~/lib/landing-source'

/**
 * The landing capture (web/app/lib/landing-source.ts): the UTM values of the URL a visitor lands on, kept
 * for the session (first touch wins), each trimmed, cut to the API's length and kept only when the API
 * would take it; what a lead form sends about the visit.
 */
afterEach(() => window.sessionStorage.clear())

describe('utmOfQuery', () => {
  it('keeps the five UTM parameters by their lead field, trimmed, and nothing else of the query', () => {
    expect(
      utmOfQuery(
        '?utm_source=%20google%20&utm_medium=cpc&utm_campaign=rooftop&utm_term=solar+panels&utm_content=ad-2&gclid=abc&ref=x',
      ),
    ).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'rooftop',
      utmTerm: 'solar panels',
      utmContent: 'ad-2',
    })
  })

  it('cuts a long value to 100 characters and leaves out empty values and values the API would refuse', () => {
    const values = utmOfQuery(
      `?utm_source=${'a'.repeat(150)}&utm_medium=&utm_campaign=%3Cscript%3E&utm_term=a"b`,
    )
    expect(values).toEqual({ utmSource: 'a'.repeat(100) })
  })
})

describe('captureLandingUtm', () => {
  it('keeps the landing values for the session, and a later landing with other values changes nothing', () => {
    captureLandingUtm('?utm_source=google&utm_campaign=rooftop')
    captureLandingUtm('?utm_source=facebook&utm_campaign=summer')
    expect(landingUtm()).toEqual({ utmSource: 'google', utmCampaign: 'rooftop' })
  })

  it('keeps nothing for a landing without UTM values, so a later one with them is the first touch', () => {
    captureLandingUtm('?q=solar')
    expect(landingUtm()).toEqual({})
    captureLandingUtm('?utm_source=newsletter')
    expect(landingUtm()).toEqual({ utmSource: 'newsletter' })
  })

  it('keeps nothing and throws nothing when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    } as unknown as Storage
    expect(() => captureLandingUtm('?utm_source=google', refusing)).not.toThrow()
    expect(landingUtm(refusing)).toEqual({})
  })

  it('checks the kept values again when read: an edited store sends nothing the API would refuse', () => {
    window.sessionStorage.setItem(
      'landing-utm',
      JSON.stringify({ utmSource: '<b>', utmMedium: 'email', other: 'x' }),
    )
    expect(landingUtm()).toEqual({ utmMedium: 'email' })
  })
})

describe('leadOrigin', () => {
  it('gives the page path and the landing values', () => {
    captureLandingUtm('?utm_source=google')
    expect(leadOrigin('/get-quote')).toEqual({ page: '/get-quote', utmSource: 'google' })
  })

  it('leaves out a path the API would refuse', () => {
    expect(leadOrigin('/caf%C3%A9')).toEqual({})
  })
})
