import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookUrlProblem } from '@onsite/domain';

/** Where an endpoint may point: loopback only where allowed (development, tests); never the provider's own network. */
export interface WebhookTargetPolicy {
  /** http:// to loopback addresses (127.0.0.0/8, ::1) is allowed: development and tests only. */
  readonly allowLoopback: boolean;
  /** Resolves a host name to its addresses (default: the system resolver, every address). */
  readonly resolve?: (host: string) => Promise<readonly { address: string; family: number }[]>;
}

export type WebhookTarget =
  | { readonly ok: true; readonly url: URL; readonly addresses: readonly { address: string; family: number }[] }
  | { readonly ok: false; readonly message: string };

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Private, shared, link-local, reserved, multicast and unspecified ranges: none of them is a customer's system. */
const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address stands for (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

function classify(address: string, family: number): 'loopback' | 'internal' | 'public' {
  const v4 = family === 6 ? embeddedV4(address) : address;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (loopback.check(ip, type)) return 'loopback';
  if (internal.check(ip, type)) return 'internal';
  return 'public';
}

const defaultResolve = (host: string) => lookup(host, { all: true, verbatim: true });

/**
 * Whether the dispatcher may send to this address: its form (webhookUrlProblem), then every address its host resolves
 * to. One private, link-local or otherwise internal address refuses it (no request into the provider's network);
 * loopback only where the policy allows it, and http only to loopback. Checked at registration and before every
 * delivery, and the delivery connects to the addresses checked here (no second lookup a DNS answer could change).
 */
export async function checkWebhookTarget(raw: string, policy: WebhookTargetPolicy): Promise<WebhookTarget> {
  const problem = webhookUrlProblem(raw, policy.allowLoopback);
  if (problem) return { ok: false, message: problem };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: readonly { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(host);
    } catch {
      return { ok: false, message: `The host ${host} cannot be resolved.` };
    }
  }
  if (addresses.length === 0) return { ok: false, message: `The host ${host} cannot be resolved.` };
  const kinds = addresses.map((a) => classify(a.address, a.family));
  if (kinds.includes('internal') || (kinds.includes('loopback') && !policy.allowLoopback)) {
    return { ok: false, message: 'The address resolves to a private, loopback or link-local network; use a public https:// address.' };
  }
  if (url.protocol === 'http:' && kinds.some((k) => k !== 'loopback')) return { ok: false, message: 'The address must start with https://.' };
  return { ok: true, url, addresses };
}

export interface WebhookResponse {
  /** The HTTP status, or null when none came (refused, timed out, not allowed). */
  readonly status: number | null;
  readonly error: string | null;
}

/**
 * POSTs one delivery to a checked target: connects to the checked addresses only, follows no redirect, and gives up
 * after `timeoutMs`. 2xx is delivered; anything else is a failure to retry.
 */
export async function postWebhook(
  target: Extract<WebhookTarget, { ok: true }>,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<WebhookResponse> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const wanted = typeof options === 'object' && options.family ? options.family : 0;
    const candidates = target.addresses.filter((a) => !wanted || a.family === wanted);
    const chosen = candidates.length > 0 ? candidates : target.addresses;
    if (typeof options === 'object' && options.all) (callback as unknown as (e: null, a: typeof chosen) => void)(null, chosen);
    else callback(null, chosen[0]!.address, chosen[0]!.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const done = (response: WebhookResponse) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    const req = send(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Onsite-Webhooks/1', ...headers },
      },
      (res: IncomingMessage) => {
        res.resume();
        const status = res.statusCode ?? 0;
        res.on('end', () => done({ status, error: status >= 200 && status < 300 ? null : `The endpoint answered ${status}.` }));
        res.on('error', (error) => done({ status, error: error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`No answer within ${timeoutMs} ms.`)));
    req.on('error', (error: NodeJS.ErrnoException) => done({ status: null, error: error.code ? `${error.code}: ${error.message}` : error.message }));
    req.end(body);
  });
}
