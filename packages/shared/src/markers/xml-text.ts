/**
 * Text and attribute values for the XML marker files. XML 1.0 forbids most control characters outright (even escaped),
 * so they are dropped; the five markup characters are escaped.
 */
export function xmlText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry at all
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
