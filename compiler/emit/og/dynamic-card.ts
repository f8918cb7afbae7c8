/**
 * SPEC 4.6 dynamic cards: the build writes `_docs/og-card.json` (site title, accent, location and the card fonts) so
 * the runtime can draw `GET <og.endpoint>?title=&description=` with no file system or network (runtime/og/route.ts).
 */
import { runtimeFile, serializeRuntimeJson } from "../../../runtime/contract/index.ts";
import { accentOf } from "../../../runtime/og/card.ts";
import { CARD_FONT_FILES } from "../../../runtime/og/fonts.ts";
import { dynamicOgRoute } from "../agent-routes.ts";
import type { EmitContext } from "../context.ts";
import { loadCardFonts } from "./fonts.ts";

export async function emitDynamicOgCard(context: EmitContext): Promise<void> {
  const { config } = context;
  const { og } = config.surfaces;
  if (!og.enabled || og.type !== "dynamic") return;
  if (!og.endpoint) {
    context.messages.push({
      severity: "warning",
      rule: "og/no-endpoint",
      file: config.configFile,
      reason: 'og.type is "dynamic" but og.endpoint is not set, so pages get no generated image',
      hint: 'set og.endpoint (for example "/api/og"), or use og.type "static" for build-time cards',
    });
    return;
  }
  const route = dynamicOgRoute(config);
  if (!route) {
    if (config.staticExport && og.endpoint.startsWith("/") && !og.endpoint.startsWith("//"))
      context.messages.push({
        severity: "warning",
        rule: "og/no-runtime",
        file: config.configFile,
        reason: `og.endpoint ${og.endpoint} is a runtime route, but staticExport builds have no runtime to answer it`,
        hint: 'use og.type "static" for build-time cards, or an absolute og.endpoint served elsewhere',
      });
    return;
  }
  const { fonts } = await loadCardFonts();
  const host = config.baseUrl?.replace(/^[a-z]+:\/\//i, "");
  context.files.set(
    runtimeFile("og-card.json"),
    serializeRuntimeJson("og-card.json", {
      siteTitle: config.title,
      accent: accentOf(config.theme.colors.primary),
      location: host ?? config.title,
      fonts: fonts.map((font, index) => ({
        name: CARD_FONT_FILES[index].name,
        weight: CARD_FONT_FILES[index].weight,
        woffBase64: Buffer.from(font.data as Uint8Array).toString("base64"),
      })),
    }),
  );
}
