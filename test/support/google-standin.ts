/**
 * A local stand-in for the parts of Google the YouTube import uses, for tests that drive the real server code
 * (src/modules/youtube/google-api.client.ts) through GOOGLE_API_BASE:
 *   GET  /o/oauth2/v2/auth   the consent page: consents at once and redirects to redirect_uri with code and state
 *   POST /token              authorization_code and refresh_token grants; invalid_grant once consent is revoked
 *   POST /revoke             revokes a refresh or access token (and with a refresh token, the whole grant)
 *   GET  /v2/reports         YouTube Analytics API v2 reports.query (the path under its rootUrl)
 *   PUT  /_standin/retention/{videoId}   (not Google's) sets a video's curve from another process: the browser tier
 * The reports answers are typed with the official client's schema types (`youtubeAnalytics_v2.Schema$QueryResponse`,
 * generated from Google's discovery document by googleapis, Apache-2.0), so the compiler checks their shape; requests
 * are checked against that document's parameter rules (required, patterns) and the audience-retention report's rules.
 * Listens on 127.0.0.1, random port.
 */
import type { youtubeAnalytics_v2 } from '@googleapis/youtubeanalytics';
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STANDIN_CLIENT = { id: 'standin-client.apps.googleusercontent.com', secret: 'standin-client-secret' };
const YT_ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/yt-analytics.readonly';

/** One row of the audience-retention report: elapsedVideoTimeRatio, audienceWatchRatio, relativeRetentionPerformance. */
export type RetentionRow = [number, number, number];

/** Google's JSON error body for its APIs (the same shape for every discovery-based API). */
interface GoogleApiError {
  error: { code: number; message: string; status: string; errors: Array<{ message: string; domain: string; reason: string }> };
}

/** RFC 6749 §5.1 / §5.2, as Google's token endpoint answers. */
type TokenAnswer = { access_token: string; expires_in: number; token_type: 'Bearer'; scope: string; refresh_token?: string } | { error: string; error_description: string };

export interface GoogleStandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
}

