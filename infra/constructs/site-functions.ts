import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import type { Construct } from 'constructs'
import { uploadsFolders, viewerIpHeader } from '../../functions/lib/store-definitions'
import { notFoundPagePath, type ShellRule, shellRules } from '../site-files'

/**
 * The CloudFront Functions of the site's distribution (constructs/site.ts), as code (ES5, no imports) and as
 * the functions that run it: the site behaviour's clean URLs and 404 status, the /files/* prefix, and the
 * viewer's address for the API.
 */

/**
 * The routing rules of the site behaviour, as CloudFront Function code (ES5, no imports). The same rules as
 * the local stand-in's resolveSitePath (infra/local/static-site.ts); a test runs both on the same paths.
 * - a known page path, with or without a trailing slash, serves its prerendered `index.html`;
 * - a path with an id (`/admin/leads/<uuid>`, infra/site-files.ts shellRules) serves its shell page's;
 * - a path whose last segment has an extension (`/assets/app-1a2b.js`, `/favicon.svg`) goes to S3 as is
 *   (a missing file is S3's 404: the origin has LIST permission);
 * - anything else serves the not-found page, and the viewer-response function sets its status to 404.
 */
function siteRoutingCode(pages: readonly string[], shells: readonly ShellRule[]): string {
  const pageSet = JSON.stringify(Object.fromEntries(pages.map((page) => [page, 1])))
  return `var NOT_FOUND = ${JSON.stringify(`${notFoundPagePath}/index.html`)};
var PAGES = ${pageSet};
var SHELLS = ${JSON.stringify(shells)};
function isPage(path) {
  return Object.prototype.hasOwnProperty.call(PAGES, path);
}
function shellOf(path) {
  for (var i = 0; i < SHELLS.length; i++) {
    var rule = SHELLS[i];
    if (path.indexOf(rule.prefix) !== 0 || !isPage(rule.shell)) continue;
    if (new RegExp(rule.id).test(path.substring(rule.prefix.length))) return rule.shell;
  }
  return undefined;
}
function route(uri) {
  var path;
  try {
    path = decodeURIComponent(uri);
  } catch (e) {
    return NOT_FOUND;
  }
  if (path.indexOf('\\u0000') !== -1 || path.split('/').indexOf('..') !== -1) return NOT_FOUND;
  var page = path.length > 1 && path.charAt(path.length - 1) === '/' ? path.substring(0, path.length - 1) : path;
  if (isPage(page)) return page === '/' ? '/index.html' : page + '/index.html';
  var shell = shellOf(page);
  if (shell) return shell + '/index.html';
  if (/\\/index\\.html$/.test(path) && isPage(path.substring(0, path.length - 11) || '/')) return uri;
  var last = path.substring(path.lastIndexOf('/') + 1);
  if (last.lastIndexOf('.') > 0 && !/\\.html$/.test(path)) return uri;
  return NOT_FOUND;
}`
}

/** Viewer request of the site behaviour: a page path → its `index.html`, an unknown path → the not-found page. */
export function siteRequestFunctionCode(
  pages: readonly string[],
  shells: readonly ShellRule[] = shellRules,
): string {
  return `${siteRoutingCode(pages, shells)}
function handler(event) {
  var request = event.request;
  request.uri = route(request.uri);
  return request;
}`
}

/**
 * Viewer response of the site behaviour: the not-found page answers with status 404. It decides from the
 * request URI with the same rules, whether CloudFront hands it the viewer's URI or the rewritten one.
 */
export function siteResponseFunctionCode(
  pages: readonly string[],
  shells: readonly ShellRule[] = shellRules,
): string {
  return `${siteRoutingCode(pages, shells)}
function handler(event) {
  var response = event.response;
  if (route(event.request.uri) === NOT_FOUND) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`
}

/**
 * Viewer-request function of the /files/* behaviour. Only the resources folder of the uploads bucket is
 * public: a path that does not decode to `/files/resources/<name>` (another folder, `..`, a backslash, a NUL
 * byte, a bad escape) answers 404 without reaching S3. Otherwise the bucket keys have no `files/` prefix, so
 * `/files/resources/report.pdf` → `/resources/report.pdf`. The same rule as the local stand-in's
 * filesObjectKey (infra/local/static-site.ts); a test runs both on the same paths.
 */
export const filesPrefixFunctionCode = `var PUBLIC = ${JSON.stringify(`/files/${uploadsFolders.resources}`)};
function handler(event) {
  var request = event.request;
  var path;
  try {
    path = decodeURIComponent(request.uri);
  } catch (e) {
    path = '';
  }
  if (
    path.indexOf(PUBLIC) !== 0 ||
    path.length === PUBLIC.length ||
    path.indexOf('\\u0000') !== -1 ||
    path.indexOf('\\\\') !== -1 ||
    path.split('/').indexOf('..') !== -1
  ) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = request.uri.substring('/files'.length);
  return request;
}`

/**
 * Tells the API who the viewer is: API Gateway sees CloudFront's address, and the managed policy that forwards
 * CloudFront's own viewer-address header would forward Host too (which API Gateway refuses). Overwrites any
 * value a client sent under the same name.
 */
export const viewerIpFunctionCode = `function handler(event) {
  var request = event.request
  request.headers['${viewerIpHeader}'] = { value: event.viewer.ip }
  return request
}`

/** The site's CloudFront Functions, made in `scope` (the Site) under the ids the stack has always used. */
export interface SiteFunctions {
  /** Viewer request of the site behaviour: clean URLs, the not-found page. */
  readonly siteRequest: cloudfront.Function
  /** Viewer response of the site behaviour: status 404 for the not-found page. */
  readonly siteResponse: cloudfront.Function
  /** Viewer request of /files/*: only the resources folder, without the /files prefix. */
  readonly filesPrefix: cloudfront.Function
  /** Viewer request of /api/*: the viewer's IP address for the API. */
  readonly viewerIp: cloudfront.Function
}

/** Makes the site's CloudFront Functions for the prerendered `pages`. */
export function siteFunctions(scope: Construct, pages: readonly string[]): SiteFunctions {
  const siteRequest = new cloudfront.Function(scope, 'CleanUrls', {
    comment: 'Clean URLs to the prerendered pages; unknown paths to the not-found page',
    code: cloudfront.FunctionCode.fromInline(siteRequestFunctionCode(pages)),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  })
  const siteResponse = new cloudfront.Function(scope, 'NotFoundStatus', {
    comment: 'Status 404 for the not-found page',
    code: cloudfront.FunctionCode.fromInline(siteResponseFunctionCode(pages)),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  })
  const filesPrefix = new cloudfront.Function(scope, 'FilesPrefix', {
    comment: '404 outside /files/resources/; strips /files from upload paths (the keys have no prefix)',
    code: cloudfront.FunctionCode.fromInline(filesPrefixFunctionCode),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  })
  const viewerIp = new cloudfront.Function(scope, 'ViewerIp', {
    comment: 'Passes the viewer IP to the API (rate limits, login lockout)',
    code: cloudfront.FunctionCode.fromInline(viewerIpFunctionCode),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  })
  return { siteRequest, siteResponse, filesPrefix, viewerIp }
}
