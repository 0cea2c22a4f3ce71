import { connect, type Socket } from 'node:net';

export interface SlowAnswer {
  /** Everything the server sent before it closed the connection. */
  text: string;
  status: number | null;
  body: Record<string, unknown> | null;
  /** From the first byte sent to the connection's close. */
  elapsedMs: number;
}

/** What a slow client sends next: the same chunk each time, or the n-th piece of something (null: nothing more). */
type Next = Buffer | ((n: number) => Buffer | null);

/** The bytes of `data` one at a time: a client sending at (1000 / everyMs) bytes a second. */
export const byteByByte = (data: Buffer) => (n: number) => (n < data.length ? data.subarray(n, n + 1) : null);

/**
 * A real slow client on a raw socket: writes `head` at once, then `chunk` every `everyMs` (none when chunk is empty:
 * a stalled client) until the server closes the connection or `stop()` is called. `answer` resolves at the close.
 */
export function slowSocket(port: number, head: string | Buffer, { chunk = Buffer.alloc(0), everyMs = 100, host = '127.0.0.1' }: { chunk?: Next; everyMs?: number; host?: string } = {}) {
  const socket: Socket = connect({ host, port });
  let sent = 0;
  let text = '';
  let t0 = 0;
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<SlowAnswer>((resolve) => {
    socket.on('data', (data) => (text += data.toString('latin1')));
    socket.on('error', () => undefined); // a reset after the answer: the close below still comes
    socket.on('close', () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const json = text.slice(text.indexOf('\r\n\r\n') + 4);
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(json) as Record<string, unknown>;
      } catch {
        body = null; // not JSON (or no answer at all)
      }
      resolve({ text, status: status ? Number(status[1]) : null, body, elapsedMs: Date.now() - t0 });
    });
  });
  socket.once('connect', () => {
    t0 = Date.now();
    socket.write(head);
    if (Buffer.isBuffer(chunk) && chunk.length === 0) return;
    let n = 0;
    timer = setInterval(() => {
      const piece = Buffer.isBuffer(chunk) ? chunk : chunk(n);
      n += 1;
      if (!piece) return clearInterval(timer);
      if (socket.writable) {
        socket.write(piece);
        sent += piece.length;
      }
    }, everyMs);
  });
  return {
    answer,
    sent: () => sent,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** A multipart upload's request head and the start of its body, for a declared file of `fileBytes`. */
export function multipartHead(token: string, fileBytes: number, boundary = '----preflightslow'): string {
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return (
    `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${part.length + fileBytes + tail.length}\r\n\r\n${part}`
  );
}
