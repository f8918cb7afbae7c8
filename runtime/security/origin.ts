/**
 * `mcp.security.allowedOrigins` (SPEC 5): applies only when a request carries an Origin header; requests
 * without one (CLI agents, server-to-server) are accepted. Origins compare as serialized `scheme://host[:port]`.
 */
import type { AllowedOrigins, AuthenticateContext } from "../config.ts";

/** `scheme://host[:port]` with the default port dropped and the host lower-cased, or null (e.g. the opaque `null`). */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}

export async function isOriginAllowed(
  origin: string,
  policy: AllowedOrigins,
  context: AuthenticateContext,
): Promise<boolean> {
  if (typeof policy === "function") return (await policy(origin, context)) === true;
  const normalized = normalizeOrigin(origin);
  if (!normalized) return false;
  if (policy === "same-origin") return normalized === new URL(context.request.url).origin;
  return policy.some((allowed) => allowed === "*" || normalizeOrigin(allowed) === normalized);
}

/**
 * DNS-rebinding guard for servers bound to loopback (MCP security best practices): a browser tricked into
 * resolving `evil.example` to 127.0.0.1 still sends `Host: evil.example`, which is refused here.
 */
export function isHostAllowed(request: Request, allowedHosts: string[] | undefined): boolean {
  if (!allowedHosts || allowedHosts.length === 0) return true;
  const host = request.headers.get("host") ?? new URL(request.url).host;
  const hostname = host.toLowerCase().replace(/:\d+$/, "");
  return allowedHosts.some((allowed) => {
    const wanted = allowed.toLowerCase();
    return wanted === host.toLowerCase() || wanted === hostname;
  });
}

export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
