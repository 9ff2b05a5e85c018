// A link the product stores for others to open (a photo, a logo) must name a host on the public
// internet. A private, loopback, link-local or otherwise reserved address (the cloud metadata
// service at 169.254.169.254, the database on 127.0.0.1:5432, an office router on 10.0.0.1)
// is refused, so nothing that ever fetches such a link can be turned against the inside.

/** Host names that always mean this machine or the local network. */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|home\.arpa)$/i;

function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** IPv4 ranges that are not public: this network, private, loopback, link-local, shared, reserved. */
function isPrivateIpv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return true;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Expands an IPv6 text (as URL writes it, without brackets) into its eight 16-bit groups. */
function ipv6Groups(host: string): number[] | null {
  let text = host.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const parts = ipv4Parts(v4[1]!);
    if (!parts) return null;
    const hex = `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
    text = text.slice(0, -v4[1]!.length) + hex;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function isPrivateIpv6(g: number[]): boolean {
  const [first = 0] = g;
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  // ::, ::1, and IPv4 written inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d): judged as that IPv4.
  if (zeroHead && (g[5] === 0 || g[5] === 0xffff)) {
    if (g[5] === 0 && g[6] === 0) return true;
    return isPrivateIpv4([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  }
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local fec0::/10
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x64 && g[1] === 0xff9b) || // NAT64 reaches IPv4 inside
    (first === 0x2001 && g[1] === 0x0db8) // documentation
  );
}

/**
 * Whether a host name (as `new URL(...).hostname` gives it) is on the public internet: not a
 * local name and not a private, loopback, link-local or reserved IPv4 or IPv6 address.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '' || LOCAL_NAMES.test(host)) return false;
  if (host.includes(':')) {
    const groups = ipv6Groups(host);
    return groups !== null && !isPrivateIpv6(groups);
  }
  const v4 = ipv4Parts(host);
  if (v4) return !isPrivateIpv4(v4);
  // A bare number or hex (http://2130706433/) is an IPv4 address to a browser: URL has already
  // turned it into dotted form, so a name left here with no dot is a local one.
  return host.includes('.');
}

/** Whether an http(s) link points at a public host (see isPublicHost). */
export function isPublicLink(link: string): boolean {
  try {
    return isPublicHost(new URL(link).hostname);
  } catch {
    return false;
  }
}
