import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { AddressPolicy, parseAddressRange } from './address-policy.js';

describe('AddressPolicy', () => {
  const policy = new AddressPolicy();

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '240.0.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(policy.allows(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(policy.allows(address)).toBe(true);
  });

  it('allows what is listed, and only that', () => {
    const local = new AddressPolicy(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(local.allows('127.0.0.1')).toBe(true);
    expect(local.allows('::ffff:127.0.0.1')).toBe(true);
    expect(local.allows('10.200.0.1')).toBe(true);
    expect(local.allows('fd00::5')).toBe(true);
    expect(local.allows('127.0.0.2')).toBe(false);
    expect(local.allows('::1')).toBe(false);
    expect(local.allows('192.168.0.1')).toBe(false);
  });

  it('reads addresses and ranges, nothing else', () => {
    expect(parseAddressRange('10.0.0.0/8')?.[1]).toBe(8);
    expect(parseAddressRange('::1')?.[1]).toBe(128);
    expect(parseAddressRange('localhost')).toBeUndefined();
    expect(parseAddressRange('10.0.0.0/33')).toBeUndefined();
  });
});

describe('ALLOWED_PRIVATE_ADDRESSES and IMAGE_PROXY_KEY', () => {
  it('are read as lists and keys', () => {
    const config = loadConfig({
      ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1, ::1,10.0.0.0/8',
      IMAGE_PROXY_KEY: 'k'.repeat(32),
    });
    expect(config.allowedPrivateAddresses).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(config.imageProxyKey).toBe('k'.repeat(32));
    expect(loadConfig({}).allowedPrivateAddresses).toEqual([]);
  });

  it('stop the start with a message that names them', () => {
    expect(() => loadConfig({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1,localhost' })).toThrow(
      /ALLOWED_PRIVATE_ADDRESSES/,
    );
    expect(() => loadConfig({ IMAGE_PROXY_KEY: 'qisqa' })).toThrow(/IMAGE_PROXY_KEY/);
  });
});
