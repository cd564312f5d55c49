import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST, isLoopback, listenRefusal } from './listen-guard';

/** Where the server may listen while the administrator still has the demo password (pure decision). */
describe('listen guard', () => {
  it('knows loopback addresses from reachable ones', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '', '192.168.1.10', '10.0.0.1', 'erp.example.com', '128.0.0.1', '::ffff:10.0.0.1', '127.0.0.1.nip.io']) expect(isLoopback(h), h).toBe(false);
    expect(isLoopback(DEFAULT_HOST)).toBe(true);
  });

  it('refuses a reachable address while the demo password is in use, and says how to fix it', () => {
    expect(listenRefusal('127.0.0.1', true)).toBeNull();
    expect(listenRefusal('0.0.0.0', false)).toBeNull();
    const msg = listenRefusal('0.0.0.0', true, 'admin')!;
    expect(msg).toContain('Refusing to listen on 0.0.0.0');
    expect(msg).toContain('demo password "admin123"');
    expect(msg).toContain("ADMIN_PASSWORD='a long secret of yours' HOST=0.0.0.0 npm start");
    expect(listenRefusal('192.168.1.10', true)).toContain('192.168.1.10');
  });
});
