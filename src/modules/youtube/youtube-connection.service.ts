import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { YoutubeConnectionView } from '@preflight/shared';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicUrl } from '../../config/public-origin';
import { GoogleAccessTokenRejectedError, GoogleApiClient, GoogleGrantRefusedError, GoogleUnreachableError, YT_ANALYTICS_SCOPE, type TokenAnswer } from './google-api.client';
import { OAuthState } from './oauth-state';
import { TokenCipher } from './token-cipher';
import { YoutubeConnection } from './youtube-connection.entity';
import { YOUTUBE_MESSAGES } from './youtube-messages';

/** Where Google sends the creator back: a page of the web app, which hands code and state to POST /api/youtube/connection. */
export const YOUTUBE_RETURN_PATH = '/app/settings/youtube';

/** 409: Google refused the refresh token (consent withdrawn, or the grant expired for good). */
class GrantWithdrawn extends ConflictException {
  constructor() {
    super(YOUTUBE_MESSAGES.withdrawn);
  }
}

/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * A creator's YouTube connection: started and completed by that creator only (OAuthState), tokens sealed at rest
 * (TokenCipher), refreshed when expired, erased when Google says consent was withdrawn, revoked on disconnect.
 */
@Injectable()
export class YoutubeConnectionService {
  private readonly logger = new Logger(YoutubeConnectionService.name);
  private readonly cipher: TokenCipher;
  private readonly states: OAuthState;

  constructor(
    @InjectRepository(YoutubeConnection) private readonly rows: Repository<YoutubeConnection>,
    private readonly google: GoogleApiClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cipher = new TokenCipher(config.tokenEncryptionKey);
    this.states = new OAuthState(config.urlSigningSecret);
  }

  async view(userId: string): Promise<YoutubeConnectionView> {
    const row = await this.rows.findOneBy({ userId });
    return { available: this.google.configured, status: row?.status ?? 'not_connected', connected_at: row?.status === 'connected' ? row.createdAt.toISOString() : null };
  }

  /** Google's consent page for this creator, to return to YOUTUBE_RETURN_PATH on the configured public origin. */
  start(userId: string): { authorization_url: string } {
    this.requireConfigured();
    const redirectUri = publicUrl(this.config, YOUTUBE_RETURN_PATH);
    return { authorization_url: this.google.authorizationUrl(this.states.issue({ userId, redirectUri }), redirectUri) };
  }

  /** Exchanges the code Google returned, if the state is this creator's, and keeps the tokens sealed. */
  async complete(userId: string, code: string, state: string): Promise<YoutubeConnectionView> {
    this.requireConfigured();
    const claims = this.states.verify(state, userId);
    if (!claims) throw new BadRequestException(YOUTUBE_MESSAGES.stateRefused);
    const tokens = await this.call(() => this.google.exchangeCode(code, claims.redirectUri), YOUTUBE_MESSAGES.codeRefused);
    if (tokens.scope !== undefined && !tokens.scope.split(' ').includes(YT_ANALYTICS_SCOPE)) {
      await this.revokeQuietly(tokens.refresh_token ?? tokens.access_token);
      throw new BadRequestException(YOUTUBE_MESSAGES.scopeMissing);
    }
    if (!tokens.refresh_token) throw new BadRequestException(YOUTUBE_MESSAGES.noRefreshToken);
    await this.rows.delete({ userId });
    await this.rows.insert({ userId, status: 'connected', refreshTokenSealed: this.cipher.seal(tokens.refresh_token, userId), ...this.sealedAccess(userId, tokens) });
    return this.view(userId);
  }

  /**
   * Revokes the grant at Google and deletes the tokens. They are deleted even when Google cannot be reached (the answer
   * says so, and the creator can remove the access in their Google account).
   */
  async disconnect(userId: string): Promise<{ revoked_at_google: boolean }> {
    const row = await this.rows.findOneBy({ userId });
    if (!row) throw new NotFoundException('YouTube is not connected.');
    await this.rows.delete({ userId });
    if (!row.refreshTokenSealed || !this.google.configured) return { revoked_at_google: row.status === 'withdrawn' };
    let refreshToken: string;
    try {
      refreshToken = this.cipher.open(row.refreshTokenSealed, userId);
    } catch {
      return { revoked_at_google: false }; // sealed under another key: nothing to send Google; deleted here anyway
    }
    // Revoking the refresh token revokes the whole grant, access tokens included.
    return { revoked_at_google: await this.revokeQuietly(refreshToken) };
  }

