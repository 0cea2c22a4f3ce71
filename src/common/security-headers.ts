import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

/**
 * Security headers with a content security policy that admits exactly what the app loads: its own assets, Google
 * sign-in (popup, apis.google.com script, identity APIs) or the local auth emulator, and Emotion's inline styles.
 */
export function securityHeaders(config: AppConfig) {
  const { authDomain, authEmulatorHost } = config.firebase;
  const emulator = authEmulatorHost ? [`http://${authEmulatorHost}`] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com', 'https://www.gstatic.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'", 'data:'],
        // The proposed edit's preview plays the creator's own file from a blob: URL (the server keeps no video).
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: [
          "'self'",
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          'https://www.googleapis.com',
          ...emulator,
        ],
        frameSrc: [`https://${authDomain}`, 'https://accounts.google.com', ...emulator],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    // Google sign-in talks to its popup through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}
