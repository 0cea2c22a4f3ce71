import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import type { Repository } from 'typeorm';
import { bearerToken } from '../../common/auth/bearer';
import { InvalidTokenError, TokenVerifier } from '../../infra/firebase/token-verifier';
import { UsersService } from '../users/users.service';
import { Report } from './report.entity';
import { REPORT_NOT_FOUND } from './reports.service';

export interface ReportCredentials {
  authorization?: string;
  shareToken?: string;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who may read a report's data file: its owner (bearer token), anyone holding its unexpired share token, and anyone
 * for the public sample reports. Everyone else gets 404, or 401 when they presented nothing at all.
 */
@Injectable()
export class ReportAccessService {
  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly verifier: TokenVerifier,
    private readonly users: UsersService,
  ) {}

  async resolve(reportId: string, credentials: ReportCredentials, now = new Date()): Promise<Report> {
    const report = await this.reports.findOneBy({ id: reportId });
    if (report?.isSample) return report;
    const token = bearerToken(credentials.authorization);
    const share = credentials.shareToken;
    if (!token && !share) throw new UnauthorizedException('Authentication required');
    if (!report) throw new NotFoundException(REPORT_NOT_FOUND);

    if (token) {
      const identity = await this.verifier.verify(token).catch((error: unknown) => {
        if (error instanceof InvalidTokenError) throw new UnauthorizedException('Invalid or expired authentication token');
        throw error;
      });
      const user = await this.users.findByFirebaseUid(identity.uid);
      if (user && report.userId === user.id) return report;
    }
    if (share && report.shareToken && sameSecret(share, report.shareToken) && (!report.shareExpiresAt || report.shareExpiresAt > now)) {
      return report;
    }
    throw new NotFoundException(REPORT_NOT_FOUND);
  }
}
