export { AppConfigContext, useAppConfig, type AppConfig } from '../../shared/config';
export { AppConfigProvider, appConfigQueryKey } from './AppConfigProvider';
