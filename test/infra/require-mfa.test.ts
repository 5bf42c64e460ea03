import { Template } from 'aws-cdk-lib/assertions'
import { afterAll, describe, expect, it } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { readConfig } from '../../infra/config'
import { type FakeBuild, makeFakeBuild } from '../support/cdk-stack'

/**
 * The `requireMfa` setting (infra/config.ts): the roles that must sign in with MFA, deployed by default as
 * the roles that can read leads, passed to the login function (the route whose access says `mfaPolicy`) as
 * REQUIRE_MFA, and refused at synth when it names a role that does not exist.
 */
const context =
  (values: Record<string, unknown>) =>
  (key: string): unknown =>
    values[key]

describe('requireMfa', () => {
  it('defaults to the roles that can read leads, takes a list or none, and refuses an unknown role', () => {
    expect(readConfig(context({})).requireMfa).toBe('owner,sales,viewer')
    expect(readConfig(context({ requireMfa: 'owner, sales' })).requireMfa).toBe('owner, sales')
    expect(readConfig(context({ requireMfa: 'none' })).requireMfa).toBe('')
    expect(() => readConfig(context({ requireMfa: 'owner,Viewer' }))).toThrow(/requireMfa.*Viewer/)
    expect(() => readConfig(context({ requireMfa: 3 }))).toThrow(/requireMfa must be a string/)
  })

  const build: FakeBuild = makeFakeBuild()
  afterAll(() => build.remove())

  it('reaches the login and password-change functions as REQUIRE_MFA (both answer whether MFA comes next), and no other function', () => {
    const { stackName, ...config } = readConfig(context({ requireMfa: 'owner,sales' }))
    const template = Template.fromStack(build.stack(stackName, { config }))
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as {
      Properties: { Description?: string; Environment?: { Variables?: Record<string, unknown> } }
    }[]
    const withSetting = functions.filter(
      (fn) => fn.Properties.Environment?.Variables?.[functionEnv.requireMfa] !== undefined,
    )
    expect(withSetting).toHaveLength(2)
    for (const fn of withSetting) {
      expect(fn.Properties.Environment?.Variables?.[functionEnv.requireMfa]).toBe('owner,sales')
    }
    const described = withSetting.map((fn) => JSON.stringify(fn.Properties))
    expect(described.some((text) => text.includes('/api/admin/login'))).toBe(true)
    expect(described.some((text) => text.includes('/api/admin/password'))).toBe(true)
  })
})
