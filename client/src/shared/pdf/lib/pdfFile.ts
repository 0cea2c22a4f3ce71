/** The PDF is saved as optimization-report-{filename without extension}.pdf. */
export function pdfFilename(originalFilename: string): string {
  const name = originalFilename.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name) || 'video';
  return `optimization-report-${stem}.pdf`;
}

/** The file name a Content-Disposition header gives (the UTF-8 `filename*` first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent((extended[1] ?? '').trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Saves a blob under a name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has its own reference once started; the URL is released after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
