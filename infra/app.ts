/**
 * The CDK app (`npx cdk synth`, `npm run deploy`). Synthesises offline, without an AWS account. Three stacks,
 * deployed in this order by `cdk deploy --all` (infra/constructs/edge.ts): `<stackName>-Edge` (the web ACL,
 * us-east-1), `<stackName>` (the site, in the CLI's region: CDK_DEFAULT_REGION, from AWS_REGION or the
 * profile; the leads stay there) and `<stackName>-EdgePlan` (the pricing plan, access logs and the site-down
 * alarm, us-east-1).
 *
 * Configuration: CDK context, read and checked by infra/config.ts (README "Configuration").
 * cdk-nag (AwsSolutions) runs on every synth: an unacknowledged finding fails it. `-c nag=false` skips it
 * (for a quick look at a template while changing the stack; test/infra asserts zero findings anyway).
 */
import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { readConfig } from './config'
import { siteWithEdge } from './constructs/edge'
import { missingEmailWarnings, SiteStack } from './stack'

const app = new App()

const { stackName, ...config } = readConfig((key) => app.node.tryGetContext(key), process.env)
const account = process.env.CDK_DEFAULT_ACCOUNT
const region = process.env.CDK_DEFAULT_REGION
for (const warning of missingEmailWarnings(config)) console.warn(`\n[WARNING] ${stackName}: ${warning}\n`)

siteWithEdge(app, {
  stackName,
  stage: config.stage,
  plan: config.pricingPlan,
  env: { ...(account ? { account } : {}), ...(region ? { region } : {}) },
  ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
  createSite: (props) => new SiteStack(app, stackName, { ...props, config }),
})

const nag: unknown = app.node.tryGetContext('nag')
if (nag !== false && nag !== 'false') {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
}

app.synth()
