import type { Request, Response } from 'express';
import { ignoreUnknownForwardedProtocol } from './forwarded-protocol';

function filtered(value: string | undefined): { header: unknown; raw: string[] } {
  const rawHeaders = ['Host', 'api.example', ...(value === undefined ? [] : ['X-Forwarded-Proto', value]), 'Accept', '*/*'];
  const headers: Record<string, string> = { host: 'api.example', accept: '*/*', ...(value === undefined ? {} : { 'x-forwarded-proto': value }) };
  const req = { headers, rawHeaders } as unknown as Request;
  let called = 0;
  ignoreUnknownForwardedProtocol(req, {} as Response, () => (called += 1));
  expect(called).toBe(1);
  return { header: req.headers['x-forwarded-proto'], raw: req.rawHeaders };
}

describe('ignoreUnknownForwardedProtocol', () => {
  it('keeps http and https, alone or as a list of hops', () => {
    for (const value of ['http', 'https', 'HTTPS', 'https, http', ' https ']) expect(filtered(value).header).toBe(value);
  });

  it('drops any other protocol from the parsed and the raw headers, keeping the rest', () => {
    for (const value of ['javascript', 'https, javascript', 'data', 'ftp', '', 'https:', 'https://evil.example']) {
      expect(filtered(value)).toEqual({ header: undefined, raw: ['Host', 'api.example', 'Accept', '*/*'] });
    }
  });

  it('leaves a request without the header alone', () => {
    expect(filtered(undefined)).toEqual({ header: undefined, raw: ['Host', 'api.example', 'Accept', '*/*'] });
  });
});
