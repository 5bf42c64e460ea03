import { afterEach, describe, expect, it } from 'vitest'
import { captureLandingQuery } from '~/lib/landing-capture'
import { landingUtm, leadOrigin, utmOfQuery } from '~/lib/landing-source'

/**
 * The landing capture (web/app/lib/landing-capture.ts, landing-source.ts): the query of the URL a visitor
 * lands on with UTM parameters, kept for the session (first touch wins); its UTM values read out of it
 * trimmed, cut to the API's length and only when the API would take them; what a lead form sends.
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

describe('captureLandingQuery', () => {
  it('keeps the landing values for the session, and a later landing with other values changes nothing', () => {
    captureLandingQuery('?utm_source=google&utm_campaign=rooftop')
    captureLandingQuery('?utm_source=facebook&utm_campaign=summer')
    expect(landingUtm()).toEqual({ utmSource: 'google', utmCampaign: 'rooftop' })
  })

  it('keeps nothing for a landing without UTM parameters, so a later one with them is the first touch', () => {
    captureLandingQuery('?q=solar')
    expect(window.sessionStorage.length).toBe(0)
    captureLandingQuery('?utm_source=newsletter')
    expect(landingUtm()).toEqual({ utmSource: 'newsletter' })
  })

  it('keeps nothing and throws nothing when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    } as unknown as Storage
    expect(() => captureLandingQuery('?utm_source=google', refusing)).not.toThrow()
    expect(landingUtm(refusing)).toEqual({})
  })

  it('checks the kept values when read: an edited store sends nothing the API would refuse', () => {
    window.sessionStorage.setItem('landing-query', '?utm_source=%3Cb%3E&utm_medium=email&other=x')
    expect(landingUtm()).toEqual({ utmMedium: 'email' })
  })
})

describe('leadOrigin', () => {
  it('gives the page path and the landing values', () => {
    captureLandingQuery('?utm_source=google')
    expect(leadOrigin('/get-quote')).toEqual({ page: '/get-quote', utmSource: 'google' })
  })

  it('leaves out a path the API would refuse', () => {
    expect(leadOrigin('/caf%C3%A9')).toEqual({})
    expect(leadOrigin('//evil.example')).toEqual({})
  })
})
