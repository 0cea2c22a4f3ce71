import { BadRequestException, SetMetadata } from '@nestjs/common';

/**
 * The one rule for control characters in what a client sends (issue 43): NUL, the other C0 controls and DEL are
 * refused in every field (PostgreSQL's text refuses NUL: "invalid byte sequence for encoding UTF8: 0x00" was a 500 for
 * a webhook URL or an API key's name); tab, line feed and carriage return only in a free-text field, which a route
 * declares with @FreeText (the only one: the measured-retention CSV, a spreadsheet's text).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of these patterns
const ALWAYS_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_GLOBAL = /[\u0000-\u001f\u007f]/g;

export const FREE_TEXT_FIELDS = 'preflight:free-text-fields';

/** The JSON body fields of this route (paths like `csv` or `settings.note`) where tab, LF and CR are text. */
export const FreeText = (...paths: string[]) => SetMetadata(FREE_TEXT_FIELDS, paths);

export interface ControlCharacterFound {
  /** Where: `name`, `settings.url`, `events[1]`, with any control character in a key shown as \uXXXX. */
  path: string;
  /** The first refused character, as U+XXXX. */
  character: string;
}

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
const shown = (path: string) => path.replace(ANY_CONTROL_GLOBAL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The first string (value or key) of a parsed body, query or parameter set that holds a refused control character, or
 * null. Walked without recursion, like the depth and prototype checks (src/common/json-body.ts).
 */
export function findControlCharacter(value: unknown, freeText: readonly string[] = []): ControlCharacterFound | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      const refused = (freeText.includes(path) ? ALWAYS_REFUSED : ANY_CONTROL).exec(node);
      if (refused) return { path: shown(path || '(the body)'), character: codePoint(refused[0]) };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const isArray = Array.isArray(node);
    for (const key of Object.keys(node)) {
      const here = isArray ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      const inKey = isArray ? null : ANY_CONTROL.exec(key);
      if (inKey) return { path: shown(here), character: codePoint(inKey[0]) };
      stack.push([(node as Record<string, unknown>)[key], here]);
    }
  }
  return null;
}

export function controlCharacterMessage(found: ControlCharacterFound): string {
  return `${found.path} must not contain control characters (found ${found.character})`;
}

/** Throws the 400 (the usual error body, its message naming the field) when `value` holds a refused character. */
export function refuseControlCharacters(value: unknown, freeText: readonly string[] = []): void {
  const found = findControlCharacter(value, freeText);
  if (found) throw new BadRequestException(controlCharacterMessage(found));
}
