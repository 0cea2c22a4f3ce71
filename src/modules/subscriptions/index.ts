// The front door of the subscriptions module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { SubscriptionsModule } from './subscriptions.module';
export { TrialGateInterceptor } from './trial-gate.interceptor';
export { TrialGateService } from './trial-gate.service';
