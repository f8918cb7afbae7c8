import { defineDocs } from "quire";

// Hover any key in your editor to see what it does and its default.
export default defineDocs({
  // Pages are docs/**/page.mdx (or page.md); the folder is the URL: docs/writing/page.mdx → /docs/writing.
  entry: "docs",
  nav: { title: "{{title}}" },
  // Sidebar order follows each page's `order` frontmatter; pages without one come last, alphabetically.
  ordering: "numeric",
  // Where the site will be published: sitemap.xml, llms.txt and the agent Markdown use absolute URLs from it.
  sitemap: { baseUrl: "https://docs.example.com" },

  // More to try: uncomment one and save (`npm run dev` rebuilds and reloads the page; otherwise run `npm run build`):
  // github: { url: "https://github.com/you/your-repo", directory: "docs" }, // "Edit this page" links
  // readingTime: true, // a "3 min read" label under each title
  // theme: { ui: { colors: { primary: "#0f766e" } } }, // your brand colour
  // og: { type: "static" }, // Open Graph cards for link previews, rendered at build time
  // docsPath: "", // serve the docs from / instead of /docs
});
