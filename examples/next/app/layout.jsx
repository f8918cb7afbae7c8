export const metadata = { title: "A Next.js app with Quire docs" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
