// A browser's request for a docs page: the page data for +page.svelte, in the app's own layout.
import { error } from "@sveltejs/kit";
import { docs } from "#lib/server/docs.ts";

export const load = async (event) => (await docs.load(event)) ?? error(404, "No docs page here");
