import { plainWorkerExecArgv } from './plain-worker';

describe('plainWorkerExecArgv', () => {
  it('drops module preloads (the TypeScript loader) and keeps every other flag', () => {
    expect(plainWorkerExecArgv(['-r', '@swc-node/register', '--max-old-space-size=512', '--require=x', '--import', 'y.mjs', '--no-warnings'])).toEqual([
      '--max-old-space-size=512',
      '--no-warnings',
    ]);
  });
  it('leaves a plain node (the built worker) as it is', () => {
    expect(plainWorkerExecArgv([])).toEqual([]);
  });
});
