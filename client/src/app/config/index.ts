export { AppConfigContext, useAppConfig, type AppConfig } from './AppConfigContext';
export { AppConfigProvider, appConfigQueryKey } from './AppConfigProvider';
