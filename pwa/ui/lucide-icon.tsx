// Lucide's icons drawn by one small component. Each of lucide-react's icon modules passes its drawing to
// `createLucideIcon` (node_modules/lucide-react/dist/esm/createLucideIcon.mjs); the build gives them this
// module in its place (vite.config.ts). lucide-react's component built every icon's attributes and merged
// its classes again on each render: on the server that was 15-20% of a page's render and a fifth of what
// the render allocated. The markup is theirs (the same attributes in the same order, the same classes),
// for the props this app gives icons: className and aria-* (no size, color or stroke width of their own).
import { createElement, type ReactNode, type SVGProps } from 'react';

type IconData = { name: string; node: readonly (readonly [string, Record<string, string | number>])[]; aliases?: readonly string[] };
type IconProps = SVGProps<SVGSVGElement>;

/** Props that name the icon for assistive technology; without any, it is hidden from it (as Lucide does). */
const namesIcon = (props: IconProps) =>
  Object.keys(props).some((prop) => (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop as keyof IconProps] != null);

/** Class tokens once each, in order (Lucide's rule for its own classes and the caller's). */
const classList = (...parts: string[]) => [...new Set(parts.flatMap((part) => part.split(/\s+/)).filter(Boolean))].join(' ');

export default function createLucideIcon(data: IconData) {
  const own = classList('lucide', `lucide-${data.name}`, ...(data.aliases ?? []).map((alias) => `lucide-${alias}`));
  // The drawing's elements are made once: React renders the same elements on every page.
  const drawing: ReactNode[] = data.node.map(([tag, attributes]) => createElement(tag, attributes));
  // A className seen before is not split and merged again (an icon is used with a handful of them).
  const merged = new Map<string, string>();
  function LucideIcon({ className, ...props }: IconProps) {
    let classes = className ? merged.get(className) : own;
    if (classes === undefined) {
      classes = classList(own, className!);
      if (merged.size < 32) merged.set(className!, classes);
    }
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classes}
        {...(namesIcon(props) ? {} : { 'aria-hidden': 'true' as const })}
        {...props}
      >
        {drawing}
      </svg>
    );
  }
  LucideIcon.displayName = data.name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return LucideIcon;
}
