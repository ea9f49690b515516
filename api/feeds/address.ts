// Which hosts and IP addresses a feed fetch may reach: the public internet only (SSRF guard).
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible, deprecated
  ['::ffff:0:0:0', 96], // SIIT IPv4-translated (::ffff:0:a.b.c.d)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo included
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Names that reach the machine itself or the cloud's metadata service without a private-looking address. */
const blockedNames = ['localhost', 'metadata.google.internal', 'metadata.goog', 'instance-data'];
const blockedSuffixes = ['.localhost', '.internal', '.local', '.home.arpa'];

export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return blockedNames.includes(name) || blockedSuffixes.some((suffix) => name.endsWith(suffix));
}

/** True when the address is routable on the public internet; an unparseable address is not. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const version = isIP(ip);
  if (version === 4) return !blocked.check(ip, 'ipv4');
  if (version !== 6) return false;
  const embedded = embeddedIPv4(ip);
  if (embedded) return isPublicAddress(embedded);
  return !blocked.check(ip, 'ipv6');
}

/** The IPv4 address hidden in a mapped (::ffff:a.b.c.d), NAT64 or 6to4 IPv6 address, which is what gets reached. */
function embeddedIPv4(ip: string): string | null {
  const bytes = ipv6Bytes(ip);
  if (!bytes) return null;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

function ipv6Bytes(ip: string): number[] | null {
  let text = ip.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + ((parts[0] << 8) | parts[1]).toString(16) + ':' + ((parts[2] << 8) | parts[3]).toString(16);
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === null && missing !== 0)) return null;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * Whether a feed URL leads to a private or local network, checked when a source is saved: an address
 * literal or a reserved name is judged as is; a name is resolved (a name that does not resolve now is
 * let through: every fetch checks the address it connects to again).
 */
export async function leadsToPrivateNetwork(url: string, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<boolean> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false; // not a URL at all: the schema refuses it
  }
  if (isIP(host)) return !isPublicAddress(host);
  if (isBlockedHostname(host)) return true;
  const addresses = await resolve(host).catch(() => []);
  return addresses.some((address) => !isPublicAddress(address));
}

async function resolveAll(host: string): Promise<string[]> {
  const { lookup } = await import('node:dns/promises');
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref());
  const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
  return found.map((entry) => entry.address);
}
