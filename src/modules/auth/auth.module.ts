import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { FirebaseAuthGuard } from '../../common/auth/firebase-auth.guard';
import { TokenVerifier } from '../../infra/firebase/token-verifier';
import { DebugController } from '../debug/debug.controller';
import { UsersModule } from '../users/users.module';

/** Every HTTP route requires a verified Firebase ID token unless marked @Public(). */
@Global()
@Module({
  imports: [UsersModule],
  controllers: [DebugController],
  providers: [TokenVerifier, { provide: APP_GUARD, useClass: FirebaseAuthGuard }],
  exports: [TokenVerifier],
})
export class AuthModule {}
