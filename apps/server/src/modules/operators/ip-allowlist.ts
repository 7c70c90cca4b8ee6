import { BlockList, isIP } from 'node:net';

/**
 * Whether an address may use the back office: an empty list allows any; entries are addresses or CIDR ranges
 * (203.0.113.0/24, 2001:db8::/32). An entry that is neither is ignored, so a typo never opens everything.
 */
export function isAllowedIp(allowlist: readonly string[], ip: string | null): boolean {
  if (allowlist.length === 0) return true;
  if (!ip) return false;
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const address4 = isIP(mapped) === 4 ? mapped : ip;
  const family = isIP(address4);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [address, prefix] = entry.trim().split('/');
    const entryFamily = address ? isIP(address) : 0;
    if (!address || entryFamily === 0) continue;
    const type = entryFamily === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(address, Number(prefix), type);
  }
  return list.check(address4, family === 6 ? 'ipv6' : 'ipv4');
}

export function isValidAllowlistEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.trim().split('/');
  if (!address || extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32);
}
