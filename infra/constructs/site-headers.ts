import { Duration } from 'aws-cdk-lib'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import type { Construct } from 'constructs'
import {
  type ContentSecurityHosts,
  companyContentHosts,
  contentSecurityPolicy,
  filesSecurityHeaders,
  hstsMaxAgeSeconds,
} from '../security-headers'

/**
 * The response headers of the site's distribution (constructs/site.ts), from infra/security-headers.ts, which
 * the local stand-in sends too: the pages' security headers and CSP, and the uploads' download headers.
 */
export interface SiteHeaders {
  /** The pages: CSP, nosniff, DENY framing, referrer policy, HSTS. */
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy
  /** The uploads under /files/*: a download (Content-Disposition: attachment), never a page of the site. */
  readonly filesHeaders: cloudfront.ResponseHeadersPolicy
}

/**
 * Makes the two response-headers policies in `scope` (the Site), under the ids the stack has always used;
 * `contentSecurityHosts` defaults to the hosts the company's content needs.
 */
export function siteHeaders(scope: Construct, contentSecurityHosts?: ContentSecurityHosts): SiteHeaders {
  const strictTransportSecurity = {
    accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
    includeSubdomains: true,
    override: true,
  }
  const securityHeaders = new cloudfront.ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'Security headers of the pages (infra/security-headers.ts; the stand-in sends the same)',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy(contentSecurityHosts ?? companyContentHosts()),
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity,
    },
  })
  const filesHeaders = new cloudfront.ResponseHeadersPolicy(scope, 'FilesHeaders', {
    comment: 'Uploads are downloads, never pages of the site',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: filesSecurityHeaders['content-security-policy'] ?? "default-src 'none'",
        override: true,
      },
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity,
    },
    customHeadersBehavior: {
      customHeaders: [
        {
          header: 'Content-Disposition',
          value: filesSecurityHeaders['content-disposition'] ?? 'attachment',
          override: true,
        },
      ],
    },
  })
  return { securityHeaders, filesHeaders }
}
