import * as z from 'zod/mini'
import { capacityOptionsKw, isCapacityOption } from './quote'

// Schemas of single fields that several forms' schemas share (a module of their own: the pages import the
// rules beside them without zod).

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    )

/** An optional capacity: one of `capacityOptionsKw`, as a number or its text; empty or null is none. */
export const optionalCapacity = z.optional(
  z.pipe(
    z.union([z.number(), z.string(), z.null()]),
    z.transform((value, context) => {
      if (value === null || value === '') return undefined
      const number = typeof value === 'number' ? value : Number(value)
      if (!isCapacityOption(number)) {
        context.issues.push({
          code: 'custom',
          input: value,
          message: `Choose a capacity of ${capacityOptionsKw.join(', ')} kW`,
        })
        return z.NEVER
      }
      return number
    }),
  ),
)
