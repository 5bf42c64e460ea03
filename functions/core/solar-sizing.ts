import { type CapacityKw, capacityOptionsKw } from './quote'
import { solarAssumptions } from './solar-assumptions'

/** The sizes the report may recommend: the capacities we sell, within the roof. */

/** The smallest size we sell. */
export const smallestKw = capacityOptionsKw[0]
/** The largest size we sell. */
export const largestKw = capacityOptionsKw[capacityOptionsKw.length - 1] as CapacityKw

/** The largest size we sell that fits `roofSqft`, or undefined when not even the smallest fits. */
export function largestFittingKw(roofSqft: number): CapacityKw | undefined {
  const maxKw = roofSqft / solarAssumptions.roofSqftPerKw
  return [...capacityOptionsKw].reverse().find((kw) => kw <= maxKw)
}

/** The size we sell nearest to `neededKw` (a tie goes to the larger), from the smallest to the largest. */
export function nearestSoldKw(neededKw: number): CapacityKw {
  let best: CapacityKw = smallestKw
  for (const kw of capacityOptionsKw) {
    if (Math.abs(kw - neededKw) <= Math.abs(best - neededKw)) best = kw
  }
  return best
}
