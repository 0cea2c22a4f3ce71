import type { NestExpressApplication } from '@nestjs/platform-express';
import { connect, type Socket } from 'node:net';
import { BODY_DEADLINE_MS, MAX_CONNECTIONS_PER_ADDRESS } from '../../src/common/http-limits';
import { startApiApp } from '../support/api-app';

jest.setTimeout(60_000);

/** Reads everything the server sends until it closes the connection. */
const readUntilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });

describe('slow and greedy clients', () => {
  let app: NestExpressApplication;
  let port: number;

  beforeAll(async () => {
    app = await startApiApp();
    await app.listen(0, '127.0.0.2');
    port = Number(new URL(await app.getUrl()).port);
  });
  afterAll(async () => {
    await app.close();
  });

  it(`answers 408 and closes a request whose body is still arriving after ${BODY_DEADLINE_MS / 1000} s (non-upload route)`, async () => {
    const socket = connect({ host: '127.0.0.2', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const t0 = Date.now();
    socket.write('POST /public/config HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
    const answer = await readUntilClosed(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - t0).toBeLessThan(BODY_DEADLINE_MS + 5_000);
  });

  it(`refuses connections beyond ${MAX_CONNECTIONS_PER_ADDRESS} from one address, and serves another address`, async () => {
    const open: Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_ADDRESS; i += 1) {
        const s = connect({ host: '127.0.0.2', port, localAddress: '127.0.0.3' });
        await new Promise((resolve) => s.once('connect', resolve));
        open.push(s);
      }
      const extra = connect({ host: '127.0.0.2', port, localAddress: '127.0.0.3' });
      extra.write('GET /public/config HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await readUntilClosed(extra)).toBe('');
      const other = await fetch(`http://127.0.0.2:${port}/public/config`);
      expect(other.status).toBe(200);
    } finally {
      for (const s of open) s.destroy();
    }
  });
});
