import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Subscription } from './subscription.entity';
import { TrialGateInterceptor } from './trial-gate.interceptor';
import { TrialGateService } from './trial-gate.service';

@Module({
  imports: [TypeOrmModule.forFeature([Subscription])],
  providers: [TrialGateService, TrialGateInterceptor],
  exports: [TrialGateService, TrialGateInterceptor],
})
export class SubscriptionsModule {}
