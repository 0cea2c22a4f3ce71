import { keyScopeAllows } from './key-scope.decorator';

describe('keyScopeAllows', () => {
  it('lets a read key read, a write key read and write, and no key reach an unmarked route', () => {
    expect(keyScopeAllows('read', 'read')).toBe(true);
    expect(keyScopeAllows('read', 'write')).toBe(false);
    expect(keyScopeAllows('write', 'read')).toBe(true);
    expect(keyScopeAllows('write', 'write')).toBe(true);
    expect(keyScopeAllows('write', undefined)).toBe(false);
    expect(keyScopeAllows('read', undefined)).toBe(false);
  });
});
