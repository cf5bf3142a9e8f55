import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * IPv4-compatible IPv6 addresses (`::a.b.c.d`, deprecated by RFC 4291): ipaddr.js counts them as unicast,
 * but some stacks still carry them to the IPv4 address inside, loopback included.
 */
const IPV4_COMPATIBLE: Range = [ipaddr.IPv6.parse('::'), 96];

/** An address (`127.0.0.1`, `::1`) or a range (`10.0.0.0/8`, `fd00::/8`) as ALLOWED_PRIVATE_ADDRESSES lists them. */
export function parseAddressRange(value: string): Range | undefined {
  const text = value.trim();
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/**
 * Which addresses the server may open a connection to on a reader's behalf: public unicast only, as
 * ipaddr.js classifies them (no private, loopback, link-local, unique-local, unspecified, multicast,
 * carrier-grade NAT, reserved, documentation or translation ranges), unless listed as allowed. An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export class AddressPolicy {
  private readonly allowed: readonly Range[];

  constructor(allowed: readonly string[] = []) {
    this.allowed = allowed.map((entry) => {
      const range = parseAddressRange(entry);
      if (!range) throw new Error(`not an address or a range: ${entry}`);
      return range;
    });
  }

  allows(address: string): boolean {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = ipaddr.process(address);
    } catch {
      return false;
    }
    if (this.allowed.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) {
      return true;
    }
    if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
    return parsed.range() === 'unicast';
  }
}
