import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig, type YoutubeConfig } from '../../config/app-config';

/** The one scope asked for: reading the channel's YouTube Analytics (the creator names the video, so no channel listing). */
export const YT_ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/yt-analytics.readonly';

/** Google could not be reached, timed out or answered 5xx: try again later (the API answers 503). */
export class GoogleUnreachableError extends Error {}
/** Google refused the grant (invalid_grant): the creator withdrew consent, or the token expired for good. */
export class GoogleGrantRefusedError extends Error {}
/** Google refused the access token itself (401): refresh it and try once more. */
export class GoogleAccessTokenRejectedError extends Error {}
/** Any other refusal (4xx), with Google's status and message. */
export class GoogleRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** YouTube Analytics API v2 reports.query's result table (discovery document: QueryResponse, ResultTableColumnHeader). */
const ResultTableSchema = z.object({
  kind: z.literal('youtubeAnalytics#resultTable'),
  columnHeaders: z.array(z.object({ name: z.string(), columnType: z.string().optional(), dataType: z.string().optional() })),
  // Omitted when there is no data for the query.
  rows: z.array(z.array(z.union([z.number(), z.string()]))).optional(),
});

/** One point of the audience-retention report: share of the video elapsed, and audienceWatchRatio (1 = everyone who started). */
export interface RetentionRow {
  elapsedRatio: number;
  audienceWatchRatio: number;
}

const TIMEOUT_MS = 15_000;

/**
 * The only code that speaks to Google: OAuth 2.0 for web server apps (authorization code, refresh, revoke) and the
 * YouTube Analytics API v2 audience-retention query. Plain HTTPS with a timeout, so every failure maps to one of the
 * errors above; the endpoints come from the configuration (Google's own, or the tests' stand-in).
 */
@Injectable()
export class GoogleApiClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.youtube !== null;
  }

  authorizationUrl(state: string, redirectUri: string): string {
    const google = this.google();
    const url = new URL(google.endpoints.authorize);
    url.search = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: YT_ANALYTICS_SCOPE,
      // offline + consent: Google hands a refresh token, so the import works later without the creator present.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<TokenAnswer> {
    return this.tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<TokenAnswer> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes the token (and so the grant); a token Google no longer knows counts as revoked. */
  async revoke(token: string): Promise<void> {
    const response = await this.send(this.google().endpoints.revoke, { method: 'POST', headers: FORM, body: new URLSearchParams({ token }).toString() });
    if (response.ok) return;
    const body = await readJson(response);
    if (response.status === 400 && errorCode(body) === 'invalid_token') return;
    throw new GoogleRequestError(response.status, errorMessage(body) ?? `revoke answered ${response.status}`);
  }

  /** The audience-retention report of one of the channel's videos between two dates (YYYY-MM-DD); [] when YouTube has none yet. */
  async audienceRetention(accessToken: string, videoId: string, startDate: string, endDate: string): Promise<RetentionRow[]> {
    const url = new URL(this.google().endpoints.reports);
    url.search = new URLSearchParams({
      ids: 'channel==MINE',
      dimensions: 'elapsedVideoTimeRatio',
      metrics: 'audienceWatchRatio,relativeRetentionPerformance',
      filters: `video==${videoId}`,
      startDate,
      endDate,
    }).toString();
    const response = await this.send(url.toString(), { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } });
    const body = await readJson(response);
    if (response.status === 401) throw new GoogleAccessTokenRejectedError(errorMessage(body) ?? 'access token rejected');
    if (!response.ok) throw new GoogleRequestError(response.status, errorMessage(body) ?? `reports.query answered ${response.status}`);
    const table = ResultTableSchema.safeParse(body);
    if (!table.success) throw new GoogleUnreachableError(`reports.query answered an unexpected shape: ${table.error.issues[0]?.message}`);
    const names = table.data.columnHeaders.map((h) => h.name);
    const [t, watch] = [names.indexOf('elapsedVideoTimeRatio'), names.indexOf('audienceWatchRatio')];
    if (t < 0 || watch < 0) throw new GoogleUnreachableError(`reports.query answered columns ${names.join(', ')}`);
    return (table.data.rows ?? []).map((row) => ({ elapsedRatio: Number(row[t]), audienceWatchRatio: Number(row[watch]) }));
  }

  private async tokenRequest(grant: Record<string, string>): Promise<TokenAnswer> {
    const google = this.google();
    const body = new URLSearchParams({ ...grant, client_id: google.clientId, client_secret: google.clientSecret }).toString();
    const response = await this.send(google.endpoints.token, { method: 'POST', headers: FORM, body });
    const answer = await readJson(response);
    if (!response.ok) {
      if (errorCode(answer) === 'invalid_grant') throw new GoogleGrantRefusedError(errorMessage(answer) ?? 'invalid_grant');
      throw new GoogleRequestError(response.status, errorMessage(answer) ?? `token endpoint answered ${response.status}`);
    }
    const parsed = TokenAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new GoogleUnreachableError(`token endpoint answered an unexpected shape: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  /** fetch with a timeout; a network failure or a 5xx becomes GoogleUnreachableError. */
  private async send(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    } catch (error) {
      throw new GoogleUnreachableError(`${new URL(url).host}: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new GoogleUnreachableError(`${new URL(url).host} answered ${response.status}`);
    return response;
  }

  private google(): YoutubeConfig {
    if (!this.config.youtube) throw new Error('YouTube is not configured on this server.');
    return this.config.youtube;
  }
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** OAuth errors are `{ error: "invalid_grant", error_description }`; API errors `{ error: { code, message, errors } }`. */
function errorCode(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : null;
}

function errorMessage(body: unknown): string | null {
  const b = body as { error?: unknown; error_description?: unknown } | null;
  if (typeof b?.error_description === 'string') return b.error_description;
  if (typeof b?.error === 'string') return b.error;
  const message = (b?.error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : null;
}
