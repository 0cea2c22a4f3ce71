import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parseCliArgs, USAGE } from './cli';

describe('CLI arguments', () => {
  it('takes a file and the options, with defaults', () => {
    expect(parseCliArgs(['clips/talk.mp4'])).toEqual({
      kind: 'run',
      options: { file: 'clips/talk.mp4', style: 'balanced', platform: 'auto', out: 'report-talk', json: false, key: undefined, baseURL: undefined },
    });
    expect(
      parseCliArgs(['--style', 'brutal', 'a.mov', '--platform=tiktok', '--out', 'dir', '--json', '--openai-key', 'k', '--openai-base-url', 'http://x']),
    ).toEqual({
      kind: 'run',
      options: { file: 'a.mov', style: 'brutal', platform: 'tiktok', out: 'dir', json: true, key: 'k', baseURL: 'http://x' },
    });
  });

  it('asks for help with --help or -h, whatever else is given', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['a.mp4', '-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], 'No input file given.'],
    [['a.mp4', '--style', 'harsh'], 'Unknown style "harsh"'],
    [['a.mp4', '--platform', 'vine'], 'Unknown platform "vine"'],
    [['a.mp4', 'b.mp4'], 'Unexpected argument b.mp4'],
    [['a.mp4', '--bogus'], "Unknown option '--bogus'"],
    [['a.mp4', '--out'], "Option '--out <value>' argument missing"],
  ])('refuses %j: %s', (argv, message) => {
    const request = parseCliArgs(argv);
    expect(request.kind).toBe('error');
    expect(request.kind === 'error' && request.message).toContain(message);
  });

  it('prints the usage for --help and exits 0; a usage error exits 1 with the message and the usage', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'cli.ts'), ...args], {
        cwd: path.join(__dirname, '..'),
        timeout: 60_000,
      });
    const help = await run(['--help']);
    expect(help.stdout).toBe(USAGE);
    expect(USAGE).toMatch(/--style STYLE .*gentle, balanced, brutal/);
    const failure = await run(['--style', 'harsh', 'a.mp4']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('Unknown style "harsh"');
    expect(failure?.stderr).toContain('Usage: npm run analyze -- FILE [options]');
  }, 120_000); // two Node processes compiling cli.ts on start
});
