// RootProvider adds Quire's client to every page of the app: the search dialog (Ctrl/⌘-K, "/", any SearchButton),
// Ask AI when the site has it, and the docs content's copy buttons.
import { RootProvider } from "quire/next";
import { docs } from "../lib/docs.js";

export const metadata = { title: "A Next.js app with Quire docs" };

export default function RootLayout({ children }) {
  return (
    // Quire's client adds the `q-js` class to <html> before React hydrates the page.
    <html lang="en" suppressHydrationWarning>
      <body>
        <RootProvider docs={docs}>{children}</RootProvider>
      </body>
    </html>
  );
}
