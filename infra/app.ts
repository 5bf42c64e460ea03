/**
 * The CDK app (`npx cdk synth`, `npm run deploy`). Synthesises offline, without an AWS account: the stack is
 * environment-agnostic unless the CLI supplies CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION.
 *
 * Stack name: `-c stackName=…`, else STACK_NAME, else 'SuryodayaSite'.
 * cdk-nag (AwsSolutions): `-c nag=true` adds its validation plugin; its findings are listed and, until the
 * stack is clean (issue 7), fail the synth. `npm test` reports them without failing (test/infra).
 */
import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { SiteStack } from './stack'

const defaultStackName = 'SuryodayaSite'

const app = new App()

const stackName: string = app.node.tryGetContext('stackName') ?? process.env.STACK_NAME ?? defaultStackName
const account = process.env.CDK_DEFAULT_ACCOUNT
const region = process.env.CDK_DEFAULT_REGION

new SiteStack(app, stackName, {
  ...(account || region ? { env: { account, region } } : {}),
})

const nag: unknown = app.node.tryGetContext('nag')
if (nag === true || nag === 'true') {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
}

app.synth()
