/** SPEC 2.17 ThemeToggleConfig: the pre-paint theme script, the `<html>` attributes and the toggle button. */
import type { ResolvedConfig } from "../../config/types.ts";

type ThemeToggle = ResolvedConfig["themeToggle"];

/** The choices the theme switch offers, in the order they are shown. */
export function themeCycle(toggle: ThemeToggle): string[] {
  return toggle.mode === "light-dark-system" ? ["light", "dark", "system"] : ["light", "dark"];
}

/**
 * Attributes for `<html>`. A disabled toggle forces `default`; with `system` no attribute is set so the
 * stylesheet follows `prefers-color-scheme`, which also works without JavaScript.
 */
export function htmlThemeAttributes(toggle: ThemeToggle): string {
  if (toggle.enabled || toggle.default === "system") return "";
  return ` data-theme="${toggle.default}"`;
}

/** `<meta name="color-scheme">` so native controls and scrollbars match before CSS loads. */
export function colorSchemeMeta(toggle: ThemeToggle): string {
  const scheme = !toggle.enabled && toggle.default !== "system" ? toggle.default : "light dark";
  return `<meta name="color-scheme" content="${scheme}">`;
}

/**
 * Inline `<head>` script that runs before first paint so a stored dark preference never flashes light.
 * Only needed when the visitor can choose; otherwise the attributes above are static.
 */
export function themeBootScript(toggle: ThemeToggle): string {
  if (!toggle.enabled) return "";
  const allowed = JSON.stringify(themeCycle(toggle));
  const fallback = JSON.stringify(toggle.default);
  const body =
    `(function(){var d=document.documentElement,p=${fallback},s;` +
    `try{s=localStorage.getItem("quire-theme")}catch(e){}` +
    `if(s&&${allowed}.indexOf(s)>=0)p=s;` +
    `var t=p==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):p;` +
    `d.setAttribute("data-theme",t);d.setAttribute("data-theme-preference",p)})()`;
  return `<script>${body}</script>`;
}

const SUN = `<svg class="q-theme-icon-light" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/></svg>`;
const MOON = `<svg class="q-theme-icon-dark" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"/></svg>`;
const MONITOR = `<svg class="q-theme-icon-system" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="4" width="18" height="12" rx="2"/><path d="M8 20h8M12 16v4"/></svg>`;

const CHOICES: Record<string, { label: string; icon: string }> = {
  light: { label: "Light", icon: SUN },
  dark: { label: "Dark", icon: MOON },
  system: { label: "System", icon: MONITOR },
};

/**
 * The header's theme switch: one pressed-state button per choice `themeToggle.mode` offers (light / dark, plus
 * system), so every choice is one click away and a screen reader hears which is on. quire.js keeps `aria-pressed`
 * true on the current one; the server marks the configured default.
 */
export function themeToggleButton(toggle: ThemeToggle): string {
  if (!toggle.enabled) return "";
  const buttons = themeCycle(toggle).map((choice) => {
    const { label, icon } = CHOICES[choice]!;
    const pressed = choice === toggle.default ? "true" : "false";
    return (
      `<button type="button" class="q-theme-choice" data-theme-choice="${choice}" aria-pressed="${pressed}" ` +
      `title="${label}">${icon.replace("<svg ", '<svg aria-hidden="true" ')}<span class="q-visually-hidden">${label}</span></button>`
    );
  });
  return `<div class="q-theme-toggle" role="group" aria-label="Color theme" data-theme-toggle>${buttons.join("")}</div>`;
}
