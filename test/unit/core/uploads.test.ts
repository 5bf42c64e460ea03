import {
  checkUploadType,
  decodeBase64,
  decodedBase64Length,
  mediaTypeOf,
  sanitiseFileName,
  uploadKey,
} from '@core/uploads'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? Array.from(Buffer.from(value)) : [value])),
  )

describe('sanitiseFileName', () => {
  it.each([
    ['../../etc/passwd', 'text/plain', 'passwd.txt'],
    ['..\\..\\windows\\system.ini', 'text/plain', 'system.ini.txt'],
    ['/absolute/path/report.pdf', 'application/pdf', 'report.pdf'],
    ['C:\\Users\\me\\report.PDF', 'application/pdf', 'report.PDF'],
    ['evil.pdf\u0000.html', 'application/pdf', 'evil.pdf.html.pdf'],
    ['1732270000000-Annual Report (2026).pdf', 'application/pdf', 'Annual-Report-2026.pdf'],
    ['..', 'image/png', 'file.png'],
    ['.htaccess', 'text/plain', 'file.htaccess.txt'],
    ['प्रपत्र.pdf', 'application/pdf', 'file.pdf'],
    ['report.pdf/', 'application/pdf', 'file.pdf'],
    ['photo', 'image/jpeg', 'photo.jpg'],
  ])('%j (%s) → %j', (raw, type, expected) => {
    expect(sanitiseFileName(raw, type)).toBe(expected)
  })

  it('always yields one short, plain segment with an extension of its type', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        const name = sanitiseFileName(raw, 'application/pdf')
        expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/)
        expect(name).not.toContain('..')
        expect(name.length).toBeLessThanOrEqual(100)
        expect(uploadKey(name, new Date(5))).toBe(`resources/5-${name}`)
      }),
    )
  })
})

describe('checkUploadType', () => {
  it('accepts allowed types whose first bytes match', () => {
    expect(checkUploadType('application/pdf', bytes('%PDF-1.7\n'))).toBe('ok')
    expect(checkUploadType('image/png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('ok')
    expect(checkUploadType('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('ok')
    expect(checkUploadType('image/webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('ok')
    expect(checkUploadType('application/zip', bytes('PK', 3, 4, 0))).toBe('ok')
    expect(
      checkUploadType(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes('PK', 3, 4),
      ),
    ).toBe('ok')
    expect(checkUploadType('application/msword', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(
      'ok',
    )
    expect(checkUploadType('text/plain', bytes('नमस्ते, hello\n'))).toBe('ok')
  })

  it('refuses types outside the allow-list, including script-capable ones', () => {
    for (const type of [
      'image/svg+xml',
      'text/html',
      'application/javascript',
      'application/octet-stream',
      '',
      'toString',
      '__proto__',
    ]) {
      expect(checkUploadType(type, bytes('<svg onload=alert(1)>'))).toBe('not-allowed')
    }
  })

  it('refuses a file whose first bytes contradict its declared type', () => {
    expect(checkUploadType('application/pdf', bytes('<html><script>'))).toBe('mismatch')
    expect(checkUploadType('image/png', bytes(0xff, 0xd8, 0xff))).toBe('mismatch')
    expect(checkUploadType('text/plain', bytes('MZ', 0, 0x90))).toBe('mismatch')
    expect(checkUploadType('text/plain', bytes(0xc3, 0x28))).toBe('mismatch')
    expect(checkUploadType('image/gif', bytes('GIF8'))).toBe('mismatch')
  })

  it('reads the media type without parameters or case', () => {
    expect(mediaTypeOf(' Text/Plain; charset=UTF-8')).toBe('text/plain')
  })
})

describe('decodeBase64', () => {
  it('decodes plain and data-URL base64 and measures it without decoding', () => {
    const text = Buffer.from('hello world').toString('base64')
    expect(Buffer.from(decodeBase64(text)!).toString()).toBe('hello world')
    expect(Buffer.from(decodeBase64(`data:text/plain;base64,${text}`)!).toString()).toBe('hello world')
    expect(decodedBase64Length(text)).toBe(11)
  })

  it('refuses broken base64', () => {
    for (const text of ['abc', 'ab!d', 'a===', '====', 'aGVsbG8=x', 'aGV sbG8=']) {
      expect(decodeBase64(text)).toBeUndefined()
    }
  })
})
