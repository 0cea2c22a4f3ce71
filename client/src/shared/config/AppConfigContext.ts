import { createContext, useContext } from 'react';
import type { PublicConfig } from '../api';

export type AppConfig = PublicConfig;

export const AppConfigContext = createContext<AppConfig | null>(null);

/** Runtime config fetched at boot from GET /public/config (contact email, Firebase web config, emulator URL). */
export function useAppConfig(): AppConfig {
  const value = useContext(AppConfigContext);
  if (!value) throw new Error('useAppConfig must be used inside AppConfigProvider');
  return value;
}
