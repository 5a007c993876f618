// Which IP addresses a server-side fetch of a user-supplied URL may connect to. Everything that
// reaches into our own network, the machine itself or a cloud provider's metadata service is
// refused; only ordinary public unicast addresses pass. Used by safe-fetch.ts for every DNS
// answer and every redirect hop.
import ipaddr from 'ipaddr.js';

export type AddressCategory =
  | 'public'
  /** Cloud instance metadata services: credentials live there. */
  | 'metadata'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'unique_local'
  /** RFC 6598 shared address space (100.64.0.0/10), a provider's internal network. */
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  /** Documentation, benchmarking, protocol-assignment, discard and future-use ranges. */
  | 'reserved';

type Range = readonly [cidr: string, category: Exclude<AddressCategory, 'public'>];

// First match wins, so the single metadata and broadcast addresses precede their wider ranges.
const IPV4_RANGES: readonly Range[] = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['0.0.0.0/8', 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link_local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // TEST-NET-1
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast (deprecated)
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // TEST-NET-2
  ['203.0.113.0/24', 'reserved'], // TEST-NET-3
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'], // future use
];

const IPV6_RANGES: readonly Range[] = [
  ['fd00:ec2::254/128', 'metadata'], // AWS instance metadata over IPv6
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // local-use NAT64 (RFC 8215)
  ['100::/64', 'reserved'], // discard-only (RFC 6666)
  // IETF protocol assignments: Teredo (2001::/32) tunnels to an IPv4 address we cannot vet,
  // plus benchmarking, ORCHID and documentation-like blocks.
  ['2001::/23', 'reserved'],
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation (RFC 9637)
  ['fc00::/7', 'unique_local'],
  ['fe80::/10', 'link_local'],
  ['fec0::/10', 'private'], // site-local (deprecated, still routed on some networks)
  ['ff00::/8', 'multicast'],
];

/**
 * IPv6 ranges that carry an IPv4 address, and where: a connection to them ends at that IPv4
 * address (mapped sockets, NAT64 gateways, 6to4 relays), so that address is what gets judged.
 */
const IPV4_EMBEDDING_RANGES: readonly (readonly [cidr: string, offset: number])[] = [
  ['::ffff:0:0/96', 12], // IPv4-mapped
  ['::ffff:0:0:0/96', 12], // IPv4-translated (RFC 2765)
  ['64:ff9b::/96', 12], // NAT64 well-known prefix (RFC 6052)
  ['2002::/16', 2], // 6to4
  ['::/96', 12], // IPv4-compatible (deprecated); :: and ::1 are matched before this
];

/** Global unicast: every other IPv6 address is unallocated or special. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

const parsedV4 = IPV4_RANGES.map(([cidr, category]) => [ipaddr.parseCIDR(cidr), category] as const);
const parsedV6 = IPV6_RANGES.map(([cidr, category]) => [ipaddr.parseCIDR(cidr), category] as const);
const parsedEmbedding = IPV4_EMBEDDING_RANGES.map(
  ([cidr, offset]) => [ipaddr.parseCIDR(cidr), offset] as const,
);

function classifyIPv4(address: ipaddr.IPv4): AddressCategory {
  for (const [range, category] of parsedV4) {
    if (address.match(range)) return category;
  }
  return 'public';
}

function classifyIPv6(address: ipaddr.IPv6): AddressCategory {
  for (const [range, category] of parsedV6) {
    if (address.match(range)) return category;
  }
  for (const [range, offset] of parsedEmbedding) {
    if (address.match(range)) {
      const bytes = address.toByteArray().slice(offset, offset + 4);
      return classifyIPv4(new ipaddr.IPv4(bytes));
    }
  }
  return address.match(IPV6_GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * The category of an IP address in its usual text form (`203.0.113.7`, `2001:db8::1`,
 * `::ffff:127.0.0.1`). Anything that does not parse is `reserved`: refusing is the safe answer.
 */
export function classifyAddress(address: string): AddressCategory {
  // WHATWG URLs and DNS answers only give the canonical forms; reject the legacy shorthand
  // ipaddr.js would also read ("127.1", "0x7f.1", "2130706433") so nothing can slip past by
  // being parsed differently here than by the socket layer.
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) {
    return 'reserved';
  }
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'reserved';
  }
  return parsed instanceof ipaddr.IPv4 ? classifyIPv4(parsed) : classifyIPv6(parsed);
}

/** True when a fetch may connect to `address` without an explicit allowance. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}
