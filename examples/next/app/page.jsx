export default function Home() {
  return (
    <main>
      <h1>A Next.js app</h1>
      <p>
        <a href="/docs">Read the docs</a>
      </p>
    </main>
  );
}
