// A browser's request for a docs page: the page data for +page.svelte, in the app's own layout.
import { error, redirect } from "@sveltejs/kit";
import { docs } from "#lib/server/docs.ts";

export const load = async (event) => {
  const data = (await docs.load(event)) ?? error(404, "No docs page here");
  // A hidden folder's landing page sends the reader to its first visible page, as the docs runtime does.
  return "redirect" in data ? redirect(data.redirect.status, data.redirect.location) : data;
};
