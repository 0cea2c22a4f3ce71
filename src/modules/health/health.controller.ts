import { Controller, Get, HttpException, ServiceUnavailableException } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth';
import { RedisHealthIndicator } from './redis.health';
import { StorageHealthIndicator } from './storage.health';

@ApiTags('health')
@Public()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly storage: StorageHealthIndicator,
  ) {}

  /** Liveness: the process answers. A load balancer that restarts on this must not restart for a database outage. */
  @Get('live')
  getLiveness() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, Redis and the store all answer; 503 takes this process out of rotation until they do. */
  @Get('ready')
  @HealthCheck()
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL, Redis or the store is unreachable; the message names which' })
  async getReadiness() {
    try {
      return await this.health.check([
        () => this.database.pingCheck('database', { timeout: 1500 }),
        () => this.redis.isHealthy('redis'),
        () => this.storage.isHealthy('storage'),
      ]);
    } catch (error) {
      // Errors answer { statusCode, message }: the message names what is down, for whoever reads the probe's log.
      const down = error instanceof HttpException ? (error.getResponse() as { error?: Record<string, { message?: string }> }).error : undefined;
      if (!down) throw error;
      const parts = Object.entries(down).map(([name, detail]) => `${name}${detail.message ? ` (${detail.message})` : ''}`);
      throw new ServiceUnavailableException(`Not ready: ${parts.join(', ')} unreachable`);
    }
  }

  /** The readiness check under its original path (scripts, tests and the images' health checks use it). */
  @Get()
  @HealthCheck()
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL, Redis or the store is unreachable; the message names which' })
  getHealth() {
    return this.getReadiness();
  }
}
