import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configKeys, readConfig, stageKeys } from '../../infra/config'

const context =
  (values: Record<string, unknown>) =>
  (key: string): unknown =>
    values[key]
/** A context with `settings` as the stage's own (`stages.<stage>`), as cdk.json holds them. */
const staged = (stage: string, settings: Record<string, unknown> = {}, top: Record<string, unknown> = {}) =>
  context({ ...top, stage, stages: { prod: {}, [stage]: settings } })
/** The prod stage with its own `settings`. */
const prod = (settings: Record<string, unknown>) => staged('prod', settings)

describe('deployment configuration from CDK context', () => {
  it('has working defaults with no context at all', () => {
    expect(readConfig(context({}))).toEqual({
      stackName: 'SuryodayaSite',
      stage: 'prod',
      domainName: undefined,
      certificateArn: undefined,
      leadsEmail: undefined,
      alarmEmail: undefined,
      analyticsHost: undefined,
      analyticsId: undefined,
      logRetentionDays: 30,
      leadRateLimit: '5/10m',
      requireMfa: 'owner,sales,viewer',
      budgetMonthlyUsd: 10,
      retainData: true,
      deletionProtection: true,
      reservedConcurrency: 0,
      leadsTableName: undefined,
      contentTableName: undefined,
      pricingPlan: 'free',
    })
  })

  it("puts prod on CloudFront's Free plan and other stages on pay-as-you-go unless pricingPlan says otherwise", () => {
    expect(readConfig(staged('prod')).pricingPlan).toBe('free')
    expect(readConfig(staged('staging')).pricingPlan).toBe('pay-as-you-go')
    expect(readConfig(staged('pr-42')).pricingPlan).toBe('pay-as-you-go')
    expect(readConfig(staged('prod', { pricingPlan: 'pro' })).pricingPlan).toBe('pro')
    expect(readConfig(staged('prod', { pricingPlan: 'pay-as-you-go' })).pricingPlan).toBe('pay-as-you-go')
    expect(readConfig(staged('staging', {}, { pricingPlan: 'free' })).pricingPlan).toBe('free')
  })

  it('names the stack after the stage unless stackName or STACK_NAME says otherwise', () => {
    expect(readConfig(staged('staging')).stackName).toBe('SuryodayaSite-staging')
    expect(readConfig(staged('prod')).stackName).toBe('SuryodayaSite')
    expect(readConfig(staged('staging'), { STACK_NAME: 'FromEnv' }).stackName).toBe('FromEnv')
    expect(readConfig(staged('staging', { stackName: 'Mine' })).stackName).toBe('Mine')
  })

  it('reads the operations knobs as given on the command line (strings)', () => {
    expect(
      readConfig(
        staged(
          'prod',
          { leadsTableName: 'SuryodayaSite-leads-restored', contentTableName: 'content.restored_2026' },
          {
            budgetMonthlyUsd: '25.5',
            deletionProtection: 'false',
            pricingPlan: 'pro',
            reservedConcurrency: '5',
          },
        ),
      ),
    ).toMatchObject({
      budgetMonthlyUsd: 25.5,
      deletionProtection: false,
      leadsTableName: 'SuryodayaSite-leads-restored',
      contentTableName: 'content.restored_2026',
      pricingPlan: 'pro',
      reservedConcurrency: 5,
    })
  })

  it('lists every knob in cdk.json with its default, so the file documents them and changes nothing', () => {
    const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context
    const listed = [...Object.keys(cdkContext), ...Object.keys(cdkContext.stages.prod)]
    for (const key of configKeys) expect(listed).toContain(key)
    expect(readConfig(context(cdkContext), { STACK_NAME: 'FromEnv' })).toEqual({
      ...readConfig(context({})),
      stackName: 'FromEnv',
    })
  })

  it('takes the stack name from context before STACK_NAME', () => {
    expect(readConfig(context({}), { STACK_NAME: 'FromEnv' }).stackName).toBe('FromEnv')
    expect(readConfig(prod({ stackName: 'FromContext' }), { STACK_NAME: 'FromEnv' }).stackName).toBe(
      'FromContext',
    )
  })

  it('reads every knob, numbers given as strings on the command line included', () => {
    const config = readConfig(
      staged(
        'staging',
        {
          domainName: 'www.example.in',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
          leadsEmail: 'sales@example.in',
          alarmEmail: 'ops@example.in',
          analyticsHost: 'https://plausible.io',
          analyticsId: 'example.in',
        },
        { logRetentionDays: '90', leadRateLimit: 'off' },
      ),
    )
    expect(config).toMatchObject({
      stage: 'staging',
      logRetentionDays: 90,
      leadRateLimit: 'off',
      leadsEmail: 'sales@example.in',
      alarmEmail: 'ops@example.in',
    })
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
    [{ leadsEmail: 'nobody' }, /leadsEmail .* is not an e-mail address/],
    [{ alarmEmail: 'nobody@' }, /alarmEmail .* is not an e-mail address/],
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
    [{ alarmEmail: ['ops@example.in'] }, /Context stages.prod.alarmEmail must be a string/],
    [{ logRetentionDays: 'a month' }, /logRetentionDays must be one of CloudWatch's values/],
    [{ budgetMonthlyUsd: '' }, /budgetMonthlyUsd/],
    [{ pricingPlan: 15 }, /Context stages.prod.pricingPlan must be one of free, pro, pay-as-you-go/],
    [{ retainData: 'keep' }, /Context stages.prod.retainData must be true or false/],
    [{ reservedConcurrency: 2.5 }, /reservedConcurrency must be a whole number/],
    [{ reservedConcurrency: '-1' }, /reservedConcurrency must be a whole number/],
    [{ retainData: false, deletionProtection: true }, /deletionProtection needs retainData/],
  ])('refuses %o in the stage block with a message naming the key', (values, message) => {
    const { stage, ...settings } = values as Record<string, unknown>
    expect(() =>
      readConfig(stage === undefined ? prod(settings) : context({ stage, stages: { prod: settings } })),
    ).toThrow(message)
  })

  describe('one config per stage', () => {
    const stages = {
      prod: {
        domainName: 'www.suryodaya.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/prod',
        leadsEmail: 'sales@suryodaya.example',
        alarmEmail: 'ops@suryodaya.example',
        leadsTableName: 'SuryodayaSite-leads-20261123',
      },
      staging: { alarmEmail: 'dev@suryodaya.example' },
    }

    it("reads each stage's own settings and none of another's", () => {
      const prodConfig = readConfig(context({ stage: 'prod', stages }))
      expect(prodConfig).toMatchObject({
        stackName: 'SuryodayaSite',
        domainName: 'www.suryodaya.example',
        leadsEmail: 'sales@suryodaya.example',
        leadsTableName: 'SuryodayaSite-leads-20261123',
      })
      expect(readConfig(context({ stage: 'staging', stages }))).toEqual({
        ...readConfig(context({ stage: 'staging', stages: { staging: {} } })),
        alarmEmail: 'dev@suryodaya.example',
      })
      const staging = readConfig(context({ stage: 'staging', stages }))
      expect(staging).toMatchObject({ stackName: 'SuryodayaSite-staging', certificateArn: undefined })
      expect(staging).toMatchObject({
        domainName: undefined,
        leadsEmail: undefined,
        leadsTableName: undefined,
      })
    })

    it("refuses a staging deploy with prod's table name, by name or by prod's stack prefix", () => {
      for (const name of ['SuryodayaSite-leads-20261123', 'SuryodayaSite-DataLeads1A2B3C-XYZ']) {
        expect(() =>
          readConfig(context({ stage: 'staging', stages: { ...stages, staging: { leadsTableName: name } } })),
        ).toThrow(/stages.staging.leadsTableName .* is a table of the stage prod/)
      }
      expect(() =>
        readConfig(
          context({
            stage: 'staging',
            stages: { ...stages, staging: { contentTableName: 'SuryodayaSite-content-x' } },
          }),
        ),
      ).toThrow(/stages.staging.contentTableName .* is a table of the stage prod/)
      // Its own restored table (named after its own stack, which starts with prod's) is fine.
      expect(
        readConfig(
          context({
            stage: 'staging',
            stages: { ...stages, staging: { leadsTableName: 'SuryodayaSite-staging-leads-1' } },
          }),
        ).leadsTableName,
      ).toBe('SuryodayaSite-staging-leads-1')
    })

    it("refuses another stage's domain", () => {
      expect(() =>
        readConfig(
          context({
            stage: 'staging',
            stages: { ...stages, staging: { ...stages.prod, leadsTableName: undefined } },
          }),
        ),
      ).toThrow(/stages.staging.domainName .* is the domain of the stage prod/)
    })

    it('refuses a stage that is not configured, naming it and the configured ones', () => {
      expect(() => readConfig(context({ stage: 'qa', stages }))).toThrow(
        'Context stage "qa" is not configured: add "qa": { … } under "stages" in cdk.json (configured: prod, staging)',
      )
      expect(() => readConfig(context({ stage: 'staging' }))).toThrow(/"staging" is not configured/)
    })

    it.each(stageKeys.map((key) => [key]))(
      'refuses %s at the top level or from -c, where it would reach every stage',
      (key) => {
        expect(() => readConfig(context({ stage: 'prod', stages, [key]: 'x' }))).toThrow(
          `Context ${key} belongs to one stage: set it under stages.prod`,
        )
      },
    )

    it.each([
      [{ stages: 'prod' }, /Context stages must be an object/],
      [{ stages: ['prod'] }, /Context stages must be an object/],
      [{ stages: { prod: 'yes' } }, /Context stages.prod must be an object of settings/],
      [{ stages: { Prod: {} } }, /Context stages.Prod: a stage name must be lower-case/],
      [{ stages: { prod: { leadsTableNmae: 'x' } } }, /Context stages.prod.leadsTableNmae is not a setting/],
      [{ stages: { prod: { stage: 'staging' } } }, /Context stages.prod.stage is not a setting/],
      [{ stages: { prod: { logRetentionDays: 'a month' } } }, /stages.prod.logRetentionDays must be one of/],
      [{ stages: { prod: { leadsTableName: 5 } } }, /Context stages.prod.leadsTableName must be a string/],
    ])('refuses a context value of the wrong type: %o', (values, message) => {
      expect(() => readConfig(context(values))).toThrow(message)
    })

    it('refuses notificationEmail anywhere, saying what replaces it', () => {
      const message =
        /notificationEmail is replaced by two settings of the stage: leadsEmail .* and alarmEmail/
      expect(() => readConfig(context({ notificationEmail: 'ops@example.in' }))).toThrow(message)
      expect(() => readConfig(prod({ notificationEmail: 'ops@example.in' }))).toThrow(message)
    })

    it('keeps the data of prod and lets any other stage be destroyed, unless its block says otherwise', () => {
      expect(readConfig(staged('prod'))).toMatchObject({ retainData: true, deletionProtection: true })
      expect(readConfig(staged('preview-42'))).toMatchObject({ retainData: false, deletionProtection: false })
      expect(readConfig(staged('staging', { retainData: true }))).toMatchObject({
        retainData: true,
        deletionProtection: true,
      })
      // The stage's own value wins over the top level's.
      expect(readConfig(staged('staging', { budgetMonthlyUsd: 0 }, { budgetMonthlyUsd: 10 }))).toMatchObject({
        budgetMonthlyUsd: 0,
      })
    })

    it("keeps cdk.json's stages apart: staging destroys its data and has no budget of its own", () => {
      const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context
      expect(readConfig(context({ ...cdkContext, stage: 'staging' }))).toMatchObject({
        stackName: 'SuryodayaSite-staging',
        retainData: false,
        deletionProtection: false,
        budgetMonthlyUsd: 0,
      })
    })

    it('names the top-level key when a shared knob set there is wrong', () => {
      expect(() => readConfig(context({ logRetentionDays: 45 }))).toThrow(/^Context logRetentionDays must/)
    })
  })

  describe('codes to mobile numbers', () => {
    const sms = {
      smsSender: 'sns',
      smsDltEntityId: '1201160000000000001',
      smsDltTemplateId: '1207160000000000002',
      smsSenderId: 'SURYOD',
    }
    const whatsapp = { whatsappPhoneNumberId: '106540352242922', whatsappTemplate: 'privacy_code' }

    it('sends none by default: numbers are called back', () => {
      expect(readConfig(context({})).phoneCodeSender).toBeUndefined()
      expect(readConfig(staged('staging')).phoneCodeSender).toBeUndefined()
    })

    it('reads the SMS sender with its three DLT settings, a stage at a time', () => {
      expect(readConfig(staged('staging', sms)).phoneCodeSender).toEqual({
        channel: 'sms',
        dltEntityId: '1201160000000000001',
        dltTemplateId: '1207160000000000002',
        senderId: 'SURYOD',
      })
      expect(() => readConfig(context({ ...sms, stages: { prod: {} } }))).toThrow(
        'Context smsSender belongs to one stage',
      )
    })

    it('refuses an SMS sender without every DLT setting, and a wrong one', () => {
      for (const key of Object.keys(sms)) {
        const partial = { ...sms, [key]: '' }
        expect(() => readConfig(prod(partial)), key).toThrow(/go together: India delivers no SMS/)
      }
      expect(() => readConfig(prod({ ...sms, smsSender: 'twilio' }))).toThrow('smsSender must be sns')
      expect(() => readConfig(prod({ ...sms, smsDltTemplateId: '1207-16' }))).toThrow(
        'Context stages.prod.smsDltTemplateId "1207-16" is not a DLT id',
      )
      expect(() => readConfig(prod({ ...sms, smsSenderId: 'SURYODAYA-SOLAR' }))).toThrow(
        'is not an SMS header',
      )
    })

    it("reads WhatsApp with the template's language (en by default) and its token's parameter under the stack", () => {
      expect(readConfig(prod(whatsapp)).phoneCodeSender).toEqual({
        channel: 'whatsapp',
        phoneNumberId: '106540352242922',
        template: 'privacy_code',
        language: 'en',
        tokenParameter: '/SuryodayaSite/whatsapp-token',
      })
      expect(
        readConfig(staged('staging', { ...whatsapp, whatsappTemplateLanguage: 'en_US' })).phoneCodeSender,
      ).toMatchObject({ language: 'en_US', tokenParameter: '/SuryodayaSite-staging/whatsapp-token' })
      expect(() => readConfig(prod({ whatsappPhoneNumberId: '106540352242922' }))).toThrow(
        'whatsappPhoneNumberId and whatsappTemplate go together',
      )
      expect(() => readConfig(prod({ whatsappTemplateLanguage: 'en' }))).toThrow(
        'whatsappTemplateLanguage needs whatsappPhoneNumberId',
      )
      expect(() => readConfig(prod({ ...whatsapp, whatsappTemplate: 'Privacy Code' }))).toThrow(
        'is not a template name',
      )
    })

    it('refuses SMS and WhatsApp together', () => {
      expect(() => readConfig(prod({ ...sms, ...whatsapp }))).toThrow('choose one way to send codes')
    })
  })
})
