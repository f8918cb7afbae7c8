/** `<Cards>` lays out `<Card title href icon>` link cards in a responsive grid. */
import type { ComponentChildren } from "preact";
import { RegistryIcon } from "./icon-registry.tsx";

export function Cards({ children }: { children?: ComponentChildren }) {
  return <div class="q-cards">{children}</div>;
}

export interface CardProps {
  title?: ComponentChildren;
  href?: string;
  /** A key of the `icons` registry; other values are ignored. */
  icon?: unknown;
  children?: ComponentChildren;
}

export function Card({ title, href, icon, children }: CardProps) {
  const content = [
    <RegistryIcon name={icon} className="q-card-icon" />,
    title !== undefined && <span class="q-card-title">{title}</span>,
    children !== undefined && <div class="q-card-body">{children}</div>,
  ];
  return href ? (
    <a class="q-card" href={href}>
      {content}
    </a>
  ) : (
    <div class="q-card">{content}</div>
  );
}
