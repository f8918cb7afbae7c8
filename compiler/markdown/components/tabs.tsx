/**
 * `<Tabs items={[…]}><Tab value="…">…</Tab></Tabs>`. Radio inputs and labels switch panels in CSS, so tabs work
 * without JavaScript; `useId` keeps several groups on one page apart and is stable in server rendering.
 */
import { Fragment, isValidElement, toChildArray, type ComponentChildren, type VNode } from "preact";
import { useId } from "preact/hooks";

export interface TabProps {
  value?: string;
  title?: string;
  children?: ComponentChildren;
}

/** A panel's content; its label and selection are managed by the enclosing `Tabs`. */
export function Tab({ children }: TabProps) {
  return <div class="q-tab">{children}</div>;
}

export interface TabsProps {
  items?: string[];
  defaultIndex?: number;
  /**
   * Prefix of the group's input ids and radio name. `useId` is unique within one render; plain `.md` pages render
   * each group on its own (markdown/callout-html.ts) and pass one so two groups on a page never share ids.
   */
  idPrefix?: string;
  children?: ComponentChildren;
}

interface TabEntry {
  label: string;
  panel: VNode<TabProps> | undefined;
}

function tabLabel(props: TabProps, index: number): string {
  return props.title ?? props.value ?? `Tab ${index + 1}`;
}

/** With `items`, each label takes the Tab whose `value` or `title` matches it, else the Tab in that position. */
function tabEntries(items: string[] | undefined, panels: VNode<TabProps>[]): TabEntry[] {
  if (!items || items.length === 0) {
    return panels.map((panel, index) => ({ label: tabLabel(panel.props, index), panel }));
  }
  return items.map((label, index) => ({
    label,
    panel: panels.find((panel) => panel.props.value === label || panel.props.title === label) ?? panels[index],
  }));
}

export function Tabs({ items, defaultIndex = 0, idPrefix, children }: TabsProps) {
  const generated = useId();
  const group = idPrefix ?? generated;
  const panels = toChildArray(children).filter((child): child is VNode<TabProps> => isValidElement(child));
  const entries = tabEntries(items, panels);
  const selected =
    Number.isInteger(defaultIndex) && defaultIndex >= 0 && defaultIndex < entries.length ? defaultIndex : 0;
  return (
    <div class="q-tabs">
      {entries.map((entry, index) => {
        const id = `${group}-${index}`;
        return (
          <Fragment key={id}>
            <input type="radio" class="q-tab-input" name={group} id={id} checked={index === selected} />
            <label class="q-tab-label" for={id}>
              {entry.label}
            </label>
            <div class="q-tab-panel" data-tab={entry.label}>
              {entry.panel}
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}