export interface GoogleStandIn {
  baseUrl: string;
  requests: GoogleStandInRequest[];
  /** Requests that broke the discovery document's rules (answered 400, as Google does). */
  violations: string[];
  /** The audience-retention curve of a video of the channel (any other video answers 403, as for another channel's). */
  setRetention(videoId: string, rows: RetentionRow[]): void;
  /** The scopes the next consent grants (default: what was asked for), to play a creator unticking a permission. */
  grantScopes(scope: string | null): void;
  /** Every access token issued so far answers 401, as after its hour. */
  expireAccessTokens(): void;
  /** The creator withdraws consent in their Google account: every token of every grant is dead. */
  revokeConsent(): void;
  /** Tokens Google revoked through /revoke. */
  revoked: string[];
  /** Every refresh_token and access_token currently issued (to check nothing of them is stored in clear). */
  issuedTokens(): string[];
  /** Every endpoint answers this status (e.g. 503) until set back to null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

interface Grant {
  refreshToken: string;
  scope: string;
  live: boolean;
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const requests: GoogleStandInRequest[] = [];
  const violations: string[] = [];
  const revoked: string[] = [];
  const curves = new Map<string, RetentionRow[]>();
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; live: boolean }>();
  let scopeOverride: string | null = null;
  let failure: number | null = null;

  const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

  function issueAccess(grant: Grant): string {
    const access = token('ya29.standin-');
    accessTokens.set(access, { grant, live: true });
    return access;
  }

  function tokenGrant(form: URLSearchParams): { status: number; body: TokenAnswer } {
    if (form.get('client_id') !== STANDIN_CLIENT.id || form.get('client_secret') !== STANDIN_CLIENT.secret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
    }
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code) return { status: 400, body: { error: 'invalid_grant', error_description: 'Malformed auth code.' } };
      if (code.redirectUri !== form.get('redirect_uri')) return { status: 400, body: { error: 'redirect_uri_mismatch', error_description: 'Bad Request' } };
      const grant: Grant = { refreshToken: token('1//standin-'), scope: code.scope, live: true };
      grants.push(grant);
      return { status: 200, body: { access_token: issueAccess(grant), expires_in: 3599, token_type: 'Bearer', scope: grant.scope, refresh_token: grant.refreshToken } };
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = grants.find((g) => g.refreshToken === form.get('refresh_token'));
      if (!grant?.live) return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
      return { status: 200, body: { access_token: issueAccess(grant), expires_in: 3599, token_type: 'Bearer', scope: grant.scope } };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' } };
  }

  function apiError(code: number, status: string, reason: string, message: string): { status: number; body: GoogleApiError } {
    return { status: code, body: { error: { code, message, status, errors: [{ message, domain: 'global', reason }] } } };
  }

  /** reports.query, with the discovery document's parameter rules (required: ids, startDate, endDate, metrics). */
  function reportsQuery(query: URLSearchParams, authorization: string | undefined): { status: number; body: youtubeAnalytics_v2.Schema$QueryResponse | GoogleApiError } {
    const access = accessTokens.get(authorization?.replace(/^Bearer /, '') ?? '');
    if (!access?.live || !access.grant.live) return apiError(401, 'UNAUTHENTICATED', 'authError', 'Request had invalid authentication credentials.');
    if (!access.grant.scope.split(' ').includes(YT_ANALYTICS_SCOPE)) return apiError(403, 'PERMISSION_DENIED', 'insufficientPermissions', 'Insufficient Permission');
    const rules: Array<[string, RegExp, boolean]> = [
      ['ids', /^[a-zA-Z]+==[a-zA-Z0-9_+-]+$/, true],
      ['startDate', /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, true],
      ['endDate', /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, true],
      ['metrics', /^[0-9a-zA-Z,]+$/, true],
      ['dimensions', /^[0-9a-zA-Z,]+$/, false],
    ];
    for (const [name, pattern, required] of rules) {
      const value = query.get(name);
      if ((required && value === null) || (value !== null && !pattern.test(value))) {
        violations.push(`reports.query: ${name}=${value ?? '(missing)'}`);
        return apiError(400, 'INVALID_ARGUMENT', 'badRequest', `Invalid value for parameter ${name}`);
      }
    }
    // The audience-retention report (Available reports: "Audience retention"): one video, elapsedVideoTimeRatio.
    const video = /^video==([\w-]{11})$/.exec(query.get('filters') ?? '')?.[1];
    if (query.get('ids') !== 'channel==MINE' || query.get('dimensions') !== 'elapsedVideoTimeRatio' || !video) {
      violations.push(`reports.query: not the audience-retention report (${query.toString()})`);
      return apiError(400, 'INVALID_ARGUMENT', 'badRequest', 'The query is not supported.');
    }
    const metrics = query.get('metrics')!.split(',');
    const known = ['audienceWatchRatio', 'relativeRetentionPerformance'];
    if (metrics.some((m) => !known.includes(m))) return apiError(400, 'INVALID_ARGUMENT', 'badRequest', 'Unknown identifier in metrics.');
    const curve = curves.get(video);
    if (!curve) return apiError(403, 'PERMISSION_DENIED', 'forbidden', 'Forbidden');
    const body: youtubeAnalytics_v2.Schema$QueryResponse = {
      kind: 'youtubeAnalytics#resultTable',
      columnHeaders: [
        { name: 'elapsedVideoTimeRatio', columnType: 'DIMENSION', dataType: 'FLOAT' },
        ...metrics.map((name): youtubeAnalytics_v2.Schema$ResultTableColumnHeader => ({ name, columnType: 'METRIC', dataType: 'FLOAT' })),
      ],
    };
    // "If no data is available for the given query, the rows element will be omitted from the response."
    if (curve.length) body.rows = curve.map(([t, watch, relative]) => [t, ...metrics.map((m) => (m === 'audienceWatchRatio' ? watch : relative))]);
    return { status: 200, body };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const form = new URLSearchParams(req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? Buffer.concat(chunks).toString('utf8') : '');
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, form, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(status === 204 ? undefined : JSON.stringify(body));
      };
      if (failure !== null) return send(failure, { error: { code: failure, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /o/oauth2/v2/auth') {
        const q = url.searchParams;
        const redirect = q.get('redirect_uri');
        if (q.get('client_id') !== STANDIN_CLIENT.id || !redirect || q.get('response_type') !== 'code' || !q.get('scope')) return send(400, { error: 'invalid_request' });
        const code = token('4/standin-');
        codes.set(code, { redirectUri: redirect, scope: scopeOverride ?? q.get('scope')! });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        if (q.get('state')) back.searchParams.set('state', q.get('state')!);
        back.searchParams.set('scope', scopeOverride ?? q.get('scope')!);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (route === 'POST /token') {
        const { status, body } = tokenGrant(form);
        return send(status, body);
      }
      if (route === 'POST /revoke') {
        const given = form.get('token') ?? url.searchParams.get('token') ?? '';
        const grant = grants.find((g) => g.refreshToken === given) ?? accessTokens.get(given)?.grant;
        if (!grant?.live) return send(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
        grant.live = false;
        revoked.push(given);
        return send(200, {});
      }
      const control = /^\/_standin\/retention\/([\w-]{11})$/.exec(url.pathname);
      if (req.method === 'PUT' && control) {
        curves.set(control[1]!, JSON.parse(Buffer.concat(chunks).toString('utf8')) as RetentionRow[]);
        return send(204, null);
      }
      if (route === 'GET /v2/reports') {
        const { status, body } = reportsQuery(url.searchParams, req.headers.authorization);
        return send(status, body);
      }
      send(404, { error: { code: 404, message: `No route ${route}`, status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    violations,
    revoked,
    setRetention: (videoId, rows) => void curves.set(videoId, rows),
    grantScopes: (scope) => void (scopeOverride = scope),
    expireAccessTokens: () => accessTokens.forEach((a) => (a.live = false)),
    revokeConsent: () => grants.forEach((g) => (g.live = false)),
    issuedTokens: () => [...grants.map((g) => g.refreshToken), ...accessTokens.keys()],
    failWith: (status) => void (failure = status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
