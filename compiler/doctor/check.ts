/** `docs doctor --agent` (SPEC 1.5, 7.2): one check's outcome, and the HTTP client the checks share. */

export type CheckStatus = "pass" | "fail" | "skip";

export interface DoctorCheck {
  /** Stable id, e.g. `manifest-schema`. */
  id: string;
  title: string;
  status: CheckStatus;
  /** What was seen: counts on pass, the failing URLs or values on fail, the reason on skip. */
  detail: string;
  /** How to fix a failure. */
  fix?: string;
}

/** Requests a site path (or an absolute URL of the site) from the site under test. */
export interface SiteClient {
  origin: string;
  get(target: string, headers?: Record<string, string>): Promise<Response>;
  post(target: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** A client for a running site; absolute URLs on the site's public base URL are mapped onto `origin`. */
export function createSiteClient(origin: string, publicBaseUrl?: string | null): SiteClient {
  const base = origin.replace(/\/+$/, "");
  const toUrl = (target: string) => {
    if (publicBaseUrl && target.startsWith(publicBaseUrl))
      return `${base}${target.slice(publicBaseUrl.replace(/\/+$/, "").length) || "/"}`;
    return /^https?:\/\//.test(target) ? target : `${base}${target.startsWith("/") ? "" : "/"}${target}`;
  };
  return {
    origin: base,
    get: (target, headers = {}) =>
      fetch(toUrl(target), { headers, redirect: "follow", signal: AbortSignal.timeout(15_000) }),
    post: (target, body, headers = {}) =>
      fetch(toUrl(target), {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
  };
}

export const pass = (id: string, title: string, detail: string): DoctorCheck => ({ id, title, status: "pass", detail });
export const fail = (id: string, title: string, detail: string, fix: string): DoctorCheck => ({
  id,
  title,
  status: "fail",
  detail,
  fix,
});
export const skip = (id: string, title: string, detail: string): DoctorCheck => ({ id, title, status: "skip", detail });
