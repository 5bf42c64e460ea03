/**
 * CDK template tests: fake build outputs (so they do not depend on `npm run build`) and a SiteStack
 * synthesised from them with the feature flags of cdk.json.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, type StackProps } from 'aws-cdk-lib'
import { relays } from '../../functions/relays'
import { routes } from '../../functions/routes'
import { schedules } from '../../functions/schedules'
import { bundleFileName } from '../../infra/constructs/api'
import { SiteStack, type SiteStackProps } from '../../infra/stack'

/** The feature flags the real app synthesises with. */
export const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context

/**
 * An App with `cdk.json`'s context writing to `outdir`. CDK checks every template it synthesises against
 * CloudFormation's rules (a WebAssembly engine: two to three seconds of CPU a synth, most of an infra test's
 * time); the tests synthesise some thirty variants, so only those that stand for a real deployment ask for it
 * (`validate`: the production stack with every knob set, the staging stack and the edge stacks), and a
 * rule broken by any variant still fails there or at `cdk synth`, which always checks.
 */
export function testApp(outdir: string, options: { readonly validate?: boolean } = {}): App {
  return new App({ context: cdkContext, outdir, builtinCloudFormationValidation: options.validate ?? false })
}

export interface FakeBuild {
  readonly dir: string
  readonly functionsDir: string
  readonly siteDir: string
  /** A new App (its own output folder) with `cdk.json`'s context; `validate` as testApp's. */
  app(options?: { readonly validate?: boolean }): App
  /** A SiteStack in a new App, from the fake build; `validate` as testApp's. */
  stack(
    id: string,
    props?: Omit<SiteStackProps, 'functionsDir' | 'siteDir'> & StackProps,
    options?: { readonly validate?: boolean },
  ): SiteStack
  remove(): void
}

/** One handler bundle per route and scheduled function and a one-page site, in a temporary folder. */
export function makeFakeBuild(): FakeBuild {
  const dir = mkdtempSync(join(tmpdir(), 'site-stack-test-'))
  const functionsDir = join(dir, 'functions')
  const siteDir = join(dir, 'site')
  for (const route of [...routes, ...schedules, ...relays]) {
    mkdirSync(join(functionsDir, route.id), { recursive: true })
    writeFileSync(
      join(functionsDir, route.id, bundleFileName),
      'export const handler = async () => ({ statusCode: 200 })\n',
    )
  }
  mkdirSync(join(siteDir, 'assets'), { recursive: true })
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Home</title>\n')
  writeFileSync(join(siteDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)\n')
  let apps = 0
  const app = (options: { readonly validate?: boolean } = {}) =>
    testApp(join(dir, `cdk.out.${++apps}`), options)
  return {
    dir,
    functionsDir,
    siteDir,
    app,
    stack: (id, props = {}, options = {}) =>
      new SiteStack(app(options), id, { ...props, functionsDir, siteDir }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
