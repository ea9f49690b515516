// Tabs styled once (react-aria Tabs: arrow keys move between tabs, each panel labelled by its tab).
// <Tabs selectedKey={tab} onSelectionChange={...}><TabList aria-label="..."><Tab id="news">Noticias</Tab>
// </TabList><TabPanel id="news">...</TabPanel></Tabs>
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';

export function Tabs(props: Omit<TabsProps, 'className'>) {
  return <AriaTabs {...props} className="flex flex-col gap-4" />;
}

export function TabList<T extends object>(props: Omit<TabListProps<T>, 'className'>) {
  return <AriaTabList {...props} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1" />;
}

export function Tab(props: Omit<TabProps, 'className'>) {
  return (
    <AriaTab
      {...props}
      className="cursor-pointer rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-600 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400 data-[hovered]:text-slate-900 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm"
    />
  );
}

export function TabPanel(props: Omit<TabPanelProps, 'className'>) {
  return <AriaTabPanel {...props} className="outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400" />;
}
