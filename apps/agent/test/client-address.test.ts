import { describe, expect, it } from 'vitest';
import { clientAddress } from '../src/ingest-limiter.ts';

describe('client addresses', () => {
  it('keeps IPv4 as is, counts IPv4-mapped IPv6 as IPv4, and groups IPv6 by its /64', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress(undefined)).toBe('unknown');
  });
});
