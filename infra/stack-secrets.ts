/**
 * Names the stack gives its secrets: the CDK stack creates and outputs them, the admin CLI rotates them.
 * Pure data; the functions read the parameters' names from their environment (functions/lib/store-definitions.ts).
 */

/**
 * The stack's secrets, each an SSM SecureString parameter named `/<stack name>/<nameSuffix>` that holds
 * the current and previous versions as JSON (functions/lib/secrets.ts), and the stack output naming it.
 */
export const secretParameters = {
  signing: { nameSuffix: 'signing-secret', output: 'SigningSecretParameter' },
  origin: { nameSuffix: 'origin-secret', output: 'OriginSecretParameter' },
  /** The value the Web Push (VAPID) key pair is derived from (functions/lib/secrets.ts vapidKeys). */
  vapid: { nameSuffix: 'vapid-secret', output: 'VapidSecretParameter' },
  /** The consent ledger's HMAC key (functions/lib/secrets.ts consentKeys): never stored in the table. */
  consent: { nameSuffix: 'consent-key', output: 'ConsentKeyParameter' },
} as const

/**
 * Secrets the owners put in SSM themselves (a value a provider gives them, which the stack cannot make), each a
 * SecureString parameter named `/<stack name>/<nameSuffix>` that holds the value as it is. The stack only
 * lets the functions that need one read it.
 */
export const operatorSecrets = {
  /** The WhatsApp Cloud API's access token (a system user's), when the stage sends codes by WhatsApp. */
  whatsappToken: { nameSuffix: 'whatsapp-token' },
} as const

/**
 * The stack parameter whose change makes CloudFormation read the origin secret again and give CloudFront its
 * current value (`npm run admin -- rotate-secret origin` sets it), and the output naming the `kid` of the
 * value CloudFront sends.
 */
export const originSecretRotation = {
  parameter: 'OriginHeaderRotation',
  kidOutput: 'OriginSecretKid',
} as const
