// The runtime configuration fetched at boot (GET /public/config), provided by the app, read by features.
export { AppConfigContext, useAppConfig, type AppConfig } from './AppConfigContext';
