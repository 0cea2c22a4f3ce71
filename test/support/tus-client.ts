import { request as httpRequest } from 'node:http';

/** A minimal tus 1.0 client over raw HTTP, so tests can interrupt an upload mid-request and resume it. */
export class TusTestClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, 'Tus-Resumable': '1.0.0', ...extra };
  }

  async create(size: number, metadata: Record<string, string>): Promise<{ status: number; location: string | null; body: string }> {
    const encoded = Object.entries(metadata)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const res = await fetch(`${this.baseUrl}/api/upload/tus`, {
      method: 'POST',
      headers: this.headers({ 'Upload-Length': String(size), 'Upload-Metadata': encoded }),
    });
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, this.baseUrl).toString() : null, body: await res.text() };
  }

  async offset(url: string): Promise<{ status: number; offset: number }> {
    const res = await fetch(url, { method: 'HEAD', headers: this.headers() });
    return { status: res.status, offset: Number(res.headers.get('upload-offset') ?? -1) };
  }

  async patch(url: string, offset: number, chunk: Buffer): Promise<{ status: number; body: string; offset: number }> {
    const res = await fetch(url, {
      method: 'PATCH',
      headers: this.headers({ 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
      body: new Uint8Array(chunk),
    });
    return { status: res.status, body: await res.text(), offset: Number(res.headers.get('upload-offset') ?? -1) };
  }

  /** Sends part of a PATCH body, then drops the connection, as a network failure would. */
  patchInterrupted(url: string, offset: number, chunk: Buffer, declaredLength: number): Promise<void> {
    return new Promise((resolve) => {
      const req = httpRequest(url, {
        method: 'PATCH',
        headers: this.headers({
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(declaredLength),
        }),
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(chunk, () => setTimeout(() => req.destroy(), 300));
    });
  }
}
