import { describe, expect, it } from 'vitest';
import { issueTimestamp } from './issue-time';
import { phase1Fields, phase1Qr, qrAmount } from './qr';
import { TlvError, tlvBase64, tlvBytes, tlvDecode } from './qr.tlv';

const VECTOR = 'AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=';

describe('ZATCA QR TLV (phase 1)', () => {
  it('gives the public test vector', () => {
    expect(tlvBase64([
      { tag: 1, value: 'Salla' }, { tag: 2, value: '1234567891' }, { tag: 3, value: '2021-07-12T14:25:09Z' },
      { tag: 4, value: '100.00' }, { tag: 5, value: '15.00' },
    ])).toBe(VECTOR);
  });

  it('gives the vector from an invoice\'s stored figures (NUMERIC(20,4) strings written with the currency decimals)', () => {
    expect(phase1Qr({ sellerName: 'Salla', vatNumber: '1234567891', timestamp: '2021-07-12T14:25:09Z', totalAmount: '100.0000', taxAmount: '15.0000', decimals: 2 })).toBe(VECTOR);
    expect(phase1Fields({ sellerName: 'S', vatNumber: '3', timestamp: '2026-05-02T08:00:00', totalAmount: '1', taxAmount: '0', decimals: 3 }).map((f) => f.value))
      .toEqual(['S', '3', '2026-05-02T08:00:00', '1.000', '0.000']);
  });

  it('counts an Arabic seller name in UTF-8 bytes, not characters', () => {
    const name = 'شركة سلة';
    expect(name.length).toBe(8);
    const bytes = tlvBytes([{ tag: 1, value: name }]);
    expect([...bytes.subarray(0, 2)]).toEqual([1, 15]);
    expect(bytes.length).toBe(17);
    expect(bytes.subarray(2).toString('utf8')).toBe(name);
    const back = tlvDecode(tlvBase64([{ tag: 1, value: name }, { tag: 2, value: '310122393500003' }]));
    expect(back.map((f) => [f.tag, f.value.toString('utf8')])).toEqual([[1, name], [2, '310122393500003']]);
  });

  it('takes raw bytes (phase 2 tags 6-9) and refuses what one length byte cannot hold', () => {
    const key = Buffer.from([0x30, 0x56, 0x00, 0xff]);
    expect([...tlvBytes([{ tag: 8, value: key }])]).toEqual([8, 4, 0x30, 0x56, 0x00, 0xff]);
    expect(tlvBytes([{ tag: 1, value: 'x'.repeat(255) }]).length).toBe(257);
    expect(() => tlvBytes([{ tag: 1, value: 'x'.repeat(256) }])).toThrow(TlvError);
    expect(() => tlvBytes([{ tag: 1, value: 'ش'.repeat(128) }])).toThrow(/256 bytes/); // 128 characters, 256 bytes
    expect(() => tlvBytes([{ tag: 0, value: 'x' }])).toThrow(TlvError);
    expect(() => tlvBytes([{ tag: 256, value: 'x' }])).toThrow(TlvError);
    expect(() => tlvDecode(Buffer.from([1, 5, 65]))).toThrow(TlvError);
  });

  it('writes amounts with the currency decimals, the time as the company\'s wall clock reads the issue instant', () => {
    expect(qrAmount('1150.0000', 2)).toBe('1150.00');
    expect(qrAmount('0.1250', 2)).toBe('0.13');
    expect(issueTimestamp('2026-03-31T21:30:07Z', 'Asia/Riyadh')).toBe('2026-04-01T00:30:07');
    expect(issueTimestamp(new Date('2026-01-31T23:59:59.999Z'), 'UTC')).toBe('2026-01-31T23:59:59');
  });
});
