/**
 * The CDK app (`npx cdk synth`, `npm run deploy`). Synthesises offline, without an AWS account: the stack is
 * environment-agnostic unless the CLI supplies CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION.
 *
 * Configuration: CDK context, read and checked by infra/config.ts (README "Configuration").
 * cdk-nag (AwsSolutions) runs on every synth: an unacknowledged finding fails it. `-c nag=false` skips it
 * (for a quick look at a template while changing the stack; test/infra asserts zero findings anyway).
 */
import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { readConfig } from './config'
import { missingEmailWarnings, SiteStack } from './stack'

const app = new App()

const { stackName, ...config } = readConfig((key) => app.node.tryGetContext(key), process.env)
const account = process.env.CDK_DEFAULT_ACCOUNT
const region = process.env.CDK_DEFAULT_REGION
for (const warning of missingEmailWarnings(config)) console.warn(`\n[WARNING] ${stackName}: ${warning}\n`)

new SiteStack(app, stackName, {
  ...(account || region ? { env: { account, region } } : {}),
  config,
})

const nag: unknown = app.node.tryGetContext('nag')
if (nag !== false && nag !== 'false') {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
}

app.synth()
