import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKey } from './api-key.entity';
import { ApiKeysService } from './api-keys.service';

/** The keys table and its rules, for the auth guard (AuthModule) and the Settings › API keys routes. */
@Module({ imports: [TypeOrmModule.forFeature([ApiKey])], providers: [ApiKeysService], exports: [ApiKeysService] })
export class ApiKeysCoreModule {}
