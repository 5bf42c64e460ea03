import { describe, expect, it } from 'vitest'
import { afterCdk } from '../../../infra/site-build'

/**
 * `npm run deploy` upgrades the admin records of the deployed stack after a successful deploy (an owner role
 * for users created before roles existed; the functions deny a record without a role), and only then.
 */
describe('afterCdk', () => {
  it("runs the admin upgrade on the deployed stage's stack after a deploy", () => {
    expect(afterCdk(['deploy', '--all'], {}, {})).toEqual([
      'npm',
      'run',
      'admin',
      '--',
      'upgrade',
      '--stack',
      'SuryodayaSite',
    ])
  })

  it('runs nothing after a synth or a destroy', () => {
    expect(afterCdk(['synth'], {}, {})).toBeUndefined()
    expect(afterCdk(['destroy', '--all'], {}, {})).toBeUndefined()
  })
})
