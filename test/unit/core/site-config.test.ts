import { describe, expect, it } from 'vitest'
import { parseSiteUrl } from '../../../functions/core/site-config'

describe('parseSiteUrl', () => {
  it('accepts an https origin and gives it back normalised, without a trailing slash', () => {
    expect(parseSiteUrl('https://solar.example.in')).toBe('https://solar.example.in')
    expect(parseSiteUrl(' https://Solar.Example.in/ ')).toBe('https://solar.example.in')
    expect(parseSiteUrl('https://solar.example.in:8443')).toBe('https://solar.example.in:8443')
  })

  it('accepts plain http only for the local stand-in on 127.0.0.1 or localhost', () => {
    expect(parseSiteUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(parseSiteUrl('http://localhost:4173/')).toBe('http://localhost:4173')
    expect(() => parseSiteUrl('http://solar.example.in')).toThrow(/SITE_URL must be/)
  })

  it('treats an empty or missing setting as unknown', () => {
    expect(parseSiteUrl(undefined)).toBeUndefined()
    expect(parseSiteUrl('')).toBeUndefined()
    expect(parseSiteUrl('  ')).toBeUndefined()
  })

  it.each([
    'solar.example.in',
    'https://solar.example.in/en',
    'https://solar.example.in/?x=1',
    'https://solar.example.in#top',
    'https://user:secret@solar.example.in',
    'ftp://solar.example.in',
    'https://',
    'javascript:alert(1)',
    'https://solar example.in',
  ])('refuses %j with the setting named', (value) => {
    expect(() => parseSiteUrl(value, 'Context domainName')).toThrow(/^Context domainName must be/)
  })
})
