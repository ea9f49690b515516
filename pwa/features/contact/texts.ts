// Every text of the contact page and its toasts. `// spec`: required wording (docs/rules.md, 'Required wording').
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

const contactTexts = {
  title: 'Contáctenos',
  subtitle: 'Estamos aquí para proteger su privacidad y su seguridad. Escríbanos con toda confianza: cada consulta se atiende con absoluta confidencialidad.',
  cardsLabel: 'Medios de contacto',
  whatsappTitle: 'WhatsApp',
  whatsappText: 'Chat directo con un especialista',
  emailTitle: 'Correo electrónico',
  coverageTitle: 'Cobertura',
  coverageText: 'Costa Rica e Internacional',
  modalityTitle: 'Modalidad de servicio',
  modalityText: 'Con cita previa y cotización personalizada',
  formTitle: 'Envíenos un Mensaje',
  formIntro: 'Complete el formulario y le responderemos a la brevedad.',
  name: 'Nombre Completo *',
  email: 'Correo Electrónico *',
  phone: 'Teléfono (Opcional)',
  message: 'Mensaje *',
  messagePlaceholder: 'Cuéntenos brevemente qué necesita proteger...',
  submit: 'Enviar Mensaje',
  submitting: 'Enviando...',
  waitingForConnection: 'Sin conexión: su mensaje se enviará en cuanto vuelva la conexión. Mantenga esta página abierta.',
  sentTitle: '¡Mensaje Enviado!',
  sentText: 'Hemos recibido su mensaje. Uno de nuestros especialistas se pondrá en contacto con usted muy pronto.',
  sendAnother: 'Enviar otro mensaje',
  toastSuccessTitle: 'Mensaje enviado',
  toastSuccessText: 'Nos pondremos en contacto con usted pronto.',
  toastErrorTitle: 'Error',
  toastErrorText: 'No se pudo enviar el mensaje. Por favor, intente nuevamente.',
  /** The honeypot's label, read only by the bots that fill it. */
  honeypot: 'Sitio web (no complete este campo)',
  whatsappMessage: 'Hola, quisiera solicitar una cotización para sus servicios de contraespionaje.',
  /** Per-field messages that replace the schema's; empty: the schema's own Spanish message. */
  fieldErrors: { name: '', email: '', phone: '', message: '' },
};

const contactHead = (site: SiteInfo): PageHead => ({
  title: `Contacto | ${site.siteName}`,
  description: 'Contáctenos por WhatsApp, correo electrónico o formulario. Atención confidencial, con cita previa, en Costa Rica e internacionalmente.',
  path: '/contacto',
});

export type ContactTexts = typeof contactTexts & { head: (site: SiteInfo) => PageHead };

export const contactPageTexts: ContactTexts = { ...contactTexts, head: contactHead };
