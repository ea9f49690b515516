// The business's public details (SITE_NAME, CONTACT_PHONE, CONTACT_EMAIL, PUBLIC_URL), injected by the
// server into every page, so the texts and links come from configuration, never from the bundle.
import { createContext, useContext } from 'react';

/** Same shape as api/config.ts `SiteInfo` (the PWA may not import api/). */
export type SiteInfo = { siteName: string; contactPhone: string; contactEmail: string; publicUrl: string };

/** Used only when a page was opened without the server (an offline shell that lost its data). */
export const fallbackSite: SiteInfo = { siteName: 'Contraespionaje CR', contactPhone: '', contactEmail: '', publicUrl: '' };

export const SiteContext = createContext<SiteInfo>(fallbackSite);

export const useSite = (): SiteInfo => useContext(SiteContext);

/** `https://wa.me/<digits>?text=<message>`: the chat link WhatsApp opens on phones and on the web. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** A WhatsApp link to the business's own number (CONTACT_PHONE) with a prefilled message. */
export function useWhatsappLink(text: string): string {
  return whatsappLink(useSite().contactPhone, text);
}

/** '+50688888888' as people write it: '+506 8888 8888'. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('506') && digits.length === 11) return `+506 ${digits.slice(3, 7)} ${digits.slice(7)}`;
  return phone;
}
