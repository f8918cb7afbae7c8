/**
 * Response builders shared by every route. Error bodies always have one shape, `{ error: { code, message } }`
 * (runtime/README.md lists every code), and never carry stack traces.
 */

export type HeadersInit = Record<string, string>;

export const JSON_TYPE = "application/json; charset=utf-8";
export const MARKDOWN_TYPE = "text/markdown; charset=utf-8";

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE, ...headers } });
}

/** The one error shape of the runtime: a stable machine `code` and a sentence saying what to do. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: HeadersInit = {},
  details?: unknown,
): Response {
  const error = details === undefined ? { code, message } : { code, message, details };
  return jsonResponse({ error }, status, { "cache-control": "no-store", ...headers });
}

export function textResponse(text: string, contentType: string, headers: HeadersInit = {}, status = 200): Response {
  return new Response(text, { status, headers: { "content-type": contentType, ...headers } });
}

/** 405 with the `Allow` header RFC 9110 requires. */
export function methodNotAllowed(allow: string[]): Response {
  return errorResponse(405, "method_not_allowed", `This route accepts ${allow.join(", ")}.`, {
    allow: allow.join(", "),
  });
}

export function notFound(message = "No docs route matches this URL."): Response {
  return errorResponse(404, "not_found", message);
}

/** HEAD answers with the GET headers and no body (RFC 9110 §9.3.2). */
export function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Headers of a Response may be immutable (fetch results); copy into a new one to change them. */
export function withHeaders(response: Response, headers: HeadersInit): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}

/** Adds a token to a comma-separated header such as `Vary` without duplicating it. */
export function appendHeaderToken(headers: Headers, name: string, token: string): void {
  const current = headers.get(name);
  if (!current) return headers.set(name, token);
  const tokens = current.split(",").map((t) => t.trim().toLowerCase());
  if (!tokens.includes(token.toLowerCase())) headers.set(name, `${current}, ${token}`);
}
