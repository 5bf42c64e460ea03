import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configKeys, readConfig } from '../../infra/config'

const context =
  (values: Record<string, unknown>) =>
  (key: string): unknown =>
    values[key]

describe('deployment configuration from CDK context', () => {
  it('has working defaults with no context at all', () => {
    expect(readConfig(context({}))).toEqual({
      stackName: 'SuryodayaSite',
      stage: 'prod',
      domainName: undefined,
      certificateArn: undefined,
      notificationEmail: undefined,
      analyticsHost: undefined,
      analyticsId: undefined,
      logRetentionDays: 30,
      leadRateLimit: '5/10m',
      requireMfa: 'owner,sales,viewer',
      budgetMonthlyUsd: 10,
      deletionProtection: true,
      leadsTableName: undefined,
      contentTableName: undefined,
      pricingPlan: 'free',
    })
  })

  it("puts prod on CloudFront's Free plan and other stages on pay-as-you-go unless pricingPlan says otherwise", () => {
    expect(readConfig(context({ stage: 'prod' })).pricingPlan).toBe('free')
    expect(readConfig(context({ stage: 'staging' })).pricingPlan).toBe('pay-as-you-go')
    expect(readConfig(context({ stage: 'pr-42' })).pricingPlan).toBe('pay-as-you-go')
    expect(readConfig(context({ pricingPlan: 'pro' })).pricingPlan).toBe('pro')
    expect(readConfig(context({ pricingPlan: 'pay-as-you-go' })).pricingPlan).toBe('pay-as-you-go')
    expect(readConfig(context({ stage: 'staging', pricingPlan: 'free' })).pricingPlan).toBe('free')
  })

  it('names the stack after the stage unless stackName or STACK_NAME says otherwise', () => {
    expect(readConfig(context({ stage: 'staging' })).stackName).toBe('SuryodayaSite-staging')
    expect(readConfig(context({ stage: 'prod' })).stackName).toBe('SuryodayaSite')
    expect(readConfig(context({ stage: 'staging' }), { STACK_NAME: 'FromEnv' }).stackName).toBe('FromEnv')
    expect(readConfig(context({ stage: 'staging', stackName: 'Mine' })).stackName).toBe('Mine')
  })

  it('reads the operations knobs as given on the command line (strings)', () => {
    expect(
      readConfig(
        context({
          budgetMonthlyUsd: '25.5',
          deletionProtection: 'false',
          leadsTableName: 'SuryodayaSite-leads-restored',
          contentTableName: 'content.restored_2026',
          pricingPlan: 'pro',
        }),
      ),
    ).toMatchObject({
      budgetMonthlyUsd: 25.5,
      deletionProtection: false,
      leadsTableName: 'SuryodayaSite-leads-restored',
      contentTableName: 'content.restored_2026',
      pricingPlan: 'pro',
    })
  })

  it('lists every knob in cdk.json with its default, so the file documents them and changes nothing', () => {
    const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context
    for (const key of configKeys) expect(Object.keys(cdkContext)).toContain(key)
    expect(readConfig(context(cdkContext), { STACK_NAME: 'FromEnv' })).toEqual({
      ...readConfig(context({})),
      stackName: 'FromEnv',
    })
  })

  it('takes the stack name from context before STACK_NAME', () => {
    expect(readConfig(context({}), { STACK_NAME: 'FromEnv' }).stackName).toBe('FromEnv')
    expect(readConfig(context({ stackName: 'FromContext' }), { STACK_NAME: 'FromEnv' }).stackName).toBe(
      'FromContext',
    )
  })

  it('reads every knob, numbers given as strings on the command line included', () => {
    const config = readConfig(
      context({
        stage: 'staging',
        domainName: 'www.example.in',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
        notificationEmail: 'ops@example.in',
        analyticsHost: 'https://plausible.io',
        analyticsId: 'example.in',
        logRetentionDays: '90',
        leadRateLimit: 'off',
      }),
    )
    expect(config).toMatchObject({ stage: 'staging', logRetentionDays: 90, leadRateLimit: 'off' })
  })

  it.each([
    [{ domainName: 'www.example.in' }, /go together/],
    [{ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' }, /go together/],
    [
      { domainName: 'www.example.in', certificateArn: 'arn:aws:acm:ap-south-1:123456789012:certificate/x' },
      /us-east-1/,
    ],
    [
      { domainName: 'not a domain', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' },
      /domain/,
    ],
    [{ notificationEmail: 'nobody' }, /e-mail/],
    [{ analyticsHost: 'https://plausible.io' }, /go together/],
    [{ analyticsHost: 'http://plausible.io', analyticsId: 'x' }, /https origin/],
    [{ logRetentionDays: 45 }, /logRetentionDays/],
    [{ leadRateLimit: 'lots' }, /leadRateLimit/],
    [{ stage: 'Prod Stage' }, /stage/],
    [{ stackName: '1bad' }, /stack name/],
    [{ stage: 'Staging' }, /stage/],
    [{ budgetMonthlyUsd: '-1' }, /budgetMonthlyUsd/],
    [{ budgetMonthlyUsd: 'ten' }, /budgetMonthlyUsd/],
    [{ deletionProtection: 'no' }, /deletionProtection/],
    [{ pricingPlan: 'flat' }, /pricingPlan/],
    [{ leadsTableName: 'a' }, /leadsTableName/],
    [{ contentTableName: 'bad name!' }, /contentTableName/],
    [{ stage: 5 }, /Context stage must be a string/],
    [{ notificationEmail: ['ops@example.in'] }, /Context notificationEmail must be a string/],
    [{ logRetentionDays: 'a month' }, /logRetentionDays must be one of CloudWatch's values/],
    [{ budgetMonthlyUsd: '' }, /budgetMonthlyUsd/],
    [{ pricingPlan: 15 }, /Context pricingPlan must be one of free, pro, pay-as-you-go/],
  ])('refuses %o with a message naming the key', (values, message) => {
    expect(() => readConfig(context(values))).toThrow(message)
  })
})
