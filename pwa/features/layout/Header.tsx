// The sticky public header: brand, the four links, the language switch, the icon-only admin link and
// the mobile menu (Escape or a tap outside closes it, and Tab stays inside while it is open).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LockKeyhole, Menu, ShieldCheck, X } from 'lucide-react';
import { useSite } from '../../lib/site';
import { useProvidedTexts } from '../../i18n/texts';
import { LanguageSwitch } from './LanguageSwitch';
import { CachedPart } from '../../lib/server-fragments';

/** '/' (and '/en') is active only on itself; every other link also on the pages below it. */
function isActiveLink(href: string, path: string): boolean {
  if (href === '/' || href === '/en') return path === href;
  return path === href || path.startsWith(`${href}/`);
}

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${active ? 'bg-white/10 text-accent-300' : 'text-slate-200 hover:bg-white/5 hover:text-white'}`;

export function Header() {
  // The same on every page of a path, as the server renders it (the menu closed): rendered there once (CachedPart).
  return (
    <CachedPart
      as="header"
      className="sticky top-0 z-40 border-b border-white/10 bg-navy-900/95 text-white backdrop-blur supports-[backdrop-filter]:bg-navy-900/85"
      cacheKey={() => 'header'}
    >
      <HeaderBar />
    </CachedPart>
  );
}

function HeaderBar() {
  const [path] = useLocation();
  const { siteName } = useSite();
  const layoutTexts = useProvidedTexts('layout');
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useMenuKeyboard(menuOpen, toggleRef, closeMenu);

  return (
    <>
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-navy-900"
      >
        {layoutTexts.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href={layoutTexts.navLinks[0].href} onClick={closeMenu} className="flex items-center gap-2.5 rounded-md">
          <ShieldCheck className="size-8 text-accent-400" aria-hidden="true" />
          <span className="flex flex-col leading-tight">
            <span className="text-base font-bold tracking-tight sm:text-lg">{siteName}</span>
            <span className="hidden text-xs text-slate-300 sm:block">{layoutTexts.tagline}</span>
          </span>
        </Link>

        <nav aria-label={layoutTexts.mainNav} className="hidden items-center gap-1 md:flex">
          {layoutTexts.navLinks.map((link) => {
            const active = isActiveLink(link.href, path);
            return (
              <Link key={link.href} href={link.href} aria-current={active ? 'page' : undefined} className={linkClass(active)}>
                {link.label}
              </Link>
            );
          })}
          <LanguageSwitch className={`inline-flex items-center gap-1.5 ${linkClass(false)}`} />
          <AdminLink label={layoutTexts.admin} active={isActiveLink('/admin', path)} />
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-100 hover:bg-white/10 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="menu-movil"
          aria-label={menuOpen ? layoutTexts.closeMenu : layoutTexts.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>

      {menuOpen && (
        <nav id="menu-movil" aria-label={layoutTexts.mainNav} className="border-t border-white/10 bg-navy-900 md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {layoutTexts.navLinks.map((link) => {
              const active = isActiveLink(link.href, path);
              return (
                <li key={link.href}>
                  <Link href={link.href} onClick={closeMenu} aria-current={active ? 'page' : undefined} className={`block ${linkClass(active)} py-3 text-base`}>
                    {link.label}
                  </Link>
                </li>
              );
            })}
            <li>
              <LanguageSwitch onClick={closeMenu} className={`flex items-center gap-2 ${linkClass(false)} py-3 text-base`} />
            </li>
            <li>
              <AdminLink label={layoutTexts.admin} active={isActiveLink('/admin', path)} onClick={closeMenu} />
            </li>
          </ul>
        </nav>
      )}
    </>
  );
}

/** While the phone menu is open: Escape and a tap outside the header close it; Tab cycles inside. */
type Ref<T> = React.RefObject<T | null>;

function useMenuKeyboard(open: boolean, toggleRef: Ref<HTMLButtonElement>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const header = () => toggleRef.current?.closest('header');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        toggleRef.current?.focus();
      } else if (event.key === 'Tab') {
        const menu = header()?.querySelector('#menu-movil');
        const stops = [toggleRef.current, ...(menu?.querySelectorAll<HTMLElement>('a[href], button') ?? [])].filter((el): el is HTMLElement => Boolean(el));
        const index = stops.indexOf(document.activeElement as HTMLElement);
        const next = index === -1 ? 0 : (index + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
        event.preventDefault();
        stops[next]?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!header()?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, toggleRef, close]);
}

/** Icon-only on purpose (the owner's design): the accessible name and the tooltip say what it is. */
function AdminLink({ label, active, onClick }: { label: string; active: boolean; onClick?: () => void }) {
  return (
    <Link
      href="/admin"
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-current={active ? 'page' : undefined}
      className={`inline-flex size-11 items-center justify-center ${linkClass(active)}`}
    >
      <LockKeyhole className="size-5" aria-hidden="true" />
    </Link>
  );
}