  /**
   * Runs a call to Google with a valid access token: refreshed first when expired, and once more if Google rejects it
   * anyway. Consent withdrawn at Google: the tokens are erased, the connection marked withdrawn, 409 in plain words.
   */
  async withAccessToken<T>(userId: string, use: (accessToken: string) => Promise<T>): Promise<T> {
    this.requireConfigured();
    const row = await this.rows.findOneBy({ userId });
    if (!row) throw new ConflictException(YOUTUBE_MESSAGES.notConnected);
    if (row.status === 'withdrawn' || !row.refreshTokenSealed) throw new ConflictException(YOUTUBE_MESSAGES.withdrawn);
    const fresh = row.accessTokenSealed && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
    let token = fresh ? await this.openOrWithdraw(row, row.accessTokenSealed!) : await this.refresh(row);
    try {
      return await this.call(() => use(token));
    } catch (error) {
      if (!(error instanceof GoogleAccessTokenRejectedError)) throw error;
      token = await this.refresh(row);
      return this.call(() => use(token));
    }
  }

  private async refresh(row: YoutubeConnection): Promise<string> {
    const refreshToken = await this.openOrWithdraw(row, row.refreshTokenSealed!);
    const tokens = await this.call(() => this.google.refresh(refreshToken)).catch(async (error: unknown) => {
      if (error instanceof GrantWithdrawn) await this.markWithdrawn(row.userId, 'consent withdrawn at Google');
      throw error;
    });
    await this.rows.update({ userId: row.userId }, this.sealedAccess(row.userId, tokens));
    return tokens.access_token;
  }

  /**
   * Opens a sealed token; one that no longer opens (TOKEN_ENCRYPTION_KEY changed, or the row was altered) cannot be
   * used again: the connection is marked withdrawn, so the creator is asked to connect again instead of seeing a 500.
   */
  private async openOrWithdraw(row: YoutubeConnection, sealed: string): Promise<string> {
    try {
      return this.cipher.open(sealed, row.userId);
    } catch {
      await this.markWithdrawn(row.userId, 'stored token does not open with the current key');
      throw new GrantWithdrawn();
    }
  }

  private async markWithdrawn(userId: string, why: string): Promise<void> {
    await this.rows.update({ userId }, { status: 'withdrawn', refreshTokenSealed: null, accessTokenSealed: null, accessTokenExpiresAt: null });
    this.logger.log(`YouTube connection of ${userId} withdrawn (${why}): tokens erased`);
  }

  private sealedAccess(userId: string, tokens: TokenAnswer) {
    return { accessTokenSealed: this.cipher.seal(tokens.access_token, userId), accessTokenExpiresAt: new Date(Date.now() + tokens.expires_in * 1000) };
  }

  /** Google's failures as HTTP answers: unreachable 503; a refused grant 409 (or 400 `refused` during the exchange). */
  private async call<T>(run: () => Promise<T>, refused: string = YOUTUBE_MESSAGES.withdrawn): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GoogleUnreachableError) {
        this.logger.warn(`Google unreachable: ${error.message}`);
        throw new ServiceUnavailableException(YOUTUBE_MESSAGES.unreachable);
      }
      if (error instanceof GoogleGrantRefusedError) {
        throw refused === YOUTUBE_MESSAGES.withdrawn ? new GrantWithdrawn() : new BadRequestException(refused);
      }
      throw error;
    }
  }

  private async revokeQuietly(token: string): Promise<boolean> {
    try {
      await this.google.revoke(token);
      return true;
    } catch (error) {
      this.logger.warn(`YouTube token not revoked at Google: ${(error as Error).message}`);
      return false;
    }
  }

  private requireConfigured(): void {
    if (!this.google.configured) throw new ServiceUnavailableException(YOUTUBE_MESSAGES.notSetUp);
  }
}
