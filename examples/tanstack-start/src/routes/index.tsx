import { createFileRoute, Link } from "@tanstack/react-router";

export const Route = createFileRoute("/")({
  component: () => (
    <main>
      <h1>An app with docs</h1>
      <p>
        The app's own pages live beside <Link to="/docs/$">the docs</Link>.
      </p>
    </main>
  ),
});
