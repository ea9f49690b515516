// The contact page in English (/en/contact).
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import type { ContactTexts } from './texts';

const contactHeadEn = (site: SiteInfo): PageHead => ({
  title: `Contact | ${site.siteName}`,
  description: 'Reach us on WhatsApp, by e-mail or through our form. Confidential service by appointment, in Costa Rica and internationally.',
  path: '/en/contact',
});

export const contactTextsEn: ContactTexts = {
  title: 'Contact Us',
  subtitle: 'We are here to protect your privacy and your security. Write to us in confidence: every enquiry is handled with complete discretion.',
  cardsLabel: 'Ways to reach us',
  whatsappTitle: 'WhatsApp',
  whatsappText: 'Chat directly with a specialist',
  emailTitle: 'E-mail',
  coverageTitle: 'Coverage',
  coverageText: 'Costa Rica and International',
  modalityTitle: 'How we work',
  modalityText: 'By appointment, with a personalised quote',
  formTitle: 'Send Us a Message',
  formIntro: 'Fill in the form and we will get back to you shortly. We answer in English.',
  name: 'Full Name *',
  email: 'E-mail Address *',
  phone: 'Phone (Optional)',
  message: 'Message *',
  messagePlaceholder: 'Tell us briefly what you need to protect...',
  submit: 'Send Message',
  submitting: 'Sending...',
  waitingForConnection: 'No connection: your message will be sent as soon as the connection is back. Keep this page open.',
  sentTitle: 'Message Sent!',
  sentText: 'We have received your message. One of our specialists will contact you very soon.',
  sendAnother: 'Send another message',
  toastSuccessTitle: 'Message sent',
  toastSuccessText: 'We will be in touch with you soon.',
  toastErrorTitle: 'Error',
  toastErrorText: 'Your message could not be sent. Please try again.',
  honeypot: 'Website (leave this field empty)',
  whatsappMessage: 'Hello, I would like to request a quote for your counter-surveillance services.',
  fieldErrors: {
    name: 'Please enter your full name',
    email: 'Please enter a valid e-mail address',
    phone: 'Please enter a shorter phone number',
    message: 'Please write your message',
  },
  head: contactHeadEn,
};
