import { describe, expect, it } from "vitest";
import { isHostAllowed, isOriginAllowed, LOOPBACK_HOSTS, normalizeOrigin } from "./origin.ts";

const context = (url = "https://docs.example.com/mcp") => ({
  request: new Request(url),
  pathname: new URL(url).pathname,
});
const withHost = (host: string) => new Request("http://127.0.0.1:3000/mcp", { headers: { host } });

describe("normalizeOrigin", () => {
  it("lower-cases the host, drops default ports and refuses non-HTTP or opaque origins", () => {
    expect(normalizeOrigin("HTTPS://App.Example.com:443")).toBe("https://app.example.com");
    expect(normalizeOrigin("http://app.example.com:8080/")).toBe("http://app.example.com:8080");
    expect(normalizeOrigin("null")).toBeNull();
    expect(normalizeOrigin("file:///etc/passwd")).toBeNull();
    expect(normalizeOrigin("")).toBeNull();
  });
});

describe("allowedOrigins", () => {
  const allowed = ["https://app.example.com"];

  it("accepts the listed origin however it is spelled", async () => {
    for (const origin of ["https://app.example.com", "HTTPS://APP.EXAMPLE.COM", "https://app.example.com:443"]) {
      expect(await isOriginAllowed(origin, allowed, context()), origin).toBe(true);
    }
  });

  it("refuses look-alike origins: longer hosts, shared prefixes, other schemes and ports", async () => {
    for (const origin of [
      "https://app.example.com.evil.com",
      "https://app.example.comevil.com",
      "https://app.example.co",
      "https://evilapp.example.com",
      "https://evil.app.example.com",
      "http://app.example.com",
      "https://app.example.com:8443",
      "https://app.example.com@evil.com",
      "null",
    ]) {
      expect(await isOriginAllowed(origin, allowed, context()), origin).toBe(false);
    }
  });

  it("refuses an origin that only extends an allowed prefix", async () => {
    expect(await isOriginAllowed("https://app.example.evil.com", ["https://app.example"], context())).toBe(false);
  });

  it("compares same-origin exactly with the request's own origin", async () => {
    expect(await isOriginAllowed("https://docs.example.com", "same-origin", context())).toBe(true);
    for (const origin of [
      "https://docs.example.com.evil.com",
      "https://docs.example.co",
      "http://docs.example.com",
      "https://docs.example.com:444",
      "https://xdocs.example.com",
    ]) {
      expect(await isOriginAllowed(origin, "same-origin", context()), origin).toBe(false);
    }
  });

  it("lets '*' accept any web origin but never an opaque one", async () => {
    expect(await isOriginAllowed("https://anything.test", ["*"], context())).toBe(true);
    expect(await isOriginAllowed("null", ["*"], context())).toBe(false);
  });

  it("asks a callback and accepts only a literal true", async () => {
    expect(await isOriginAllowed("https://a.test", () => true, context())).toBe(true);
    expect(await isOriginAllowed("https://a.test", async () => true, context())).toBe(true);
    expect(await isOriginAllowed("https://a.test", (() => "yes") as never, context())).toBe(false);
  });
});

describe("DNS-rebinding Host check", () => {
  it("accepts loopback hosts with or without a port, in any case", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:3000",
      "127.0.0.1",
      "127.0.0.1:3000",
      "[::1]",
      "[::1]:3000",
    ]) {
      expect(isHostAllowed(withHost(host), LOOPBACK_HOSTS), host).toBe(true);
    }
  });

  it("refuses look-alike hosts that start or end like a loopback name", () => {
    for (const host of [
      "localhost.evil.com",
      "localhost.evil.com:3000",
      "localhostevil.com",
      "evil-localhost",
      "evil.localhost.com",
      "127.0.0.1.nip.io",
      "127.0.0.10",
      "127.0.0.1evil.com:3000",
      "[::1].evil.com",
      "evil.example.com",
    ]) {
      expect(isHostAllowed(withHost(host), LOOPBACK_HOSTS), host).toBe(false);
    }
  });

  it("accepts any host when no list is configured", () => {
    expect(isHostAllowed(withHost("evil.example.com"), undefined)).toBe(true);
    expect(isHostAllowed(withHost("evil.example.com"), [])).toBe(true);
  });

  it("accepts an extra public name exactly, with or without its port", () => {
    const allowed = [...LOOPBACK_HOSTS, "docs.example.com"];
    expect(isHostAllowed(withHost("docs.example.com"), allowed)).toBe(true);
    expect(isHostAllowed(withHost("docs.example.com:8443"), allowed)).toBe(true);
    expect(isHostAllowed(withHost("docs.example.com.evil.com"), allowed)).toBe(false);
  });
});
