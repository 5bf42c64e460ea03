import crc32 from 'crc-32'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
// Loading the workbook module puts zlib's CRC-32 in place of crc-32's JavaScript one.
import '../../../functions/lib/workbook'

/** CRC-32 (IEEE 802.3, reflected, as zip uses it) bit by bit: the reference the zip's checksums must equal. */
function referenceCrc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return ~crc >>> 0
}

describe("the zip's CRC-32 (crc-32's buf, as the workbook functions load it)", () => {
  it('is the standard CRC-32: the check value of "123456789", and the empty input', () => {
    expect(crc32.buf(Buffer.from('123456789')) >>> 0).toBe(0xcbf43926)
    expect(crc32.buf(new Uint8Array(0))).toBe(0)
    expect(crc32.buf([0x31, 0x32, 0x33]) >>> 0).toBe(referenceCrc32(Buffer.from('123')))
  })

  it('equals the reference for any bytes, and continues from a previous checksum as crc32-stream calls it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (first, second) => {
        // crc-32 answers a signed 32-bit number; crc32-stream keeps it unsigned (>>> 0) and passes it back.
        const whole = crc32.buf(first) >>> 0
        expect(whole).toBe(referenceCrc32(first))
        const continued = crc32.buf(second, whole) >>> 0
        expect(continued).toBe(referenceCrc32(Buffer.concat([first, second])))
      }),
      { numRuns: 500 },
    )
  })
})
