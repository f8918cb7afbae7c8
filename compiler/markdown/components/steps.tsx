/** `<Steps>` numbers its `<Step>` children, or the `###` headings it wraps, with CSS counters. */
import type { ComponentChildren } from "preact";

export function Steps({ children }: { children?: ComponentChildren }) {
  return <div class="q-steps">{children}</div>;
}

export interface StepProps {
  title?: ComponentChildren;
  children?: ComponentChildren;
}

export function Step({ title, children }: StepProps) {
  return (
    <div class="q-step">
      {title !== undefined && <p class="q-step-title">{title}</p>}
      {children}
    </div>
  );
}
