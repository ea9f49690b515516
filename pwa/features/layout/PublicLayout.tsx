// The frame of every public page: header, footer and floating widgets (admin pages have none).
import type { ReactNode } from 'react';
import { useWhatsappLink } from '../../lib/site';
import { Footer } from './Footer';
import { Header } from './Header';
import { WhatsAppIcon } from './WhatsAppIcon';
import { useProvidedTexts } from '../../i18n/texts';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="contenido" className="flex-1">
        {children}
      </main>
      <Footer />
      <FloatingWhatsApp />
    </div>
  );
}

function FloatingWhatsApp() {
  const layoutTexts = useProvidedTexts('layout');
  const href = useWhatsappLink(layoutTexts.whatsappMessage);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={layoutTexts.floatingWhatsapp}
      title={layoutTexts.floatingWhatsapp}
      data-testid="whatsapp-flotante"
      className="fixed right-3 bottom-3 z-30 inline-flex size-12 items-center justify-center sm:right-5 sm:bottom-5 sm:size-14 rounded-full bg-[#25D366] text-white shadow-lg shadow-black/25 transition-transform hover:scale-105 focus-visible:outline-offset-4"
    >
      <WhatsAppIcon className="size-8" />
    </a>
  );
}
