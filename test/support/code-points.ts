import fc from 'fast-check'

/**
 * A string of any code points, lone surrogates included: what `fc.string({ unit: 'binary' })` makes, without
 * its cost. fast-check builds that unit's table of the whole code space on first use (two seconds of CPU,
 * more on a busy machine), once in every test process that imports it; these are the same values drawn
 * from an integer.
 */
export function binaryString(constraints: { minLength?: number; maxLength: number }): fc.Arbitrary<string> {
  const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((value) => String.fromCodePoint(value))
  return fc.string({ unit: codePoint, ...constraints })
}
