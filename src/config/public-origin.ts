/**
 * The one origin every absolute URL the product writes is built on (Google's redirect_uri, Stripe's return URLs):
 * PUBLIC_URL, or the local address outside production. Never the request's Host or X-Forwarded-* headers, which the
 * client names: a request with `Host: evil.example` got a Google consent page that sent the creator's code there.
 */
export function publicOriginOf(env: { PUBLIC_URL?: string; PORT: number }): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/** Why a PUBLIC_URL is not an origin we can build on, or null when it is one. */
export function publicUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null; // not a URL at all: the schema's own check says so
  }
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) {
    return 'must be an origin only (https://host[:port]), without a path, query or fragment: the app is served at its root (/app/)';
  }
  return null;
}

/** An absolute URL of the app: `path` (starting with "/") on the configured public origin. */
export function publicUrl(config: { publicOrigin: string }, path: string): string {
  if (!path.startsWith('/')) throw new Error(`publicUrl: "${path}" must start with "/"`);
  return `${config.publicOrigin}${path}`;
}
