/** The built-in MDX components (SPEC 2.1 `components` may replace any of them by key). */
import type { ComponentType } from "preact";
import { Callout } from "./callout.tsx";
import { Card, Cards } from "./cards.tsx";
import { HoverLink } from "./hover-link.tsx";
import { Prompt } from "./prompt.tsx";
import { Step, Steps } from "./steps.tsx";
import { Tab, Tabs } from "./tabs.tsx";

export { IconRegistry } from "./icon-registry.tsx";

export const builtInComponents: Record<string, ComponentType<any>> = {
  Callout,
  Tabs,
  Tab,
  Steps,
  Step,
  Cards,
  Card,
  HoverLink,
  Prompt,
};
