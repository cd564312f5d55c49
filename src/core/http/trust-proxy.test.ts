import { describe, expect, it } from 'vitest';
import { trustProxyOf } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, private ranges for 1, else exactly the addresses and ranges given; never every hop', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf(' ')).toBe(false);
    expect(trustProxyOf('1')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(trustProxyOf('203.0.113.7, 10.0.0.0/8,::1,fd00::/8')).toEqual(['203.0.113.7', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['true', '2', '0', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/1', '1.2.3'])
      expect(() => trustProxyOf(bad), bad).toThrow(/TRUST_PROXY must be/);
  });
});
