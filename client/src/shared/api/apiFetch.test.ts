import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';
import { createApiFetch, type FetchLike, type TokenUser } from './apiFetch';
import { onPaymentRequired } from './paymentRequired';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const html = (status: number) =>
  new Response('<html><body>oops</body></html>', { status, headers: { 'content-type': 'text/html' } });

function fakeUser(tokens: string[] = ['token-1', 'token-2']) {
  let i = 0;
  const getIdToken = vi.fn(async (forceRefresh?: boolean) => {
    if (forceRefresh) i += 1;
    return tokens[Math.min(i, tokens.length - 1)]!;
  });
  return { getIdToken } satisfies TokenUser;
}

function setup(responses: Array<Response | Error>, user: TokenUser | null = fakeUser(), baseUrl = '') {
  const queue = [...responses];
  const fetch = vi.fn<FetchLike>(async () => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected fetch');
    if (next instanceof Error) throw next;
    return next;
  });
  const notify = vi.fn();
  const apiFetch = createApiFetch({ getUser: () => user, fetch, notifyPaymentRequired: notify, baseUrl });
  const sentHeaders = (call = 0) => {
    const [input, init] = fetch.mock.calls[call]!;
    return input instanceof Request ? input.headers : new Headers(init?.headers);
  };
  const sentUrl = (call = 0) => {
    const [input] = fetch.mock.calls[call]!;
    return input instanceof Request ? input.url : String(input);
  };
  return { apiFetch, fetch, notify, sentHeaders, sentUrl };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('createApiFetch — authenticated calls', () => {
  it('fails before sending with "User not authenticated" when nobody is signed in', async () => {
    const { apiFetch, fetch } = setup([json(200, {})], null);
    const error = await rejection(apiFetch('/api/me'));
    expect(error.message).toBe('User not authenticated');
    expect(error.status).toBe(401);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the bearer token and a JSON content type, and returns the response', async () => {
    const user = fakeUser();
    const { apiFetch, sentHeaders } = setup([json(200, { ok: true })], user);
    const response = await apiFetch('/api/me', { method: 'GET' });
    expect(await response.json()).toEqual({ ok: true });
    expect(sentHeaders().get('authorization')).toBe('Bearer token-1');
    expect(sentHeaders().get('content-type')).toBe('application/json');
    expect(user.getIdToken).toHaveBeenCalledWith();
  });

  it('keeps a caller-provided content type', async () => {
    const { apiFetch, sentHeaders } = setup([json(200, {})]);
    await apiFetch('/api/x', { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'text/plain' } });
    expect(sentHeaders().get('content-type')).toBe('text/plain');
  });

  it('does not force JSON on a FormData body (the runtime sets multipart)', async () => {
    const { apiFetch, sentHeaders } = setup([json(200, { reportId: 'r1' })]);
    const body = new FormData();
    body.append('feedbackStyle', 'balanced');
    await apiFetch('/api/upload/', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    expect(sentHeaders().get('content-type')).toBeNull();
    expect(sentHeaders().get('authorization')).toBe('Bearer token-1');
  });

  it('on 401 refreshes the token once and retries, returning the retried response', async () => {
    const user = fakeUser(['stale', 'fresh']);
    const { apiFetch, fetch, sentHeaders } = setup([json(401, { message: 'expired' }), json(200, { id: 1 })], user);
    const response = await apiFetch('/api/reports/1');
    expect(await response.json()).toEqual({ id: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(user.getIdToken).toHaveBeenLastCalledWith(true);
    expect(sentHeaders(0).get('authorization')).toBe('Bearer stale');
    expect(sentHeaders(1).get('authorization')).toBe('Bearer fresh');
  });

  it('a failed retry yields "API request failed: {status}" and does not retry again', async () => {
    const { apiFetch, fetch } = setup([json(401, { message: 'expired' }), json(401, { message: 'still expired' })]);
    const error = await rejection(apiFetch('/api/reports/1'));
    expect(error.message).toBe('API request failed: 401');
    expect(error.status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a retry failing with another status reports that status', async () => {
    const { apiFetch } = setup([html(401), json(500, { message: 'boom' })]);
    expect((await rejection(apiFetch('/api/reports/1'))).message).toBe('API request failed: 500');
  });

  it('a token refresh that throws counts as a failed retry', async () => {
    const user: TokenUser = {
      getIdToken: vi.fn(async (force?: boolean) => {
        if (force) throw new Error('network');
        return 't';
      }),
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { apiFetch, fetch } = setup([json(401, {})], user);
    expect((await rejection(apiFetch('/api/me'))).message).toBe('API request failed: 401');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a Request object (as the generated SDK sends) with its body intact', async () => {
    const seen: Array<{ auth: string | null; body: string }> = [];
    const user = fakeUser(['stale', 'fresh']);
    const responses = [json(401, {}), json(200, { ok: 1 })];
    const apiFetch = createApiFetch({
      getUser: () => user,
      fetch: async (input) => {
        const req = input as Request;
        seen.push({ auth: req.headers.get('authorization'), body: await req.text() });
        return responses.shift()!;
      },
    });
    const request = new Request('http://localhost:3000/api/prevention/reports/1/share', {
      method: 'POST',
      body: JSON.stringify({ report_id: '1' }),
      headers: { 'content-type': 'application/json' },
    });
    const response = await apiFetch(request);
    expect(response.status).toBe(200);
    expect(seen).toEqual([
      { auth: 'Bearer stale', body: '{"report_id":"1"}' },
      { auth: 'Bearer fresh', body: '{"report_id":"1"}' },
    ]);
  });
});

describe('createApiFetch — public calls', () => {
  it('skips the token for /public/* and works with nobody signed in', async () => {
    const { apiFetch, sentHeaders } = setup([json(200, { contactEmail: 'a@b.c' })], null);
    const response = await apiFetch('/public/config');
    expect(await response.json()).toEqual({ contactEmail: 'a@b.c' });
    expect(sentHeaders().get('authorization')).toBeNull();
    expect(sentHeaders().get('content-type')).toBe('application/json');
  });

  it('never sends the token to /public/* even when signed in, and does not retry a 401', async () => {
    const user = fakeUser();
    const { apiFetch, fetch, sentHeaders } = setup([json(401, { message: 'Invalid report token.' })], user);
    expect((await rejection(apiFetch('/public/prevention/share/abc'))).message).toBe('Invalid report token.');
    expect(sentHeaders().get('authorization')).toBeNull();
    expect(user.getIdToken).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('recognises /public/* behind a base URL with a path prefix', async () => {
    const { apiFetch, sentUrl, sentHeaders } = setup([json(200, {})], null, 'https://api.example.com/v1/');
    await apiFetch('/public/config');
    expect(sentUrl()).toBe('https://api.example.com/v1/public/config');
    expect(sentHeaders().get('authorization')).toBeNull();
  });
});

describe('createApiFetch — base URL', () => {
  it('prefixes relative paths with the base URL and leaves absolute URLs alone', async () => {
    const { apiFetch, sentUrl } = setup([json(200, {}), json(200, {})], fakeUser(), 'https://api.example.com');
    await apiFetch('/api/me');
    await apiFetch(new URL('https://other.example.com/api/me'));
    expect(sentUrl(0)).toBe('https://api.example.com/api/me');
    expect(sentUrl(1)).toBe('https://other.example.com/api/me');
  });
});

describe('createApiFetch — error responses', () => {
  it('non-OK JSON → its message field', async () => {
    const { apiFetch } = setup([json(400, { message: 'feedbackStyle must be gentle, balanced or brutal' })]);
    const error = await rejection(apiFetch('/api/upload/'));
    expect(error.message).toBe('feedbackStyle must be gentle, balanced or brutal');
    expect(error.status).toBe(400);
  });

  it('non-OK JSON with a reason → the reason too, for pages that act on it', async () => {
    const { apiFetch } = setup([json(409, { message: 'Version B is still being analysed; compare once it is ready.', reason: 'b_analysing' })]);
    const error = await rejection(apiFetch('/api/compare?a=1&b=2'));
    expect(error).toMatchObject({ status: 409, reason: 'b_analysing', message: 'Version B is still being analysed; compare once it is ready.' });
    const { apiFetch: other } = setup([json(409, { message: 'Busy.' })]);
    expect((await rejection(other('/api/x'))).reason).toBeUndefined();
  });

  it('non-OK JSON with a list of messages (validation) → joined', async () => {
    const { apiFetch } = setup([json(400, { message: ['a is bad', 'b is bad'] })]);
    expect((await rejection(apiFetch('/api/x'))).message).toBe('a is bad, b is bad');
  });

  it('non-OK JSON without a message → "API request failed: {status}"', async () => {
    const { apiFetch } = setup([json(500, { error: 'Internal' })]);
    const error = await rejection(apiFetch('/api/x'));
    expect(error.message).toBe('API request failed: 500');
    expect(error.status).toBe(500);
  });

  it('non-OK response announced as JSON but unparsable → "API request failed: {status}"', async () => {
    const { apiFetch } = setup([new Response('{nope', { status: 503, headers: { 'content-type': 'application/json' } })]);
    expect((await rejection(apiFetch('/api/x'))).message).toBe('API request failed: 503');
  });

  it('non-JSON 401 (public call, no retry) → "Authentication required"', async () => {
    const { apiFetch } = setup([html(401)], null);
    const error = await rejection(apiFetch('/public/dashboard/reports'));
    expect(error.message).toBe('Authentication required');
    expect(error.status).toBe(401);
  });

  it('non-JSON 404 → "Resource not found"', async () => {
    const { apiFetch } = setup([html(404)]);
    const error = await rejection(apiFetch('/api/reports/nope'));
    expect(error.message).toBe('Resource not found');
    expect(error.status).toBe(404);
  });

  it('non-JSON other status → "API returned HTML error page ({status})"', async () => {
    const { apiFetch } = setup([html(502)]);
    const error = await rejection(apiFetch('/api/x'));
    expect(error.message).toBe('API returned HTML error page (502)');
    expect(error.status).toBe(502);
  });

  it('a network failure propagates unchanged', async () => {
    const { apiFetch } = setup([new TypeError('Failed to fetch')]);
    await expect(apiFetch('/api/x')).rejects.toThrow('Failed to fetch');
  });
});

describe('createApiFetch — 402 payment required', () => {
  it("shows the server's message in the app's dialog, with its reason, and never the browser's alert", async () => {
    const windowAlert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { apiFetch, notify } = setup([
      json(402, { statusCode: 402, message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.', error: 'PAYMENT_REQUIRED', reason: 'free_analysis_used' }),
    ]);
    const error = await rejection(apiFetch('/api/upload/'));
    expect(error.status).toBe(402);
    expect(error.message).toBe('Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.');
    expect(notify).toHaveBeenCalledWith({ message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.', reason: 'free_analysis_used' });
    expect(windowAlert).not.toHaveBeenCalled();
    windowAlert.mockRestore();
  });

  it("without a reason, prefers the server's error field", async () => {
    const { apiFetch, notify } = setup([json(402, { error: 'Upgrade please', message: 'Payment Required' })]);
    await rejection(apiFetch('/api/x'));
    expect(notify).toHaveBeenCalledWith({ message: 'Upgrade please' });
  });

  it('uses the default text when the server gives none (non-JSON body)', async () => {
    const { apiFetch, notify } = setup([html(402)]);
    const error = await rejection(apiFetch('/api/x'));
    expect(error.message).toBe('Your trial has expired. Please upgrade to continue.');
    expect(notify).toHaveBeenCalledWith({ message: 'Your trial has expired. Please upgrade to continue.' });
  });

  it('defaults to the app dialog (the notice reaches its listener)', async () => {
    const seen = vi.fn();
    const off = onPaymentRequired(seen);
    const apiFetch = createApiFetch({ getUser: () => fakeUser(), fetch: async () => json(402, { message: 'Your trial has expired. Please upgrade to continue uploading.', reason: 'trial_expired' }) });
    await rejection(apiFetch('/api/x'));
    off();
    expect(seen).toHaveBeenCalledWith({ message: 'Your trial has expired. Please upgrade to continue uploading.', reason: 'trial_expired' });
  });
});
