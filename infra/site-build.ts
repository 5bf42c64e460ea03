/**
 * Builds the site for the address it will be served from, then hands over:
 *
 *   tsx infra/site-build.ts local                 `npm start`: the stand-in's URL (HOST, PORT)
 *   tsx infra/site-build.ts cdk deploy [args...]  `npm run deploy` / `synth`: the stack's domainName, then cdk
 *
 * After a successful `cdk deploy` it runs `npm run admin -- upgrade --stack <stackName>` (infra/admin-cli.ts):
 * the admin records of earlier versions are upgraded once (an owner role for those written before roles
 * existed), since the functions now deny a record without a role.
 *
 * The pages' canonical links, og:url, sitemap.xml and robots.txt's Sitemap line name SITE_URL
 * (web/app/lib/site-url.ts). For a stack, SITE_URL is `https://<domainName>` from the CDK context (cdk.json,
 * cdk.context.json, then `-c key=value` on the command line, as cdk reads it). Without a domainName the
 * site is built without one, so its pages name no address (the CloudFront domain is known only after the
 * first deploy; set SITE_URL to it for later deploys if you like). An explicit SITE_URL that disagrees with
 * domainName stops the deploy.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSiteUrl } from '../functions/core/site-config'
import { readConfig } from './config'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The CDK context as `cdk` sees it: cdk.context.json, cdk.json's "context", then `-c key=value` arguments. */
export function readContext(cdkArgs: readonly string[], dir = root): Record<string, unknown> {
  const fromFile = (
    name: string,
    pick: (json: Record<string, unknown>) => unknown,
  ): Record<string, unknown> => {
    const file = join(dir, name)
    if (!existsSync(file)) return {}
    const value = pick(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  }
  const context: Record<string, unknown> = {
    ...fromFile('cdk.context.json', (json) => json),
    ...fromFile('cdk.json', (json) => json.context),
  }
  for (let index = 0; index < cdkArgs.length; index++) {
    const arg = cdkArgs[index] ?? ''
    let pair: string | undefined
    if (arg === '-c' || arg === '--context') pair = cdkArgs[++index]
    else if (arg.startsWith('--context=')) pair = arg.slice('--context='.length)
    else if (arg.startsWith('-c=')) pair = arg.slice('-c='.length)
    else continue
    const equals = pair?.indexOf('=') ?? -1
    if (pair === undefined || equals < 1) throw new Error(`${arg} needs key=value`)
    context[pair.slice(0, equals)] = pair.slice(equals + 1)
  }
  return context
}

/** The site URL of a stack's build: its domainName, or an explicit SITE_URL when it has none. */
export function stackSiteUrl(context: Record<string, unknown>, env: NodeJS.ProcessEnv): string | undefined {
  const { domainName } = readConfig((key) => context[key], env)
  const explicit = parseSiteUrl(env.SITE_URL)
  const fromDomain = domainName ? parseSiteUrl(`https://${domainName}`, 'Context domainName') : undefined
  if (explicit && fromDomain && explicit !== fromDomain) {
    throw new Error(`SITE_URL ${explicit} disagrees with the stack's domainName (${fromDomain}): unset one`)
  }
  return fromDomain ?? explicit
}

/** The site URL of a local build: SITE_URL, else the stand-in's own address (loopback HOST only). */
export function localSiteUrl(env: NodeJS.ProcessEnv): string | undefined {
  const explicit = parseSiteUrl(env.SITE_URL)
  if (explicit) return explicit
  const host = env.HOST ?? '127.0.0.1'
  const port = env.PORT ?? '3000'
  if (!['127.0.0.1', 'localhost'].includes(host) || !/^\d{1,5}$/.test(port)) return undefined
  return `http://${host}:${port}`
}

/**
 * What runs after a successful `cdk <cdkArgs>`: for a deploy, the admin records' upgrade on the deployed
 * stack (`npm run admin -- upgrade --stack <stackName>`, infra/admin-cli.ts); nothing after other commands.
 */
export function afterCdk(
  cdkArgs: readonly string[],
  context: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): string[] | undefined {
  if (cdkArgs[0] !== 'deploy') return undefined
  const { stackName } = readConfig((key) => context[key], env)
  return ['npm', 'run', 'admin', '--', 'upgrade', '--stack', stackName]
}

function run(command: string, args: readonly string[], siteUrl: string | undefined): void {
  const env = { ...process.env }
  if (siteUrl) env.SITE_URL = siteUrl
  else delete env.SITE_URL
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' })
  if (result.error) throw result.error
  if (result.status !== 0) process.exit(result.status ?? 1)
}

function build(siteUrl: string | undefined): void {
  console.log(
    siteUrl
      ? `Building the site for ${siteUrl} (canonical links, sitemap and robots name it)`
      : 'Building the site without a site URL: no canonical links, og:url or sitemap (set domainName or SITE_URL)',
  )
  run('npm', ['run', 'build'], siteUrl)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [mode, ...rest] = process.argv.slice(2)
  try {
    if (mode === 'local') {
      build(localSiteUrl(process.env))
    } else if (mode === 'cdk' && rest.length > 0) {
      const context = readContext(rest)
      const siteUrl = stackSiteUrl(context, process.env)
      build(siteUrl)
      run(join(root, 'node_modules', '.bin', 'cdk'), rest, siteUrl)
      const [command, ...args] = afterCdk(rest, context, process.env) ?? []
      if (command) run(command, args, siteUrl)
    } else {
      console.error('Usage: tsx infra/site-build.ts local | cdk <cdk command> [cdk arguments]')
      process.exit(2)
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
