import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOpenApi } from './write-openapi';

describe('committed OpenAPI spec', () => {
  it('matches the controllers (run `npm run sdk` after changing the API)', async () => {
    const committed = readFileSync(join(__dirname, '..', '..', 'sdk', 'openapi.json'), 'utf8');
    expect(await renderOpenApi()).toBe(committed);
  });

  it('names every operation after its controller method', async () => {
    const spec = JSON.parse(await renderOpenApi()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(spec.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids).toEqual(expect.arrayContaining(['getMe', 'getHealth', 'getPublicConfig', 'authTest']));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
