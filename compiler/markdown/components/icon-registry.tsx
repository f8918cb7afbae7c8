/** The site's `icons` registry (SPEC 2.1) for built-in components; the MDX renderer provides it. */
import { createContext, isValidElement } from "preact";
import { useContext } from "preact/hooks";

export const IconRegistry = createContext<Record<string, unknown>>({});

/** Renders a registered icon by key; nothing when the key is not a string or not registered. */
export function RegistryIcon({ name, className = "q-icon" }: { name: unknown; className?: string }) {
  const icons = useContext(IconRegistry);
  if (typeof name !== "string" || !Object.hasOwn(icons, name)) return null;
  const icon = icons[name];
  if (typeof icon === "string") {
    return <span class={className} aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />;
  }
  if (isValidElement(icon)) {
    return (
      <span class={className} aria-hidden="true">
        {icon}
      </span>
    );
  }
  return null;
}
